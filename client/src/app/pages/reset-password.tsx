import { useSearchParams } from 'wouter';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { ACCOUNT_COPY } from '@/features/auth/copy';
import { usePageTitle } from '@/hooks/use-page-title';

/** /reset-password?token=… — the link mailed by /forgot-password. */
export function ResetPasswordPage() {
  usePageTitle(ACCOUNT_COPY.reset.pageTitle);
  const [searchParams] = useSearchParams();
  return <ResetPasswordForm token={searchParams.get('token') ?? undefined} />;
}
