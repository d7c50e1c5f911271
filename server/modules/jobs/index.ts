/**
 * Public surface of the jobs module for other modules: its services (built once, in createApp) and
 * pure helpers. Methods another module calls inside its own transaction take that `tx` first.
 */
export {
  createJobsService,
  toJobStatusResult,
  type Job,
  type JobsService,
  type PostJobInput,
} from './jobs.service';
export { createChangeOrdersService, type ChangeOrdersService } from './change-orders.service';
export { createJobRoomService, createReceipts, type JobRoomService, type Receipts } from './job-room.service';
export { createJobPhotosService, type JobPhotosService } from './job-photos.service';
// Jobs keep the estimate they were posted with; older jobs get one once, from start-up, in the background.
export { backfillJobEstimates, startJobEstimateBackfill } from './job-estimates';
// The admin figures read each status's job count from tallies a trigger keeps; this folds them.
export { startJobStatusTallyFolding } from './job-status-tallies';
