import { desc, eq } from 'drizzle-orm';
import { mailboxMessages, type MailboxMessage } from '@shared/schema';
import type { Executor } from '../../db/client';
import type { OutgoingMail } from './mail.compose';

export type { MailboxMessage };

/**
 * Keeps a delivered mail under its address lower-cased (as accounts keep e-mails); the id is the
 * queued mail's, so a second delivery of it adds nothing.
 */
export async function insertMailboxMessage(db: Executor, id: string, mail: OutgoingMail): Promise<void> {
  await db
    .insert(mailboxMessages)
    .values({
      id,
      toAddress: mail.to.trim().toLowerCase(),
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    })
    .onConflictDoNothing({ target: mailboxMessages.id });
}

/** The newest kept mails, to one address or to anyone. */
export async function listMailboxMessages(
  db: Executor,
  options: { to?: string; limit: number },
): Promise<MailboxMessage[]> {
  return db
    .select()
    .from(mailboxMessages)
    .where(options.to === undefined ? undefined : eq(mailboxMessages.toAddress, options.to))
    .orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id))
    .limit(options.limit);
}
