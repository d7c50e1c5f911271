import { Worker } from 'node:worker_threads';
import express, { type RequestHandler } from 'express';
import { AppError } from './app-error';

/**
 * Large JSON bodies (photos as base64, up to ~10 MB) are parsed on a worker thread. On the event
 * loop, decoding and parsing one such body blocked every other request for 150–350 ms on this
 * machine, so a flood of admitted uploads held logins and nearby-jobs pages for seconds
 * (docs/performance.md, "Diagnosis flood"). The worker also lowers its own scheduling priority to
 * the nice value it is given: on Linux the nice value belongs to a thread, so under load the cores go
 * to the event loop, the database and password checks first, and uploads wait.
 *
 * The worker's code is a string (eval) so it runs the same under tsx, vitest and the server bundle.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:os').setPriority(workerData.nice); } catch {}
parentPort.on('message', ({ id, bytes }) => {
  try {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    // As express.json: an empty body is {}, and only an object or an array is accepted (strict).
    if (text.length === 0) {
      parentPort.postMessage({ id, value: {} });
      return;
    }
    const first = /[^ \\t\\n\\r]/.exec(text);
    if (!first || (first[0] !== '{' && first[0] !== '[')) {
      parentPort.postMessage({ id, failure: 'not an object or array' });
      return;
    }
    parentPort.postMessage({ id, value: JSON.parse(text) });
  } catch (error) {
    parentPort.postMessage({ id, failure: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Reply {
  id: number;
  value?: unknown;
  failure?: string;
}

/** What the app's error handler answers for a body that is not JSON (INVALID_JSON, as express.json's own). */
const invalidJson = () => new AppError('INVALID_JSON', 'The request body is not valid JSON');

/** One worker per parser (one per app), started on first use and replaced if it ever dies. */
export function createOffThreadJsonParser({ nice }: { nice: number }) {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    worker = undefined;
  };

  const start = () => {
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { nice } });
    // An idle parser never keeps the process alive (a stopping server exits without closing it).
    started.unref();
    started.on('message', ({ id, value, failure }: Reply) => {
      const request = pending.get(id);
      if (!request) return;
      pending.delete(id);
      if (failure === undefined) request.resolve(value);
      else request.reject(invalidJson());
    });
    started.on('error', failAll);
    started.on('exit', () => {
      if (worker === started) failAll(new Error('the JSON parser thread stopped'));
    });
    return started;
  };

  return {
    /** Parses UTF-8 JSON (an object or an array, as express.json's strict mode); the bytes are moved, not copied. */
    parse(bytes: Buffer): Promise<unknown> {
      worker ??= start();
      const id = nextId++;
      // Moving the bytes needs a buffer of their own: small Buffers share Node's pool.
      const owned =
        bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
          ? new Uint8Array(bytes.buffer)
          : new Uint8Array(bytes);
      const result = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
      worker.postMessage({ id, bytes: owned }, [owned.buffer as ArrayBuffer]);
      return result;
    },
    /** Stops the thread (the app's close); a later parse starts a new one. */
    async close(): Promise<void> {
      const stopping = worker;
      worker = undefined;
      if (stopping) await stopping.terminate();
    },
  };
}

export type OffThreadJsonParser = ReturnType<typeof createOffThreadJsonParser>;

/**
 * A JSON body parser for routes with large bodies: a body of at most `inlineBytes` (by its declared
 * length) is parsed by express.json as on every other route; a larger one, or one of unknown length,
 * is read as bytes (same limit, same inflation of gzip) and parsed on the worker thread. Content
 * types, charsets and errors are those of express.json: a body of another type is left unparsed.
 */
export function largeJsonBody({
  limit,
  inlineBytes,
  parser,
}: {
  limit: number;
  inlineBytes: number;
  parser: OffThreadJsonParser;
}): RequestHandler {
  const inline = express.json({ limit, strict: true });
  const readBytes = express.raw({ limit, type: isUtf8Json });
  return (req, res, next) => {
    const length = req.headers['content-length'];
    const small = length !== undefined && Number(length) <= inlineBytes;
    // Anything express.json would refuse or skip (another charset, another type) goes to it as before.
    if (small || !isUtf8Json(req)) {
      inline(req, res, next);
      return;
    }
    readBytes(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (!Buffer.isBuffer(req.body)) return next();
      parser.parse(req.body).then((value) => {
        req.body = value;
        next();
      }, next);
    });
  };
}

/** JSON in UTF-8 (or no charset, which JSON defaults to), as express.json reads it. */
function isUtf8Json(req: { headers: Record<string, string | string[] | undefined> }): boolean {
  const type = req.headers['content-type'];
  if (typeof type !== 'string') return false;
  const [mediaType = '', ...parameters] = type.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json') return false;
  const charset = parameters.find((parameter) => parameter.startsWith('charset='))?.slice('charset='.length);
  return charset === undefined || charset.replace(/"/g, '') === 'utf-8';
}
