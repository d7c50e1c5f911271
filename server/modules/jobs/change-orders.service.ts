import type { JobStatus } from '@shared/constants';
import type { CurrentUser } from '@shared/contracts/auth';
import type { CreateChangeOrder, JobChangeOrder } from '@shared/contracts/jobs';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { notificationCopy, type NotificationsService } from '../notifications';
import type { PlumbersService } from '../plumbers';
import {
  decideChangeOrder,
  findChangeOrder,
  findPendingChangeOrder,
  insertChangeOrder,
  isOnePendingViolation,
  type ChangeOrder,
} from './change-orders.repository';
import { lockJobById } from './jobs.repository';

export const CHANGE_ORDER_ERRORS = {
  jobNotFound: 'Job not found',
  notFound: 'Change order not found for this job',
  jobNotActive: 'A change order can only be requested while the job is scheduled or in progress',
  alreadyPending: "This job already has a change order waiting for the homeowner's answer",
  alreadyDecided: 'This change order has already been approved or declined',
  approveTooLate: 'This job is no longer in progress: the change order can only be declined',
} as const;

/** While the work is ahead or under way, the plumber may ask for more and the homeowner may agree. */
const ACTIVE: readonly JobStatus[] = ['scheduled', 'in_progress'];

export function toJobChangeOrder(row: ChangeOrder): JobChangeOrder {
  return {
    id: row.id,
    jobId: row.jobId,
    amount: row.amount,
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

export interface ChangeOrdersServiceDeps {
  db: Database;
  plumbers: Pick<PlumbersService, 'findForUser' | 'userIdsOf'>;
  /** Tells the other side of a request or a decision, in its transaction. */
  notifications: Pick<NotificationsService, 'notify' | 'jobChanged'>;
}

export function createChangeOrdersService({ db, plumbers, notifications }: ChangeOrdersServiceDeps) {
  return {
    /**
     * The assigned plumber asks for `amount` on top of the accepted quote's maximum. One request
     * waits for an answer at a time; the job row is locked so a completion cannot slip in between.
     */
    async requestChangeOrder(
      actor: CurrentUser,
      jobId: string,
      input: CreateChangeOrder,
    ): Promise<JobChangeOrder> {
      try {
        return await db.transaction(async (tx) => {
          const job = await lockJobById(tx, jobId);
          const plumber = job ? await plumbers.findForUser(tx, actor.id) : undefined;
          if (!job || !plumber || job.plumberId !== plumber.id) {
            throw new AppError('NOT_FOUND', CHANGE_ORDER_ERRORS.jobNotFound);
          }
          if (!ACTIVE.includes(job.currentStatus))
            throw new AppError('CONFLICT', CHANGE_ORDER_ERRORS.jobNotActive);
          if (await findPendingChangeOrder(tx, job.id))
            throw new AppError('CONFLICT', CHANGE_ORDER_ERRORS.alreadyPending);
          const row = await insertChangeOrder(tx, {
            jobId: job.id,
            plumberId: plumber.id,
            amount: input.amount,
            reason: input.reason,
          });
          await notifications.notify(tx, [
            {
              userId: job.customerId,
              kind: 'change_order',
              jobId: job.id,
              eventKey: `change-order:${row.id}`,
              ...notificationCopy.changeOrderRequested(job.issueSlug, row.amount, row.reason),
            },
          ]);
          await notifications.jobChanged(tx, job.id, [actor.id]);
          return toJobChangeOrder(row);
        });
      } catch (error) {
        // The partial unique index is the last line of defence behind the check above.
        if (isOnePendingViolation(error)) throw new AppError('CONFLICT', CHANGE_ORDER_ERRORS.alreadyPending);
        throw error;
      }
    },

    /**
     * The job's owner approves or declines a pending change order, exactly once: the conditional
     * update lets one decision through. Approving needs the job still active, because a completed
     * job's payout is already written; declining is always possible.
     */
    async decideChangeOrder(
      actor: CurrentUser,
      jobId: string,
      changeOrderId: string,
      decision: 'approved' | 'declined',
    ): Promise<JobChangeOrder> {
      return db.transaction(async (tx) => {
        const job = await lockJobById(tx, jobId);
        if (!job || job.customerId !== actor.id)
          throw new AppError('NOT_FOUND', CHANGE_ORDER_ERRORS.jobNotFound);
        const changeOrder = await findChangeOrder(tx, job.id, changeOrderId);
        if (!changeOrder) throw new AppError('NOT_FOUND', CHANGE_ORDER_ERRORS.notFound);
        if (changeOrder.status !== 'pending')
          throw new AppError('CONFLICT', CHANGE_ORDER_ERRORS.alreadyDecided);
        if (decision === 'approved' && !ACTIVE.includes(job.currentStatus))
          throw new AppError('CONFLICT', CHANGE_ORDER_ERRORS.approveTooLate);
        const decided = await decideChangeOrder(tx, changeOrder.id, decision);
        if (!decided) throw new AppError('CONFLICT', CHANGE_ORDER_ERRORS.alreadyDecided);
        const plumberUserId = (await plumbers.userIdsOf(tx, [decided.plumberId])).get(decided.plumberId);
        if (plumberUserId) {
          await notifications.notify(tx, [
            {
              userId: plumberUserId,
              kind: 'change_order',
              jobId: job.id,
              eventKey: `change-order:${decided.id}:${decision}`,
              ...notificationCopy.changeOrderDecided(job.issueSlug, decided.amount, decision === 'approved'),
            },
          ]);
        }
        await notifications.jobChanged(tx, job.id, [actor.id]);
        return toJobChangeOrder(decided);
      });
    },
  };
}

export type ChangeOrdersService = ReturnType<typeof createChangeOrdersService>;
