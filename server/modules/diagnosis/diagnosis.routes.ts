import express, { Router } from 'express';
import { LIMITS } from '@shared/constants';
import type { ModuleDeps } from '../../lib/module-deps';
import { createLocalMediaStore, type MediaStore } from '../../lib/media-store';
import { createRateLimiter } from '../../lib/rate-limit';
import { createPricingService } from '../pricing';
import { createDiagnosisHandlers, createMediaHandlers } from './diagnosis.handlers';
import { selectDiagnosisEngine } from './diagnosis.engine-selection';
import { IMAGE_LIMITS } from './diagnosis.images';
import { createDiagnosisService } from './diagnosis.service';

/** Five photos of 8 MB as base64 (4/3), plus the text fields. */
export const DIAGNOSIS_BODY_LIMIT_BYTES =
  Math.ceil((LIMITS.maxDiagnosisImages * IMAGE_LIMITS.maxDecodedBytes * 4) / 3) + 64 * 1024;

export const DIAGNOSIS_RATE_LIMIT_MESSAGE =
  'You have requested a lot of diagnoses in a short time. Please wait a few minutes and try again.';

const mediaStoreFor = (deps: ModuleDeps): MediaStore => createLocalMediaStore({ dir: deps.config.mediaDir });

/**
 * Mounted at /api/diagnose, before the global 100 kB JSON parser: this router parses its own
 * (larger) bodies, after the rate limit so a client over its limit is not even read.
 */
export function createDiagnosisRouter(deps: ModuleDeps): Router {
  const service = createDiagnosisService({
    db: deps.db,
    engine: selectDiagnosisEngine(deps.config.openai, deps.logger),
    pricing: createPricingService(deps.db),
    media: mediaStoreFor(deps),
  });
  const handlers = createDiagnosisHandlers(service);
  const router = Router();
  router.post(
    '/',
    createRateLimiter({
      ...deps.config.diagnosisRateLimit,
      message: DIAGNOSIS_RATE_LIMIT_MESSAGE,
      store: deps.rateLimitStore('diagnose:'),
    }),
    express.json({ limit: DIAGNOSIS_BODY_LIMIT_BYTES, strict: true }),
    handlers.diagnose,
  );
  return router;
}

/** Serves cleaned diagnosis photos: mount with `app.use('/media', createMediaRouter(deps))`. */
export function createMediaRouter(deps: ModuleDeps): Router {
  const handlers = createMediaHandlers(mediaStoreFor(deps));
  const router = Router();
  router.get('/:file', handlers.getMedia);
  return router;
}
