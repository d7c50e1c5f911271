import { zodResolver } from '@hookform/resolvers/zod';
import { Phone } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { SERVICE_REQUEST_STATUSES } from '@shared/constants';
import {
  SERVICE_REQUEST_TRANSITIONS,
  updateServiceRequestInput,
  type QueuedServiceRequest,
  type ServiceRequestStatus,
  type UpdateServiceRequestInput,
} from '@shared/contracts/admin-queues';
import { capitalise, formatPostedDate } from '@shared/job-display';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardContent, ListCard } from '@/components/ui/card';
import { FormActions } from '@/components/ui/form-actions';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { jobRoomPath } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { blankAsUndefined } from '@/utils/form-values';
import { toTelHref } from '@/utils/tel-href';
import { useConvertServiceRequest } from '../api/convert-service-request';
import { useServiceRequestQueue } from '../api/get-service-request-queue';
import { useUpdateServiceRequest } from '../api/update-service-request';
import { ADMIN_COPY } from '../copy';

const COPY = ADMIN_COPY.queues.requests;

/** The service requests of one status, each with the actions its status allows. */
export function ServiceRequestQueue() {
  const id = useId();
  const [status, setStatus] = useState<ServiceRequestStatus>('pending');
  const queue = useServiceRequestQueue({ status });

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4" data-testid="queue-service-requests">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={`${id}-heading`} className="text-xl font-semibold tracking-tight">
            {COPY.heading}
          </h3>
          <p className="max-w-3xl text-sm text-muted-foreground">{COPY.intro}</p>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-status`} className="text-sm font-medium">
            {COPY.filter}
          </label>
          <Select value={status} onValueChange={(value) => setStatus(value as ServiceRequestStatus)}>
            <SelectTrigger id={`${id}-status`} className="w-44" data-testid="select-request-status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SERVICE_REQUEST_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {COPY.status[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {queue.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {ADMIN_COPY.listFailed} {getErrorMessage(queue.error, '')}
        </p>
      ) : !queue.data ? (
        <div className="grid gap-4" role="status">
          <span className="sr-only">{COPY.loading}</span>
          <Skeleton className="h-40 w-full" />
        </div>
      ) : queue.data.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground" data-testid="text-no-service-requests">
          {COPY.empty(COPY.status[status])}
        </p>
      ) : (
        <ul className="grid gap-4">
          {queue.data.map((request) => (
            <li key={request.id}>
              <ServiceRequestCard request={request} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type OpenForm = 'call' | 'cancel' | null;

/** What the toast says after a change: the status it moved to, else the recorded call. */
function doneMessage(body: UpdateServiceRequestInput): string {
  const { status } = body;
  return status === 'confirmed' || status === 'completed' || status === 'cancelled'
    ? COPY.done[status]
    : COPY.done.called;
}

function ServiceRequestCard({ request }: { request: QueuedServiceRequest }) {
  const id = useId();
  const [form, setForm] = useState<OpenForm>(null);
  const onError = (error: Error) =>
    toast({
      variant: 'destructive',
      title: COPY.errorTitle,
      description: getErrorMessage(error, COPY.failure),
    });
  const update = useUpdateServiceRequest({
    mutationConfig: {
      onSuccess: (_updated, { body }) => {
        setForm(null);
        toast({ title: COPY.doneTitle, description: doneMessage(body) });
      },
      onError,
    },
  });
  const convert = useConvertServiceRequest({
    mutationConfig: {
      onSuccess: () => toast({ title: COPY.convertedTitle, description: COPY.converted }),
      onError,
    },
  });
  const pending = update.isPending || convert.isPending;
  const next = SERVICE_REQUEST_TRANSITIONS[request.status];
  const open = next.length > 0;
  const move = (status: ServiceRequestStatus) => update.mutate({ id: request.id, body: { status } });

  return (
    <ListCard
      titleId={`${id}-title`}
      title={COPY.title(request.serviceType, request.name)}
      data-testid={`card-request-${request.id}`}
      badges={
        <>
          <Badge
            variant={request.status === 'cancelled' ? 'destructive' : 'secondary'}
            data-testid="badge-request-status"
          >
            {COPY.status[request.status]}
          </Badge>
          <Badge variant={request.urgency === 'emergency' ? 'destructive' : 'outline'}>
            {capitalise(request.urgency)}
          </Badge>
          <Badge variant="outline">{request.guest ? COPY.guest : COPY.account}</Badge>
        </>
      }
      meta={
        <div className="grid gap-1 text-sm">
          <a
            href={toTelHref(request.phone)}
            className="inline-flex items-center gap-1.5 justify-self-start font-medium text-primary underline-offset-4 hover:underline"
            data-testid="link-request-phone"
          >
            <Phone aria-hidden="true" className="size-4" />
            {COPY.call(request.phone)}
          </a>
          <p className="break-words text-muted-foreground">
            {request.email} · {request.address}
          </p>
        </div>
      }
    >
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <ul className="grid gap-1 text-sm">
          <li data-testid="text-request-slot">
            {request.slot
              ? COPY.slot(request.slot.date, request.slot.startTime, request.slot.endTime)
              : COPY.noSlot(request.preferredDate)}
          </li>
          <li data-testid="text-request-confirmation">{COPY.confirmation[request.confirmation]}</li>
          <li className="text-muted-foreground">{COPY.requested(formatPostedDate(request.createdAt))}</li>
          {request.contactedAt && <li>{COPY.contacted(formatPostedDate(request.contactedAt))}</li>}
          {request.adminNote && <li className="break-words">{COPY.note(request.adminNote)}</li>}
          {request.cancellationReason && (
            <li className="break-words">{COPY.cancelledBecause(request.cancellationReason)}</li>
          )}
          {request.jobId && (
            <li>
              <Link
                href={jobRoomPath(request.jobId)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {COPY.job}
              </Link>
            </li>
          )}
        </ul>
        <p className="whitespace-pre-line break-words text-sm">{request.description}</p>
        {form === 'call' && (
          <RequestForm
            mode="call"
            pending={update.isPending}
            onSubmit={(body) => update.mutate({ id: request.id, body })}
            onCancel={() => setForm(null)}
          />
        )}
        {form === 'cancel' && (
          <RequestForm
            mode="cancel"
            pending={update.isPending}
            onSubmit={(body) => update.mutate({ id: request.id, body })}
            onCancel={() => setForm(null)}
          />
        )}
        {form === null && open && (
          <div className="flex flex-wrap gap-2">
            {next.includes('confirmed') && (
              <Button
                disabled={pending}
                onClick={() => move('confirmed')}
                data-testid="button-confirm-request"
              >
                {COPY.confirm}
              </Button>
            )}
            {next.includes('completed') && (
              <Button
                disabled={pending}
                onClick={() => move('completed')}
                data-testid="button-complete-request"
              >
                {COPY.complete}
              </Button>
            )}
            <Button
              variant="outline"
              disabled={pending}
              onClick={() => setForm('call')}
              data-testid="button-record-call"
            >
              {COPY.recordCall}
            </Button>
            {!request.jobId && (
              <Button
                variant="outline"
                disabled={pending}
                onClick={() => convert.mutate({ id: request.id })}
                data-testid="button-convert-request"
              >
                {COPY.convert}
              </Button>
            )}
            <Button
              variant="outline"
              disabled={pending}
              onClick={() => setForm('cancel')}
              data-testid="button-cancel-request"
            >
              {COPY.cancel}
            </Button>
          </div>
        )}
      </CardContent>
    </ListCard>
  );
}

/** Recording a call (an optional note) or cancelling (a reason the requester is mailed). */
function RequestForm({
  mode,
  pending,
  onSubmit,
  onCancel,
}: {
  mode: 'call' | 'cancel';
  pending: boolean;
  onSubmit: (body: UpdateServiceRequestInput) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm<UpdateServiceRequestInput>({
    resolver: zodResolver(updateServiceRequestInput),
    defaultValues: mode === 'call' ? { contacted: true } : { status: 'cancelled', cancellationReason: '' },
  });
  const { errors } = form.formState;
  const field = mode === 'call' ? 'note' : 'cancellationReason';
  const error = errors[field] ?? errors.status;

  return (
    <form
      noValidate
      aria-busy={pending}
      aria-label={mode === 'call' ? COPY.recordCall : COPY.cancel}
      onSubmit={form.handleSubmit((body) => onSubmit(body))}
      className="grid gap-3"
      data-testid={`form-request-${mode}`}
    >
      <FormField
        id={`${id}-${field}`}
        label={mode === 'call' ? COPY.noteLabel : COPY.reasonLabel}
        hint={mode === 'call' ? COPY.noteHint : COPY.reasonHint}
        error={error}
      >
        {(describedBy) => (
          <Textarea
            id={`${id}-${field}`}
            maxLength={mode === 'call' ? 1000 : 500}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            data-testid={mode === 'call' ? 'input-request-note' : 'input-cancellation-reason'}
            {...form.register(field, mode === 'call' ? { setValueAs: blankAsUndefined } : {})}
          />
        )}
      </FormField>
      <FormActions
        pending={pending}
        submitLabel={mode === 'call' ? COPY.saveCall : COPY.confirmCancel}
        submitTestId={mode === 'call' ? 'button-save-call' : 'button-confirm-cancel-request'}
        onCancel={onCancel}
        cancelLabel={COPY.back}
      />
    </form>
  );
}
