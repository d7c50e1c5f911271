import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export type AccessDeniedReason = 'logged-out' | 'not-admin';

export const ACCESS_DENIED_COPY = {
  'logged-out': {
    title: 'Please Log In',
    description: 'You need to be logged in with an admin account to view the admin dashboard.',
  },
  'not-admin': {
    title: 'Not Authorized',
    description: 'The admin dashboard is only available to admin accounts.',
  },
} as const;

/** Shown instead of the dashboard to anyone who is not an admin: no tables, no numbers, no error toast. */
export function AdminAccessDenied({ reason, action }: { reason: AccessDeniedReason; action?: ReactNode }) {
  const copy = ACCESS_DENIED_COPY[reason];
  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24"
      data-testid="admin-access-denied"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-muted">
        <ShieldAlert aria-hidden="true" className="size-7 text-muted-foreground" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{copy.title}</h1>
      <p className="mt-3 text-lg text-muted-foreground">{copy.description}</p>
      {action && <div className="mt-8 flex flex-wrap justify-center gap-3">{action}</div>}
    </div>
  );
}
