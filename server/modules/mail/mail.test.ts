import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxMessages } from '@shared/schema';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';
import { composeMail } from './mail.compose';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from './mail.fixtures';

const PUBLIC_URL = 'https://plumbline.example';
const SUPPORT = { SUPPORT_EMAIL: 'care@plumbline.example', SUPPORT_PHONE: '(555) 010-2222' };

/** A mail with everything the layout must escape: markup in a paragraph, `&` in the link. */
function sampleMail(to: string, subject: string) {
  return composeMail({
    to,
    subject,
    paragraphs: ['Thanks for joining <Plumbline> & co.', 'The link works for 24 hours.'],
    action: { label: 'Confirm e-mail', url: `${PUBLIC_URL}/verify-email?token=abc123&from=mail` },
  });
}

/** Rows in the queue's own table whose mail has this subject (pg-boss keeps jobs in `pgboss.job`). */
async function queuedWithSubject(ctx: TestContext, subject: string): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ count: string }>(
    `select count(*) as count from pgboss.job where name = 'mail' and data->>'subject' = $1`,
    [subject],
  );
  return Number(rows[0].count);
}

describe('composeMail', () => {
  it('writes the greeting, the paragraphs and the button in both parts, escaping the HTML', () => {
    const mail = sampleMail('someone@example.test', 'Confirm your e-mail');
    expect(mail.text).toBe(
      [
        'Hello,',
        'Thanks for joining <Plumbline> & co.',
        'The link works for 24 hours.',
        `Confirm e-mail: ${PUBLIC_URL}/verify-email?token=abc123&from=mail`,
      ].join('\n\n'),
    );
    expect(mail.html).toContain('Thanks for joining &lt;Plumbline&gt; &amp; co.');
    expect(mail.html).not.toContain('<Plumbline>');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/verify-email?token=abc123&amp;from=mail"`);
    expect(mail.html).toContain('>Confirm e-mail</a>');
  });

  it('leaves the button out when there is no action', () => {
    const mail = composeMail({ to: 'a@example.test', subject: 'Hi', paragraphs: ['Just so you know.'] });
    expect(mail.text).toBe('Hello,\n\nJust so you know.');
    expect(mail.html).not.toContain('<a ');
  });
});

describe(`outgoing mail through SMTP (${testDatabaseKind} database)`, () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = await createTestContext({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Plumbline Test <mail@plumbline.test>',
        PUBLIC_URL,
        ...SUPPORT,
      },
      // Retries a second apart, so the refusing server below is retried within the test.
      mailQueue: { deliver: true, retryDelaySeconds: 1, retryDelayMaxSeconds: 1 },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const withSubject = (subject: string) => smtp.received.filter((mail) => mail.headers.subject === subject);

  async function arrival(subject: string): Promise<ReceivedMail> {
    const deadline = Date.now() + 20_000;
    while (withSubject(subject).length === 0) {
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" within 20 s`);
      await sleep(50);
    }
    return withSubject(subject)[0];
  }

  it('delivers a queued mail with a text and an HTML part, the subject, the sender and the footer', async () => {
    const to = uniqueEmail('smtp');
    const subject = `Confirm your e-mail ${randomUUID()}`;
    await ctx.mail.send(ctx.database.db, sampleMail(to, subject));

    const mail = await arrival(subject);
    expect(mail.envelopeTo).toEqual([to]);
    expect(mail.headers.to).toBe(to);
    expect(mail.headers.from).toContain('Plumbline Test');
    expect(mail.headers.from).toContain('<mail@plumbline.test>');
    expect(mail.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@plumbline\.test>$/);
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);

    const text = mail.parts['text/plain'];
    expect(text.startsWith('Plumbline\n\nHello,\n\nThanks for joining <Plumbline> & co.')).toBe(true);
    expect(text).toContain(`Confirm e-mail: ${PUBLIC_URL}/verify-email?token=abc123&from=mail`);
    expect(text).toContain(`Plumbline · ${PUBLIC_URL}`);
    expect(text).toContain(`Questions? Write to ${SUPPORT.SUPPORT_EMAIL} or call ${SUPPORT.SUPPORT_PHONE}.`);

    const html = mail.parts['text/html'];
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<title>${subject}</title>`);
    expect(html).toContain('Thanks for joining &lt;Plumbline&gt; &amp; co.');
    expect(html).toContain(`href="${PUBLIC_URL}/verify-email?token=abc123&amp;from=mail"`);
    expect(html).toContain(`href="mailto:${SUPPORT.SUPPORT_EMAIL}"`);
    expect(html).toContain(SUPPORT.SUPPORT_PHONE);
    expect(html).toContain(`>${PUBLIC_URL}</a>`);
  });

  it('delivers the attachments a mail carries through the queue, with their names and types', async () => {
    const to = uniqueEmail('attached');
    const subject = `Appointment booked ${randomUUID()}`;
    const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    await ctx.mail.send(ctx.database.db, {
      ...sampleMail(to, subject),
      attachments: [
        {
          filename: 'plumbline-appointment.ics',
          contentType: 'text/calendar; charset=utf-8; method=REQUEST',
          content: calendar,
        },
      ],
    });

    const mail = await arrival(subject);
    expect(mail.headers['content-type']).toMatch(/^multipart\/mixed/);
    expect(mail.parts['text/calendar'].replace(/\n/g, '\r\n')).toBe(calendar);
    const { rows } = await ctx.database.pool.query<{ data: { attachments: { filename: string }[] } }>(
      `select data from pgboss.job where name = 'mail' and data->>'subject' = $1`,
      [subject],
    );
    expect(rows.map((row) => row.data.attachments.map((file) => file.filename))).toEqual([
      ['plumbline-appointment.ics'],
    ]);
  });

  it('sends a mail queued in a transaction only if it commits', async () => {
    const rolledBack = `Never sent ${randomUUID()}`;
    const committed = `Sent after ${randomUUID()}`;
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await ctx.mail.send(tx, sampleMail(uniqueEmail('rollback'), rolledBack));
        throw new Error('the caller fails after queueing');
      }),
    ).rejects.toThrow('the caller fails after queueing');
    await ctx.database.db.transaction(async (tx) => {
      await ctx.mail.send(tx, sampleMail(uniqueEmail('commit'), committed));
    });

    // The committed mail, queued after the rolled-back one, arrives; the other was never queued.
    await arrival(committed);
    expect(withSubject(rolledBack)).toEqual([]);
    expect(await queuedWithSubject(ctx, rolledBack)).toBe(0);
    expect(await queuedWithSubject(ctx, committed)).toBe(1);
  });

  it('retries a server that answers "try again later" until it accepts, and sends the mail once', async () => {
    const subject = `Retried ${randomUUID()}`;
    const attemptsBefore = smtp.attempts();
    smtp.refuseNext(2);
    await ctx.mail.send(ctx.database.db, sampleMail(uniqueEmail('retry'), subject));

    await arrival(subject);
    expect(smtp.attempts() - attemptsBefore).toBe(3);
    // Given time for a stray repeat, there is still one.
    await sleep(1_500);
    expect(withSubject(subject)).toHaveLength(1);
    expect(smtp.attempts() - attemptsBefore).toBe(3);
  });
});

describe(`outgoing mail without SMTP: the developer mailbox (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { PUBLIC_URL, ...SUPPORT }, mailQueue: { deliver: true } });
    expect(ctx.config.mail.devMailbox).toBe(true);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function mailboxOf(to: string, count: number) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const res = await ctx.request.get('/api/dev/mailbox').query({ to });
      expect(res.status).toBe(200);
      if (res.body.length >= count) return res.body as { id: string; subject: string; links: string[] }[];
      if (Date.now() > deadline) throw new Error(`${res.body.length} of ${count} mails within 20 s`);
      await sleep(100);
    }
  }

  it('keeps the mail and lists it newest first with its links, for that address only', async () => {
    const to = uniqueEmail('mailbox');
    await ctx.mail.send(ctx.database.db, sampleMail(to, 'First mail'));
    await mailboxOf(to, 1);
    await ctx.database.db.transaction((tx) => ctx.mail.send(tx, sampleMail(to, 'Second mail')));
    await ctx.mail.send(ctx.database.db, sampleMail(uniqueEmail('someone-else'), 'Not yours'));

    // Addresses are compared as accounts keep them: lower-cased.
    const [newest, oldest] = await mailboxOf(to.toUpperCase(), 2);
    expect(newest).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      to,
      subject: 'Second mail',
      text: expect.stringContaining('Thanks for joining <Plumbline> & co.'),
      links: [`${PUBLIC_URL}/verify-email?token=abc123&from=mail`, PUBLIC_URL],
      createdAt: expect.any(String),
    });
    expect(oldest.subject).toBe('First mail');
    expect((await mailboxOf(to, 2)).map((mail) => mail.subject)).toEqual(['Second mail', 'First mail']);
  });

  it('refuses a missing or malformed address with 400', async () => {
    const missing = await ctx.request.get('/api/dev/mailbox');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('VALIDATION_ERROR');
    expect((await ctx.request.get('/api/dev/mailbox').query({ to: 'not-an-address' })).status).toBe(400);
  });

  it('shows the same mail as an HTML page, every value escaped, under the strict CSP', async () => {
    const to = uniqueEmail('page');
    const subject = '<script>alert(1)</script> Reset your password';
    await ctx.mail.send(ctx.database.db, sampleMail(to, subject));
    await mailboxOf(to, 1);

    const page = await ctx.request.get('/dev/mailbox').query({ to });
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(page.text).not.toMatch(/<script|<style|style=/i);
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Reset your password');
    expect(page.text).toContain(`<a href="${PUBLIC_URL}/verify-email?token=abc123&amp;from=mail">`);
    expect(page.text).toContain('Thanks for joining &lt;Plumbline&gt; &amp; co.');

    // Without an address (or with the form's empty box): everyone's newest mail.
    for (const query of [{}, { to: '' }]) {
      const all = await ctx.request.get('/dev/mailbox').query(query);
      expect(all.status).toBe(200);
      expect(all.text).toContain(to);
    }
    const nobody = await ctx.request.get('/dev/mailbox').query({ to: uniqueEmail('nobody') });
    expect(nobody.text).toContain('No mail to ');
    expect(nobody.text).not.toContain(to);
  });
});

describe(`the mailbox where DEV_MAILBOX=false (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { DEV_MAILBOX: 'false' }, mailQueue: { deliver: true } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('has no mailbox routes, and still keeps the mail instead of sending it', async () => {
    const api = await ctx.request.get('/api/dev/mailbox').query({ to: 'someone@example.test' });
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ error: 'No API route for GET /dev/mailbox', code: 'NOT_FOUND' });
    expect((await ctx.request.get('/dev/mailbox')).status).toBe(404);

    const to = uniqueEmail('kept');
    await ctx.mail.send(ctx.database.db, sampleMail(to, 'Kept, not shown'));
    const deadline = Date.now() + 20_000;
    let kept = await ctx.database.db.select().from(mailboxMessages);
    while (!kept.some((row) => row.toAddress === to) && Date.now() < deadline) {
      await sleep(100);
      kept = await ctx.database.db.select().from(mailboxMessages);
    }
    expect(kept.filter((row) => row.toAddress === to).map((row) => row.subject)).toEqual(['Kept, not shown']);
  });
});
