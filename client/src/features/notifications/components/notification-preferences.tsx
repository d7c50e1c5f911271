import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { NOTIFICATION_KINDS, type NotificationKind, type UserRole } from '@shared/constants';
import {
  updateNotificationPreferencesInput,
  type NotificationPreferences as Preferences,
} from '@shared/contracts/notifications';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { COPY } from '../copy';

/**
 * Kinds a role never receives, so never offered: jobs near you and payouts are for plumbers, quotes
 * for the rest.
 */
const NOT_FOR: Record<UserRole, readonly NotificationKind[]> = {
  homeowner: ['new_nearby_job', 'payout_paid'],
  admin: ['new_nearby_job', 'payout_paid'],
  plumber: ['new_quote'],
};

function kindsFor(role: UserRole): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => !NOT_FOR[role].includes(kind));
}

/** Only the kinds this form shows: the others stay as they are on the server. */
function choicesOf(preferences: Preferences, kinds: readonly NotificationKind[]) {
  return Object.fromEntries(kinds.map((kind) => [kind, preferences.email[kind]])) as Partial<
    Record<NotificationKind, boolean>
  >;
}

/** /account "Notifications": which kinds are e-mailed as well as shown in the bell. */
export function NotificationPreferences({ role }: { role: UserRole }) {
  const preferences = useNotificationPreferences();
  let body;
  if (preferences.isPending) {
    body = (
      <div role="status" className="grid gap-3">
        <span className="sr-only">{COPY.preferences.loading}</span>
        <Skeleton className="h-32 w-full" />
      </div>
    );
  } else if (preferences.isError) {
    body = <FormError>{getErrorMessage(preferences.error, COPY.preferences.loadFailure)}</FormError>;
  } else {
    body = <PreferencesForm preferences={preferences.data} kinds={kindsFor(role)} />;
  }
  return (
    <Card data-testid="section-notification-preferences">
      <CardHeader>
        <CardTitle as="h2">{COPY.preferences.heading}</CardTitle>
        <CardDescription>{COPY.preferences.intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{body}</CardContent>
    </Card>
  );
}

function PreferencesForm({ preferences, kinds }: { preferences: Preferences; kinds: NotificationKind[] }) {
  const form = useForm({
    resolver: zodResolver(updateNotificationPreferencesInput),
    defaultValues: { email: choicesOf(preferences, kinds) },
  });
  const update = useUpdateNotificationPreferences({
    mutationConfig: {
      onSuccess: (saved) => {
        form.reset({ email: choicesOf(saved, kinds) });
        toast({ title: COPY.preferences.savedTitle, description: COPY.preferences.saved });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: getErrorMessage(error, COPY.preferences.failure),
        }),
    },
  });
  const error = form.formState.errors.email?.message;

  return (
    <form
      noValidate
      aria-busy={update.isPending}
      onSubmit={form.handleSubmit((values) => update.mutate(values))}
      className="grid gap-4"
    >
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">{COPY.preferences.legend}</legend>
        {kinds.map((kind) => {
          const id = `notify-email-${kind}`;
          return (
            <div key={kind} className="flex items-center gap-3">
              <input
                id={id}
                type="checkbox"
                className="size-5 shrink-0 rounded accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                data-testid={`checkbox-notify-${kind}`}
                {...form.register(`email.${kind}`)}
              />
              <label htmlFor={id} className="text-sm">
                {COPY.preferences.kinds[kind]}
              </label>
            </div>
          );
        })}
      </fieldset>
      {error && <FormError>{error}</FormError>}
      <FormActions
        pending={update.isPending}
        submitLabel={COPY.preferences.save}
        submitTestId="button-save-notification-preferences"
      />
    </form>
  );
}
