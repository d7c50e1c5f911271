import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Mail kept instead of sent when no SMTP server is configured, read by the developer at
 * /dev/mailbox (docs/decisions/022-mail-delivery.md). The id is the queued mail's own id, so a
 * delivery that runs twice keeps one row.
 */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: uuid('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mailbox_messages_to_address_created_at_idx').on(t.toAddress, t.createdAt)],
);

export type MailboxMessage = typeof mailboxMessages.$inferSelect;
