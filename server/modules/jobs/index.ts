/** Public surface of the jobs module for other modules. */
export { postJob, type PostJobInput } from './jobs.service';
export type { Job } from './jobs.repository';
