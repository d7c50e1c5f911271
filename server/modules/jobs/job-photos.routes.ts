import { Router } from 'express';
import { requireRole } from '../../auth/guards';
import type { ModuleDeps } from '../../lib/module-deps';
import { createRateLimiter } from '../../lib/rate-limit';
import { photoUploadMiddleware, type PhotoUploads } from '../diagnosis';
import { createJobPhotosHandlers } from './job-photos.handlers';
import type { JobPhotosService } from './job-photos.service';

export const JOB_PHOTOS_RATE_LIMIT_MESSAGE =
  'You have added a lot of photos in a short time. Please wait a few minutes and try again.';

/**
 * Mounted at /api/jobs before the app's 100 kB JSON parser: photos make these bodies large, so
 * POST parses its own, after the same admission and the same kind of rate limit as POST /api/diagnose
 * (its own counter, with the diagnosis' limits). The role guard comes first: a plumber's or an
 * admin's request is refused (403) before it is admitted or read.
 */
export function createJobPhotosRouter({
  jobPhotos,
  config,
  rateLimitStore,
  photoUploads,
}: ModuleDeps & { jobPhotos: JobPhotosService; photoUploads: PhotoUploads }): Router {
  const handlers = createJobPhotosHandlers(jobPhotos);
  const router = Router();
  router.post(
    '/:jobId/photos',
    requireRole('homeowner'),
    ...photoUploadMiddleware({
      photoUploads,
      rateLimiter: createRateLimiter({
        ...config.diagnosisRateLimit,
        message: JOB_PHOTOS_RATE_LIMIT_MESSAGE,
        store: rateLimitStore('job-photos:'),
      }),
    }),
    handlers.addPhotos,
  );
  router.delete('/:jobId/photos/:photoId', requireRole('homeowner'), handlers.removePhoto);
  return router;
}
