import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { passwordResetConfirmInput } from '@shared/contracts/auth';
import { z } from '@shared/contracts/zod';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageCard } from '@/components/ui/page-card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useUser } from '../api/get-user';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { ACCOUNT_COPY } from '../copy';
import { LazyAuthDialog, preloadAuthDialog } from './lazy-auth-dialog';

const COPY = ACCOUNT_COPY.reset;

/** The server's contract, plus what only the form has: the password typed twice, the same both times. */
const resetPasswordFormSchema = passwordResetConfirmInput
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: COPY.mismatch,
  });

/** Where a refused reset is shown: a dead link replaces the form, a refused password sits at its field. */
function describeResetFailure(error: Error): { shownAt: 'link' | 'password' | 'form'; message: string } {
  const message = getErrorMessage(error, COPY.failure);
  if (isApiError(error) && error.code === 'TOKEN_INVALID') return { shownAt: 'link', message };
  if (isApiError(error, 400) && error.code === 'VALIDATION_ERROR') return { shownAt: 'password', message };
  return { shownAt: 'form', message };
}

/** /reset-password?token=…: sets a new password, then offers the login dialog to use it. */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const tokenCheck = passwordResetConfirmInput.shape.token.safeParse(token);
  const [done, setDone] = useState(false);

  if (!tokenCheck.success) {
    return <InvalidLink message={tokenCheck.error.issues[0]?.message ?? COPY.failure} />;
  }
  if (done) return <PasswordChanged />;
  return <NewPasswordForm token={tokenCheck.data} onDone={() => setDone(true)} />;
}

function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const reset = useConfirmPasswordReset({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: COPY.successToastTitle, description: COPY.successToast });
        onDone();
      },
      onError: (error) => {
        const failure = describeResetFailure(error);
        if (failure.shownAt === 'password') {
          form.setError('password', { message: failure.message }, { shouldFocus: true });
        }
      },
    },
  });
  const failure = reset.error ? describeResetFailure(reset.error) : undefined;

  if (failure?.shownAt === 'link') return <InvalidLink message={failure.message} announce />;

  return (
    <PageCard title={COPY.title} description={COPY.description}>
      <form
        noValidate
        aria-busy={reset.isPending}
        onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))}
        className="grid gap-4"
      >
        <FormField
          id="reset-password"
          label={COPY.newPassword}
          hint={COPY.passwordHint}
          error={errors.password}
        >
          {(describedBy) => (
            <Input
              id="reset-password"
              type="password"
              autoComplete="new-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy}
              {...form.register('password')}
            />
          )}
        </FormField>
        <FormField id="reset-confirm-password" label={COPY.confirmPassword} error={errors.confirmPassword}>
          {(describedBy) => (
            <Input
              id="reset-confirm-password"
              type="password"
              autoComplete="new-password"
              aria-invalid={errors.confirmPassword ? true : undefined}
              aria-describedby={describedBy}
              {...form.register('confirmPassword')}
            />
          )}
        </FormField>
        {failure?.shownAt === 'form' && <FormError>{failure.message}</FormError>}
        <Button type="submit" className="w-full" disabled={reset.isPending} aria-busy={reset.isPending}>
          {reset.isPending && <Spinner />}
          {COPY.submit}
        </Button>
      </form>
    </PageCard>
  );
}

/** The link lacks its token, or the server refused it: the way to a new one. */
function InvalidLink({ message, announce = false }: { message: string; announce?: boolean }) {
  return (
    <PageCard title={ACCOUNT_COPY.linkUnusable} focusHeading={announce}>
      <FormError>{message}</FormError>
      <Button asChild className="w-full">
        <Link href={paths.forgotPassword}>{COPY.requestNewLink}</Link>
      </Button>
    </PageCard>
  );
}

/**
 * The password is set and the account logged out everywhere. The login dialog opens at once; it
 * mounts after the heading took focus, so closing it returns there, and it stays one click away.
 */
function PasswordChanged() {
  const { data: user } = useUser();
  const [authOpen, setAuthOpen] = useState(true);

  return (
    <PageCard title={COPY.doneTitle} description={COPY.done} focusHeading>
      {user ? (
        <Button asChild className="w-full">
          <Link href={paths.dashboard}>{ACCOUNT_COPY.toDashboard}</Link>
        </Button>
      ) : (
        <Button
          className="w-full"
          onClick={() => setAuthOpen(true)}
          onPointerEnter={preloadAuthDialog}
          onFocus={preloadAuthDialog}
        >
          {COPY.logIn}
        </Button>
      )}
      <LazyAuthDialog open={authOpen} onOpenChange={setAuthOpen} />
    </PageCard>
  );
}
