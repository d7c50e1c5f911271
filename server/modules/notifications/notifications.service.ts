import { NOTIFICATION_KINDS, type NotificationKind } from '@shared/constants';
import type { LiveEvent } from '@shared/contracts/notifications';
import {
  NOTIFICATION_LIST_LIMIT,
  type AppNotification,
  type MarkNotificationsRead,
  type NotificationList,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '@shared/contracts/notifications';
import type { Database, Executor } from '../../db/client';
import { composeMail, type MailService } from '../mail';
import {
  countUnreadNotifications,
  findEmailOptOuts,
  findMailRecipients,
  insertNotificationIfNew,
  listEmailPreferences,
  listNotificationsOfUser,
  markNotificationsRead,
  upsertEmailPreferences,
  type Notification,
} from './notifications.repository';

/** One user told about one event. */
export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  jobId: string;
  title: string;
  body: string;
  /** Names the event (`quote:<id>`, `message:<id>`…): a user is notified once per event. */
  eventKey: string;
}

/** What pushes events to the users' open pages; written in the caller's transaction. */
export interface LiveEventPublisher {
  publish(tx: Executor, userIds: readonly string[], event: LiveEvent): Promise<void>;
}

export interface NotificationsServiceDeps {
  db: Database;
  mail: Pick<MailService, 'send'>;
  liveEvents: LiveEventPublisher;
  /** Where the app is opened: each mail links to its job room there. */
  publicUrl: string;
  now?: () => Date;
}

export function toAppNotification(row: Notification): AppNotification {
  return {
    id: row.id,
    kind: row.kind,
    jobId: row.jobId,
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * The bell, the mail that follows it and the live signal to open pages (docs/product.md#the-job-room-messages-and-notifications). Every
 * write happens in the transaction of what it reports: nothing is announced for work that rolls back,
 * and a notification, its mail and its live event exist together or not at all.
 */
export function createNotificationsService({
  db,
  mail,
  liveEvents,
  publicUrl,
  now = () => new Date(),
}: NotificationsServiceDeps) {
  const jobUrl = (jobId: string) => `${publicUrl}/jobs/${jobId}`;

  /** Every kind, mailed unless the user turned it off. */
  async function getPreferences(userId: string): Promise<NotificationPreferences> {
    const rows = await listEmailPreferences(db, userId);
    const chosen = new Map(rows.map((row) => [row.kind, row.email]));
    const email = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? true]));
    return { email: email as NotificationPreferences['email'] };
  }

  return {
    /**
     * Notifies each user of an event, once: a repeated or concurrent report of the same event
     * (same user and `eventKey`) adds nothing. Mails every new one whose kind its user did not turn off.
     */
    async notify(tx: Executor, inputs: readonly NotificationInput[]): Promise<void> {
      const created: Notification[] = [];
      for (const input of inputs) {
        const row = await insertNotificationIfNew(tx, input);
        if (row) created.push(row);
      }
      if (created.length === 0) return;
      for (const row of created) {
        await liveEvents.publish(tx, [row.userId], {
          type: 'notification',
          jobId: row.jobId,
          notificationId: row.id,
          kind: row.kind,
        });
      }
      const userIds = [...new Set(created.map((row) => row.userId))];
      // One after another: a transaction has one connection.
      const recipients = await findMailRecipients(tx, userIds);
      const optOuts = await findEmailOptOuts(tx, userIds);
      const emailOf = new Map(recipients.map((recipient) => [recipient.id, recipient.email]));
      const optedOut = new Set(optOuts.map((optOut) => `${optOut.userId}|${optOut.kind}`));
      for (const row of created) {
        const to = emailOf.get(row.userId);
        if (!to || optedOut.has(`${row.userId}|${row.kind}`)) continue;
        await mail.send(
          tx,
          composeMail({
            to,
            subject: row.title,
            paragraphs: [row.body, 'You can choose which notifications are e-mailed on your account page.'],
            action: { label: 'Open the job', url: jobUrl(row.jobId) },
          }),
        );
      }
    },

    /** Tells these users' open pages that the job changed, so they refresh what shows it. */
    async jobChanged(tx: Executor, jobId: string, userIds: readonly (string | null | undefined)[]) {
      const present = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
      if (present.length > 0) await liveEvents.publish(tx, present, { type: 'job_changed', jobId });
    },

    async list(userId: string): Promise<NotificationList> {
      const [rows, unreadCount] = await Promise.all([
        listNotificationsOfUser(db, userId, NOTIFICATION_LIST_LIMIT),
        countUnreadNotifications(db, userId),
      ]);
      return { items: rows.map(toAppNotification), unreadCount };
    },

    /** Marks the user's own notifications read (ids of others' change nothing); answers the unread count. */
    async markRead(userId: string, input: MarkNotificationsRead): Promise<{ unreadCount: number }> {
      await markNotificationsRead(db, userId, 'all' in input ? 'all' : input.ids, now());
      return { unreadCount: await countUnreadNotifications(db, userId) };
    },

    getPreferences,

    async updatePreferences(
      userId: string,
      { email }: UpdateNotificationPreferences,
    ): Promise<NotificationPreferences> {
      const choices = Object.entries(email).map(([kind, value]) => ({
        kind: kind as NotificationKind,
        email: value as boolean,
      }));
      await upsertEmailPreferences(db, userId, choices);
      return getPreferences(userId);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
