import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationKind } from '@shared/constants';
import {
  notificationPreferences,
  notifications,
  users,
  type NewNotification,
  type Notification,
} from '@shared/schema';
import type { Executor } from '../../db/client';

export type { Notification };

/** Writes the notification unless this user already has one for the same event; undefined then. */
export async function insertNotificationIfNew(
  db: Executor,
  values: NewNotification,
): Promise<Notification | undefined> {
  const [row] = await db
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
    .returning();
  return row;
}

export async function listNotificationsOfUser(db: Executor, userId: string, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnreadNotifications(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks the user's own notifications read: `ids` (others' ids change nothing), or all of them. */
export async function markNotificationsRead(
  db: Executor,
  userId: string,
  ids: readonly string[] | 'all',
  readAt: Date,
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, [...ids]),
      ),
    );
}

/** The kinds this user does not want mailed (no row: mailed). */
export async function findEmailOptOuts(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: notificationPreferences.userId, kind: notificationPreferences.kind })
    .from(notificationPreferences)
    .where(
      and(inArray(notificationPreferences.userId, [...userIds]), eq(notificationPreferences.email, false)),
    );
}

export async function listEmailPreferences(db: Executor, userId: string) {
  return db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function upsertEmailPreferences(
  db: Executor,
  userId: string,
  choices: readonly { kind: NotificationKind; email: boolean }[],
): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(choices.map((choice) => ({ userId, ...choice })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: sql`excluded.email` },
    });
}

/** Where each user's mail goes; deleted accounts get none. */
export async function findMailRecipients(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), isNull(users.deletedAt)));
}
