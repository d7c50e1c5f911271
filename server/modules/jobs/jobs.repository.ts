import { jobStatusEvents, jobs, type Job, type JobStatusEvent, type NewJob, type NewJobStatusEvent } from '@shared/schema';
import type { Executor } from '../../db/client';

export type { Job, JobStatusEvent };

export async function insertJob(db: Executor, values: NewJob): Promise<Job> {
  const [row] = await db.insert(jobs).values(values).returning();
  return row;
}

export async function insertJobStatusEvent(db: Executor, values: NewJobStatusEvent): Promise<JobStatusEvent> {
  const [row] = await db.insert(jobStatusEvents).values(values).returning();
  return row;
}
