import { useSearchParams } from 'wouter';
import { VerifyEmail } from '@/features/auth/components/verify-email';
import { ACCOUNT_COPY } from '@/features/auth/copy';
import { usePageTitle } from '@/hooks/use-page-title';

/** /verify-email?token=… — the link mailed at registration (and by "Resend link"). */
export function VerifyEmailPage() {
  usePageTitle(ACCOUNT_COPY.verify.pageTitle);
  const [searchParams] = useSearchParams();
  return <VerifyEmail token={searchParams.get('token') ?? undefined} />;
}
