import { mkdtemp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, serveBuiltClient } from './client-assets';
import { createErrorHandler } from './error-handler';
import { createLogger } from './logger';
import { precompressDirectory } from './precompress';

/** Text that compresses, like a real bundle: repeated code with some variety. */
const code = (name: string, lines: number) =>
  Array.from({ length: lines }, (_, i) => `export const ${name}${i} = () => "${name} line ${i}";`).join('\n');

const FILES: Record<string, string> = {
  'index.html': `<!doctype html><html><head><title>Plumbline</title></head><body>${'<div class="x"></div>'.repeat(200)}</body></html>`,
  'assets/index-Ab12Cd34.js': code('app', 400),
  'assets/index-Ef56Gh78.css': `.a{color:red}\n`.repeat(300),
  // Too small to gain from compression: no variants, sent as it is.
  'assets/tiny-Zz99.js': 'x',
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1v1z"/>'.repeat(100)}</svg>`,
  'images/pipe.png': 'not really a png, but never compressed',
};

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let dir: string;
let server: http.Server;
/** What the shared app's routes passed on as errors (the app logs each as a failed request). */
const reachedErrorHandler: unknown[] = [];
let base: string;

/** The raw bytes as sent (supertest and fetch would decompress them). */
function get(urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${urlPath}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = ({ headers, body }: Answer) => {
  if (headers['content-encoding'] === 'br') return brotliDecompressSync(body);
  if (headers['content-encoding'] === 'gzip') return gunzipSync(body);
  return body;
};

const varies = (answer: Answer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plumbline-client-'));
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  await precompressDirectory(dir);
  const app = express();
  app.use('/api', (_req, res) => void res.status(404).json({ error: 'Not found', code: 'NOT_FOUND' }));
  serveBuiltClient(app, dir);
  app.use((error: unknown, _req: Request, _res: Response, next: NextFunction) => {
    reachedErrorHandler.push(error);
    next(error);
  });
  app.use(createErrorHandler(createLogger('silent')));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('precompressDirectory', () => {
  it('writes .br and .gz beside the text files that shrink, and decompressing gives the file back', async () => {
    for (const file of [
      'index.html',
      'assets/index-Ab12Cd34.js',
      'assets/index-Ef56Gh78.css',
      'favicon.svg',
    ]) {
      const original = await readFile(path.join(dir, file));
      const br = await readFile(path.join(dir, `${file}.br`));
      const gz = await readFile(path.join(dir, `${file}.gz`));
      expect(br.length).toBeLessThan(original.length);
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
    }
  });

  it('writes nothing for a file too small to gain, or one that is not text', async () => {
    for (const file of ['assets/tiny-Zz99.js', 'images/pipe.png']) {
      await expect(stat(path.join(dir, `${file}.br`))).rejects.toThrow();
      await expect(stat(path.join(dir, `${file}.gz`))).rejects.toThrow();
    }
  });
});

describe('serveBuiltClient', () => {
  it.each(['/assets/index-Ab12Cd34.js', '/assets/index-Ef56Gh78.css'])(
    'sends %s as br, gzip or as it is, with the same bytes, type and a year of caching',
    async (urlPath) => {
      const original = await readFile(path.join(dir, urlPath));
      const plain = await get(urlPath);
      const br = await get(urlPath, { 'Accept-Encoding': 'gzip, deflate, br' });
      const gzip = await get(urlPath, { 'Accept-Encoding': 'gzip' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      for (const answer of [plain, br, gzip]) {
        expect(answer.status).toBe(200);
        expect(decoded(answer).equals(original)).toBe(true);
        expect(answer.headers['content-type']).toBe(plain.headers['content-type']);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(varies(answer)).toBe(true);
        expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      }
      expect(plain.headers['content-type']).toMatch(urlPath.endsWith('.js') ? /javascript/ : /text\/css/);
      expect(br.body.length).toBeLessThan(original.length);
      // Each encoding is its own representation: its own validator.
      expect(new Set([plain, br, gzip].map((answer) => answer.headers.etag)).size).toBe(3);
    },
  );

  it('answers a revalidation of a compressed asset with 304', async () => {
    const first = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'br' });
    const again = await get('/assets/index-Ab12Cd34.js', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it.each(['/', '/jobs/123', '/index.html'])(
    'sends index.html for %s compressed or not, always revalidated',
    async (urlPath) => {
      const original = await readFile(path.join(dir, 'index.html'));
      const plain = await get(urlPath);
      const br = await get(urlPath, { 'Accept-Encoding': 'br, gzip' });
      const gzip = await get(urlPath, { 'Accept-Encoding': 'gzip;q=1, br;q=0' });
      expect([plain, br, gzip].map((answer) => answer.headers['content-encoding'])).toEqual([
        undefined,
        'br',
        'gzip',
      ]);
      for (const answer of [plain, br, gzip]) {
        expect(answer.status).toBe(200);
        expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(answer.headers['cache-control']).toBe('no-cache');
        expect(varies(answer)).toBe(true);
        expect(decoded(answer).equals(original)).toBe(true);
      }
    },
  );

  it('answers HEAD with the headers of the compressed file and no body', async () => {
    const head = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    const full = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('sends files without variants as they are, with their own caching', async () => {
    const tiny = await get('/assets/tiny-Zz99.js', { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('x');
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const png = await get('/images/pipe.png', { 'Accept-Encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['cache-control']).toBe('public, max-age=3600');
    const svg = await get('/favicon.svg', { 'Accept-Encoding': 'br' });
    expect(svg.headers['content-encoding']).toBe('br');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404 for a missing asset and leaves /api to the API', async () => {
    for (const encoding of ['br', 'identity']) {
      const missing = await get('/assets/missing-0000.js', { 'Accept-Encoding': encoding });
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.body.toString())).toEqual({
        error: 'No file at /assets/missing-0000.js',
        code: 'NOT_FOUND',
      });
    }
    const api = await get('/api/nothing', { 'Accept-Encoding': 'br' });
    expect(api.status).toBe(404);
    expect(api.headers['content-encoding']).toBeUndefined();
  });
});

describe('serveBuiltClient, a browser that goes away', () => {
  it('passes nothing on as an error when the request is gone before its compressed file is sent', async () => {
    reachedErrorHandler.length = 0;
    const { port } = server.address() as AddressInfo;
    for (let i = 0; i < 5; i++) {
      // The request, then the connection closed at once: as a page navigating on while loading.
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.end(
        'GET /assets/index-Ab12Cd34.js HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n',
      );
      socket.destroy();
    }
    // The server notices the closed connections within a few turns of its loop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reachedErrorHandler).toEqual([]);
    // And it still answers.
    expect((await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'br' })).status).toBe(200);
  });
});

describe('serveBuiltClient, files removed while the server runs', () => {
  it('sends the file when its variant was deleted after start-up, and 404 once the file is gone too', async () => {
    // The variants were listed at start-up; the files are gone now (a deploy replaced the build).
    const removed = 'assets/old-Qq11Rr22.js';
    const own = await mkdtemp(path.join(os.tmpdir(), 'plumbline-client-removed-'));
    try {
      await writeFile(path.join(own, 'index.html'), FILES['index.html']);
      await mkdir(path.join(own, 'assets'));
      await writeFile(path.join(own, removed), code('old', 400));
      await precompressDirectory(own);
      const app = express();
      serveBuiltClient(app, own);
      app.use(createErrorHandler(createLogger('silent')));
      // Only its brotli variant gone: the file itself is sent.
      await rm(path.join(own, `${removed}.br`));
      const plain = await request(app).get(`/${removed}`).set('Accept-Encoding', 'br');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/javascript/);
      expect(plain.text).toBe(code('old', 400));
      await rm(path.join(own, 'assets'), { recursive: true });
      for (const encoding of ['br', 'gzip', 'identity']) {
        const answer = await request(app).get(`/${removed}`).set('Accept-Encoding', encoding);
        expect(answer.status, encoding).toBe(404);
        expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
        expect(answer.headers['content-encoding']).toBeUndefined();
      }
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });
});

describe('chooseEncoding', () => {
  const both = new Set(['br', 'gzip'] as const);
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['GZIP, BR', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['deflate', undefined],
  ])('Accept-Encoding %j → %s', (header, expected) => {
    expect(chooseEncoding(header, both)).toBe(expected);
  });

  it('offers only the encodings the file has', () => {
    expect(chooseEncoding('br, gzip', new Set(['gzip'] as const))).toBe('gzip');
    expect(chooseEncoding('br', new Set(['gzip'] as const))).toBeUndefined();
  });
});
