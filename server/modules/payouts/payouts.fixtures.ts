import type { JobStatus, QuoteStatus } from '@shared/constants';
import type { PayoutStatus } from '@shared/contracts/admin-payouts';
import { fromCents, toCents } from '@shared/money';
import { jobs, payouts, plumbers, quotes, users } from '@shared/schema';
import type { Database } from '../../db/client';
import { uniqueEmail } from '../../test/test-context';

/**
 * Test-only rows written straight into the tables, with the times a test needs (a job posted weeks
 * ago, a payout at a month's first midnight), which the API cannot backdate.
 */

export async function insertHomeowner(db: Database): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail('payouts-homeowner'),
      passwordHash: 'x',
      role: 'homeowner',
      name: 'Hana Owner',
    })
    .returning({ id: users.id });
  return user.id;
}

export async function insertPlumber(
  db: Database,
  details: { name: string | null; businessName: string | null },
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email: uniqueEmail('payouts-plumber'), passwordHash: 'x', role: 'plumber', name: details.name })
    .returning({ id: users.id });
  const [plumber] = await db
    .insert(plumbers)
    .values({ userId: user.id, businessName: details.businessName, verificationStatus: 'verified' })
    .returning({ id: plumbers.id });
  return plumber.id;
}

export async function insertJob(
  db: Database,
  job: { customerId: string; createdAt: Date; status: JobStatus; issueSlug?: string },
): Promise<string> {
  const [row] = await db
    .insert(jobs)
    .values({
      customerId: job.customerId,
      issueSlug: job.issueSlug ?? 'leaky-faucet',
      issueDescription: 'A job written by the payouts fixtures.',
      address: '1 Test St, Austin, TX 78701',
      currentStatus: job.status,
      createdAt: job.createdAt,
      updatedAt: job.createdAt,
    })
    .returning({ id: jobs.id });
  return row.id;
}

export async function insertQuote(
  db: Database,
  quote: { jobId: string; plumberId: string; createdAt: Date; status: QuoteStatus },
): Promise<void> {
  await db.insert(quotes).values({ ...quote, minTotal: '100.00', maxTotal: '200.00' });
}

/** A payout of `gross` with a 10% fee, as a completed job writes it (fee and net in whole cents). */
export async function insertPayout(
  db: Database,
  payout: {
    jobId: string;
    plumberId: string;
    gross: string;
    status: PayoutStatus;
    createdAt: Date;
    reference?: string;
    paidAt?: Date;
  },
): Promise<string> {
  const feeCents = Math.round(toCents(payout.gross) / 10);
  const [row] = await db
    .insert(payouts)
    .values({
      jobId: payout.jobId,
      plumberId: payout.plumberId,
      plumberGross: payout.gross,
      platformFee: fromCents(feeCents),
      plumberNet: fromCents(toCents(payout.gross) - feeCents),
      status: payout.status,
      paymentProviderId: payout.reference ?? null,
      paidAt: payout.paidAt ?? null,
      createdAt: payout.createdAt,
      updatedAt: payout.createdAt,
    })
    .returning({ id: payouts.id });
  return row.id;
}

/** A completed job and its payout, in one call; the job was posted `jobCreatedAt` (default: with the payout). */
export async function insertCompletedJobWithPayout(
  db: Database,
  payout: Omit<Parameters<typeof insertPayout>[1], 'jobId'> & {
    customerId: string;
    issueSlug?: string;
    jobCreatedAt?: Date;
  },
): Promise<{ jobId: string; payoutId: string }> {
  const { customerId, issueSlug, jobCreatedAt, ...rest } = payout;
  const jobId = await insertJob(db, {
    customerId,
    issueSlug,
    createdAt: jobCreatedAt ?? payout.createdAt,
    status: 'completed',
  });
  return { jobId, payoutId: await insertPayout(db, { ...rest, jobId }) };
}
