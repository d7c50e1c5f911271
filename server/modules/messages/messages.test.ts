import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@shared/constants';
import { MASKED_CONTACT, MESSAGE_MESSAGES } from '@shared/contracts/messages';
import { PLUMBER_MESSAGES } from '@shared/contracts/plumbers';
import { jobMessages, liveEvents, notifications } from '@shared/schema';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { mailTo } from '../auth/account-tokens.fixtures';
import {
  acceptQuote,
  createJob,
  loginAdmin,
  registerActor,
  registerPlumber,
  sendQuote,
  setStatus,
  type Actor,
  type PlumberActor,
} from '../jobs/marketplace.fixtures';
import { MESSAGE_RATE_LIMIT_MESSAGE } from './messages.routes';

const JOB_NOT_FOUND = { error: 'Job not found', code: 'NOT_FOUND' };
const DENVER = { zip: '80202', serviceRadiusKm: 30 };
const AUSTIN = { zip: '78745', serviceRadiusKm: 20 };
const PHONE = '(512) 555-0100';
const EMAIL = 'jo.lee+pipes@example.com';
const WITH_CONTACTS = `Call me on ${PHONE} or write to ${EMAIL}. $1,250.00 on 2026-11-25 at 10:30 in 78745 is fine.`;
const MASKED = `Call me on ${MASKED_CONTACT} or write to ${MASKED_CONTACT}. $1,250.00 on 2026-11-25 at 10:30 in 78745 is fine.`;

const url = (jobId: string) => `/api/jobs/${jobId}/messages`;
const read = (actor: Actor, jobId: string) => actor.agent.get(url(jobId));
const write = (actor: Actor, jobId: string, body: object) => actor.agent.post(url(jobId)).send(body);

describe(`job messages (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let homeowner: Actor;
  let stranger: Actor;
  let admin: Actor;
  /** Quotes on the jobs below. */
  let plumber: PlumberActor;
  /** Verified, works in the same area, has not quoted. */
  let neighbour: PlumberActor;
  let farAway: PlumberActor;
  let pending: PlumberActor;

  beforeAll(async () => {
    ctx = await createTestContext({
      seed: true,
      mailQueue: { deliver: true },
      env: { MESSAGE_RATE_LIMIT: '1000' },
    });
    homeowner = await registerActor(ctx, 'homeowner');
    stranger = await registerActor(ctx, 'homeowner');
    admin = await loginAdmin(ctx);
    plumber = await registerPlumber(ctx, DENVER);
    neighbour = await registerPlumber(ctx, DENVER);
    farAway = await registerPlumber(ctx, AUSTIN);
    pending = await registerPlumber(ctx, DENVER, { vetting: 'submitted' });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  /** A new job of the homeowner, in Denver, that the plumber has quoted on. */
  async function quotedJob(): Promise<{ jobId: string; quoteId: string }> {
    const job = await createJob(ctx, homeowner.user.id);
    return { jobId: job.id, quoteId: await sendQuote(plumber, job.id) };
  }

  async function storedMessage(id: string) {
    const [row] = await ctx.database.db.select().from(jobMessages).where(eq(jobMessages.id, id));
    return row;
  }

  async function storedMessagesOf(jobId: string) {
    return ctx.database.db.select().from(jobMessages).where(eq(jobMessages.jobId, jobId));
  }

  async function notificationsOf(messageId: string) {
    return ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.eventKey, `message:${messageId}`));
  }

  /** Mail queued for `to` whose text contains `text` (pg-boss keeps jobs, done or not, in `pgboss.job`). */
  async function queuedMailCount(to: string, text: string): Promise<number> {
    const { rows } = await ctx.database.pool.query<{ count: string }>(
      `select count(*) as count from pgboss.job where name = 'mail' and data->>'to' = $1 and strpos(data->>'text', $2) > 0`,
      [to, text],
    );
    return Number(rows[0].count);
  }

  /** The mail to `to` that quotes `text`, once the queue has delivered it (other mail may come first). */
  async function mailQuoting(to: string, text: string) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = (await mailTo(ctx, to)).find((mail) => mail.text.includes(text));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} quoting "${text}"`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  describe('who reads and writes while the job is open', () => {
    it('asks anonymous callers to log in', async () => {
      const { jobId } = await quotedJob();
      expect((await ctx.request.get(url(jobId))).status).toBe(401);
      const res = await ctx.request.post(url(jobId)).send({ body: 'Hello' });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    });

    it('shows the homeowner a thread per quoting plumber, open and empty, so they can write first', async () => {
      const { jobId } = await quotedJob();
      const res = await read(homeowner, jobId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        masking: true,
        threads: [
          {
            plumberId: plumber.plumberId,
            plumber: { name: plumber.user.name, businessName: 'Test Plumbing Co.' },
            messages: [],
            open: true,
          },
        ],
      });

      const sent = await write(homeowner, jobId, {
        body: '  Can you come on Friday?  ',
        plumberId: plumber.plumberId,
      });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({
        jobId,
        plumberId: plumber.plumberId,
        author: { role: 'homeowner', name: homeowner.user.name },
        mine: true,
        body: 'Can you come on Friday?',
        masked: false,
      });
      expect((await storedMessage(sent.body.id)).authorId).toBe(homeowner.user.id);
    });

    it('lets the quoting plumber read and write only his own thread; a plumberId he sends is ignored', async () => {
      const { jobId } = await quotedJob();
      expect((await write(neighbour, jobId, { body: 'Is the shut-off valve reachable?' })).status).toBe(201);
      expect(
        (await write(homeowner, jobId, { body: 'Yes, under the sink.', plumberId: plumber.plumberId }))
          .status,
      ).toBe(201);
      const sent = await write(plumber, jobId, { body: 'Friday works.', plumberId: neighbour.plumberId });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({
        plumberId: plumber.plumberId,
        author: { role: 'plumber', name: plumber.user.name },
        mine: true,
      });

      const res = await read(plumber, jobId);
      expect(res.status).toBe(200);
      expect(res.body.masking).toBe(true);
      expect(res.body.threads).toHaveLength(1);
      const [thread] = res.body.threads;
      expect(thread).toMatchObject({ plumberId: plumber.plumberId, open: true });
      // Oldest first; the homeowner's name is not shown to a plumber before he is hired.
      expect(thread.messages.map((message: { body: string }) => message.body)).toEqual([
        'Yes, under the sink.',
        'Friday works.',
      ]);
      expect(thread.messages[0]).toMatchObject({ author: { role: 'homeowner', name: null }, mine: false });
      expect(thread.messages[1]).toMatchObject({ author: { role: 'plumber' }, mine: true });
      expect(res.text).not.toContain('shut-off valve');
      expect(res.text).not.toContain(homeowner.user.name!);
    });

    it('lets another verified plumber of the area ask before quoting, and the homeowner answer him', async () => {
      const { jobId } = await quotedJob();
      const empty = await read(neighbour, jobId);
      expect(empty.status).toBe(200);
      expect(empty.body.threads).toEqual([
        {
          plumberId: neighbour.plumberId,
          plumber: { name: neighbour.user.name, businessName: 'Test Plumbing Co.' },
          messages: [],
          open: true,
        },
      ]);
      const asked = await write(neighbour, jobId, { body: 'How old is the water heater?' });
      expect(asked.status).toBe(201);
      const answered = await write(homeowner, jobId, {
        body: 'About 12 years.',
        plumberId: neighbour.plumberId,
      });
      expect(answered.status).toBe(201);

      const res = await read(homeowner, jobId);
      expect(res.status).toBe(200);
      // The quoting plumber's thread (empty) came first, then the one the question started.
      expect(res.body.threads.map((thread: { plumberId: string }) => thread.plumberId)).toEqual([
        plumber.plumberId,
        neighbour.plumberId,
      ]);
      expect(res.body.threads[1].messages).toMatchObject([
        {
          body: 'How old is the water heater?',
          author: { role: 'plumber', name: neighbour.user.name },
          mine: false,
        },
        { body: 'About 12 years.', author: { role: 'homeowner', name: homeowner.user.name }, mine: true },
      ]);
    });

    it('tells a plumber whose area does not cover the job that it does not exist', async () => {
      const { jobId } = await quotedJob();
      expect((await read(farAway, jobId)).body).toEqual(JOB_NOT_FOUND);
      const res = await write(farAway, jobId, { body: 'I could drive up.' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(JOB_NOT_FOUND);
      expect(await storedMessagesOf(jobId)).toEqual([]);
    });

    it('refuses a plumber not verified yet the way quoting does, whatever the job', async () => {
      const { jobId } = await quotedJob();
      const quoting = await pending.agent.post('/api/quotes').send({ jobId, minTotal: 100, maxTotal: 200 });
      expect(quoting.status).toBe(403);
      const refused = { error: PLUMBER_MESSAGES.notVerified, code: 'FORBIDDEN' };
      expect(quoting.body).toEqual(refused);

      for (const id of [jobId, randomUUID()]) {
        const reading = await read(pending, id);
        expect(reading.status).toBe(403);
        expect(reading.body).toEqual(refused);
        const writing = await write(pending, id, { body: 'Hello?' });
        expect(writing.status).toBe(403);
        expect(writing.body).toEqual(refused);
      }
      expect(await storedMessagesOf(jobId)).toEqual([]);
    });

    it('tells another homeowner that the job does not exist', async () => {
      const { jobId } = await quotedJob();
      expect((await write(plumber, jobId, { body: 'See you Friday.' })).status).toBe(201);
      const reading = await read(stranger, jobId);
      expect(reading.status).toBe(404);
      expect(reading.body).toEqual(JOB_NOT_FOUND);
      const writing = await write(stranger, jobId, { body: 'Hi', plumberId: plumber.plumberId });
      expect(writing.status).toBe(404);
      expect(writing.body).toEqual(JOB_NOT_FOUND);
    });

    it('lets an admin read every thread, none of them open to him, and not write', async () => {
      const { jobId } = await quotedJob();
      expect((await write(neighbour, jobId, { body: 'Which floor is the bathroom on?' })).status).toBe(201);
      const res = await read(admin, jobId);
      expect(res.status).toBe(200);
      expect(res.body.threads.map((thread: { plumberId: string }) => thread.plumberId)).toEqual([
        plumber.plumberId,
        neighbour.plumberId,
      ]);
      expect(res.body.threads.map((thread: { open: boolean }) => thread.open)).toEqual([false, false]);
      const writing = await write(admin, jobId, { body: 'Hello', plumberId: plumber.plumberId });
      expect(writing.status).toBe(403);
      expect(writing.body.code).toBe('FORBIDDEN');
    });

    it('answers 404 for a job that does not exist', async () => {
      const jobId = randomUUID();
      for (const actor of [homeowner, plumber, admin])
        expect((await read(actor, jobId)).body).toEqual(JOB_NOT_FOUND);
      expect((await write(plumber, jobId, { body: 'Hi' })).body).toEqual(JOB_NOT_FOUND);
      expect((await write(homeowner, jobId, { body: 'Hi', plumberId: plumber.plumberId })).body).toEqual(
        JOB_NOT_FOUND,
      );
    });
  });

  describe('what the homeowner may write and what a message may be', () => {
    it('asks the homeowner which plumber to write to', async () => {
      const { jobId } = await quotedJob();
      const res = await write(homeowner, jobId, { body: 'Hello' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: MESSAGE_MESSAGES.plumberIdRequired });
      const invalid = await write(homeowner, jobId, { body: 'Hello', plumberId: 'not-a-uuid' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error).toBe(MESSAGE_MESSAGES.plumberIdInvalid);
    });

    it('does not let the homeowner start a thread with a plumber who has neither quoted nor written', async () => {
      const { jobId } = await quotedJob();
      for (const plumberId of [neighbour.plumberId, farAway.plumberId, randomUUID()]) {
        const res = await write(homeowner, jobId, { body: 'Could you quote too?', plumberId });
        expect(res.status).toBe(404);
        expect(res.body).toEqual(JOB_NOT_FOUND);
      }
      expect(await storedMessagesOf(jobId)).toEqual([]);
    });

    it('refuses an empty, a blank and a too long message; takes one of exactly the longest length', async () => {
      const { jobId } = await quotedJob();
      for (const [body, error] of [
        [undefined, MESSAGE_MESSAGES.bodyRequired],
        ['', MESSAGE_MESSAGES.bodyRequired],
        [' \n\t  ', MESSAGE_MESSAGES.bodyRequired],
        ['x'.repeat(MESSAGE_MAX_LENGTH + 1), MESSAGE_MESSAGES.bodyMax],
      ] as const) {
        const res = await write(plumber, jobId, { body });
        expect(res.status, String(body).slice(0, 20)).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error });
      }
      expect(await storedMessagesOf(jobId)).toEqual([]);

      const longest = await write(plumber, jobId, { body: ` ${'y'.repeat(MESSAGE_MAX_LENGTH)} ` });
      expect(longest.status).toBe(201);
      expect((await storedMessage(longest.body.id)).body).toBe('y'.repeat(MESSAGE_MAX_LENGTH));
    });
  });

  describe('contact details', () => {
    it('hides them until a quote is accepted, in the answer, the stored body and the notification', async () => {
      const { jobId } = await quotedJob();
      const fromPlumber = await write(plumber, jobId, { body: WITH_CONTACTS });
      expect(fromPlumber.status).toBe(201);
      expect(fromPlumber.body).toMatchObject({ body: MASKED, masked: true });
      expect(await storedMessage(fromPlumber.body.id)).toMatchObject({ body: MASKED, masked: true });

      const fromHomeowner = await write(homeowner, jobId, {
        body: 'My cell is 303.555.0147, email ann at example dot com',
        plumberId: plumber.plumberId,
      });
      expect(fromHomeowner.status).toBe(201);
      expect(await storedMessage(fromHomeowner.body.id)).toMatchObject({
        body: `My cell is ${MASKED_CONTACT}, email ${MASKED_CONTACT}`,
        masked: true,
      });

      const [notice] = await notificationsOf(fromPlumber.body.id);
      expect(notice.body).toContain(`Call me on ${MASKED_CONTACT}`);
      const thread = await read(homeowner, jobId);
      expect(thread.body.masking).toBe(true);
      expect(thread.text).not.toContain('555-0100');
      expect(thread.text).not.toContain(EMAIL);
      expect(thread.text).not.toContain('0147');
    });

    it('keeps a message of the longest length within the limit when masked', async () => {
      const { jobId } = await quotedJob();
      const body = `${'a@b.co '.repeat(200)}${PHONE} `.padEnd(MESSAGE_MAX_LENGTH, 'z');
      expect(body.length).toBe(MESSAGE_MAX_LENGTH);
      const res = await write(plumber, jobId, { body });
      expect(res.status).toBe(201);
      const stored = await storedMessage(res.body.id);
      expect(stored.masked).toBe(true);
      expect(stored.body.length).toBeLessThanOrEqual(MESSAGE_MAX_LENGTH);
      expect(stored.body).not.toContain('@');
    });

    it('hides nothing once a quote is accepted', async () => {
      const { jobId, quoteId } = await quotedJob();
      await acceptQuote(homeowner, jobId, quoteId);
      expect((await read(homeowner, jobId)).body.masking).toBe(false);
      const fromPlumber = await write(plumber, jobId, { body: WITH_CONTACTS });
      expect(fromPlumber.status).toBe(201);
      expect(fromPlumber.body).toMatchObject({ body: WITH_CONTACTS, masked: false });
      expect(await storedMessage(fromPlumber.body.id)).toMatchObject({ body: WITH_CONTACTS, masked: false });
      const fromHomeowner = await write(homeowner, jobId, {
        body: `Great, mine is ${EMAIL}`,
        plumberId: plumber.plumberId,
      });
      expect(await storedMessage(fromHomeowner.body.id)).toMatchObject({
        body: `Great, mine is ${EMAIL}`,
        masked: false,
      });
    });
  });

  describe('after the job went to a plumber, or was cancelled', () => {
    it('keeps the hired plumber’s thread open whatever the status, and shows him the homeowner’s name', async () => {
      const { jobId, quoteId } = await quotedJob();
      expect(
        (await write(homeowner, jobId, { body: 'Welcome aboard', plumberId: plumber.plumberId })).status,
      ).toBe(201);
      await acceptQuote(homeowner, jobId, quoteId);
      const res = await read(plumber, jobId);
      expect(res.status).toBe(200);
      expect(res.body.threads[0]).toMatchObject({ plumberId: plumber.plumberId, open: true });
      expect(res.body.threads[0].messages[0].author).toEqual({
        role: 'homeowner',
        name: homeowner.user.name,
      });

      expect((await setStatus(plumber, jobId, 'in_progress')).status).toBe(200);
      expect((await write(plumber, jobId, { body: 'On my way' })).status).toBe(201);
      expect((await setStatus(plumber, jobId, 'completed')).status).toBe(200);
      expect((await write(plumber, jobId, { body: 'Invoice follows' })).status).toBe(201);
      expect((await write(homeowner, jobId, { body: 'Thanks!', plumberId: plumber.plumberId })).status).toBe(
        201,
      );
    });

    it('lets a plumber who lost the job read his thread, and closes it to both sides (409)', async () => {
      const { jobId, quoteId } = await quotedJob();
      expect((await write(neighbour, jobId, { body: 'I can do it for less.' })).status).toBe(201);
      await acceptQuote(homeowner, jobId, quoteId);

      const res = await read(neighbour, jobId);
      expect(res.status).toBe(200);
      expect(res.body.threads).toHaveLength(1);
      expect(res.body.threads[0]).toMatchObject({ plumberId: neighbour.plumberId, open: false });
      expect(res.body.threads[0].messages).toHaveLength(1);
      const closed = { code: 'CONFLICT', error: MESSAGE_MESSAGES.threadClosed };
      expect((await write(neighbour, jobId, { body: 'Still interested?' })).body).toEqual(closed);
      const fromHomeowner = await write(homeowner, jobId, { body: 'Sorry', plumberId: neighbour.plumberId });
      expect(fromHomeowner.status).toBe(409);
      expect(fromHomeowner.body).toEqual(closed);

      const threads = (await read(homeowner, jobId)).body.threads as { plumberId: string; open: boolean }[];
      expect(threads.map((thread) => [thread.plumberId, thread.open])).toEqual([
        [plumber.plumberId, true],
        [neighbour.plumberId, false],
      ]);
      // A plumber of the area who never wrote there has nothing to read once the job is taken.
      const { jobId: otherJob, quoteId: otherQuote } = await quotedJob();
      await acceptQuote(homeowner, otherJob, otherQuote);
      expect((await read(neighbour, otherJob)).body).toEqual(JOB_NOT_FOUND);
      expect((await write(neighbour, otherJob, { body: 'Hi' })).body).toEqual(JOB_NOT_FOUND);
    });

    it('closes every thread of a cancelled job, still readable', async () => {
      const { jobId } = await quotedJob();
      expect((await write(plumber, jobId, { body: 'When can I see it?' })).status).toBe(201);
      expect((await setStatus(homeowner, jobId, 'cancelled')).status).toBe(200);
      const res = await read(plumber, jobId);
      expect(res.status).toBe(200);
      expect(res.body.threads[0]).toMatchObject({ open: false, messages: [{ body: 'When can I see it?' }] });
      expect((await write(plumber, jobId, { body: 'Hello?' })).status).toBe(409);
      expect((await write(homeowner, jobId, { body: 'Sorry', plumberId: plumber.plumberId })).status).toBe(
        409,
      );
      expect((await read(neighbour, jobId)).status).toBe(404);
    });
  });

  describe('notifications', () => {
    it('notifies the homeowner once of a plumber’s message, mails it, and refreshes the author’s pages', async () => {
      const { jobId } = await quotedJob();
      const text = `Checked the photos: the trap needs replacing ${randomUUID()}`;
      const res = await write(plumber, jobId, { body: text });
      expect(res.status).toBe(201);
      const notices = await notificationsOf(res.body.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        userId: homeowner.user.id,
        kind: 'new_message',
        jobId,
        title: 'New message about your job',
        body: `Test Plumbing Co.: ${text}`,
      });
      const authorEvents = await ctx.database.db
        .select()
        .from(liveEvents)
        .where(and(eq(liveEvents.userId, plumber.user.id), eq(liveEvents.jobId, jobId)));
      expect(authorEvents.map((event) => event.type)).toContain('job_changed');
      expect(
        await ctx.database.db.select().from(notifications).where(eq(notifications.userId, plumber.user.id)),
      ).not.toContainEqual(expect.objectContaining({ eventKey: `message:${res.body.id}` }));

      const mail = await mailQuoting(homeowner.user.email, text);
      expect(mail.subject).toBe('New message about your job');
      expect(mail.links).toContain(`${ctx.config.publicUrl}/jobs/${jobId}`);
      expect(await queuedMailCount(homeowner.user.email, text)).toBe(1);
    });

    it('notifies the plumber of the homeowner’s message without naming the homeowner, quoting 140 characters', async () => {
      const { jobId } = await quotedJob();
      const long = `${'Water everywhere. '.repeat(10)}The end.`;
      const res = await write(homeowner, jobId, { body: long, plumberId: plumber.plumberId });
      expect(res.status).toBe(201);
      const notices = await notificationsOf(res.body.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        userId: plumber.user.id,
        kind: 'new_message',
        title: 'New message from the homeowner',
      });
      expect(notices[0].body).toBe(`The homeowner: ${long.slice(0, 140).trimEnd()}…`);
      expect(notices[0].body).not.toContain(homeowner.user.name!);
    });

    it('does not mail a user who turned message mail off, but still notifies them', async () => {
      const quiet = await registerPlumber(ctx, DENVER);
      const optOut = await quiet.agent
        .patch('/api/account/notifications')
        .send({ email: { new_message: false } });
      expect(optOut.status).toBe(200);
      const job = await createJob(ctx, homeowner.user.id);
      const asked = await write(quiet, job.id, { body: `Is there a basement? ${randomUUID()}` });
      expect(asked.status).toBe(201);
      const text = `Yes, a small one ${randomUUID()}`;
      const answer = await write(homeowner, job.id, { body: text, plumberId: quiet.plumberId });
      expect(answer.status).toBe(201);

      expect(await notificationsOf(answer.body.id)).toMatchObject([
        { userId: quiet.user.id, kind: 'new_message' },
      ]);
      expect(await queuedMailCount(quiet.user.email, text)).toBe(0);
      // The homeowner, who did not turn it off, had the question queued for mail.
      expect(await queuedMailCount(homeowner.user.email, asked.body.body)).toBe(1);
    });
  });
});

describe(`job messages: the rate limit (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true, env: { MESSAGE_RATE_LIMIT: '2' } });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('limits the messages one account sends, not the others’', async () => {
    const homeowner = await registerActor(ctx, 'homeowner');
    const plumber = await registerPlumber(ctx, DENVER);
    const neighbour = await registerPlumber(ctx, DENVER);
    const job = await createJob(ctx, homeowner.user.id);
    expect((await write(plumber, job.id, { body: 'One' })).status).toBe(201);
    expect((await write(plumber, job.id, { body: 'Two' })).status).toBe(201);
    const third = await write(plumber, job.id, { body: 'Three' });
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ code: 'RATE_LIMITED', error: MESSAGE_RATE_LIMIT_MESSAGE });
    expect((await write(neighbour, job.id, { body: 'Mine' })).status).toBe(201);
    expect((await write(homeowner, job.id, { body: 'Hi', plumberId: plumber.plumberId })).status).toBe(201);
    const messages = await ctx.database.db.select().from(jobMessages).where(eq(jobMessages.jobId, job.id));
    expect(messages.map((message) => message.body).sort()).toEqual(['Hi', 'Mine', 'One', 'Two']);
  });
});
