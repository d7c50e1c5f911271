import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { changeOrders, type ChangeOrder, type NewChangeOrder } from '@shared/schema';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';

export type { ChangeOrder };

/** The partial unique index that allows one pending change order per job. */
export const ONE_PENDING_PER_JOB = 'change_orders_one_pending_per_job_uq';

export async function insertChangeOrder(db: Executor, values: NewChangeOrder): Promise<ChangeOrder> {
  const [row] = await db.insert(changeOrders).values(values).returning();
  return row;
}

export async function findChangeOrder(
  db: Executor,
  jobId: string,
  changeOrderId: string,
): Promise<ChangeOrder | undefined> {
  const [row] = await db
    .select()
    .from(changeOrders)
    .where(and(eq(changeOrders.id, changeOrderId), eq(changeOrders.jobId, jobId)))
    .limit(1);
  return row;
}

export async function findPendingChangeOrder(db: Executor, jobId: string): Promise<ChangeOrder | undefined> {
  const [row] = await db
    .select()
    .from(changeOrders)
    .where(and(eq(changeOrders.jobId, jobId), eq(changeOrders.status, 'pending')))
    .limit(1);
  return row;
}

/**
 * Approves or declines a pending change order: the `status = 'pending'` condition makes the answer
 * final, so of two decisions only the first returns a row.
 */
export async function decideChangeOrder(
  db: Executor,
  changeOrderId: string,
  status: 'approved' | 'declined',
): Promise<ChangeOrder | undefined> {
  const [row] = await db
    .update(changeOrders)
    .set({ status, decidedAt: sql`now()` })
    .where(and(eq(changeOrders.id, changeOrderId), eq(changeOrders.status, 'pending')))
    .returning();
  return row;
}

/** The change orders of these jobs, oldest first (change_orders_job_idx). */
export async function listChangeOrdersByJobs(
  db: Executor,
  jobIds: readonly string[],
): Promise<ChangeOrder[]> {
  if (jobIds.length === 0) return [];
  return db
    .select()
    .from(changeOrders)
    .where(inArray(changeOrders.jobId, [...jobIds]))
    .orderBy(asc(changeOrders.createdAt), asc(changeOrders.id));
}

/** True when `error` (or a cause of it) is the unique violation of ONE_PENDING_PER_JOB. */
export function isOnePendingViolation(error: unknown): boolean {
  return isUniqueViolation(error, ONE_PENDING_PER_JOB);
}
