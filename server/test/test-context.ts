import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import pg from 'pg';
import supertest from 'supertest';
import { createApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createLogger, type DestinationStream } from '../lib/logger';
import type { JobPolicy, JobQueueOptions } from '../lib/job-queue';
import type { LiveEventsService } from '../modules/events';
import { backfillJobEstimates } from '../modules/jobs';
import { embeddedStartingPoint } from './embedded-starting-point';
import type { MailService } from '../modules/mail';

/**
 * API tests run against the real app and a real database: an in-memory PGlite by default, or a
 * fresh throw-away database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
export interface TestContext {
  config: Config;
  /** The Express app itself, for tests and benchmarks that need a listening server. */
  app: Express;
  database: DatabaseHandle;
  /** Queues mail on the app's job queue, open; it delivers only when `mailQueue.deliver` was asked for. */
  mail: MailService;
  /** The app's live events, started (GET /api/events streams need a listening server: the app has none). */
  liveEvents: LiveEventsService;
  request: ReturnType<typeof supertest>;
  /** A cookie-keeping client, like one browser. */
  agent: () => ReturnType<typeof supertest.agent>;
  close(): Promise<void>;
}

export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded';

/** A new, empty database on the server at `baseUrl`; `drop()` removes it. */
export async function createThrowawayDatabase(baseUrl: string, prefix = 'plumbline_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestContext(
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    /** Where the app's log goes (with LOG_LEVEL in `env`); tests read it back to check what is logged. */
    logDestination?: DestinationStream;
    /** Idle pooled connections are closed after this long (default: the app's 30 s). */
    poolIdleTimeoutMs?: number;
    /**
     * The app's job queue (mail and password-reset requests) is always open, so routes can queue
     * jobs; `{ deliver: true }` also starts the workers (they poll the pool, so tests that do not
     * read mail leave it off). The retry and timing fields replace parts of the mail queue's policy.
     */
    mailQueue?: Partial<JobQueueOptions & JobPolicy>;
  } = {},
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    BCRYPT_COST: '4',
    // Tests make many requests from one address; each rate limit has its own test with low values.
    AUTH_RATE_LIMIT: '1000',
    BOOKING_RATE_LIMIT: '100000',
    DIAGNOSIS_RATE_LIMIT: '1000',
    ...options.env,
  });
  const throwaway = process.env.TEST_DATABASE_URL
    ? await createThrowawayDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  const database = await openDatabase({
    databaseUrl: throwaway?.url,
    idleTimeoutMs: options.poolIdleTimeoutMs,
    embeddedStartingPoint: throwaway ? undefined : await embeddedStartingPoint(),
  });
  await runMigrations(database.pool);
  if (options.seed) {
    const { seedDatabase } = await import('../db/seed');
    await seedDatabase(database.db, { demo: true, bcryptCost: 4, timeZone: config.appTimeZone });
  }

  const { deliver = false, pollingIntervalSeconds = 0.5, ...mailPolicy } = options.mailQueue ?? {};
  const { app, close, jobQueue, mail, liveEvents, caches } = await createApp({
    config,
    database,
    logger: createLogger(config.logLevel, options.logDestination),
    sessionSecret: 'test-secret-'.padEnd(40, 'x'),
    client: 'none',
    jobQueue: { deliver, pollingIntervalSeconds },
    mailPolicy,
  });
  await jobQueue.start();
  await liveEvents.start();
  await caches.startListening();
  // As at start-up: the demo seed's jobs get their stored estimates.
  if (options.seed) await backfillJobEstimates(database.db);
  return {
    config,
    app,
    database,
    mail,
    liveEvents,
    request: supertest(app),
    agent: () => supertest.agent(app),
    async close() {
      await liveEvents.stop();
      await caches.stopListening();
      await jobQueue.stop();
      await close();
      await database.close();
      await throwaway?.drop();
    },
  };
}

let counter = 0;
/** A unique e-mail per call, so tests never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.test`;
}
