import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ACCOUNT_COPY } from '@/features/auth/copy';
import { usePageTitle } from '@/hooks/use-page-title';

/** /forgot-password — reached from "Forgot password?" in the login dialog. */
export function ForgotPasswordPage() {
  usePageTitle(ACCOUNT_COPY.forgot.pageTitle);
  return <ForgotPasswordForm />;
}
