import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarClock, Mail, MapPin, Phone, User } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { formatWindowOnClock } from '@shared/time-display';
import { capitalise, formatPostedDate, jobTitleFromSlug } from '@shared/job-display';
import { updateJobStatusInput, type AssignedJob } from '@shared/contracts/jobs';
import { formatUsd, formatUsdRange } from '@shared/money';
import { AmountInput } from '@/components/ui/amount-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardContent, ListCard } from '@/components/ui/card';
import { FormActions } from '@/components/ui/form-actions';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { blankAsUndefined } from '@/utils/form-values';
import { jobStatusBadgeVariant } from '@/utils/job-badges';
import { useAssignedJobs } from '../api/get-assigned-jobs';
import { useUpdateJobStatus } from '../api/update-job-status';
import { COPY } from '../copy';
import { ViewJobLink } from './available-jobs';
import { ChangeOrders } from './change-orders';
import { toTelHref } from '@/utils/tel-href';

/** The completion form checks the amount with the request's own rule; empty means "the agreed maximum". */
const completeJobFormInput = updateJobStatusInput.pick({ finalAmount: true });

const SHOWN_STATUSES = ['scheduled', 'in_progress', 'completed'];

/** Jobs this plumber was hired for: start them, ask for change orders, complete them, see the payout. */
export function ScheduledJobs() {
  const assigned = useAssignedJobs();

  let body;
  if (assigned.isPending) {
    body = (
      <div role="status">
        <span className="sr-only">{COPY.scheduled.loading}</span>
        <Skeleton className="h-32 w-full" />
      </div>
    );
  } else if (assigned.isError) {
    body = (
      <p role="alert" className="text-destructive">
        {COPY.scheduled.failed}
      </p>
    );
  } else {
    const jobs = assigned.data.filter((job) => SHOWN_STATUSES.includes(job.currentStatus));
    body =
      jobs.length === 0 ? (
        <p className="text-muted-foreground">{COPY.scheduled.empty}</p>
      ) : (
        <ul className="grid gap-4">
          {jobs.map((job) => (
            <li key={job.id}>
              <ScheduledJobCard job={job} />
            </li>
          ))}
        </ul>
      );
  }

  return (
    <section aria-labelledby="scheduled-jobs-heading" className="mt-12" data-testid="section-scheduled-jobs">
      <h2 id="scheduled-jobs-heading" className="text-xl font-semibold tracking-tight sm:text-2xl">
        {COPY.scheduled.heading}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{COPY.scheduled.intro}</p>
      <div className="mt-4">{body}</div>
    </section>
  );
}

function ScheduledJobCard({ job }: { job: AssignedJob }) {
  const titleId = `assigned-title-${job.id}`;
  const title = jobTitleFromSlug(job.issueSlug);
  const [completing, setCompleting] = useState(false);
  const mutation = useUpdateJobStatus({
    mutationConfig: {
      onSuccess: () =>
        toast({ title: COPY.scheduled.startedTitle, description: COPY.scheduled.startedDescription }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: COPY.errorTitle,
          description: getErrorMessage(error, COPY.scheduled.failure),
        }),
    },
  });

  return (
    <ListCard
      titleId={titleId}
      title={title}
      data-testid={`card-assigned-${job.id}`}
      badges={
        <>
          {job.urgency === 'emergency' && <Badge variant="destructive">{capitalise(job.urgency)}</Badge>}
          <Badge variant={jobStatusBadgeVariant(job.currentStatus)} data-testid="badge-status">
            {job.statusLabel}
          </Badge>
        </>
      }
    >
      <CardContent className="grid gap-3 p-4 pt-0 sm:p-6 sm:pt-0">
        <p className="whitespace-pre-line break-words">{job.issueDescription}</p>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <Detail
            icon={User}
            label={COPY.scheduled.customer}
            value={job.customer.name ?? job.customer.email}
          />
          <Detail icon={MapPin} label={COPY.scheduled.address} value={job.address} />
          <JobTime job={job} />
          {job.customer.phone && (
            <Detail
              icon={Phone}
              label={COPY.scheduled.phone}
              value={
                <a className="underline-offset-4 hover:underline" href={toTelHref(job.customer.phone)}>
                  {job.customer.phone}
                </a>
              }
            />
          )}
          <Detail
            icon={Mail}
            label={COPY.scheduled.email}
            value={
              <a
                className="break-all underline-offset-4 hover:underline"
                href={`mailto:${job.customer.email}`}
              >
                {job.customer.email}
              </a>
            }
          />
        </dl>
        <div>
          <ViewJobLink jobId={job.id} title={title} />
        </div>
        {job.acceptedQuote && (
          <p className="text-sm text-muted-foreground">
            {COPY.scheduled.agreed(formatUsdRange(job.acceptedQuote.minTotal, job.acceptedQuote.maxTotal))}
          </p>
        )}
        {job.acceptedQuote && job.agreedMax && job.agreedMax !== job.acceptedQuote.maxTotal && (
          <p className="text-sm text-muted-foreground" data-testid="text-agreed-max">
            {COPY.scheduled.agreedMax(formatUsd(job.agreedMax))}
          </p>
        )}
        {job.finalAmount && (
          <p className="text-sm" data-testid="text-final-amount">
            {COPY.scheduled.finalAmountBilled(formatUsd(job.finalAmount))}
          </p>
        )}
        {job.payout && (
          <p className="text-sm font-medium" data-testid="text-payout">
            {COPY.scheduled.payout(
              formatUsd(job.payout.plumberNet),
              formatUsd(job.payout.platformFee),
              capitalise(job.payout.status),
            )}
            {job.payout.paidAt && (
              <span className="block font-normal text-muted-foreground" data-testid="text-payout-paid-at">
                {COPY.scheduled.payoutPaidOn(formatPostedDate(job.payout.paidAt))}
              </span>
            )}
          </p>
        )}
        {job.currentStatus === 'scheduled' && (
          <div>
            <Button
              onClick={() => mutation.mutate({ jobId: job.id, status: 'in_progress' })}
              disabled={mutation.isPending}
              aria-busy={mutation.isPending}
              className="w-full sm:w-auto"
              data-testid="button-start-job"
            >
              {mutation.isPending && <Spinner />}
              {COPY.scheduled.start}
            </Button>
          </div>
        )}
        <ChangeOrders job={job} />
        {job.currentStatus === 'in_progress' &&
          (completing ? (
            <CompleteJobForm job={job} onDone={() => setCompleting(false)} />
          ) : (
            <div>
              <Button
                onClick={() => setCompleting(true)}
                className="w-full sm:w-auto"
                data-testid="button-complete-job"
              >
                {COPY.scheduled.complete}
              </Button>
            </div>
          ))}
      </CardContent>
    </ListCard>
  );
}

/**
 * One line: the booked appointment, else the time the homeowner asked for — on the job's clock with
 * its zone's abbreviation, as the homeowner's card shows it.
 */
function JobTime({ job }: { job: AssignedJob }) {
  const { appointment, requestedWindow } = job;
  const window = appointment ?? requestedWindow;
  if (!window) return null;
  const text = formatWindowOnClock(window, job.timeZone);
  return (
    <div className="flex items-start gap-1.5 sm:col-span-2">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <dt className="text-muted-foreground">{appointment ? COPY.appointment : COPY.requestedTime}:</dt>
      <dd className="min-w-0 break-words" data-testid="text-job-time">
        {appointment?.status === 'cancelled' ? COPY.appointmentCancelled(text) : text}
      </dd>
    </div>
  );
}

function Detail({ icon: Icon, label, value }: { icon: typeof User; label: string; value: ReactNode }) {
  return (
    <div className="flex items-start gap-1.5">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </div>
  );
}

/**
 * The final amount, at most what the homeowner agreed to. A refusal for going above it (422) is
 * shown on the field itself, where the plumber corrects it or asks for a change order.
 */
function CompleteJobForm({ job, onDone }: { job: AssignedJob; onDone: () => void }) {
  const id = useId();
  // No default value: an untouched field means no amount, like a cleared one (see setValueAs).
  const form = useForm({ resolver: zodResolver(completeJobFormInput) });
  const mutation = useUpdateJobStatus({
    mutationConfig: {
      onSuccess: (result) => {
        toast({
          title: COPY.scheduled.completedTitle,
          description: COPY.scheduled.completedDescription(formatUsd(result.payout?.plumberNet ?? '0')),
        });
        onDone();
      },
      onError: (error) => {
        const message = getErrorMessage(error, COPY.scheduled.failure);
        if (isApiError(error) && error.code === 'FINAL_AMOUNT_ABOVE_AGREED') {
          form.setError('finalAmount', { message }, { shouldFocus: true });
        } else {
          toast({ variant: 'destructive', title: COPY.errorTitle, description: message });
        }
      },
    },
  });
  const error = form.formState.errors.finalAmount;
  const agreedMax = job.agreedMax ?? job.acceptedQuote?.maxTotal;

  return (
    <form
      onSubmit={form.handleSubmit(({ finalAmount }) =>
        mutation.mutate({ jobId: job.id, status: 'completed', ...(finalAmount ? { finalAmount } : {}) }),
      )}
      noValidate
      className="grid gap-3 rounded-md border bg-muted/40 p-3 sm:p-4"
      aria-busy={mutation.isPending}
    >
      <FormField
        id={`${id}-amount`}
        label={COPY.scheduled.finalAmount}
        hint={agreedMax ? COPY.scheduled.finalAmountHint(formatUsd(agreedMax)) : undefined}
        error={error}
        className="sm:max-w-xs"
      >
        {(describedBy) => (
          <AmountInput
            id={`${id}-amount`}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            data-testid="input-final-amount"
            {...form.register('finalAmount', {
              // Empty bills the agreed maximum: the request leaves the amount out.
              setValueAs: blankAsUndefined,
            })}
          />
        )}
      </FormField>
      <FormActions
        pending={mutation.isPending}
        submitLabel={COPY.scheduled.confirmComplete}
        cancelLabel={COPY.scheduled.cancel}
        onCancel={onDone}
        submitTestId="button-confirm-complete"
      />
    </form>
  );
}
