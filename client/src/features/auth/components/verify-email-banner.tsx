import { MailWarning } from 'lucide-react';
import { useUser } from '../api/get-user';
import { ACCOUNT_COPY } from '../copy';
import { ResendVerificationButton } from './resend-verification-button';

/**
 * A slim notice above every page while the logged-in user's e-mail is unverified. Everything still
 * works before verification: it only says where the link went and offers a new one.
 */
export function VerifyEmailBanner() {
  const { data: user } = useUser();
  if (!user || user.emailVerified) return null;

  return (
    <section
      aria-label={ACCOUNT_COPY.banner.label}
      className="border-b border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
      data-testid="verify-email-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <p className="flex min-w-0 flex-1 items-start gap-2">
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">{ACCOUNT_COPY.banner.message(user.email)}</span>
        </p>
        <ResendVerificationButton
          email={user.email}
          variant="link"
          className="h-auto p-0 text-current underline"
        >
          {ACCOUNT_COPY.banner.resend}
        </ResendVerificationButton>
      </div>
    </section>
  );
}
