import { ArrowRight, CalendarClock, CalendarDays, Clock, MapPin } from 'lucide-react';
import { Link } from 'wouter';
import { formatWindowOnClock } from '@shared/time-display';
import { capitalise, formatPostedDate, jobTitleFromSlug } from '@shared/job-display';
import { formatUsd, formatUsdRange } from '@shared/money';
import type { CustomerJob } from '@shared/contracts/jobs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardContent, ListCard } from '@/components/ui/card';
import { jobRoomPath } from '@/config/paths';
import { jobStatusBadgeVariant } from '@/utils/job-badges';
import { COPY } from '../copy';
import { CancelJob } from './cancel-job';
import { HiredPlumber } from './hired-plumber';
import { JobChangeOrders } from './job-change-orders';
import { JobQuotes } from './job-quotes';
import { RateJob } from './rate-job';

/** docs/product.md#states: quotes are fetched for jobs in these statuses. */
const QUOTED_STATUSES = ['requested', 'quoted', 'scheduled'];
const CANCELLABLE_STATUSES = ['draft', 'requested', 'quoted'];

export function JobCard({ job }: { job: CustomerJob }) {
  const titleId = `job-title-${job.id}`;
  const title = jobTitleFromSlug(job.issueSlug);
  return (
    <ListCard
      titleId={titleId}
      title={title}
      data-testid={`card-job-${job.id}`}
      badges={
        <>
          {job.urgency === 'emergency' && (
            <Badge variant="destructive" data-testid="badge-emergency">
              {COPY.emergency}
            </Badge>
          )}
          <Badge variant={jobStatusBadgeVariant(job.currentStatus)} data-testid="badge-status">
            {job.statusLabel}
          </Badge>
        </>
      }
      meta={
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays aria-hidden="true" className="size-4" />
          {COPY.posted(formatPostedDate(job.createdAt))}
        </p>
      }
    >
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <p className="whitespace-pre-line break-words">{job.issueDescription}</p>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div className="flex items-start gap-1.5">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <dt className="sr-only">{COPY.address}</dt>
            <dd className="break-words">{job.address}</dd>
          </div>
          <JobTime job={job} />
          <div className="flex items-start gap-1.5">
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <dt className="text-muted-foreground">{COPY.urgency}:</dt>
            <dd>{capitalise(job.urgency)}</dd>
          </div>
        </dl>
        <div>
          <Button asChild variant="outline" size="sm">
            <Link
              href={jobRoomPath(job.id)}
              aria-label={COPY.openJobLabel(title)}
              data-testid="link-open-job"
            >
              {COPY.openJob}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        {job.estimate && QUOTED_STATUSES.includes(job.currentStatus) && (
          <p className="text-sm text-muted-foreground">
            {COPY.estimate(formatUsdRange(job.estimate.min, job.estimate.max))}
          </p>
        )}
        {QUOTED_STATUSES.includes(job.currentStatus) && <JobQuotes job={job} />}
        {job.plumber && <HiredPlumber jobId={job.id} plumber={job.plumber} />}
        {job.finalAmount && (
          <p className="text-sm font-medium" data-testid="text-final-amount">
            {COPY.finalAmount(formatUsd(job.finalAmount))}
          </p>
        )}
        <JobChangeOrders job={job} />
        {job.currentStatus === 'completed' && <RateJob job={job} />}
        {CANCELLABLE_STATUSES.includes(job.currentStatus) && <CancelJob jobId={job.id} />}
      </CardContent>
    </ListCard>
  );
}

/**
 * One line: the booked appointment, else the requested window while none is booked — on the job's
 * clock with its zone's abbreviation, as the plumber's card shows it.
 */
function JobTime({ job }: { job: CustomerJob }) {
  const { appointment, requestedWindow } = job;
  const window = appointment ?? requestedWindow;
  if (!window) return null;
  let text = formatWindowOnClock(window, job.timeZone);
  if (appointment?.status === 'cancelled') {
    text = COPY.appointmentCancelled(text);
    if (appointment.lateCancellation) text = `${text}, ${COPY.lateCancellation}`;
  }
  return (
    <div className="flex items-start gap-1.5 sm:col-span-2">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <dt className="text-muted-foreground">{appointment ? COPY.appointment : COPY.requestedTime}:</dt>
      <dd className="break-words" data-testid="text-job-time">
        {text}
      </dd>
    </div>
  );
}
