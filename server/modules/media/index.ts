/** Public surface of the media module: where photos are kept, and how long. */
export { createDatabaseMediaStore } from './media.database-store';
export {
  purgeExpiredDiagnosisPhotos,
  startMediaRetention,
  type MediaRetention,
  type MediaRetentionResult,
} from './media.retention';
