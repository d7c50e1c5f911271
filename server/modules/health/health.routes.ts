import { Router } from 'express';
import type pg from 'pg';

export interface HealthOptions {
  pool: pg.Pool;
  isReady: () => boolean;
  /** True once shutdown began: readiness fails so load balancers stop sending, while requests still work. */
  isDraining: () => boolean;
}

/**
 * Liveness answers while the process lives; readiness once migrated, seeded and the database
 * answers, and no longer once the process is shutting down.
 */
export function createHealthRouter(options: HealthOptions): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (options.isDraining()) {
      res.status(503).json({ error: 'Shutting down', code: 'SERVICE_UNAVAILABLE' });
      return;
    }
    if (!options.isReady()) {
      res.status(503).json({ error: 'Starting up', code: 'SERVICE_UNAVAILABLE' });
      return;
    }
    try {
      await options.pool.query('select 1');
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ error: 'The database is not answering', code: 'SERVICE_UNAVAILABLE' });
    }
  });
  return router;
}
