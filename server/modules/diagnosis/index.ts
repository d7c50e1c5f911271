/** Public surface of the diagnosis module: its service, routers and what createApp wires into them. */
export {
  admitPhotoRequests,
  createDiagnosisRouter,
  createMediaRouter,
  createPhotoAdmission,
  IMAGE_DECODE_BUSY_MESSAGE,
  PHOTO_BODY_LIMIT_BYTES,
  photoUploadMiddleware,
  warmUpJsonBodies,
} from './diagnosis.routes';
export { createDiagnosisService, type DiagnosisService } from './diagnosis.service';
export { createDailyCallBudget } from './diagnosis.call-budget';
export { selectDiagnosisEngine } from './diagnosis.engine-selection';
export { createOfflineEngine } from './diagnosis.offline-engine';
export type { DiagnosisEngine, EngineResult } from './diagnosis.engine';
