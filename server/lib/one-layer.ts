import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * `handlers` run in order as one router layer, as `router.use(...handlers)` would run them but
 * without the router's work between them: each layer Express walks through costs its dispatch
 * (about 0.4 µs), more than the checks every API request passes (a header set, a flag, two method
 * checks) cost themselves (docs/decisions/045-middleware-in-one-layer.md). As in a layer, an
 * error, passed on or thrown, and a rejected promise skip the rest and go to `next`; so do
 * `next('route')` and `next('router')`, for the router around this layer to act on. Error handlers
 * have no place here.
 */
export function inOneLayer(handlers: RequestHandler[]): RequestHandler {
  for (const handler of handlers) {
    if (handler.length > 3) throw new Error('inOneLayer takes no error handler');
  }
  const layer = (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (error?: unknown) => {
      // Express's own test: any truthy value is an error.
      if (error || index === handlers.length) return next(error);
      const handler = handlers[index++];
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise)
          result.then(undefined, (rejected: unknown) => step(rejected || new Error('Rejected promise')));
      } catch (thrown) {
        step(thrown);
      }
    };
    step();
  };
  // The routers inside keep their routes where Express keeps a mounted router's, so what walks an
  // app's routes (the route manifest's test) still finds them.
  const stack = handlers.flatMap((handler) => (handler as { stack?: unknown[] }).stack ?? []);
  return Object.assign(layer, { stack });
}
