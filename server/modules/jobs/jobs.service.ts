import type { Urgency } from '@shared/constants';
import type { Executor } from '../../db/client';
import { insertJob, insertJobStatusEvent, type Job } from './jobs.repository';

export interface PostJobInput {
  customerId: string;
  issueSlug: string;
  issueDescription: string;
  address: string;
  lat: number;
  lng: number;
  urgency: Urgency;
  preferredDate: string | null;
}

/**
 * "Post a Job": a homeowner's job in status `requested` with its first status event.
 * Takes the caller's executor so booking can create it inside its own transaction.
 */
export async function postJob(db: Executor, input: PostJobInput, notes = 'Job posted'): Promise<Job> {
  const job = await insertJob(db, {
    ...input,
    lat: input.lat.toFixed(7),
    lng: input.lng.toFixed(7),
    currentStatus: 'requested',
  });
  await insertJobStatusEvent(db, { jobId: job.id, status: 'requested', notes });
  return job;
}
