import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { inOneLayer } from './one-layer';

/** An app whose one layer runs `handlers`, then answers 200 with what they recorded, or the error's message as 500. */
function appWith(handlers: RequestHandler[]) {
  const app = express();
  app.use((req, _res, next) => {
    req.app.locals.seen = [];
    next();
  });
  app.use(inOneLayer(handlers));
  app.get('/', (req, res) => void res.json({ seen: req.app.locals.seen }));
  app.get('/', (_req, res) => void res.json({ seen: 'next route' }));
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    void res.status(500).json({ error: error.message });
  });
  return app;
}

const record =
  (name: string): RequestHandler =>
  (req, _res, next) => {
    (req.app.locals.seen as string[]).push(name);
    next();
  };

describe('inOneLayer', () => {
  it('runs its handlers in order, the synchronous and the asynchronous alike, and then the next layer', async () => {
    const later: RequestHandler = (req, _res, next) => {
      setImmediate(() => {
        (req.app.locals.seen as string[]).push('later');
        next();
      });
    };
    const answer = await request(appWith([record('a'), later, record('b')])).get('/');
    expect(answer.body).toEqual({ seen: ['a', 'later', 'b'] });
  });

  it('sends an error passed on, thrown, or rejected to the error handler and runs nothing after it', async () => {
    const failures: Record<string, RequestHandler> = {
      passed: (_req, _res, next) => next(new Error('passed')),
      thrown: () => {
        throw new Error('thrown');
      },
      rejected: async () => {
        throw new Error('rejected');
      },
      'passed later': (_req, _res, next) => void setImmediate(() => next(new Error('passed later'))),
    };
    for (const [name, failing] of Object.entries(failures)) {
      const app = appWith([record('a'), failing, record('never')]);
      app.locals.seen = [];
      const answer = await request(app).get('/');
      expect(answer.status, name).toBe(500);
      expect(answer.body, name).toEqual({ error: name });
      expect(app.locals.seen, name).toEqual(['a']);
    }
  });

  it('treats next(null) as no error, as Express does, and hands next("route") to the router around it', async () => {
    const withNull = await request(appWith([(_req, _res, next) => next(null), record('b')])).get('/');
    expect(withNull.body).toEqual({ seen: ['b'] });
    const skipRoute = await request(appWith([(_req, _res, next) => next('route'), record('never')])).get('/');
    // 'route' from a middleware layer means nothing to the app's router: it goes on to the next layer.
    expect(skipRoute.body).toEqual({ seen: [] });
  });

  it('answers when a handler answers, and runs no later handler', async () => {
    const answers: RequestHandler = (_req, res) => void res.status(204).end();
    const app = appWith([answers, record('never')]);
    const answer = await request(app).get('/');
    expect(answer.status).toBe(204);
    expect(app.locals.seen).toEqual([]);
  });

  it('takes no error handler', () => {
    const errorHandler = ((_error: unknown, _req: unknown, _res: unknown, next: () => void) =>
      next()) as unknown as RequestHandler;
    expect(() => inOneLayer([errorHandler])).toThrow('inOneLayer takes no error handler');
  });
});
