/** Public surface of the jobs module for other modules. */
export {
  postJob,
  transitionJob,
  toJobStatusResult,
  type JobEstimator,
  type PostJobInput,
} from './jobs.service';
export { findJobById, lockJobById, type Job } from './jobs.repository';
