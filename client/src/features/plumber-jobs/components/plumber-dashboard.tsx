import { useState, type ReactNode } from 'react';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePlumberProfile } from '../api/get-plumber-profile';
import { COPY } from '../copy';
import { AvailableJobs } from './available-jobs';
import { PlumberStats } from './plumber-stats';
import { ScheduledJobs } from './scheduled-jobs';
import { ServiceAreaForm, ServiceAreaSummary } from './service-area';
import { OnboardingForm, VettingStatus } from './vetting';

/**
 * The plumber's dashboard (docs/product.md#screens-and-routes): a service area first, then stats, nearby jobs and
 * hired jobs. Before an admin has verified the plumber (docs/decisions/024-vetted-plumbers.md): its
 * business details, then where the review stands and how many jobs are near, with the service area.
 */
export function PlumberDashboard({
  userId,
  timeZone = DEFAULT_APP_TIME_ZONE,
  schedule,
}: {
  userId: string;
  /**
   * The app's time zone (`timeZone` of GET /api/config/public): insurance dates are on its clock. A
   * job's times are on the job's own clock (`timeZone` of each job).
   */
  timeZone?: string;
  /** The plumber's calendar and working hours, composed by the page; shown once the plumber may quote. */
  schedule?: ReactNode;
}) {
  const profileQuery = usePlumberProfile({ userId });
  const [editingArea, setEditingArea] = useState(false);
  const [editingDetails, setEditingDetails] = useState(false);

  let content;
  if (profileQuery.isPending) {
    content = (
      <div className="mt-8 grid gap-4" role="status">
        <span className="sr-only">{COPY.loading}</span>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-28 w-full" />
        ))}
      </div>
    );
  } else if (profileQuery.isError) {
    content = (
      <Card className="mt-8">
        <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
          <p role="alert">{COPY.profileFailed}</p>
          <Button variant="outline" onClick={() => void profileQuery.refetch()}>
            {COPY.retry}
          </Button>
        </CardContent>
      </Card>
    );
  } else if (profileQuery.data.verificationStatus !== 'verified') {
    const profile = profileQuery.data;
    const submitted = profile.vettingSubmittedAt !== null;
    content =
      !submitted || editingDetails ? (
        <OnboardingForm
          profile={profile}
          timeZone={timeZone}
          onDone={() => setEditingDetails(false)}
          onCancel={submitted ? () => setEditingDetails(false) : undefined}
        />
      ) : (
        <>
          {profile.hasLocation && !editingArea && (
            <ServiceAreaSummary profile={profile} onChange={() => setEditingArea(true)} />
          )}
          <VettingStatus profile={profile} timeZone={timeZone} onUpdate={() => setEditingDetails(true)} />
          {(!profile.hasLocation || editingArea) && (
            <ServiceAreaForm
              profile={profile}
              onDone={() => setEditingArea(false)}
              onCancel={profile.hasLocation ? () => setEditingArea(false) : undefined}
            />
          )}
        </>
      );
  } else if (!profileQuery.data.hasLocation || editingArea) {
    const profile = profileQuery.data;
    content = (
      <ServiceAreaForm
        profile={profile}
        onDone={() => setEditingArea(false)}
        onCancel={profile.hasLocation ? () => setEditingArea(false) : undefined}
      />
    );
  } else {
    const profile = profileQuery.data;
    content = (
      <>
        <ServiceAreaSummary profile={profile} onChange={() => setEditingArea(true)} />
        <PlumberStats plumberId={profile.id} />
        <AvailableJobs plumberId={profile.id} />
        <ScheduledJobs />
        {schedule}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 md:py-16 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{COPY.title}</h1>
      {content}
    </div>
  );
}
