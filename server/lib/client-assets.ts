import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express, type Request, type Response, type NextFunction } from 'express';
import { AppError } from './app-error';
import { PRECOMPRESSED_ENCODINGS, type PrecompressedEncoding } from './precompress';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLIENT_BUILD_DIR = path.join(ROOT, 'dist/public');

/** How long a browser keeps a file: hashed assets a year, index.html never without asking. */
type CachePolicy = { maxAge: string; immutable?: boolean } | 'revalidate';
const HASHED_ASSET: CachePolicy = { maxAge: '1y', immutable: true };
const OTHER_FILE: CachePolicy = { maxAge: '1h' };

/** Each URL path of the build with a `.br` or `.gz` beside its file, and which of the two it has. */
function findPrecompressed(buildDir: string): Map<string, Set<PrecompressedEncoding>> {
  const found = new Map<string, Set<PrecompressedEncoding>>();
  for (const relative of readdirSync(buildDir, { recursive: true, encoding: 'utf8' })) {
    const variant = PRECOMPRESSED_ENCODINGS.find(({ suffix }) => relative.endsWith(suffix));
    if (!variant) continue;
    const file = relative.slice(0, -variant.suffix.length);
    if (!existsSync(path.join(buildDir, file))) continue;
    const urlPath = `/${file.split(path.sep).join('/')}`;
    const encodings = found.get(urlPath) ?? new Set();
    found.set(urlPath, encodings.add(variant.encoding));
  }
  return found;
}

/**
 * The encoding to send among those the file has: the one Accept-Encoding weighs highest (`*`
 * counts for any not named), br before gzip at equal weight; none when neither is acceptable.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: ReadonlySet<PrecompressedEncoding>,
): PrecompressedEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (Number.isFinite(weight)) weights.set(name, weight);
  }
  let best: PrecompressedEncoding | undefined;
  let bestWeight = 0;
  for (const { encoding } of PRECOMPRESSED_ENCODINGS) {
    if (!available.has(encoding)) continue;
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * Production: the built SPA. Text files are sent as compressed at build time (`.br`, `.gz` beside
 * them, vite.config.ts) when the browser accepts it; nothing is compressed per request
 * (docs/decisions/038-lean-request-path.md). Hashed assets are cached for a year, index.html is
 * always revalidated.
 */
export function serveBuiltClient(app: Express, buildDir: string = CLIENT_BUILD_DIR): void {
  const indexHtml = path.join(buildDir, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(`No client build at ${buildDir}. Run "npm run build" first.`);
  }
  // The build does not change while the server runs: which files have variants is read once.
  const precompressed = findPrecompressed(buildDir);

  /** Sends `urlPath`'s file, or its variant in the encoding the request prefers; false if it has none. */
  const sendFile = (
    req: Request,
    res: Response,
    next: NextFunction,
    urlPath: string,
    cache: CachePolicy,
  ): boolean => {
    const encodings = precompressed.get(urlPath);
    if (encodings) res.vary('Accept-Encoding');
    const encoding = encodings && chooseEncoding(req.get('accept-encoding'), encodings);
    if (!encoding && cache !== 'revalidate') return false;
    const suffix = PRECOMPRESSED_ENCODINGS.find((variant) => variant.encoding === encoding)?.suffix ?? '';
    if (encoding) {
      // The type of the file itself, not of its `.br`/`.gz` variant.
      res.type(path.extname(urlPath));
      res.set('Content-Encoding', encoding);
    }
    if (cache === 'revalidate') res.set('Cache-Control', 'no-cache');
    res.sendFile(
      path.join(buildDir, urlPath + suffix),
      cache === 'revalidate' ? {} : { maxAge: cache.maxAge, immutable: cache.immutable ?? false },
      (error?: Error & { status?: number; code?: string }) => {
        if (!error || res.headersSent) return;
        // The browser went away before the file was sent (it navigated on): nobody is left to answer.
        if (error.code === 'ECONNABORTED') return;
        // Whatever answers instead (the plain file, a 404) sets its own type and encoding.
        res.removeHeader('Content-Encoding');
        res.removeHeader('Content-Type');
        next(error.status === 404 ? undefined : error);
      },
    );
    return true;
  };

  const sendIndex = (req: Request, res: Response, next: NextFunction) => {
    sendFile(req, res, next, '/index.html', 'revalidate');
  };

  // Compressed variants first; files without one (or a browser that accepts none) fall to express.static.
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (urlPath === '/index.html') return sendIndex(req, res, next);
    if (!precompressed.has(urlPath)) return next();
    const cache = urlPath.startsWith('/assets/') ? HASHED_ASSET : OTHER_FILE;
    if (!sendFile(req, res, next, urlPath, cache)) next();
  });
  app.use('/assets', express.static(path.join(buildDir, 'assets'), { immutable: true, maxAge: '1y' }));
  // A missing asset (an old page asking for a replaced build's file, or one deleted under the running
  // server) is a 404 in the API's error format, never index.html.
  app.use('/assets', (req, _res, next) => next(new AppError('NOT_FOUND', `No file at /assets${req.path}`)));
  app.use(express.static(buildDir, { index: false, maxAge: '1h' }));
  app.get(/^(?!\/api(?:\/|$)).*/, sendIndex);
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
