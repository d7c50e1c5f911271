import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { Link } from 'wouter';
import { isPastJobStatus } from '@shared/job-display';
import type { CustomerJob } from '@shared/contracts/jobs';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useMyJobs } from '../api/get-my-jobs';
import { COPY } from '../copy';
import { JobCard } from './job-card';

const SKELETON_COUNT = 3;

/** "My Jobs" (docs/product.md#screens-and-routes): every logged-in role but plumber sees its own jobs here. */
export function MyJobs() {
  const jobsQuery = useMyJobs();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 md:py-16 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{COPY.title}</h1>
        <Button asChild data-testid="button-post-new-job">
          <Link href={paths.book}>
            <Plus aria-hidden="true" />
            {COPY.postNewJob}
          </Link>
        </Button>
      </div>
      <MyJobsContent query={jobsQuery} />
    </div>
  );
}

function MyJobsContent({ query }: { query: ReturnType<typeof useMyJobs> }) {
  if (query.isPending) {
    return (
      <div className="mt-8 grid gap-4" role="status">
        <span className="sr-only">{COPY.loadingJobs}</span>
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <Skeleton key={index} className="h-48 w-full" />
        ))}
      </div>
    );
  }

  if (query.isError) {
    return (
      <Card className="mt-8">
        <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
          <p role="alert">{COPY.loadFailed}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {COPY.retry}
          </Button>
        </CardContent>
      </Card>
    );
  }

  const active = query.data.filter((job) => !isPastJobStatus(job.currentStatus));
  const past = query.data.filter((job) => isPastJobStatus(job.currentStatus));

  return (
    <>
      <JobSection id="active-jobs" heading={COPY.activeJobs(active.length)} jobs={active}>
        <Card>
          <CardContent className="py-10 text-center">
            <p className="font-medium" data-testid="text-no-active-jobs">
              {COPY.noActiveJobs}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{COPY.noActiveJobsHint}</p>
          </CardContent>
        </Card>
      </JobSection>
      {past.length > 0 && <JobSection id="past-jobs" heading={COPY.pastJobs(past.length)} jobs={past} />}
    </>
  );
}

function JobSection({
  id,
  heading,
  jobs,
  children,
}: {
  id: string;
  heading: string;
  jobs: CustomerJob[];
  /** Shown when there are no jobs. */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10" data-testid={`section-${id}`}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight sm:text-2xl">
        {heading}
      </h2>
      <div className="mt-4">
        {jobs.length === 0 ? (
          children
        ) : (
          <ul className="grid gap-4">
            {jobs.map((job) => (
              <li key={job.id}>
                <JobCard job={job} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
