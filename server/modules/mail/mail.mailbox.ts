import { DEV_MAILBOX_LIMIT, type DevMailboxMessage } from '@shared/contracts/dev';
import type { Database } from '../../db/client';
import { findLinks } from './mail.compose';
import { listMailboxMessages } from './mail.repository';

/**
 * A kept mail as the developer reads it: the contract's message, with the time still a `Date` (the
 * mailbox page formats it; JSON writes it as the contract's ISO string).
 */
export type MailboxEntry = Omit<DevMailboxMessage, 'createdAt'> & { createdAt: Date };

export interface DevMailbox {
  /** The newest kept mails (DEV_MAILBOX_LIMIT), to `to` (lower-cased) or to anyone, newest first. */
  list(to?: string): Promise<MailboxEntry[]>;
}

export function createDevMailbox({ db }: { db: Database }): DevMailbox {
  return {
    async list(to) {
      const rows = await listMailboxMessages(db, { to: to?.toLowerCase(), limit: DEV_MAILBOX_LIMIT });
      return rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        links: findLinks(row.textBody),
        createdAt: row.createdAt,
      }));
    },
  };
}
