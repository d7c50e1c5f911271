import type { RequestHandler } from 'express';
import { diagnosisRoutes } from '@shared/contracts/diagnosis';
import { AppError } from '../../lib/app-error';
import { reply } from '../../lib/contract';
import type { MediaStore } from '../../lib/media-store';
import { parseInput } from '../../lib/validate';
import type { DiagnosisService } from './diagnosis.service';

export function createDiagnosisHandlers(service: DiagnosisService) {
  /** POST /api/diagnose → 201 with the diagnosis (it is stored and has an id). */
  const diagnose: RequestHandler = async (req, res) => {
    const request = parseInput(diagnosisRoutes.diagnose.body, req.body);
    reply(res, diagnosisRoutes.diagnose, await service.diagnose(request));
  };
  return { diagnose };
}

export function createMediaHandlers(media: MediaStore) {
  /** GET /media/:file → the cleaned image (unguessable random names; no listing). */
  const getMedia: RequestHandler = async (req, res) => {
    const file = await media.get(String(req.params.file));
    if (!file) throw new AppError('NOT_FOUND', 'Image not found');
    res.set('Cache-Control', 'private, max-age=31536000, immutable');
    res.type(file.contentType).send(file.data);
  };
  return { getMedia };
}
