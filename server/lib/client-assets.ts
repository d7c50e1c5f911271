import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express, { type Express } from 'express';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLIENT_BUILD_DIR = path.join(ROOT, 'dist/public');

/** Production: the built SPA, compressed; hashed assets cached for a year, index.html always revalidated. */
export function serveBuiltClient(app: Express): void {
  const indexHtml = path.join(CLIENT_BUILD_DIR, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(`No client build at ${CLIENT_BUILD_DIR}. Run "npm run build" first.`);
  }
  app.use(compression());
  app.use(
    '/assets',
    express.static(path.join(CLIENT_BUILD_DIR, 'assets'), {
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
    }),
  );
  app.use(express.static(CLIENT_BUILD_DIR, { index: false, maxAge: '1h' }));
  app.get(/^(?!\/api(?:\/|$)).*/, (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}

/** Development: Vite in middleware mode with hot reload. */
export async function serveDevClient(app: Express): Promise<() => Promise<void>> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: path.join(ROOT, 'vite.config.ts'),
    server: { middlewareMode: true },
    appType: 'spa',
  });
  app.use(vite.middlewares);
  return () => vite.close();
}
