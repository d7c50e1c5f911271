import { z } from './zod';
import { emailField } from './auth';
import { timestampSchema } from './common';
import { defineRoute } from './http';

/**
 * Developer tools, mounted only where config.mail.devMailbox is true (the embedded database on a
 * loopback HOST, or DEV_MAILBOX=true): docs/decisions/022-mail-delivery.md.
 */

/** The newest mails kept for one address (no SMTP_URL), at most this many. */
export const DEV_MAILBOX_LIMIT = 50;

/** `?to=` of GET /api/dev/mailbox: compared lower-cased, as accounts keep e-mails. */
export const devMailboxQuery = z.object({ to: emailField });
export type DevMailboxQuery = z.input<typeof devMailboxQuery>;

export const devMailboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  /** The plain-text part, as sent. */
  text: z.string(),
  /** Every http(s) address in the text part, in order, each once. */
  links: z.array(z.string()),
  createdAt: timestampSchema,
});
export type DevMailboxMessage = z.infer<typeof devMailboxMessageSchema>;

export const devRoutes = {
  /** Newest first. */
  mailbox: defineRoute({
    method: 'GET',
    path: '/api/dev/mailbox',
    query: devMailboxQuery,
    response: z.array(devMailboxMessageSchema),
  }),
};
