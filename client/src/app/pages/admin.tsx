import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { AdminAccessDenied, type AccessDeniedReason } from '@/features/admin/components/admin-access-denied';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useUser } from '@/features/auth/api/get-user';
import { LazyAuthDialog, preloadAuthDialog } from '@/features/auth/components/lazy-auth-dialog';
import { useAppTimeZone } from '@/features/site-config/api/get-public-config';
import { usePageTitle } from '@/hooks/use-page-title';

/**
 * /admin. The server decides who may read the admin lists (admin role only); this page only
 * avoids asking when the answer is known, and shows everyone else a clear way forward.
 */
export function AdminPage() {
  usePageTitle('Admin Dashboard');
  const { data: user, isLoading } = useUser();
  const [authOpen, setAuthOpen] = useState(false);
  const appTimeZone = useAppTimeZone();

  const accessDenied = (reason: AccessDeniedReason) => (
    <AdminAccessDenied
      reason={reason}
      action={
        reason === 'logged-out' ? (
          <Button
            size="lg"
            onClick={() => setAuthOpen(true)}
            onPointerEnter={preloadAuthDialog}
            onFocus={preloadAuthDialog}
            data-testid="button-admin-login"
          >
            Log In
          </Button>
        ) : (
          <Button asChild size="lg" variant="outline">
            <Link href={paths.home}>Back to Home</Link>
          </Button>
        )
      }
    />
  );

  let content;
  if (isLoading) {
    content = (
      <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 md:py-16 lg:px-8" role="status">
        <span className="sr-only">Loading the admin dashboard</span>
        <Skeleton className="h-10 w-64" />
        <div className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-28 w-full" />
          ))}
        </div>
      </div>
    );
  } else if (!user) {
    content = accessDenied('logged-out');
  } else if (user.role !== 'admin') {
    content = accessDenied('not-admin');
  } else {
    content = <AdminDashboard renderAccessDenied={accessDenied} timeZone={appTimeZone} />;
  }

  return (
    <>
      {content}
      <LazyAuthDialog open={authOpen} onOpenChange={setAuthOpen} />
    </>
  );
}
