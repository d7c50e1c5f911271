/** Public surface of the diagnosis module: its service, routers and what createApp wires into them. */
export {
  admitPhotoRequests,
  createDiagnosisRouter,
  createMediaRouter,
  createPhotoUploads,
  IMAGE_DECODE_BUSY_MESSAGE,
  PHOTO_BODY_LIMIT_BYTES,
  photoUploadMiddleware,
  type PhotoUploads,
  warmUpJsonBodies,
} from './diagnosis.routes';
export { createDiagnosisService, type DiagnosisService } from './diagnosis.service';
export { createDailyCallBudget } from './diagnosis.call-budget';
export { createPhotoDecoder, type PhotoDecoder } from './diagnosis.decoder';
export { selectDiagnosisEngine } from './diagnosis.engine-selection';
export { createOfflineEngine } from './diagnosis.offline-engine';
export type { DiagnosisEngine, EngineResult } from './diagnosis.engine';
