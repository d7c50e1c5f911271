import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, type JobResult, type JobWithMetadata } from 'pg-boss';
import type { Config } from '../../config';
import type { DatabaseHandle, Executor } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { frameMail, type OutgoingMail } from './mail.compose';
import { createMailboxDelivery, createSmtpDelivery, type MailDelivery } from './mail.delivery';

export interface MailService {
  /** Queues `mail` inside the caller's transaction (or on the pool): sent once, only if that commits. */
  send(executor: Executor, mail: OutgoingMail): Promise<void>;
  /** Opens the queue (pg-boss installs or upgrades its schema) and starts the worker; after migrations. */
  start(): Promise<void>;
  /** Stops the worker (a mail being sent gets a few seconds) and closes the queue; before the pool closes. */
  stop(): Promise<void>;
}

export const MAIL_QUEUE = 'mail';

export interface MailQueueOptions {
  /** False: start() opens the queue for sending but this process delivers nothing (API tests). */
  deliver: boolean;
  /** How often an idle worker looks for mail (no LISTEN/NOTIFY through our pool). */
  pollingIntervalSeconds: number;
  /** Mails one worker claims and sends at once; while claims come back full it claims again at once. */
  batchSize: number;
  /** Attempts after the first before a mail is given up (logged as failed). */
  retryLimit: number;
  /** The first retry's delay; each next one about doubles (with jitter), up to retryDelayMaxSeconds. */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /**
   * Longer than one SMTP conversation can take (SMTP_TIMEOUTS_MS; a batch is sent at once), so no
   * mail is handed to a second worker while the first is still sending it.
   */
  expireInSeconds: number;
  /** Sent mail stays in the queue's table this long (it holds links with tokens: not longer). */
  deleteAfterSeconds: number;
}

/** About three quarters of an hour of retries before a mail is given up: longer than an SMTP server's restart. */
export const MAIL_QUEUE_DEFAULTS: MailQueueOptions = {
  deliver: true,
  pollingIntervalSeconds: 2,
  batchSize: 10,
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 600,
  expireInSeconds: 300,
  deleteAfterSeconds: 24 * 60 * 60,
};

export interface MailServiceDeps {
  /** pg-boss runs its own statements on this pool: the embedded database's one connection is shared. */
  database: DatabaseHandle;
  config: Pick<Config, 'mail' | 'support' | 'publicUrl'>;
  logger: Logger;
  queue?: Partial<MailQueueOptions>;
}

/**
 * Outgoing mail through a PostgreSQL job queue (pg-boss; docs/decisions/021-mail-queue.md): `send`
 * writes the job with the caller's transaction, so a mail exists only if what caused it committed;
 * every instance's worker claims jobs with SKIP LOCKED, so each is handed to one worker, and a
 * failed delivery is retried with backoff. Delivery is SMTP with SMTP_URL, else the dev mailbox.
 */
export function createMailService({ database, config, logger, queue = {} }: MailServiceDeps): MailService {
  const options = { ...MAIL_QUEUE_DEFAULTS, ...queue };
  const log = logger.child({ module: 'mail' });
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.pool.query(text, values) },
    // Sending-only processes keep no maintenance or heartbeat going.
    supervise: options.deliver,
    schedule: false,
    registerInstance: options.deliver,
  });
  boss.on('error', (error) => log.error({ err: error }, 'mail queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'mail queue warning'));

  const delivery: MailDelivery = config.mail.smtpUrl
    ? createSmtpDelivery({ smtpUrl: config.mail.smtpUrl, from: config.mail.from })
    : createMailboxDelivery(database.db);
  const frame = { publicUrl: config.publicUrl, support: config.support };
  let open = false;

  /** One outcome per mail: a failed one is retried on its own, never with the batch it came in. */
  async function deliver(job: JobWithMetadata<OutgoingMail>): Promise<JobResult> {
    const attempt = job.retryCount + 1;
    try {
      await delivery.deliver(job.id, job.data);
      log.info({ mailId: job.id, via: delivery.kind, attempt }, 'mail delivered');
      return { id: job.id, status: 'completed' };
    } catch (error) {
      const willRetry = job.retryCount < job.retryLimit;
      log[willRetry ? 'warn' : 'error'](
        { err: error, mailId: job.id, attempt },
        willRetry ? 'mail delivery failed; it will be retried' : 'mail delivery failed for good',
      );
      return { id: job.id, status: 'failed', output: { message: (error as Error).message } };
    }
  }

  return {
    async send(executor, mail) {
      if (!open) throw new Error('The mail queue is not open: call mail.start() after the migrations');
      await boss.send(MAIL_QUEUE, frameMail(mail, frame), { db: fromDrizzle(executor, sql) });
    },

    async start() {
      if (open) return;
      await boss.start();
      const policy = {
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: options.retryDelayMaxSeconds,
        expireInSeconds: options.expireInSeconds,
        deleteAfterSeconds: options.deleteAfterSeconds,
      };
      // Creating is a no-op when another instance did it first; the update applies today's policy.
      await boss.createQueue(MAIL_QUEUE, policy);
      await boss.updateQueue(MAIL_QUEUE, policy);
      open = true;
      if (!options.deliver) return;
      await boss.work(
        MAIL_QUEUE,
        {
          batchSize: options.batchSize,
          burstWhenBatchFull: true,
          perJobResults: true,
          includeMetadata: true,
          pollingIntervalSeconds: options.pollingIntervalSeconds,
        },
        (jobs: JobWithMetadata<OutgoingMail>[]) => Promise.all(jobs.map(deliver)),
      );
      if (delivery.kind === 'mailbox' && config.mail.devMailbox) {
        log.info('SMTP_URL is not set: mail is kept in the database and shown at /dev/mailbox');
      } else if (delivery.kind === 'mailbox') {
        log.warn('SMTP_URL is not set: mail is kept in the database (mailbox_messages) and not sent');
      }
    },

    async stop() {
      if (!open) return;
      open = false;
      await boss.stop({ graceful: true, timeout: 5_000 });
      delivery.close();
    },
  };
}
