import type { RequestHandler, Router } from 'express';

/**
 * The literal start of each route's path in `router` (up to its first parameter or pattern), in
 * lower case; null when some layer is not a plain route (a `use`, a RegExp path), whose reach
 * cannot be read this way.
 */
function routePrefixes(router: Router): string[] | null {
  const prefixes: string[] = [];
  for (const layer of router.stack) {
    const path: unknown = layer.route?.path;
    const paths = Array.isArray(path) ? path : [path];
    for (const each of paths) {
      if (typeof each !== 'string') return null;
      prefixes.push(each.slice(0, each.search(/[:*{(]|$/)).toLowerCase());
    }
  }
  return prefixes;
}

/**
 * `router` (mounted without a path because its routes start with several) run only for requests
 * whose path starts as one of its routes does; any other skips it at the cost of a string
 * comparison instead of trying each route. Express matches routes in any case, so the comparison
 * ignores case too; a path it lets through that no route matches only costs the walk it saved
 * elsewhere. The routes are read at the first request, once the router is complete.
 */
export function onlyOnItsPaths(router: Router): RequestHandler {
  let prefixes: string[] | null | undefined;
  const handler: RequestHandler = (req, res, next) => {
    if (prefixes === undefined) prefixes = routePrefixes(router);
    if (prefixes === null) return router(req, res, next);
    const path = req.path.toLowerCase();
    if (prefixes.some((prefix) => path.startsWith(prefix))) return router(req, res, next);
    next();
  };
  // The router's stack stays where Express keeps a mounted router's, so what walks an app's routes
  // (the route manifest's test) still finds these.
  return Object.assign(handler, { stack: router.stack });
}
