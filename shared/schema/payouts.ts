import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';
import { payoutStatus } from './enums';
import { jobs } from './jobs';
import { plumbers } from './plumbers';

export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    plumberId: uuid('plumber_id')
      .notNull()
      .references(() => plumbers.id, { onDelete: 'cascade' }),
    plumberGross: money('plumber_gross').notNull(),
    platformFee: money('platform_fee').notNull(),
    plumberNet: money('plumber_net').notNull(),
    status: payoutStatus('status').notNull().default('pending'),
    /** The card-payment provider's payment id, once paid out. */
    paymentProviderId: text('payment_provider_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('payouts_job_uq').on(t.jobId), index('payouts_plumber_idx').on(t.plumberId)],
);

export type Payout = typeof payouts.$inferSelect;
export type NewPayout = typeof payouts.$inferInsert;
