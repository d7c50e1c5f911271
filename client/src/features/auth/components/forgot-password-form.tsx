import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { passwordResetInput } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageCard } from '@/components/ui/page-card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { ACCOUNT_COPY } from '../copy';

const COPY = ACCOUNT_COPY.forgot;

/**
 * /forgot-password: asks for the account's e-mail and mails it a reset link. The confirmation reads
 * the same whether or not an account has that address: the server's answer does not say either.
 */
export function ForgotPasswordForm() {
  const form = useForm({ resolver: zodResolver(passwordResetInput), defaultValues: { email: '' } });
  const request = useRequestPasswordReset();
  const { errors } = form.formState;

  if (request.isSuccess) {
    return (
      <PageCard title={COPY.sentTitle} focusHeading>
        <p data-testid="text-reset-link-sent">{COPY.sent}</p>
        <p className="text-sm text-muted-foreground">{COPY.sentHint}</p>
      </PageCard>
    );
  }

  return (
    <PageCard title={COPY.title} description={COPY.description}>
      <form
        noValidate
        aria-busy={request.isPending}
        onSubmit={form.handleSubmit((values) => request.mutate(values))}
        className="grid gap-4"
      >
        <FormField id="forgot-email" label="Email" error={errors.email}>
          {(describedBy) => (
            <Input
              id="forgot-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="you@example.com"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy}
              {...form.register('email')}
            />
          )}
        </FormField>
        {request.isError && <FormError>{getErrorMessage(request.error, COPY.failure)}</FormError>}
        <Button type="submit" className="w-full" disabled={request.isPending} aria-busy={request.isPending}>
          {request.isPending && <Spinner />}
          {COPY.submit}
        </Button>
      </form>
    </PageCard>
  );
}
