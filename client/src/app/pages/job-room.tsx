import { useState } from 'react';
import { jobIdParam } from '@shared/contracts/common';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useUser } from '@/features/auth/api/get-user';
import { LazyAuthDialog, preloadAuthDialog } from '@/features/auth/components/lazy-auth-dialog';
import { JobRoom } from '@/features/job-room/components/job-room';
import { usePageTitle } from '@/hooks/use-page-title';
import { NotFoundPage } from './not-found';
import { PageShell } from './page-shell';

/** /jobs/:jobId — the job room. A job id that cannot be one is not found without asking the server. */
export function JobRoomPage({ params }: { params: { jobId: string } }) {
  const { data: user, isLoading } = useUser();
  if (!jobIdParam.safeParse(params).success) return <NotFoundPage />;
  if (isLoading) return <Skeleton className="mx-auto mt-16 h-96 w-full max-w-5xl" />;
  if (!user) return <LogInPrompt />;
  // Keyed by user: after logging in as someone else, nothing of the previous viewer's room remains.
  return <JobRoom key={user.id} jobId={params.jobId} renderNotFound={() => <NotFoundPage />} />;
}

function LogInPrompt() {
  const [authOpen, setAuthOpen] = useState(false);
  usePageTitle('Job');
  return (
    <PageShell align="center" title="Please Log In" description="You need to be logged in to view this job">
      <Button
        size="lg"
        className="mt-8"
        onClick={() => setAuthOpen(true)}
        onPointerEnter={preloadAuthDialog}
        onFocus={preloadAuthDialog}
        data-testid="button-job-login"
      >
        Log In
      </Button>
      <LazyAuthDialog open={authOpen} onOpenChange={setAuthOpen} />
    </PageShell>
  );
}
