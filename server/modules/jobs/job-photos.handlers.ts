import type { RequestHandler } from 'express';
import { jobRoutes } from '@shared/contracts/jobs';
import { currentUser } from '../../auth/guards';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { JobPhotosService } from './job-photos.service';

export function createJobPhotosHandlers(jobPhotos: JobPhotosService) {
  /** POST /api/jobs/:jobId/photos → 201 with all of the job's photos. */
  const addPhotos: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(jobRoutes.addPhotos.params, req.params);
    const { imageUrls } = parseInput(jobRoutes.addPhotos.body, req.body);
    reply(res, jobRoutes.addPhotos, await jobPhotos.addPhotos(currentUser(req), jobId, imageUrls));
  };

  /** DELETE /api/jobs/:jobId/photos/:photoId → 200 with the photos left. */
  const removePhoto: RequestHandler = async (req, res) => {
    const { jobId, photoId } = parseInput(jobRoutes.removePhoto.params, req.params);
    reply(res, jobRoutes.removePhoto, await jobPhotos.removePhoto(currentUser(req), jobId, photoId));
  };

  return { addPhotos, removePhoto };
}
