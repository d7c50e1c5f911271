/**
 * What only a logged-in user's pages carry around every page: the account menu, the notification
 * bell and the live-events listener. One module, so one chunk: a visitor downloads none of it, and a
 * logged-in user fetches it once (docs/performance.md: the shell's size).
 */
export { UserMenu } from './user-menu';
export { NotificationBell } from '@/features/notifications/components/notification-bell';
export { LiveEvents } from '@/features/notifications/components/live-events';
