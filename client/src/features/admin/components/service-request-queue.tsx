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
import { toast } from '@/components/ui/use-toast';
import { jobRoomPath } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { blankAsUndefined } from '@/utils/form-values';
import { toTelHref } from '@/utils/tel-href';
import { useConvertServiceRequest } from '../api/convert-service-request';
import { useServiceRequestQueue } from '../api/get-service-request-queue';
import { useUpdateServiceRequest } from '../api/update-service-request';
import { ADMIN_COPY } from '../copy';
import { QueueList } from './queue-list';
import { TextareaField } from '@/components/ui/textarea-field';

const COPY = ADMIN_COPY.queues.requests;

/** The service requests of one status, each with the actions its status allows. */
export function ServiceRequestQueue() {
  const [status, setStatus] = useState<ServiceRequestStatus>('pending');
  const queue = useServiceRequestQueue({ status });

  return (
    <QueueList
      heading={COPY.heading}
      intro={COPY.intro}
      testId="queue-service-requests"
      filter={{
        label: COPY.filter,
        value: status,
        values: SERVICE_REQUEST_STATUSES,
        labelOf: (value) => COPY.status[value],
        onChange: setStatus,
        testId: 'select-request-status',
      }}
      query={queue}
      loadingText={COPY.loading}
      empty={{ text: COPY.empty(COPY.status[status]), testId: 'text-no-service-requests' }}
      renderItem={(request) => <ServiceRequestCard request={request} />}
    />
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
          <p className="wrap-anywhere text-muted-foreground">
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
          {request.adminNote && <li className="wrap-anywhere">{COPY.note(request.adminNote)}</li>}
          {request.cancellationReason && (
            <li className="wrap-anywhere">{COPY.cancelledBecause(request.cancellationReason)}</li>
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
        <p className="whitespace-pre-line wrap-anywhere text-sm">{request.description}</p>
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

  return (
    <form
      noValidate
      aria-busy={pending}
      aria-label={mode === 'call' ? COPY.recordCall : COPY.cancel}
      onSubmit={form.handleSubmit((body) => onSubmit(body))}
      className="grid gap-3"
      data-testid={`form-request-${mode}`}
    >
      <TextareaField
        form={form}
        id={`${id}-${field}`}
        name={field}
        label={mode === 'call' ? COPY.noteLabel : COPY.reasonLabel}
        hint={mode === 'call' ? COPY.noteHint : COPY.reasonHint}
        maxLength={mode === 'call' ? 1000 : 500}
        testId={mode === 'call' ? 'input-request-note' : 'input-cancellation-reason'}
        registerOptions={mode === 'call' ? { setValueAs: blankAsUndefined } : {}}
        // The form's own rule (something to change) is reported at `status`, which has no field.
        error={errors[field] ?? errors.status}
      />
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
