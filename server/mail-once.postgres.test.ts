import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { createJobQueue, type JobQueue } from './lib/job-queue';
import { createLogger } from './lib/logger';
import { composeMail, createMailService, type MailService } from './modules/mail';
import { startTestSmtpServer, type TestSmtpServer } from './modules/mail/mail.fixtures';
import { startInstances, type Instances } from './test/instances';
import type { ServerProcess } from './test/server-process';

const MAILS = 100;
const PER_TRANSACTION = 10;
/** The first messages offered are answered 451 (try again later): those mails go round the queue again. */
const REFUSED = 5;
/** Each message takes this long to be accepted, so one worker cannot drain the queue before the other polls. */
const ACCEPT_AFTER_MS = 300;

/**
 * Two real server processes on one PostgreSQL database, both running the mail worker, and a real
 * SMTP server: every mail queued is received exactly once, whichever instance claims it, and the
 * ones the server refused at first arrive after a retry (docs/decisions/021-mail-queue.md).
 */
describe('mail from two server instances on one PostgreSQL database', () => {
  let cluster: Instances;
  let smtp: TestSmtpServer;
  let database: DatabaseHandle;
  let jobQueue: JobQueue;
  let mail: MailService;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ acceptAfterMs: ACCEPT_AFTER_MS });
    cluster = await startInstances({
      database: 'plumbline_mailonce',
      count: 2,
      // LOG_LEVEL=info: each instance logs every mail it delivered.
      env: { SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
    });
    [a, b] = cluster.instances;
    database = cluster.database;
    // The test queues the mails as the app does, through a queue that only sends (no worker here).
    const logger = createLogger('silent');
    jobQueue = createJobQueue({ pool: database.pool, logger, options: { deliver: false } });
    mail = createMailService({
      db: database.db,
      jobQueue,
      config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: cluster.url, SMTP_URL: smtp.url }),
      logger,
    });
    await jobQueue.start();
  }, 120_000);

  afterAll(async () => {
    // The test's queue sends through the test's connection, which cluster.stop() closes.
    await jobQueue?.stop();
    await cluster?.stop();
    await smtp?.close();
  }, 60_000);

  const deliveredBy = (instance: ServerProcess) =>
    instance
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"mail delivered"')).length;

  it('delivers each queued mail exactly once, retrying the ones the SMTP server refused', async () => {
    smtp.refuseNext(REFUSED);
    const subjects = Array.from({ length: MAILS }, (_, i) => `Mail ${i + 1} of ${MAILS}`);
    for (let start = 0; start < MAILS; start += PER_TRANSACTION) {
      await database.db.transaction(async (tx) => {
        for (const subject of subjects.slice(start, start + PER_TRANSACTION)) {
          await mail.send(tx, composeMail({ to: 'once@example.test', subject, paragraphs: [subject] }));
        }
      });
    }

    // Refused mails come back after the first retry delay (5–10 s with the default backoff).
    await smtp.waitFor(MAILS, 60_000);
    // Time for any repeat to show up: a claim that expired, a second worker, a retry of a sent mail.
    await sleep(4_000);

    const received = smtp.received.map((mail) => mail.headers.subject);
    expect(received).toHaveLength(MAILS);
    expect([...received].sort()).toEqual([...subjects].sort());
    expect(new Set(smtp.received.map((mail) => mail.headers['message-id'])).size).toBe(MAILS);
    expect(smtp.attempts()).toBe(MAILS + REFUSED);

    // Both instances took part, and between them delivered each mail once.
    const [byA, byB] = [deliveredBy(a), deliveredBy(b)];
    expect(byA, 'mails delivered by instance a').toBeGreaterThan(0);
    expect(byB, 'mails delivered by instance b').toBeGreaterThan(0);
    expect(byA + byB).toBe(MAILS);

    const { rows } = await database.pool.query<{ state: string; count: string }>(
      `select state, count(*) as count from pgboss.job where name = 'mail' group by state`,
    );
    expect(rows).toEqual([{ state: 'completed', count: String(MAILS) }]);
  }, 120_000);
});
