import { Router } from 'express';
import type pg from 'pg';

/** Liveness answers while the process lives; readiness once migrated, seeded and the database answers. */
export function createHealthRouter(options: { pool: pg.Pool; isReady: () => boolean }): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
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
