import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { planWorkers, reportDatabasePrepared, runPrimary, workerRole, type ClientMode } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { seedDatabase } from './db/seed';
import { CLIENT_BUILD_DIR } from './lib/client-assets';
import { answerClientError } from './lib/error-handler';
import type { MediaStore } from './lib/media-store';
import { createLogger, type Logger } from './lib/logger';
import { resolveSessionSecret } from './lib/session-secret';
import { startBookingReleaseSweep, startSlotScheduler } from './modules/booking';
import { startLiveEventsCleanup, type LiveEventsService } from './modules/events';
import { startJobEstimateBackfill, startJobStatusTallyFolding } from './modules/jobs';
import { startMediaRetention } from './modules/media';

/** Which client this process serves; PLUMBLINE_CLIENT=none serves only the API (used by tests of this entry point). */
function resolveClient(config: Config): ClientMode {
  const clientOverride = process.env.PLUMBLINE_CLIENT;
  const client =
    clientOverride === 'none' || clientOverride === 'static' || clientOverride === 'vite'
      ? clientOverride
      : config.isProduction
        ? 'static'
        : 'vite';
  if (client === 'static' && !existsSync(path.join(CLIENT_BUILD_DIR, 'index.html'))) {
    throw new ConfigError('No client build found: run "npm run build" (npm start does it for you).');
  }
  return client;
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const client = resolveClient(config);
  if (cluster.isWorker) return serve(config, logger, client);
  if (config.demoSeedExposed) {
    logger.warn(
      { host: config.host },
      'DEMO_SEED=true on a server other machines can reach: the demo accounts, admin included, have a published password. Use this only on a private test network.',
    );
  }
  // A process per core on a real database (docs/decisions/037-workers-per-core.md).
  const plan = planWorkers(config, client);
  if (plan.singleProcessReason) {
    logger.info({ webConcurrency: config.webConcurrency }, `one server process: ${plan.singleProcessReason}`);
  }
  if (plan.workers > 1) return runPrimary({ workers: plan.workers, config, logger });
  return serve(config, logger, client);
}

/**
 * One server process: the whole server outside a cluster, or one worker of it. The background role
 * (the only one outside a cluster) also migrates, seeds, and runs the periodic tasks and the job
 * queue's workers; a web worker serves requests and sends jobs.
 */
async function serve(config: Config, baseLogger: Logger, client: ClientMode) {
  const role = workerRole();
  // In a cluster every line says which worker wrote it (pino adds the pid).
  const logger = cluster.isWorker ? baseLogger.child({ role }) : baseLogger;
  let ready = false;
  let draining = false;

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => logger.error({ err: error }, 'idle database client failed'),
  });
  logger.info(
    {
      database: database.kind,
      dataDir: database.kind === 'embedded' ? path.resolve(config.dataDir) : undefined,
    },
    'database open',
  );

  const {
    app,
    close: closeApp,
    media,
    jobQueue,
    liveEvents,
    caches,
    warmUp,
  } = await createApp({
    config,
    database,
    logger,
    sessionSecret: await resolveSessionSecret(config, logger),
    client,
    isReady: () => ready,
    isDraining: () => draining,
    // A web worker sends jobs; the background worker works on them.
    jobQueue: role === 'web' ? { deliver: false } : undefined,
  });

  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  logger.info({ port: config.port }, `Plumbline listening on http://localhost:${config.port}`);

  // The background role (the only process outside a cluster) prepares the database and starts the
  // work that runs once per cluster; a web worker starts after that (server/cluster.ts).
  const background =
    role === 'background'
      ? await startBackgroundWork(config, logger, database, { media, liveEvents })
      : undefined;
  // Queued jobs (outgoing mail, password-reset requests): opens the queue (pg-boss keeps its own
  // schema) and, in the background role, starts the workers; every role sends.
  await jobQueue.start();
  if (background) {
    logger.info('background work started: periodic tasks and job queue workers');
    reportDatabasePrepared();
  } else {
    logger.info('web worker: periodic tasks and job queue workers run in the background worker');
  }
  // Live events: this instance's LISTEN connection (the event log's cleanup is a background task).
  await liveEvents.start();
  // Caches: this instance's copies drop when any instance commits a pricing edit (pricing_changed)
  // or changes a session or an account (session_changed).
  await caches.startListening();
  // What a diagnosis would otherwise build on first use (the pricing cache's first load): the first
  // homeowner after a start waits no longer than the next one.
  await warmUp();
  ready = true;
  if (background) {
    logger.info(
      { seed: background.seedSummary, demoAccounts: config.demoSeed },
      'migrated and seeded; ready',
    );
  } else {
    logger.info('ready');
  }
  // Jobs posted before estimates were kept get today's once (the demo seed's too), in the background
  // after ready: at a million old jobs it takes minutes. Safe on several instances at once, and
  // idempotent; until a job is priced it reads as having no estimate (server/modules/jobs/job-estimates.ts).
  if (background) background.tasks.push(startJobEstimateBackfill({ db: database.db, logger }));

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // First tell load balancers (readiness fails) while still serving whatever they send meanwhile;
    // then stop accepting connections and let requests in flight finish.
    draining = true;
    logger.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining');
    const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + 10_000);
    force.unref();
    setTimeout(() => {
      // Keep-alive connections whose last request finishes after this point are closed as they go idle.
      const closeIdle = setInterval(() => server.closeIdleConnections(), 250);
      // Event streams never finish by themselves: they end now (their pages reconnect to another
      // instance and replay what they miss), or the listener would wait for them until forced.
      const liveEventsStopped = liveEvents.stop();
      server.close(async () => {
        clearInterval(closeIdle);
        await liveEventsStopped;
        await caches.stopListening();
        for (const task of background?.tasks ?? []) await task.stop();
        await jobQueue.stop();
        await closeApp();
        await database.close();
        clearTimeout(force);
        process.exit(0);
      });
      server.closeIdleConnections();
    }, config.shutdownDrainMs);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * Migrations, the seed and the periodic tasks: once per cluster. Each task is also safe on several
 * instances at once (docs/operations.md), which is what several machines each running a cluster do.
 */
async function startBackgroundWork(
  config: Config,
  logger: Logger,
  database: DatabaseHandle,
  { media, liveEvents }: { media: MediaStore; liveEvents: LiveEventsService },
) {
  await runMigrations(database.pool);
  const seedSummary = await seedDatabase(database.db, {
    demo: config.demoSeed,
    bcryptCost: config.bcryptCost,
    timeZone: config.appTimeZone,
  });
  // Keeps 30 days of bookable slots ahead in APP_TIME_ZONE, topped up every few hours. Its first run
  // is awaited: today's slots in the app's zone exist before /readyz says ready.
  const slotScheduler = startSlotScheduler({ db: database.db, logger, timeZone: config.appTimeZone });
  await slotScheduler.runOnce();
  const tasks: { stop(): Promise<void> }[] = [
    slotScheduler,
    // Photos of diagnoses that never became a job go after MEDIA_RETENTION_DAYS (one sweep per cluster tick).
    startMediaRetention({ db: database.db, media, logger, retentionDays: config.mediaRetentionDays }),
    // Guest bookings not confirmed in time give their slots back (every instance sweeps; each goes once).
    startBookingReleaseSweep({ db: database.db, logger }),
    // The per-status job counts' appended changes are folded into their totals every minute.
    startJobStatusTallyFolding({ db: database.db, logger }),
    // Live events older than a day leave the event log, hourly.
    startLiveEventsCleanup({ liveEvents, logger }),
  ];
  return { seedSummary, tasks };
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Plumbline failed to start:', error);
  }
  process.exit(1);
});
