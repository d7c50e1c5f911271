import { useState } from 'react';
import { Link } from 'wouter';
import { verifyEmailInput } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PageCard } from '@/components/ui/page-card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSendLinkTokenOnce } from '@/hooks/use-link-token';
import { getErrorMessage } from '@/lib/api-client';
import { useUser } from '../api/get-user';
import { useVerifyEmail } from '../api/verify-email';
import { ACCOUNT_COPY } from '../copy';
import { LazyAuthDialog, preloadAuthDialog } from './lazy-auth-dialog';
import { ResendVerificationButton } from './resend-verification-button';

const COPY = ACCOUNT_COPY.verify;

/** /verify-email?token=…: uses the mailed link as soon as the page opens, then says how it went. */
export function VerifyEmail({ token }: { token: string | undefined }) {
  const input = verifyEmailInput.safeParse({ token });
  const verification = useVerifyEmail();
  useSendLinkTokenOnce(input.data?.token, verification.mutate);

  if (!input.success) {
    return <VerificationFailed message={input.error.issues[0]?.message ?? COPY.failure} />;
  }
  if (verification.isError) {
    return <VerificationFailed message={getErrorMessage(verification.error, COPY.failure)} announce />;
  }
  if (verification.isSuccess) {
    return (
      <PageCard title={COPY.successTitle} description={COPY.success(verification.data.email)} focusHeading>
        <DashboardLink />
      </PageCard>
    );
  }
  return (
    <PageCard title={COPY.pageTitle}>
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        {COPY.checking}
      </p>
    </PageCard>
  );
}

function DashboardLink() {
  return (
    <Button asChild className="w-full">
      <Link href={paths.dashboard}>{ACCOUNT_COPY.toDashboard}</Link>
    </Button>
  );
}

/** The link's or the server's message, and the way to a new link that fits who is here. */
function VerificationFailed({ message, announce = false }: { message: string; announce?: boolean }) {
  const { data: user, isLoading } = useUser();
  const [authOpen, setAuthOpen] = useState(false);

  let nextStep = null;
  if (user?.emailVerified) {
    nextStep = (
      <>
        <p>{COPY.alreadyVerified}</p>
        <DashboardLink />
      </>
    );
  } else if (user) {
    nextStep = (
      <ResendVerificationButton email={user.email} className="w-full">
        {COPY.sendNewLink}
      </ResendVerificationButton>
    );
  } else if (!isLoading) {
    nextStep = (
      <Button
        className="w-full"
        onClick={() => setAuthOpen(true)}
        onPointerEnter={preloadAuthDialog}
        onFocus={preloadAuthDialog}
      >
        {COPY.logInForNewLink}
      </Button>
    );
  }

  return (
    <PageCard title={ACCOUNT_COPY.linkUnusable} focusHeading={announce}>
      <FormError>{message}</FormError>
      {nextStep}
      <LazyAuthDialog open={authOpen} onOpenChange={setAuthOpen} />
    </PageCard>
  );
}
