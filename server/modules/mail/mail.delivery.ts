import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import type { OutgoingMail } from './mail.compose';
import { insertMailboxMessage } from './mail.repository';

/** Hands one queued mail over for good: to an SMTP server, or to the developer mailbox. */
export interface MailDelivery {
  kind: 'smtp' | 'mailbox';
  /** `id` is the queued mail's id: the SMTP Message-ID and the mailbox row's key. Throws to be retried. */
  deliver(id: string, mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Bounds on one SMTP conversation. Their sum stays well under the queue's expiry
 * (MAIL_QUEUE_POLICY.expireInSeconds), so a slow server fails the attempt instead of the queue
 * handing the same mail to a second worker while the first is still sending it.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The domain of MAIL_FROM (`Plumbline <no-reply@plumbline.test>` → `plumbline.test`), for Message-IDs. */
function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'localhost';
}

export function createSmtpDelivery(options: { smtpUrl: string; from: string }): MailDelivery {
  const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS_MS });
  const domain = senderDomain(options.from);
  return {
    kind: 'smtp',
    async deliver(id, mail) {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments?.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content,
        })),
        // One id per queued mail, whichever attempt sends it: a repeat after a crash is recognisable.
        messageId: `<${id}@${domain}>`,
      });
    },
    close: () => transport.close(),
  };
}

/**
 * The mailbox keeps no files (its table has no place for them): the text part it keeps ends with
 * the attachments' names, so a developer sees that the mail carried them.
 */
export function withAttachmentNames(mail: OutgoingMail): OutgoingMail {
  if (!mail.attachments?.length) return mail;
  const names = mail.attachments.map((attachment) => attachment.filename).join(', ');
  return { ...mail, text: `${mail.text}\n[Attached: ${names}]\n` };
}

/** Without an SMTP server, mail is kept in the database for /dev/mailbox (docs/decisions/022-mail-delivery.md). */
export function createMailboxDelivery(db: Database): MailDelivery {
  return {
    kind: 'mailbox',
    deliver: (id, mail) => insertMailboxMessage(db, id, withAttachmentNames(mail)),
    close() {},
  };
}
