import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import type { Config } from './config';
import type { Logger } from './lib/logger';

/**
 * Workers per core (docs/decisions/037-workers-per-core.md): on a real database the entry point is
 * a small primary that forks WEB_CONCURRENCY server processes sharing one port. One of them, the
 * background worker, migrates and seeds before the others start, and alone runs the periodic tasks
 * and the job queue's workers; the others (web workers) serve requests and send jobs.
 */
export type WorkerRole = 'background' | 'web';

/** Set by the primary on each worker it forks; read only inside a cluster worker. */
const ROLE_VARIABLE = 'PLUMBLINE_WORKER_ROLE';
/** What the background worker tells the primary once the database is migrated, seeded and its queues exist. */
const DATABASE_PREPARED = 'plumbline:database-prepared';

/** A worker that exits sooner than this after its start counts as crashing at once. */
const QUICK_CRASH_MS = 10_000;
/** The wait before the replacement of a worker that keeps crashing at once: doubles up to the max. */
const RESTART_BACKOFF_MS = { first: 1_000, max: 30_000 } as const;
/** Beyond each worker's own limit (the drain plus 10 s), after which the primary kills what is left. */
const STOP_GRACE_MS = 15_000;

export type ClientMode = 'static' | 'vite' | 'none';

export interface WorkerPlan {
  /** Server processes to run; 1 means no primary, this process serves (as before workers per core). */
  workers: number;
  /** Why one process serves although WEB_CONCURRENCY asked for more. */
  singleProcessReason?: string;
}

/** How many processes serve, from the configuration and the client mode. */
export function planWorkers(
  config: Pick<Config, 'databaseUrl' | 'webConcurrency'>,
  client: ClientMode,
): WorkerPlan {
  if (config.webConcurrency === 1) return { workers: 1 };
  if (!config.databaseUrl) {
    return {
      workers: 1,
      singleProcessReason:
        "the embedded database (PGlite) lives in this process's memory; set DATABASE_URL to run a process per core",
    };
  }
  if (client === 'vite') {
    return {
      workers: 1,
      singleProcessReason: 'the development client (Vite with hot reload) runs inside one process',
    };
  }
  return { workers: config.webConcurrency };
}

/** This process's part: a process outside a cluster does everything, as a background worker does. */
export function workerRole(): WorkerRole {
  return cluster.isWorker && process.env[ROLE_VARIABLE] === 'web' ? 'web' : 'background';
}

/** Called by the background worker once migrated, seeded and its queues created: the primary starts the others. */
export function reportDatabasePrepared(): void {
  if (cluster.isWorker) process.send?.(DATABASE_PREPARED);
}

/**
 * How long to wait before replacing a worker, given how many of its role in a row crashed at once
 * (1 for a worker that ran a while): the first at once, then 1 s, 2 s, 4 s … up to 30 s, so a worker
 * that cannot start (its database down) is retried without spinning a core.
 */
export function restartDelayMs(quickCrashesInARow: number): number {
  if (quickCrashesInARow <= 1) return 0;
  return Math.min(RESTART_BACKOFF_MS.max, RESTART_BACKOFF_MS.first * 2 ** (quickCrashesInARow - 2));
}

export interface PrimaryOptions {
  workers: number;
  config: Pick<Config, 'sessionSecret' | 'shutdownDrainMs'>;
  logger: Logger;
}

/**
 * Forks the background worker, then, once it has prepared the database, the web workers; replaces
 * any worker that exits (the replacement keeps its role), waiting longer each time one crashes at
 * once again; on SIGTERM/SIGINT has every worker drain and exits when all have, 0 if all exited 0.
 */
export function runPrimary({ workers: count, config, logger }: PrimaryOptions): void {
  const log = logger.child({ module: 'cluster' });
  // Every worker not yet exited, by id (cluster.workers may keep an exited one until its disconnect).
  const running = new Map<number, { worker: Worker; role: WorkerRole; at: number }>();
  const quickCrashes: Record<WorkerRole, number> = { background: 0, web: 0 };
  const pendingRestarts = new Set<NodeJS.Timeout>();
  let webWorkersStarted = false;
  let stopping = false;
  let exitCode = 0;

  // Sessions made by one worker must be read by every other: without SESSION_SECRET (development
  // on a real database) the primary makes the one secret they share.
  let sharedEnv: Record<string, string> = {};
  if (!config.sessionSecret) {
    log.warn(
      'SESSION_SECRET is not set: using a secret for this run only; sessions end when the server restarts',
    );
    sharedEnv = { SESSION_SECRET: randomBytes(48).toString('base64url') };
  }

  const fork = (role: WorkerRole): Worker => {
    const worker = cluster.fork({ ...sharedEnv, [ROLE_VARIABLE]: role });
    running.set(worker.id, { worker, role, at: Date.now() });
    log.info({ worker: worker.id, workerPid: worker.process.pid, role }, 'worker started');
    if (role === 'background') {
      worker.on('message', (message: unknown) => {
        if (message !== DATABASE_PREPARED || webWorkersStarted || stopping) return;
        webWorkersStarted = true;
        for (let index = 1; index < count; index++) fork('web');
      });
    }
    return worker;
  };

  const finish = () => {
    log.info({ exitCode }, 'every worker has exited');
    process.exit(exitCode);
  };

  cluster.on('exit', (worker, code, signal) => {
    const { role, at } = running.get(worker.id) ?? { role: 'web', at: 0 };
    running.delete(worker.id);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (running.size === 0) finish();
      return;
    }
    quickCrashes[role] = Date.now() - at < QUICK_CRASH_MS ? quickCrashes[role] + 1 : 1;
    const restartInMs = restartDelayMs(quickCrashes[role]);
    log.error(
      { worker: worker.id, workerPid: worker.process.pid, role, code, signal, restartInMs },
      'worker exited; starting a replacement',
    );
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      fork(role);
    }, restartInMs);
    pendingRestarts.add(timer);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingRestarts) clearTimeout(timer);
    log.info({ signal, workers: running.size }, 'shutting down: every worker drains');
    if (running.size === 0) finish();
    // Each worker runs its own drain (server/index.ts); a terminal's Ctrl-C also reaches them directly.
    for (const { worker } of running.values()) worker.process.kill('SIGTERM');
    const force = setTimeout(() => {
      log.error({ workers: running.size }, 'workers still running after the drain; killing them');
      for (const { worker } of running.values()) worker.process.kill('SIGKILL');
    }, config.shutdownDrainMs + STOP_GRACE_MS);
    force.unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  log.info({ workers: count }, 'starting workers');
  fork('background');
}
