import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useLocation } from 'wouter';
import {
  ACCOUNT_MESSAGES,
  changePasswordInput,
  containsPersonalInfo,
  deleteAccountInput,
  profileInput,
  type Account,
} from '@shared/contracts/account';
import { emailField } from '@shared/contracts/auth';
import { z } from '@shared/contracts/zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { useDeleteAccount } from '../api/delete-account';
import { useAccount } from '../api/get-account';
import { useUpdateAccount } from '../api/update-account';
import { ACCOUNT_COPY } from '../copy';
import { SETTINGS_COPY } from '../settings-copy';
import { ProfileFields } from './profile-fields';

const COPY = SETTINGS_COPY.settings;

/** /account: name and phone, the e-mail (a new one waits for its link), the password, deleting the account. */
export function AccountSettings() {
  const account = useAccount();
  if (account.isPending) return <Skeleton className="h-96 w-full" />;
  if (account.isError) return <FormError>{getErrorMessage(account.error, COPY.loadFailure)}</FormError>;
  return (
    <div className="grid max-w-xl gap-6">
      <ProfileSection account={account.data} />
      <EmailSection account={account.data} />
      <PasswordSection account={account.data} />
      <DeleteSection />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className="justify-self-start" disabled={pending} aria-busy={pending}>
      {pending && <Spinner />}
      {children}
    </Button>
  );
}

/**
 * Puts a refusal where it belongs: at the field the server names (`details[0].path`) when the form
 * has it, else in a toast.
 */
function showRefusal<V extends FieldValues>(
  form: UseFormReturn<V>,
  fields: readonly Path<V>[],
  error: Error,
  fallback: string,
) {
  const message = getErrorMessage(error, fallback);
  const details = isApiError(error) ? (error.body as { details?: { path?: string }[] }).details : undefined;
  const field = fields.find((name) => name === details?.[0]?.path);
  if (field) form.setError(field, { message }, { shouldFocus: true });
  else toast({ variant: 'destructive', title: 'Error', description: message });
}

function ProfileSection({ account }: { account: Account }) {
  const form = useForm({
    resolver: zodResolver(profileInput),
    defaultValues: { name: account.name ?? '', phone: account.phone ?? '' },
  });
  const update = useUpdateAccount({
    mutationConfig: {
      onSuccess: () =>
        toast({ title: SETTINGS_COPY.profile.savedTitle, description: SETTINGS_COPY.profile.saved }),
      onError: (error) => showRefusal(form, ['name', 'phone'], error, SETTINGS_COPY.profile.failure),
    },
  });
  return (
    <Section title={COPY.profileTitle}>
      <form
        noValidate
        aria-busy={update.isPending}
        onSubmit={form.handleSubmit((values) => update.mutate(values))}
        className="grid gap-4"
      >
        <ProfileFields idPrefix="account" register={form.register} errors={form.formState.errors} />
        <SubmitButton pending={update.isPending}>{SETTINGS_COPY.profile.save}</SubmitButton>
      </form>
    </Section>
  );
}

const emailFormSchema = z.object({ email: emailField });

function EmailSection({ account }: { account: Account }) {
  const form = useForm({ resolver: zodResolver(emailFormSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const update = useUpdateAccount({
    mutationConfig: {
      onSuccess: ({ pendingEmail }) => {
        form.reset();
        if (pendingEmail) toast({ title: COPY.emailSentTitle, description: COPY.emailSent(pendingEmail) });
      },
      onError: (error) => showRefusal(form, ['email'], error, COPY.emailFailure),
    },
  });
  return (
    <Section title={COPY.emailTitle}>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium" data-testid="text-account-email">
          {account.email}
        </span>
        <Badge variant={account.emailVerified ? 'secondary' : 'outline'}>
          {account.emailVerified ? COPY.verified : COPY.unverified}
        </Badge>
      </p>
      {account.pendingEmail && (
        <p className="text-sm text-muted-foreground" data-testid="text-pending-email">
          {COPY.pending(account.pendingEmail)}
        </p>
      )}
      <form
        noValidate
        aria-busy={update.isPending}
        onSubmit={form.handleSubmit((values) => update.mutate(values))}
        className="grid gap-4"
      >
        <FormField id="account-new-email" label={COPY.newEmail} error={errors.email}>
          {(describedBy) => (
            <Input
              id="account-new-email"
              type="email"
              autoComplete="email"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy}
              {...form.register('email')}
            />
          )}
        </FormField>
        <SubmitButton pending={update.isPending}>{COPY.changeEmail}</SubmitButton>
      </form>
    </Section>
  );
}

function PasswordSection({ account }: { account: Account }) {
  // The contract, plus what only the form has: the new password typed twice, and the part of the
  // password rule the browser can check for free (the server checks the rest).
  const schema = changePasswordInput
    .extend({ confirmPassword: z.string() })
    .refine((values) => values.newPassword === values.confirmPassword, {
      path: ['confirmPassword'],
      error: ACCOUNT_COPY.reset.mismatch,
    })
    .refine((values) => !containsPersonalInfo(values.newPassword, account), {
      path: ['newPassword'],
      error: ACCOUNT_MESSAGES.passwordPersonal,
    });
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useChangePassword({
    mutationConfig: {
      onSuccess: () => {
        form.reset();
        toast({ title: COPY.passwordChangedTitle, description: COPY.passwordChanged });
      },
      onError: (error) => showRefusal(form, ['currentPassword', 'newPassword'], error, COPY.passwordFailure),
    },
  });
  const fields = [
    ['currentPassword', COPY.currentPassword, 'current-password'],
    ['newPassword', COPY.newPassword, 'new-password'],
    ['confirmPassword', COPY.confirmPassword, 'new-password'],
  ] as const;
  return (
    <Section title={COPY.passwordTitle}>
      <form
        noValidate
        aria-busy={change.isPending}
        onSubmit={form.handleSubmit(({ currentPassword, newPassword }) =>
          change.mutate({ currentPassword, newPassword }),
        )}
        className="grid gap-4"
      >
        {fields.map(([name, label, autoComplete]) => (
          <FormField
            key={name}
            id={`account-${name}`}
            label={label}
            hint={name === 'newPassword' ? ACCOUNT_COPY.reset.passwordHint : undefined}
            error={form.formState.errors[name]}
          >
            {(describedBy) => (
              <Input
                id={`account-${name}`}
                type="password"
                autoComplete={autoComplete}
                aria-invalid={form.formState.errors[name] ? true : undefined}
                aria-describedby={describedBy}
                {...form.register(name)}
              />
            )}
          </FormField>
        ))}
        <SubmitButton pending={change.isPending}>{COPY.changePassword}</SubmitButton>
      </form>
    </Section>
  );
}

function DeleteSection() {
  const [open, setOpen] = useState(false);
  /** A refusal of the account as it is (the last active admin, 409): said in the dialog, which stays open. */
  const [conflict, setConflict] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const form = useForm({ resolver: zodResolver(deleteAccountInput), defaultValues: { password: '' } });
  const { errors } = form.formState;
  const remove = useDeleteAccount({
    mutationConfig: {
      onSuccess: () => {
        setOpen(false);
        toast({ title: COPY.deletedTitle, description: COPY.deleted });
        navigate(paths.home);
      },
      onError: (error) => {
        if (isApiError(error, 409)) setConflict(getErrorMessage(error, COPY.deleteFailure));
        else showRefusal(form, ['password'], error, COPY.deleteFailure);
      },
    },
  });
  return (
    <Section title={COPY.deleteTitle}>
      <p className="text-sm text-muted-foreground">{COPY.deleteDescription}</p>
      <Button
        variant="destructive"
        className="justify-self-start"
        onClick={() => {
          setConflict(null);
          setOpen(true);
        }}
      >
        {COPY.deleteButton}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            form.reset();
            setConflict(null);
          }
        }}
      >
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{COPY.deleteConfirmTitle}</DialogTitle>
            <DialogDescription>{COPY.deleteConfirmDescription}</DialogDescription>
          </DialogHeader>
          <form
            noValidate
            aria-busy={remove.isPending}
            onSubmit={form.handleSubmit((values) => {
              setConflict(null);
              remove.mutate(values);
            })}
            className="grid gap-4"
          >
            <FormField id="account-delete-password" label={COPY.deletePassword} error={errors.password}>
              {(describedBy) => (
                <Input
                  id="account-delete-password"
                  type="password"
                  autoComplete="current-password"
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={describedBy}
                  {...form.register('password')}
                />
              )}
            </FormField>
            {conflict && <FormError>{conflict}</FormError>}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {COPY.cancel}
              </Button>
              <Button
                type="submit"
                variant="destructive"
                disabled={remove.isPending}
                aria-busy={remove.isPending}
              >
                {remove.isPending && <Spinner />}
                {COPY.deleteConfirm}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </Section>
  );
}
