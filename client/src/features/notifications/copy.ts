import type { NotificationKind } from '@shared/constants';

/** Visible copy of the notification bell and the notification settings (messages: docs/product.md#messages). */
export const COPY = {
  bell: {
    /** The bell's accessible name says how many are unread. */
    label: (unread: number) =>
      unread === 0 ? 'Notifications' : `Notifications, ${unread.toLocaleString('en-US')} unread`,
    heading: 'Notifications',
    markAllRead: 'Mark all as read',
    empty: "You're all caught up. News about your jobs shows up here.",
    loading: 'Loading notifications',
    loadFailed: "We couldn't load your notifications.",
    unread: 'Unread',
    justNow: 'just now',
    errorTitle: 'Error',
    markFailure: 'Failed to mark notifications as read',
  },
  preferences: {
    heading: 'Notifications',
    intro:
      'Every notification shows in the bell at the top of the page. Choose which ones we also e-mail you.',
    legend: 'Email me about',
    kinds: {
      new_quote: 'New quotes',
      new_message: 'New messages',
      quote_accepted: 'Quote accepted',
      job_cancelled: 'Job cancelled',
      new_nearby_job: 'New jobs near you',
      change_order: 'Change orders',
      status_changed: 'Status changes',
      appointment: 'Appointment changes (reschedules and cancellations)',
      payout_paid: 'Payouts paid',
    } satisfies Record<NotificationKind, string>,
    save: 'Save Notification Settings',
    savedTitle: 'Notification settings saved',
    saved: 'We will e-mail you about the kinds you chose.',
    failure: 'Failed to save your notification settings',
    loadFailure: 'Failed to load your notification settings',
    loading: 'Loading your notification settings',
  },
} as const;
