import { Skeleton } from '@/components/ui/skeleton';
import { useUser } from '@/features/auth/api/get-user';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageShell } from './page-shell';

const SKELETON_COUNT = 3;

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { data: user, isLoading } = useUser();

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
      <PageShell align="center" title="Please Log In" description="You need to be logged in to view your dashboard" />
    );
  }

  if (user.role === 'plumber') {
    return <PageShell title="Plumber Dashboard" />;
  }

  return <PageShell title="My Jobs" />;
}
