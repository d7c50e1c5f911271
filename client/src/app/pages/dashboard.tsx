import { Skeleton } from '@/components/ui/skeleton';
import { useUser } from '@/features/auth/api/get-user';
import { MyJobs } from '@/features/homeowner-jobs/components/my-jobs';
import { PlumberDashboard } from '@/features/plumber-jobs/components/plumber-dashboard';
import { PlumberSchedule } from '@/features/plumber-schedule/components/plumber-schedule';
import { useAppTimeZone } from '@/features/site-config/api/get-public-config';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageShell } from './page-shell';

const SKELETON_COUNT = 3;

/** /dashboard (docs/product.md#screens-and-routes): plumbers see the plumber dashboard; every other role sees "My Jobs". */
export function DashboardPage() {
  const { data: user, isLoading } = useUser();
  // Insurance dates are on the app's clock (the default zone until the server has said); jobs and
  // working hours carry their own zones.
  const appTimeZone = useAppTimeZone();
  usePageTitle(user?.role === 'plumber' ? 'Plumber Dashboard' : user ? 'My Jobs' : 'Dashboard');

  if (isLoading) {
    return (
      <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 md:py-16 lg:px-8" role="status">
        <span className="sr-only">Loading your dashboard</span>
        <Skeleton className="h-10 w-56" />
        <div className="mt-8 grid gap-4">
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <Skeleton key={index} className="h-32 w-full" />
          ))}
        </div>
      </div>
    );
  }

  if (!user) {
    return (
      <PageShell
        align="center"
        title="Please Log In"
        description="You need to be logged in to view your dashboard"
      />
    );
  }

  if (user.role === 'plumber') {
    return <PlumberDashboard userId={user.id} timeZone={appTimeZone} schedule={<PlumberSchedule />} />;
  }
  return <MyJobs />;
}
