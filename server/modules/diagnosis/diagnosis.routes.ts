import { Readable } from 'node:stream';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { LIMITS } from '@shared/constants';
import { AppError } from '../../lib/app-error';
import type { MediaStore } from '../../lib/media-store';
import type { ModuleDeps } from '../../lib/module-deps';
import { largeJsonBody, type OffThreadJsonParser } from '../../lib/off-thread-json';
import { createRateLimiter } from '../../lib/rate-limit';
import { createDiagnosisHandlers, createMediaHandlers } from './diagnosis.handlers';
import { IMAGE_LIMITS } from './diagnosis.images';
import type { DiagnosisService } from './diagnosis.service';

/** Room for the text fields: a 5,000-character description, even \u-escaped, and the rest. */
const TEXT_FIELDS_BYTES = 64 * 1024;

/**
 * Five photos at the per-photo cap (1.5 MiB, see IMAGE_LIMITS) as base64 (4/3): 10 MiB, plus the
 * text fields — about 10.1 MB. Real photos from the client are 0.2–0.6 MB each, so five of them
 * use a fifth of it; anything larger was not made by the client and is refused unread (413).
 */
export const DIAGNOSIS_BODY_LIMIT_BYTES =
  LIMITS.maxDiagnosisImages * Math.ceil((IMAGE_LIMITS.maxDecodedBytes * 4) / 3) + TEXT_FIELDS_BYTES;

/** Every route that receives photos (a diagnosis, a job's photos) parses bodies up to this size. */
export const PHOTO_BODY_LIMIT_BYTES = DIAGNOSIS_BODY_LIMIT_BYTES;

export const IMAGE_DECODE_BUSY_MESSAGE =
  'Plumbline is busy looking at other photos right now. Please try again in a moment.';

export const DIAGNOSIS_RATE_LIMIT_MESSAGE =
  'You have requested a lot of diagnoses in a short time. Please wait a few minutes and try again.';

/**
 * Mounted at /api/diagnose, before the global 100 kB JSON parser: this router parses its own
 * (larger) bodies, after the rate limit so a client over its limit is not even read.
 *
 * Photos are decoded one at a time per process behind a gate with a bounded queue and wait
 * (IMAGE_DECODE_QUEUE, IMAGE_DECODE_MAX_WAIT_MS; createApp gives the service its gate): decoding
 * is CPU work off the event loop, and several at once took the core other requests need. Requests
 * with photos beyond what the decoder and its queue hold are refused (503) before their body is
 * read and parsed (admitPhotoRequests).
 */
export function createDiagnosisRouter({
  diagnosis,
  config,
  rateLimitStore,
  photoUploads,
}: ModuleDeps & {
  diagnosis: DiagnosisService;
  /** The app's one photo admission and body parser (createPhotoUploads), shared with the other photo routes. */
  photoUploads: PhotoUploads;
}): Router {
  const handlers = createDiagnosisHandlers(diagnosis);
  const router = Router();
  router.post(
    '/',
    ...photoUploadMiddleware({
      photoUploads,
      rateLimiter: createRateLimiter({
        ...config.diagnosisRateLimit,
        message: DIAGNOSIS_RATE_LIMIT_MESSAGE,
        store: rateLimitStore('diagnose:'),
      }),
    }),
    handlers.diagnose,
  );
  return router;
}

/**
 * What runs before the handler of every route that receives photos, in this order: the in-memory
 * admission first (a refused request of a flood costs no database round trip), then the rate limit
 * (a client over its limit is not even read), then the JSON parser for bodies of up to
 * PHOTO_BODY_LIMIT_BYTES, which parses a body with photos on its worker thread (largeJsonBody).
 * Mount such routes before the app's 100 kB parser.
 */
export function photoUploadMiddleware({
  photoUploads,
  rateLimiter,
}: {
  photoUploads: PhotoUploads;
  rateLimiter: RequestHandler;
}): RequestHandler[] {
  return [photoUploads.admit, rateLimiter, photoUploads.parseBody];
}

/**
 * Parses one tiny JSON body the way every POST is parsed (express.json), at start-up: the parser's
 * charset decoder (iconv-lite) loads its encoding tables on first use, 10–25 ms the first request
 * after a start would otherwise pay. A stream stands in for the request; nothing else is touched.
 * Only an optimisation: it never fails or holds up the start (true when the body was parsed).
 */
export async function warmUpJsonBodies(): Promise<boolean> {
  const body = Buffer.from('{"warmUp":true}');
  const request = Object.assign(Readable.from([body]), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) },
  }) as unknown as Request;
  const parsed = new Promise<boolean>((resolve) =>
    express.json({ strict: true })(request, {} as Response, (error?: unknown) =>
      resolve(!error && (request.body as { warmUp?: unknown } | undefined)?.warmUp === true),
    ),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 2_000)));
  try {
    return await Promise.race([parsed, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What every route that receives photos shares within one app. */
export interface PhotoUploads {
  /**
   * One admission for all of them: they share one decode gate, so at most one decoding plus the
   * decode queue's length are admitted across them (admitPhotoRequests).
   */
  admit: RequestHandler;
  /** Their JSON body parser, whose large bodies go to the app's parser thread (largeJsonBody). */
  parseBody: RequestHandler;
}

export function createPhotoUploads(
  config: ModuleDeps['config'],
  bodyParser: OffThreadJsonParser,
): PhotoUploads {
  return {
    admit: admitPhotoRequests(1 + config.imageDecode.maxQueued),
    parseBody: largeJsonBody({
      limit: PHOTO_BODY_LIMIT_BYTES,
      inlineBytes: TEXT_FIELDS_BYTES,
      parser: bodyParser,
    }),
  };
}

/**
 * Admission for requests that may carry photos (a body larger than any text-only diagnosis, or of
 * unknown length): at most one decoding plus the decode queue's length are admitted at once, the
 * rest refused (503) before their body is read. Reading and parsing ten megabytes of JSON is event-
 * loop work too; without this, every request of a flood was parsed only to be refused by the gate.
 * Text-only requests are never held back by photos.
 */
export function admitPhotoRequests(limit: number): RequestHandler {
  let admitted = 0;
  return (req, res, next) => {
    const length = req.headers['content-length'];
    if (length !== undefined && Number(length) <= TEXT_FIELDS_BYTES) {
      next();
      return;
    }
    if (admitted >= limit) {
      // Close the connection after the answer instead of reading and discarding the unread body:
      // a flood on a fast link would otherwise keep the event loop draining megabytes it refused.
      res.setHeader('Connection', 'close');
      next(new AppError('SERVICE_UNAVAILABLE', IMAGE_DECODE_BUSY_MESSAGE));
      return;
    }
    admitted += 1;
    // 'close' follows the end of the response or a dropped connection, whichever comes first.
    res.once('close', () => (admitted -= 1));
    next();
  };
}

/** Serves cleaned diagnosis photos: mount with `app.use('/media', createMediaRouter({ media }))`. */
export function createMediaRouter({ media }: { media: MediaStore }): Router {
  const handlers = createMediaHandlers(media);
  const router = Router();
  router.get('/:file', handlers.getMedia);
  return router;
}
