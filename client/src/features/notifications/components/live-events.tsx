import type { UserRole } from '@shared/constants';
import { useLiveEvents } from '../hooks/use-live-events';

/** Mounted once by the layout for a logged-in user: keeps the open page in step with the server. */
export function LiveEvents({ user }: { user: { id: string; role: UserRole } }) {
  useLiveEvents(user);
  return null;
}
