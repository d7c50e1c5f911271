import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'wouter';
import { ACCOUNT_MESSAGES, containsPersonalInfo } from '@shared/contracts/account';
import { loginInput, registerInput } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { ACCOUNT_COPY } from '../copy';

export type AuthMode = 'login' | 'register';

/** Visible copy of the auth dialog (docs/product.md#screens-and-routes, its messages docs/product.md#messages) — exact strings. */
const COPY = {
  login: {
    title: 'Welcome Back',
    description: 'Enter your credentials to access your account',
    submit: 'Log In',
    toggle: "Don't have an account? Sign up",
    successTitle: 'Welcome back!',
    successDescription: "You've successfully logged in",
    failure: 'Failed to login',
  },
  register: {
    title: 'Create Account',
    description: 'Get started with a new account',
    submit: 'Sign Up',
    toggle: 'Already have an account? Log in',
    successTitle: 'Account created!',
    successDescription: "You've successfully registered",
    failure: 'Failed to register',
  },
  passwordHint: 'At least 8 characters',
} as const;

export interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The mode shown each time the dialog opens. */
  defaultMode?: AuthMode;
}

export function AuthDialog({ open, onOpenChange, defaultMode = 'login' }: AuthDialogProps) {
  const [mode, setMode] = useState<AuthMode>(defaultMode);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Each opening starts in the default mode (state adjusted during render, no effect needed).
    setWasOpen(open);
    if (open) setMode(defaultMode);
  }

  const copy = COPY[mode];
  const close = () => onOpenChange(false);
  const toggleMode = () => setMode(mode === 'login' ? 'register' : 'login');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="auth-dialog" className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>

        {mode === 'login' ? (
          <LoginForm onSuccess={close} onLeave={close} />
        ) : (
          <RegisterForm onSuccess={close} />
        )}

        <p className="text-center text-sm">
          <Button
            variant="link"
            className="h-auto p-0 whitespace-normal"
            onClick={toggleMode}
            data-testid="button-auth-toggle"
          >
            {copy.toggle}
          </Button>
        </p>
      </DialogContent>
    </Dialog>
  );
}

/** `onLeave`: the user follows a link out of the dialog (a forgotten password). */
function LoginForm({ onSuccess, onLeave }: { onSuccess: () => void; onLeave: () => void }) {
  const form = useForm({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '' },
  });
  const loginMutation = useLogin({ mutationConfig: authMutationConfig('login', form, onSuccess) });
  const error = loginMutation.error;

  return (
    <CredentialsForm
      mode="login"
      pending={loginMutation.isPending}
      onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}
      register={form.register}
      errors={form.formState.errors}
    >
      {/* A suspended account is told in the form, where it stays, rather than in a passing toast. */}
      {isSuspended(error) && <FormError>{getErrorMessage(error, COPY.login.failure)}</FormError>}
      <p className="-mt-2 text-right text-sm">
        <Link
          href={paths.forgotPassword}
          onClick={onLeave}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {ACCOUNT_COPY.forgotPasswordLink}
        </Link>
      </p>
    </CredentialsForm>
  );
}

/** The server's contract, plus the part of the password rule the browser can check for free. */
const registerFormSchema = registerInput.refine(
  (values) => !containsPersonalInfo(values.password, { email: values.email }),
  { path: ['password'], error: ACCOUNT_MESSAGES.passwordPersonal },
);

function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { email: '', password: '', role: 'homeowner' },
  });
  const registerMutation = useRegister({ mutationConfig: authMutationConfig('register', form, onSuccess) });

  return (
    <CredentialsForm
      mode="register"
      pending={registerMutation.isPending}
      onSubmit={form.handleSubmit((values) => registerMutation.mutate(values))}
      register={form.register}
      errors={form.formState.errors}
    >
      <Controller
        control={form.control}
        name="role"
        render={({ field, fieldState }) => (
          <div className="grid gap-1.5">
            <div className="flex items-center gap-2">
              <input
                id="auth-role-plumber"
                type="checkbox"
                className="size-4 rounded border-input accent-primary"
                checked={field.value === 'plumber'}
                onChange={(event) => field.onChange(event.target.checked ? 'plumber' : 'homeowner')}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                aria-describedby="auth-role-plumber-hint"
                data-testid="checkbox-plumber"
              />
              <Label htmlFor="auth-role-plumber">I&apos;m a plumber</Label>
            </div>
            <p id="auth-role-plumber-hint" className="text-xs text-muted-foreground">
              Plumbers see jobs nearby and send quotes to homeowners.
            </p>
            {fieldState.error && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {fieldState.error.message}
              </p>
            )}
          </div>
        )}
      />
    </CredentialsForm>
  );
}

/** The right password of an account an admin has suspended (403 ACCOUNT_SUSPENDED). */
const isSuspended = (error: Error | null) => isApiError(error) && error.code === 'ACCOUNT_SUSPENDED';

/**
 * Tells the user how the login or registration went; on success the form is cleared and
 * `onSuccess` runs. A suspension is shown in the login form itself (see LoginForm).
 */
function authMutationConfig(mode: AuthMode, form: { reset: () => void }, onSuccess: () => void) {
  return {
    onSuccess: () => {
      toast({ title: COPY[mode].successTitle, description: COPY[mode].successDescription });
      form.reset();
      onSuccess();
    },
    onError: (error: Error) => {
      if (isSuspended(error)) return;
      toast({
        variant: 'destructive',
        title: 'Error',
        description: getErrorMessage(error, COPY[mode].failure),
      });
    },
  };
}

interface CredentialsFormProps {
  mode: AuthMode;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  register: (name: 'email' | 'password') => UseFormRegisterReturn;
  errors: Partial<Record<'email' | 'password', { message?: string }>>;
  /** Fields after e-mail and password. */
  children?: ReactNode;
}

/** E-mail and password, any further fields, then the submit button; a new account gets a new password. */
function CredentialsForm({ mode, pending, onSubmit, register, errors, children }: CredentialsFormProps) {
  return (
    <form noValidate aria-busy={pending} onSubmit={onSubmit} className="grid gap-4">
      <EmailField error={errors.email} registration={register('email')} />

      <PasswordField
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        hint={mode === 'register' ? COPY.passwordHint : undefined}
        error={errors.password}
        registration={register('password')}
      />

      {children}

      <SubmitButton pending={pending}>{COPY[mode].submit}</SubmitButton>
    </form>
  );
}

interface CredentialFieldProps {
  error?: { message?: string };
  registration: UseFormRegisterReturn;
}

function EmailField({ error, registration }: CredentialFieldProps) {
  return (
    <FormField id="auth-email" label="Email" error={error}>
      {(describedBy) => (
        <Input
          id="auth-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid="input-email"
          {...registration}
        />
      )}
    </FormField>
  );
}

function PasswordField({
  error,
  registration,
  autoComplete,
  hint,
}: CredentialFieldProps & { autoComplete: 'current-password' | 'new-password'; hint?: string }) {
  return (
    <FormField id="auth-password" label="Password" hint={hint} error={error}>
      {(describedBy) => (
        <Input
          id="auth-password"
          type="password"
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid="input-password"
          {...registration}
        />
      )}
    </FormField>
  );
}

function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      className="w-full"
      disabled={pending}
      aria-busy={pending}
      data-testid="button-auth-submit"
    >
      {pending && <Spinner />}
      {children}
    </Button>
  );
}
