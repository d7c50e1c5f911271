import express, { Router } from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { onlyOnItsPaths } from './own-paths';

/** An app with `router` behind onlyOnItsPaths, then a fallback that says it was reached. */
function appWith(router: Router) {
  const app = express();
  app.use(onlyOnItsPaths(router));
  app.use((_req, res) => {
    res.status(404).json({ fellThrough: true });
  });
  return app;
}

describe('onlyOnItsPaths', () => {
  function notificationsLike() {
    const router = Router();
    const tried = vi.fn((_req: express.Request, _res: express.Response, next: express.NextFunction) =>
      next(),
    );
    router.get('/notifications', tried, (_req, res) => void res.json({ route: 'list' }));
    router.get('/account/notifications/:kind', tried, (req, res) => void res.json({ kind: req.params.kind }));
    return { router, tried };
  }

  it('runs the router for paths its routes can match, in any case and with parameters', async () => {
    const { router } = notificationsLike();
    const app = appWith(router);
    expect((await request(app).get('/notifications')).body).toEqual({ route: 'list' });
    expect((await request(app).get('/NOTIFICATIONS/')).body).toEqual({ route: 'list' });
    expect((await request(app).get('/account/notifications/mail')).body).toEqual({ kind: 'mail' });
  });

  it('skips it for any other path, without entering it', async () => {
    const { router, tried } = notificationsLike();
    // Express's router function hands every request to its `handle`.
    const entered = vi.spyOn(router as Router & { handle: Router }, 'handle');
    const app = appWith(router);
    const other = await request(app).get('/config/public');
    expect(other.body).toEqual({ fellThrough: true });
    expect(entered).not.toHaveBeenCalled();
    // A path that shares a route's start but matches no route goes through the router, then on.
    expect((await request(app).get('/notifications/unknown')).body).toEqual({ fellThrough: true });
    expect(entered).toHaveBeenCalledTimes(1);
    expect(tried).not.toHaveBeenCalled();
  });

  it('always runs a router whose reach it cannot read (a use layer, a RegExp route)', async () => {
    const withUse = Router();
    withUse.use((_req, res) => void res.json({ used: true }));
    expect((await request(appWith(withUse)).get('/anything')).body).toEqual({ used: true });

    const withPattern = Router();
    withPattern.get(/^\/files\/.+$/, (_req, res) => void res.json({ pattern: true }));
    expect((await request(appWith(withPattern)).get('/files/a.txt')).body).toEqual({ pattern: true });
  });
});
