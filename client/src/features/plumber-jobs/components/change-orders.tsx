import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CHANGE_ORDER_REASON_MAX, createChangeOrderInput, type AssignedJob } from '@shared/contracts/jobs';
import { formatUsd } from '@shared/money';
import { AmountInput } from '@/components/ui/amount-input';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { FormField } from '@/components/ui/form-field';
import { Panel } from '@/components/ui/panel';
import { StatusItem } from '@/components/ui/status-item';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { changeOrderStatusBadgeVariant } from '@/utils/job-badges';
import { useRequestChangeOrder } from '../api/request-change-order';
import { COPY } from '../copy';

/** While the work is ahead or under way the plumber may ask for more; afterwards only the history shows. */
const ACTIVE_STATUSES = ['scheduled', 'in_progress'];

/** A hired job's change orders with their answers, and the form to ask for another. */
export function ChangeOrders({ job }: { job: AssignedJob }) {
  const [requesting, setRequesting] = useState(false);
  const active = ACTIVE_STATUSES.includes(job.currentStatus);
  if (!active && job.changeOrders.length === 0) return null;
  const pending = job.changeOrders.some((order) => order.status === 'pending');
  const headingId = `change-orders-heading-${job.id}`;

  return (
    <Panel
      headingId={headingId}
      title={COPY.changeOrders.heading}
      description={active ? COPY.changeOrders.intro : undefined}
      data-testid="section-change-orders"
    >
      {job.changeOrders.length > 0 && (
        <ul className="grid gap-2">
          {job.changeOrders.map((order) => (
            <StatusItem
              key={order.id}
              className="gap-1"
              data-testid={`change-order-${order.id}`}
              title={COPY.changeOrders.extra(formatUsd(order.amount))}
              statusLabel={COPY.changeOrders.status[order.status]}
              statusVariant={changeOrderStatusBadgeVariant(order.status)}
              statusTestId="badge-change-order-status"
              note={order.reason}
            />
          ))}
        </ul>
      )}
      {active &&
        (pending ? (
          <p className="text-sm text-muted-foreground" data-testid="text-change-order-waiting">
            {COPY.changeOrders.waiting}
          </p>
        ) : requesting ? (
          <ChangeOrderForm job={job} onDone={() => setRequesting(false)} />
        ) : (
          <div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setRequesting(true)}
              data-testid="button-request-change-order"
            >
              {COPY.changeOrders.request}
            </Button>
          </div>
        ))}
    </Panel>
  );
}

function ChangeOrderForm({ job, onDone }: { job: AssignedJob; onDone: () => void }) {
  const id = useId();
  const form = useForm({
    resolver: zodResolver(createChangeOrderInput),
    defaultValues: { amount: '', reason: '' },
  });
  const mutation = useRequestChangeOrder({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: COPY.changeOrders.successTitle, description: COPY.changeOrders.successDescription });
        onDone();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: COPY.errorTitle,
          description: getErrorMessage(error, COPY.changeOrders.failure),
        }),
    },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-label={COPY.changeOrders.request}
      aria-busy={mutation.isPending}
      onSubmit={form.handleSubmit((values) => mutation.mutate({ jobId: job.id, ...values }))}
      className="grid gap-3"
      data-testid="form-change-order"
    >
      <FormField
        id={`${id}-amount`}
        label={COPY.changeOrders.amount}
        hint={job.agreedMax ? COPY.changeOrders.amountHint(formatUsd(job.agreedMax)) : undefined}
        error={errors.amount}
        className="sm:max-w-xs"
      >
        {(describedBy) => (
          <AmountInput
            id={`${id}-amount`}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={describedBy}
            data-testid="input-change-order-amount"
            {...form.register('amount')}
          />
        )}
      </FormField>
      <FormField id={`${id}-reason`} label={COPY.changeOrders.reason} error={errors.reason}>
        {(describedBy) => (
          <Textarea
            id={`${id}-reason`}
            placeholder={COPY.changeOrders.reasonPlaceholder}
            maxLength={CHANGE_ORDER_REASON_MAX}
            className="min-h-16"
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describedBy}
            data-testid="input-change-order-reason"
            {...form.register('reason')}
          />
        )}
      </FormField>
      <FormActions
        pending={mutation.isPending}
        submitLabel={COPY.changeOrders.submit}
        cancelLabel={COPY.changeOrders.cancel}
        onCancel={onDone}
        submitTestId="button-submit-change-order"
      />
    </form>
  );
}
