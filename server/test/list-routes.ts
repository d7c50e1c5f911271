import type { Express } from 'express';

/** One route the app answers: `GET /api/jobs/:jobId/status`. */
export interface ListedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

interface Layer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

const joinPaths = (prefix: string, path: string) =>
  `${prefix}${path === '/' ? '' : path}`.replace(/\/{2,}/g, '/') || '/';

/**
 * Every route of the app, found by walking Express 5's router stacks (sub-routers mounted with
 * `use(path, router)` included), so tests can fail on a route nobody listed.
 */
export function listRoutes(app: Express): ListedRoute[] {
  const routes: ListedRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = ([] as string[]).concat(layer.route.path);
        for (const [method, enabled] of Object.entries(layer.route.methods)) {
          if (!enabled || method === '_all') continue;
          for (const path of paths) {
            routes.push({
              method: method.toUpperCase() as ListedRoute['method'],
              path: joinPaths(prefix, path),
            });
          }
        }
      } else if (layer.handle.stack) {
        const mount =
          typeof layer.rawPath === 'string' && !layer.rawPath.startsWith('*') ? layer.rawPath : '/';
        walk(layer.handle.stack, joinPaths(prefix, mount));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return routes;
}
