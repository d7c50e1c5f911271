import { ArrowLeft, CalendarDays, Clock, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { OPEN_JOB_STATUSES } from '@shared/constants';
import { capitalise, formatPostedDate, jobTitleFromSlug } from '@shared/job-display';
import type { JobRoom as JobRoomData } from '@shared/contracts/jobs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { jobStatusBadgeVariant } from '@/utils/job-badges';
import { useJobRoom } from '../api/get-job-room';
import { COPY } from '../copy';
import { formatCalendarDate } from '../utils/format';
import { JobAppointmentSection } from './job-appointment';
import { JobChangeOrders } from './job-change-orders';
import { JobContacts } from './job-contacts';
import { JobEstimate } from './job-estimate';
import { JobMessages } from './job-messages';
import { JobPhotos } from './job-photos';
import { JobQuotes } from './job-quotes';
import { JobReports } from './job-reports';
import { JobReceipt } from './job-receipt';
import { JobTimeline } from './job-timeline';
import { RoomSection } from './room-section';
import { UrgencyBadge } from './urgency-badge';

const FRAME = 'mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 md:py-10 lg:px-8 print:max-w-none print:p-0';

/**
 * /jobs/:jobId — one job, as much of it as the viewer may see: details, estimate, photos, the people,
 * quotes, messages, change orders, history and, once completed, the receipt. A job the viewer may not
 * see answers 404 and reads as the app's not-found page (`renderNotFound`).
 */
export function JobRoom({ jobId, renderNotFound }: { jobId: string; renderNotFound: () => ReactNode }) {
  const room = useJobRoom({ jobId });
  if (room.isPending) return <JobRoomSkeleton />;
  if (isApiError(room.error, 404)) return renderNotFound();
  // Keyed by job: going from one room to another (a notification's link) keeps no draft or choice.
  if (room.data) return <JobRoomView key={room.data.job.id} room={room.data} />;
  return (
    <JobRoomFailed
      message={getErrorMessage(room.error, COPY.loadFailed)}
      onRetry={() => void room.refetch()}
    />
  );
}

function JobRoomView({ room }: { room: JobRoomData }) {
  const { job, viewer } = room;
  const title = jobTitleFromSlug(job.issueSlug);
  const isOpen = OPEN_JOB_STATUSES.includes(job.currentStatus);
  // docs/product.md#the-job-room-messages-and-notifications: the homeowner changes the photos while the job is open for quotes.
  const canEditPhotos = viewer === 'homeowner' && isOpen;
  // Problems are reported by the homeowner and the plumbers involved: hired, or quoted (a plumber
  // sees only its own quote). The server decides the same way.
  const canReport =
    viewer === 'homeowner' ||
    viewer === 'hired_plumber' ||
    (viewer === 'prospective_plumber' && room.quotes.length > 0);
  usePageTitle(title);

  return (
    <div className={FRAME} data-testid="job-room">
      <div className="grid gap-3 print:hidden">
        <BackLink />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1
            className="text-2xl font-bold tracking-tight break-words sm:text-3xl"
            data-testid="text-job-title"
          >
            {title}
          </h1>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={jobStatusBadgeVariant(job.currentStatus)} data-testid="badge-status">
              {job.statusLabel}
            </Badge>
            <UrgencyBadge urgency={job.urgency} />
          </div>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays aria-hidden="true" className="size-4" />
          {COPY.posted(formatPostedDate(job.createdAt))}
        </p>
      </div>

      {room.receipt && (
        <div className="mt-6">
          <JobReceipt receipt={room.receipt} />
        </div>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start print:hidden">
        <div className="grid min-w-0 gap-6">
          <RoomSection id="job-details" title={COPY.details.heading} data-testid="section-details">
            <p className="break-words whitespace-pre-line" data-testid="text-job-description">
              {job.issueDescription}
            </p>
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <Detail icon={MapPin} label={job.address ? COPY.details.address : COPY.details.area}>
                <span data-testid="text-job-location">
                  {job.address ?? job.area ?? COPY.details.areaUnknown}
                </span>
              </Detail>
              <Detail icon={CalendarDays} label={COPY.details.appointment}>
                <span data-testid="text-preferred-date">
                  {job.preferredDate ? formatCalendarDate(job.preferredDate) : COPY.details.noDate}
                </span>
              </Detail>
              <Detail icon={Clock} label={COPY.details.urgency}>
                {capitalise(job.urgency)}
              </Detail>
            </dl>
          </RoomSection>
          <JobAppointmentSection room={room} />
          <JobQuotes room={room} />
          <JobMessages jobId={job.id} viewer={viewer} jobOpen={isOpen} />
          {room.estimate && <JobEstimate estimate={room.estimate} />}
          {(room.photos.length > 0 || canEditPhotos) && (
            <JobPhotos jobId={job.id} photos={room.photos} canEdit={canEditPhotos} />
          )}
        </div>
        <div className="grid min-w-0 gap-6">
          <JobContacts room={room} />
          <JobChangeOrders room={room} />
          {canReport && <JobReports jobId={job.id} />}
          <JobTimeline timeline={room.timeline} />
        </div>
      </div>
    </div>
  );
}

/** A labelled line of the details: the label is visible, then the value. */
function Detail({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof MapPin;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-1.5">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <dt className="text-muted-foreground">{label}:</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function BackLink() {
  return (
    <Link
      href={paths.dashboard}
      className="inline-flex items-center gap-1.5 justify-self-start rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {COPY.backToDashboard}
    </Link>
  );
}

function JobRoomSkeleton() {
  usePageTitle(COPY.pageTitle);
  return (
    <div className={FRAME} role="status">
      <span className="sr-only">{COPY.loading}</span>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="mt-4 h-9 w-72 max-w-full" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid gap-6">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
        <Skeleton className="h-48 w-full" />
      </div>
    </div>
  );
}

function JobRoomFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  usePageTitle(COPY.pageTitle);
  return (
    <div className={FRAME}>
      <BackLink />
      <div className="mt-6 flex flex-col items-center gap-4 rounded-lg border bg-card py-10 text-center">
        <p role="alert">{message}</p>
        <Button variant="outline" onClick={onRetry}>
          {COPY.retry}
        </Button>
      </div>
    </div>
  );
}
