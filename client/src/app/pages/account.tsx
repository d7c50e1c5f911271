import { Skeleton } from '@/components/ui/skeleton';
import { useUser } from '@/features/auth/api/get-user';
import { AccountSettings } from '@/features/auth/components/account-settings';
import { SETTINGS_COPY } from '@/features/auth/settings-copy';
import { NotificationPreferences } from '@/features/notifications/components/notification-preferences';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageShell } from './page-shell';

/** /account — the logged-in owner's settings, then which notifications are e-mailed. */
export function AccountPage() {
  const { data: user, isLoading } = useUser();
  usePageTitle(SETTINGS_COPY.settings.pageTitle);
  if (isLoading) return <Skeleton className="mx-auto mt-16 h-96 w-full max-w-xl" />;
  if (!user) {
    return (
      <PageShell
        align="center"
        title="Please Log In"
        description="You need to be logged in to change your account settings"
      />
    );
  }
  return (
    <PageShell title={SETTINGS_COPY.settings.title}>
      <div className="mt-8 grid max-w-xl gap-6">
        <AccountSettings />
        <NotificationPreferences role={user.role} />
      </div>
    </PageShell>
  );
}
