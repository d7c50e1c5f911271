import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { JobPolicy, JobQueue } from '../../lib/job-queue';
import type { Logger } from '../../lib/logger';
import { frameMail, type OutgoingMail } from './mail.compose';
import { createMailboxDelivery, createSmtpDelivery, type MailDelivery } from './mail.delivery';

export interface MailService {
  /** Queues `mail` inside the caller's transaction (or on the pool): sent once, only if that commits. */
  send(executor: Executor, mail: OutgoingMail): Promise<void>;
}

export const MAIL_QUEUE = 'mail';

/** About three quarters of an hour of retries before a mail is given up: longer than an SMTP server's restart. */
export const MAIL_QUEUE_POLICY: JobPolicy = {
  batchSize: 10,
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 600,
  // Longer than one SMTP conversation can take (SMTP_TIMEOUTS_MS; a batch is sent at once), so no
  // mail is handed to a second worker while the first is still sending it.
  expireInSeconds: 300,
  // Sent mail stays in the queue's table this long (it holds links with tokens: not longer).
  deleteAfterSeconds: 24 * 60 * 60,
};

export interface MailServiceDeps {
  /** Where the developer mailbox keeps mail when there is no SMTP server. */
  db: Database;
  /** The app's job queue: the mail queue is one of its queues. */
  jobQueue: Pick<JobQueue, 'define' | 'send' | 'afterStop' | 'delivers'>;
  config: Pick<Config, 'mail' | 'support' | 'publicUrl'>;
  logger: Logger;
  /** Replaces parts of MAIL_QUEUE_POLICY (tests retry a second apart). */
  policy?: Partial<JobPolicy>;
}

/**
 * Outgoing mail through the PostgreSQL job queue (docs/decisions/021-mail-queue.md): `send`
 * writes the job with the caller's transaction, so a mail exists only if what caused it committed;
 * every instance's worker claims mails with SKIP LOCKED, so each is handed to one worker, and a
 * failed delivery is retried with backoff. Delivery is SMTP with SMTP_URL, else the dev mailbox.
 */
export function createMailService({
  db,
  jobQueue,
  config,
  logger,
  policy = {},
}: MailServiceDeps): MailService {
  const log = logger.child({ module: 'mail' });
  const delivery: MailDelivery = config.mail.smtpUrl
    ? createSmtpDelivery({ smtpUrl: config.mail.smtpUrl, from: config.mail.from })
    : createMailboxDelivery(db);
  const frame = { publicUrl: config.publicUrl, support: config.support };

  // A failed delivery throws: the queue logs it and retries that mail alone.
  jobQueue.define<OutgoingMail>(MAIL_QUEUE, { ...MAIL_QUEUE_POLICY, ...policy }, async (job) => {
    await delivery.deliver(job.id, job.data);
    log.info({ mailId: job.id, via: delivery.kind, attempt: job.attempt }, 'mail delivered');
  });
  jobQueue.afterStop(() => delivery.close());
  if (jobQueue.delivers && delivery.kind === 'mailbox') {
    if (config.mail.devMailbox) {
      log.info('SMTP_URL is not set: mail is kept in the database and shown at /dev/mailbox');
    } else {
      log.warn('SMTP_URL is not set: mail is kept in the database (mailbox_messages) and not sent');
    }
  }

  return {
    async send(executor, mail) {
      await jobQueue.send(executor, MAIL_QUEUE, frameMail(mail, frame));
    },
  };
}
