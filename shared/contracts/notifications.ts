import { z } from './zod';
import { NOTIFICATION_KINDS } from '../constants';
import { timestampSchema, uuidField } from './common';
import { defineRoute } from './http';

export const NOTIFICATION_MESSAGES = {
  idsOrAll: 'Give the ids of the notifications to mark read, or all: true',
  idsMax: 'At most 100 notifications at once',
  idInvalid: 'Invalid notification id',
  preferencesEmpty: 'Say which kinds of notification to mail or not',
} as const;

/** How many notifications the bell lists, newest first. */
export const NOTIFICATION_LIST_LIMIT = 50;
const MARK_READ_MAX = 100;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Every notification is about a job: its entry links to the job room. */
  jobId: z.uuid(),
  title: z.string(),
  body: z.string(),
  createdAt: timestampSchema,
  readAt: timestampSchema.nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** All unread notifications, also those older than the listed ones. */
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read — `{ ids }` (up to 100) or `{ all: true }`. */
export const markNotificationsReadInput = z.union(
  [
    z.strictObject({
      ids: z
        .array(uuidField(NOTIFICATION_MESSAGES.idInvalid))
        .min(1, { error: NOTIFICATION_MESSAGES.idsOrAll })
        .max(MARK_READ_MAX, { error: NOTIFICATION_MESSAGES.idsMax }),
    }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { error: NOTIFICATION_MESSAGES.idsOrAll },
);
export type MarkNotificationsRead = z.input<typeof markNotificationsReadInput>;

/** Which kinds are mailed as well as shown in the bell (every kind is always shown). */
export const notificationPreferencesSchema = z.object({
  email: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
      (typeof NOTIFICATION_KINDS)[number],
      z.ZodBoolean
    >,
  ),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PATCH /api/account/notifications — only the kinds given change. */
export const updateNotificationPreferencesInput = z.object({
  email: z
    .partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean())
    .refine((email) => Object.keys(email).length > 0, { error: NOTIFICATION_MESSAGES.preferencesEmpty }),
});
export type UpdateNotificationPreferences = z.input<typeof updateNotificationPreferencesInput>;

/**
 * What GET /api/events pushes to a logged-in page (Server-Sent Events, `data:` as JSON, `id:` the
 * event's number for Last-Event-ID). A page refreshes exactly what an event names.
 */
// A plain union: parsing two small shapes needs no discriminator, and it keeps every page's bundle smaller.
export const liveEventSchema = z.union([
  z.object({
    type: z.literal('notification'),
    jobId: z.uuid(),
    notificationId: z.uuid(),
    kind: z.enum(NOTIFICATION_KINDS),
  }),
  /** Something on the job changed (status, quotes, messages, change orders): its views are stale. */
  z.object({ type: z.literal('job_changed'), jobId: z.uuid() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const notificationRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/notifications', response: notificationListSchema }),
  markRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/read',
    body: markNotificationsReadInput,
    response: z.object({ unreadCount: z.number().int().nonnegative() }),
  }),
  getPreferences: defineRoute({
    method: 'GET',
    path: '/api/account/notifications',
    response: notificationPreferencesSchema,
  }),
  updatePreferences: defineRoute({
    method: 'PATCH',
    path: '/api/account/notifications',
    body: updateNotificationPreferencesInput,
    response: notificationPreferencesSchema,
  }),
  /** A `text/event-stream` of live events, not one JSON answer: `response` is one event. */
  events: defineRoute({ method: 'GET', path: '/api/events', response: liveEventSchema }),
};
