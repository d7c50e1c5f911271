import { expect } from 'vitest';
import type { DevMailboxMessage } from '@shared/contracts/dev';
import type { TestContext } from '../../test/test-context';

/** Test-only: reading the mail the app sends, through the dev mailbox (GET /api/dev/mailbox). */

/** Mail delivery goes through a queue: how long a test waits for a mail before it fails. */
const MAIL_WAIT_MS = 15_000;
const POLL_MS = 100;

/** Every mail to `to`, newest first. */
export async function mailTo(ctx: Pick<TestContext, 'request'>, to: string): Promise<DevMailboxMessage[]> {
  const res = await ctx.request.get('/api/dev/mailbox').query({ to });
  expect(res.status, res.text).toBe(200);
  return res.body as DevMailboxMessage[];
}

/**
 * Waits until `to` has received at least `count` mails (of those `matching`, when given); answers
 * them newest first.
 */
export async function waitForMail(
  ctx: Pick<TestContext, 'request'>,
  to: string,
  count = 1,
  matching: (mail: DevMailboxMessage) => boolean = () => true,
): Promise<DevMailboxMessage[]> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const mails = (await mailTo(ctx, to)).filter(matching);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) {
      throw new Error(`${to} received ${mails.length} of ${count} mails within ${MAIL_WAIT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The token of the link to `page` (`/verify-email`, `/reset-password`) in a mail; fails without one. */
export function tokenOfLink(mail: DevMailboxMessage, publicUrl: string, page: string): string {
  const link = mail.links.find((url) => url.startsWith(`${publicUrl}${page}?`));
  expect(link, `a ${page} link in "${mail.subject}": ${mail.links.join(', ')}`).toBeDefined();
  const token = new URL(link!).searchParams.get('token');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token!;
}

/** The token of the newest link to `page` once `to` has received `count` mails. */
export async function tokenFromMail(
  ctx: Pick<TestContext, 'request' | 'config'>,
  to: string,
  page: '/verify-email' | '/reset-password',
  count = 1,
): Promise<string> {
  // Other mail may come after it (a booking's confirmation): the newest mail with such a link.
  const mails = await waitForMail(ctx, to, count);
  const withLink = mails.find((mail) => mail.links.some((url) => new URL(url).pathname === page));
  return tokenOfLink(withLink ?? mails[0], ctx.config.publicUrl, page);
}
