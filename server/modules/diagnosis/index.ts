/** Public surface of the diagnosis module. */
export { createDiagnosisRouter, createMediaRouter } from './diagnosis.routes';
export { createDiagnosisService, type DiagnosisService } from './diagnosis.service';
export { createOfflineEngine } from './diagnosis.offline-engine';
export type { DiagnosisEngine, EngineResult } from './diagnosis.engine';
export { findDiagnosticById, type Diagnostic } from './diagnosis.repository';
