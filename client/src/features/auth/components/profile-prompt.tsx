import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isProfileComplete, profileInput } from '@shared/contracts/account';
import type { CurrentUser } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useUpdateAccount } from '../api/update-account';
import { SETTINGS_COPY } from '../settings-copy';
import { ProfileFields } from './profile-fields';

const COPY = SETTINGS_COPY.profile;

/**
 * The profile step (docs/decisions/025-accounts.md): a logged-in user without a full name and phone
 * is asked for them right after registering and on every page until they are given ("Later" puts it
 * off until the next visit). The server refuses a first job post or quote without them anyway.
 * Saved, the dialog just closes: the registration's toast (one at a time) stays.
 */
export function ProfilePrompt({ user }: { user: CurrentUser }) {
  const [postponed, setPostponed] = useState(false);
  const open = !postponed && !isProfileComplete(user);
  const form = useForm({
    resolver: zodResolver(profileInput),
    defaultValues: { name: user.name ?? '', phone: user.phone ?? '' },
  });
  const update = useUpdateAccount({
    mutationConfig: {
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, COPY.failure) }),
    },
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && setPostponed(true)}>
      <DialogContent data-testid="profile-dialog" className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{COPY.title}</DialogTitle>
          <DialogDescription>{COPY.description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          aria-busy={update.isPending}
          onSubmit={form.handleSubmit((values) => update.mutate(values))}
          className="grid gap-4"
        >
          <ProfileFields idPrefix="profile" register={form.register} errors={form.formState.errors} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setPostponed(true)}>
              {COPY.later}
            </Button>
            <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
              {update.isPending && <Spinner />}
              {COPY.save}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
