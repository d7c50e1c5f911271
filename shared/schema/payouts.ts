import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
    /** The reference of the transfer (the payment provider's id, a bank reference), once paid out. */
    paymentProviderId: text('payment_provider_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payouts_job_uq').on(t.jobId),
    index('payouts_plumber_idx').on(t.plumberId),
    index('payouts_status_created_idx').on(t.status, t.createdAt),
    // The ledger newest first and the CSV export oldest first (id breaks ties), and the monthly platform
    // fees without reading the rows (bench/admin-stats.ts).
    index('payouts_created_idx').on(t.createdAt, t.id, t.platformFee),
  ],
);

export type Payout = typeof payouts.$inferSelect;
export type NewPayout = typeof payouts.$inferInsert;
