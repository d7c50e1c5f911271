import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money } from './columns';
import { changeOrderStatus } from './enums';
import { jobs } from './jobs';
import { plumbers } from './plumbers';

/**
 * Extra work the assigned plumber asks the homeowner to approve. `amount` is added to the accepted
 * quote's maximum: the final amount may not exceed that maximum plus every approved change order.
 * At most one change order per job waits for an answer at a time.
 */
export const changeOrders = pgTable(
  'change_orders',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    plumberId: uuid('plumber_id')
      .notNull()
      .references(() => plumbers.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    status: changeOrderStatus('status').notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('change_orders_job_idx').on(t.jobId, t.createdAt),
    uniqueIndex('change_orders_one_pending_per_job_uq')
      .on(t.jobId)
      .where(sql`${t.status} = 'pending'`),
    check('change_orders_amount_ck', sql`${t.amount} > 0`),
    check('change_orders_decided_ck', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
  ],
);

export type ChangeOrder = typeof changeOrders.$inferSelect;
export type NewChangeOrder = typeof changeOrders.$inferInsert;
