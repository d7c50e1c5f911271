import { sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  PgBoss,
  fromDrizzle,
  type DrizzleTransactionLike,
  type JobResult,
  type JobWithMetadata,
} from 'pg-boss';
import type { Logger } from './logger';

/** The app's drizzle database or an open transaction of it: where a job is written or completed. */
export type JobExecutor = DrizzleTransactionLike;

export interface JobQueueOptions {
  /** False: start() opens the queues for sending but this process works on no job (API tests). */
  deliver: boolean;
  /** How often an idle worker looks for jobs (no LISTEN/NOTIFY through our pool). */
  pollingIntervalSeconds: number;
}

export const JOB_QUEUE_DEFAULTS: JobQueueOptions = {
  deliver: true,
  pollingIntervalSeconds: 2,
};

/** How one queue's jobs are claimed, retried and kept; applied again at every start. */
export interface JobPolicy {
  /** Jobs one worker claims and works at once; while claims come back full it claims again at once. */
  batchSize: number;
  /** Attempts after the first before a job is given up (logged as failed). */
  retryLimit: number;
  /** The first retry's delay; each next one about doubles (with jitter), up to retryDelayMaxSeconds. */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /**
   * How long a claimed job may stay unsettled before it is handed to another worker: longer than
   * the handler can take, so no job is worked by two workers at once.
   */
  expireInSeconds: number;
  /** A settled job stays in the queue's table this long. */
  deleteAfterSeconds: number;
}

/** One claimed attempt at a job, as its handler sees it. */
export interface ClaimedJob<T> {
  /** The job's id, the same on every attempt. */
  id: string;
  data: T;
  /** 1 for the first attempt. */
  attempt: number;
  /**
   * Completes this attempt inside the handler's own transaction, so what the handler writes and
   * the job's completion commit together: a job whose work committed is never worked again.
   * Throws when this attempt no longer holds the job (its claim expired and it was handed on),
   * which rolls that transaction back.
   */
  completeIn(executor: JobExecutor): Promise<void>;
}

/** When and under what name one job is queued (each optional). */
export interface SendOptions {
  /** The job is handed to no worker before this instant. */
  startAfter?: Date;
  /**
   * The job's id (a uuid): a second send with an id the queue still holds adds nothing, so a job
   * derived from its cause is queued once however often that cause is reported.
   */
  id?: string;
  /** A name for the job's cause, kept on the job (pg-boss `singletonKey`). */
  singletonKey?: string;
}

/** Works one job; a throw fails this attempt, which is retried as the queue's policy says. */
export type JobHandler<T> = (job: ClaimedJob<T>) => Promise<void>;

export interface JobQueue {
  /** Whether this process works on jobs (`deliver`), or only sends them. */
  readonly delivers: boolean;
  /** Declares a queue and the handler of its jobs; every queue is defined before start(). */
  define<T extends object>(name: string, policy: JobPolicy, handler: JobHandler<T>): void;
  /** Queues a job inside the caller's transaction (or on the pool): it exists only if that commits. */
  send<T extends object>(executor: JobExecutor, name: string, data: T, options?: SendOptions): Promise<void>;
  /** Runs `release` once stop() has stopped the workers (what handlers keep open: a mail transport). */
  afterStop(release: () => void): void;
  /** Opens the queue (pg-boss installs or upgrades its schema), applies the policies and starts the workers; after migrations. */
  start(): Promise<void>;
  /** Stops the workers (a job being worked gets a few seconds) and closes the queue; before the pool closes. */
  stop(): Promise<void>;
}

export interface JobQueueDeps {
  /** pg-boss runs its own statements on this pool: the embedded database's one connection is shared. */
  pool: pg.Pool;
  logger: Logger;
  options?: Partial<JobQueueOptions>;
}

interface QueueDefinition {
  policy: JobPolicy;
  handler: JobHandler<object>;
}

/**
 * Background jobs in PostgreSQL (pg-boss; docs/decisions/021-mail-queue.md): `send` writes the job
 * with the caller's transaction, so a job exists only if what caused it committed; every
 * instance's workers claim jobs with SKIP LOCKED, so each is handed to one worker, and a failed
 * attempt is retried with backoff. Built once per app (createApp); modules define their queues on it.
 */
export function createJobQueue({ pool, logger, options: overrides = {} }: JobQueueDeps): JobQueue {
  const options = { ...JOB_QUEUE_DEFAULTS, ...overrides };
  const log = logger.child({ module: 'job-queue' });
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
    // Sending-only processes keep no maintenance or heartbeat going.
    supervise: options.deliver,
    schedule: false,
    registerInstance: options.deliver,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));

  const queues = new Map<string, QueueDefinition>();
  const releases: (() => void)[] = [];
  /** Set by the first start(): the queues are fixed from then on. */
  let sealed = false;
  let open = false;

  async function completeIn(name: string, job: JobWithMetadata<object>, executor: JobExecutor) {
    // Fenced to this attempt: once the claim lapsed and the job was handed on, nothing is completed.
    const attempt = { id: job.id, retryCount: job.retryCount };
    const result = await boss.complete(name, attempt, null, { db: fromDrizzle(executor, sql) });
    // pg-boss declares its CommandResponse empty; the object carries how many jobs it settled.
    if ((result as { affected?: number }).affected !== 1) {
      throw new Error(`Job ${job.id} (${name}) is no longer held by attempt ${job.retryCount + 1}`);
    }
  }

  /** One outcome per job: a failed one is retried on its own, never with the batch it came in. */
  async function work(name: string, handler: JobHandler<object>, job: JobWithMetadata<object>) {
    const attempt = job.retryCount + 1;
    try {
      await handler({
        id: job.id,
        data: job.data,
        attempt,
        completeIn: (executor) => completeIn(name, job, executor),
      });
      return { id: job.id, status: 'completed' } satisfies JobResult;
    } catch (error) {
      const willRetry = job.retryCount < job.retryLimit;
      log[willRetry ? 'warn' : 'error'](
        { err: error, queue: name, jobId: job.id, attempt },
        willRetry ? 'job failed; it will be retried' : 'job failed for good',
      );
      return {
        id: job.id,
        status: 'failed',
        output: { message: (error as Error).message },
      } satisfies JobResult;
    }
  }

  return {
    delivers: options.deliver,

    define(name, policy, handler) {
      if (sealed) throw new Error(`Queue ${name} is defined after the job queue started`);
      if (queues.has(name)) throw new Error(`Queue ${name} is defined twice`);
      queues.set(name, { policy, handler: handler as JobHandler<object> });
    },

    async send(executor, name, data, options = {}) {
      if (!open) throw new Error('The job queue is not open: call start() after the migrations');
      if (!queues.has(name)) throw new Error(`No queue ${name} is defined`);
      await boss.send(name, data, { ...options, db: fromDrizzle(executor, sql) });
    },

    afterStop(release) {
      releases.push(release);
    },

    async start() {
      if (open) return;
      sealed = true;
      await boss.start();
      for (const [name, { policy }] of queues) {
        const settings = {
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelaySeconds,
          retryBackoff: true,
          retryDelayMax: policy.retryDelayMaxSeconds,
          expireInSeconds: policy.expireInSeconds,
          deleteAfterSeconds: policy.deleteAfterSeconds,
        };
        // Creating is a no-op when another instance did it first; the update applies today's policy.
        await boss.createQueue(name, settings);
        await boss.updateQueue(name, settings);
      }
      open = true;
      if (!options.deliver) return;
      for (const [name, { policy, handler }] of queues) {
        await boss.work(
          name,
          {
            batchSize: policy.batchSize,
            burstWhenBatchFull: true,
            perJobResults: true,
            includeMetadata: true,
            pollingIntervalSeconds: options.pollingIntervalSeconds,
          },
          (jobs: JobWithMetadata<object>[]) => Promise.all(jobs.map((job) => work(name, handler, job))),
        );
      }
    },

    async stop() {
      if (!open) return;
      open = false;
      await boss.stop({ graceful: true, timeout: 5_000 });
      for (const release of releases) release();
    },
  };
}
