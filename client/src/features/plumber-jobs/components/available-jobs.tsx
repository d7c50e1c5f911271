import { ArrowRight, CalendarClock, CalendarDays, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatWindowOnClock } from '@shared/time-display';
import { formatDistanceKm, formatPostedDate, jobTitleFromSlug } from '@shared/job-display';
import type { NearbyJob } from '@shared/contracts/jobs';
import type { PlumberQuote } from '@shared/contracts/quotes';
import { formatUsdRange } from '@shared/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, ListCard } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { jobRoomPath } from '@/config/paths';
import { useNearbyJobs } from '../api/get-nearby-jobs';
import { usePlumberQuotes } from '../api/get-plumber-quotes';
import { COPY } from '../copy';
import { QuoteForm } from './quote-form';

const SKELETON_COUNT = 3;

/**
 * 'Available Jobs': open jobs in the plumber's area, with the inline quote form. The first page
 * (NEARBY_PAGE_SIZE jobs) shows at once; "Load more" appends the next until there is none.
 */
export function AvailableJobs({ plumberId }: { plumberId: string }) {
  const nearby = useNearbyJobs();
  const quotes = usePlumberQuotes({ plumberId });
  const quoteByJob = new Map((quotes.data ?? []).map((quote) => [quote.jobId, quote]));
  const [quoting, setQuoting] = useState<string | null>(null);
  const jobs = nearby.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (nearby.isPending) {
    body = (
      <div className="grid gap-4" role="status">
        <span className="sr-only">{COPY.loadingJobs}</span>
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <Skeleton key={index} className="h-40 w-full" data-testid="skeleton-job" />
        ))}
      </div>
    );
  } else if (!nearby.data) {
    body = (
      <div className="grid justify-items-start gap-3">
        <p role="alert" className="text-destructive">
          {COPY.jobsFailed}
        </p>
        <Button variant="outline" onClick={() => void nearby.refetch()}>
          {COPY.retry}
        </Button>
      </div>
    );
  } else if (jobs.length === 0) {
    body = (
      <Card>
        <CardContent className="py-10 text-center">
          <p data-testid="text-no-jobs">{COPY.noJobs}</p>
        </CardContent>
      </Card>
    );
  } else {
    body = (
      <>
        <ul className="grid gap-4" data-testid="list-nearby-jobs">
          {jobs.map((job) => (
            <li key={job.id}>
              <AvailableJobCard
                job={job}
                ownQuote={quoteByJob.get(job.id)}
                quoting={quoting === job.id}
                onQuote={() => setQuoting(job.id)}
                onDone={() => setQuoting(null)}
              />
            </li>
          ))}
        </ul>
        <p className="sr-only" role="status">
          {COPY.jobsShown(jobs.length)}
        </p>
        {nearby.isFetchNextPageError && (
          <p role="alert" className="mt-4 text-destructive">
            {COPY.moreJobsFailed}
          </p>
        )}
        {nearby.hasNextPage && (
          <Button
            variant="outline"
            className="mt-4 w-full sm:w-auto"
            // A refetch in flight (a live event) rebuilds the pages; the next one follows it.
            disabled={nearby.isFetching}
            aria-busy={nearby.isFetchingNextPage}
            onClick={() => void nearby.fetchNextPage()}
            data-testid="button-load-more-jobs"
          >
            {nearby.isFetchingNextPage ? COPY.loadingMoreJobs : COPY.loadMoreJobs}
          </Button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="available-jobs-heading" className="mt-10" data-testid="section-available-jobs">
      <h2 id="available-jobs-heading" className="text-xl font-semibold tracking-tight sm:text-2xl">
        {COPY.availableJobs}
      </h2>
      <div className="mt-4">{body}</div>
    </section>
  );
}

function AvailableJobCard({
  job,
  ownQuote,
  quoting,
  onQuote,
  onDone,
}: {
  job: NearbyJob;
  ownQuote: PlumberQuote | undefined;
  quoting: boolean;
  onQuote: () => void;
  onDone: () => void;
}) {
  const titleId = `nearby-title-${job.id}`;
  const title = jobTitleFromSlug(job.issueSlug);
  return (
    <ListCard
      titleId={titleId}
      title={title}
      data-testid={`card-nearby-${job.id}`}
      badges={
        <>
          {job.urgency === 'emergency' && (
            <Badge variant="destructive" data-testid="badge-emergency">
              {COPY.emergency}
            </Badge>
          )}
          {job.alreadyQuoted && (
            <Badge variant="secondary" data-testid="badge-quoted">
              {COPY.quoted}
            </Badge>
          )}
        </>
      }
      meta={
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5" data-testid="text-distance">
            <MapPin aria-hidden="true" className="size-4" />
            <span>
              <span className="font-medium text-foreground">{formatDistanceKm(job.distanceKm)}</span>
              {' · '}
              {job.area ?? COPY.areaUnknown}
            </span>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            {COPY.posted(formatPostedDate(job.createdAt))}
          </span>
        </p>
      }
    >
      <CardContent className="grid gap-3 p-4 pt-0 sm:p-6 sm:pt-0">
        <p className="whitespace-pre-line break-words">{job.issueDescription}</p>
        {job.requestedWindow && (
          <p className="flex items-start gap-1.5 text-sm" data-testid="text-job-time">
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <span>
              <span className="text-muted-foreground">{COPY.requestedTime}:</span>{' '}
              {formatWindowOnClock(job.requestedWindow, job.timeZone)}
            </span>
          </p>
        )}
        {job.estimate && !quoting && (
          <p className="text-sm text-muted-foreground">
            {COPY.estimate(formatUsdRange(job.estimate.min, job.estimate.max))}
          </p>
        )}
        {job.alreadyQuoted && ownQuote && (
          <p className="text-sm font-medium" data-testid="text-own-quote">
            {COPY.yourQuote(formatUsdRange(ownQuote.minTotal, ownQuote.maxTotal))}
          </p>
        )}
        {quoting ? (
          <QuoteForm job={job} onDone={onDone} />
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            {!job.alreadyQuoted && (
              <Button onClick={onQuote} className="w-full sm:w-auto" data-testid="button-quote-job">
                {COPY.quoteThisJob}
              </Button>
            )}
            <ViewJobLink jobId={job.id} title={title} />
          </div>
        )}
      </CardContent>
    </ListCard>
  );
}

/** The link to the job's room: its details, photos and the conversation with the homeowner. */
export function ViewJobLink({ jobId, title }: { jobId: string; title: string }) {
  return (
    <Button asChild variant="outline" className="w-full sm:w-auto">
      <Link href={jobRoomPath(jobId)} aria-label={COPY.viewJobLabel(title)} data-testid="link-view-job">
        {COPY.viewJob}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
