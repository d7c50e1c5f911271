import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { seedDatabase } from './db/seed';
import { CLIENT_BUILD_DIR } from './lib/client-assets';
import { answerClientError } from './lib/error-handler';
import { createLogger } from './lib/logger';
import { resolveSessionSecret } from './lib/session-secret';
import { startBookingReleaseSweep, startSlotScheduler } from './modules/booking';
import { startJobEstimateBackfill, startJobStatusTallyFolding } from './modules/jobs';
import { startMediaRetention } from './modules/media';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  let ready = false;
  let draining = false;
  if (config.demoSeedExposed) {
    logger.warn(
      { host: config.host },
      'DEMO_SEED=true on a server other machines can reach: the demo accounts, admin included, have a published password. Use this only on a private test network.',
    );
  }

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

  // PLUMBLINE_CLIENT=none serves only the API (used by tests of this entry point).
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
  const {
    app,
    close: closeApp,
    media,
    jobQueue,
    liveEvents,
    pricing,
    warmUp,
  } = await createApp({
    config,
    database,
    logger,
    sessionSecret: await resolveSessionSecret(config, logger),
    client,
    isReady: () => ready,
    isDraining: () => draining,
  });

  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  logger.info({ port: config.port }, `Plumbline listening on http://localhost:${config.port}`);

  await runMigrations(database.pool);
  const summary = await seedDatabase(database.db, {
    demo: config.demoSeed,
    bcryptCost: config.bcryptCost,
    timeZone: config.appTimeZone,
  });
  // Keeps 30 days of bookable slots ahead in APP_TIME_ZONE, topped up every few hours. Its first run
  // is awaited: today's slots in the app's zone exist before /readyz says ready.
  const slotScheduler = startSlotScheduler({ db: database.db, logger, timeZone: config.appTimeZone });
  await slotScheduler.runOnce();
  // Photos of diagnoses that never became a job go after MEDIA_RETENTION_DAYS (one sweep per cluster tick).
  const mediaRetention = startMediaRetention({
    db: database.db,
    media,
    logger,
    retentionDays: config.mediaRetentionDays,
  });
  // Guest bookings not confirmed in time give their slots back (every instance sweeps; each goes once).
  const bookingRelease = startBookingReleaseSweep({ db: database.db, logger });
  // The per-status job counts' appended changes are folded into their totals every minute.
  const jobStatusTallies = startJobStatusTallyFolding({ db: database.db, logger });
  // Queued jobs (outgoing mail, password-reset requests): opens the queue (pg-boss keeps its own
  // schema) and starts this instance's workers.
  await jobQueue.start();
  // Live events: this instance's LISTEN connection, and the daily cleanup of the event log.
  await liveEvents.start();
  // Pricing: this instance's cache drops when any instance commits a pricing edit (pricing_changed).
  await pricing.startListening();
  // What a diagnosis would otherwise build on first use (the pricing cache's first load): the first
  // homeowner after a start waits no longer than the next one.
  await warmUp();
  ready = true;
  logger.info({ seed: summary, demoAccounts: config.demoSeed }, 'migrated and seeded; ready');
  // Jobs posted before estimates were kept get today's once (the demo seed's too), in the background
  // after ready: at a million old jobs it takes minutes. Safe on several instances at once, and
  // idempotent; until a job is priced it reads as having no estimate (server/modules/jobs/job-estimates.ts).
  const estimateBackfill = startJobEstimateBackfill({ db: database.db, logger });

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
        await pricing.stopListening();
        await slotScheduler.stop();
        await mediaRetention.stop();
        await bookingRelease.stop();
        await jobStatusTallies.stop();
        await estimateBackfill.stop();
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Plumbline failed to start:', error);
  }
  process.exit(1);
});
