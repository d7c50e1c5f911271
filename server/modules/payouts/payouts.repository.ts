import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PayoutStatus } from '@shared/contracts/admin-payouts';
import { jobs, payouts, plumbers, users, type Payout } from '@shared/schema';
import type { Executor } from '../../db/client';

export type { Payout };

/** Which payouts: one status, and when they were written (instants: from inclusive, until exclusive). */
export interface PayoutFilter {
  status?: PayoutStatus;
  from?: Date;
  until?: Date;
}

/** A payout with its job's issue and its plumber's name and business, as the ledger lists it. */
export interface LedgerRow {
  id: string;
  jobId: string;
  issueSlug: string;
  plumberId: string;
  /** The plumber's account: who is told once the payout is paid. */
  plumberUserId: string;
  plumberName: string | null;
  businessName: string | null;
  gross: string;
  fee: string;
  net: string;
  status: PayoutStatus;
  createdAt: Date;
  paidAt: Date | null;
  reference: string | null;
}

/** Sums of a set of payouts, numeric text with cents. */
export type TotalsRow = {
  payouts: number;
  gross: string;
  fee: string;
  net: string;
  paidNet: string;
  unpaidNet: string;
};

function conditionsOf(filter: PayoutFilter): SQL | undefined {
  return and(
    filter.status ? eq(payouts.status, filter.status) : undefined,
    filter.from ? gte(payouts.createdAt, filter.from) : undefined,
    filter.until ? lt(payouts.createdAt, filter.until) : undefined,
  );
}

const ledgerColumns = {
  id: payouts.id,
  jobId: payouts.jobId,
  issueSlug: jobs.issueSlug,
  plumberId: payouts.plumberId,
  plumberUserId: plumbers.userId,
  plumberName: users.name,
  businessName: plumbers.businessName,
  gross: payouts.plumberGross,
  fee: payouts.platformFee,
  net: payouts.plumberNet,
  status: payouts.status,
  createdAt: payouts.createdAt,
  paidAt: payouts.paidAt,
  reference: payouts.paymentProviderId,
};

function ledger(db: Executor) {
  return db
    .select(ledgerColumns)
    .from(payouts)
    .innerJoin(jobs, eq(jobs.id, payouts.jobId))
    .innerJoin(plumbers, eq(plumbers.id, payouts.plumberId))
    .innerJoin(users, eq(users.id, plumbers.userId));
}

/** A page of the filtered ledger, newest first (id breaks ties so pages never overlap). */
export async function listLedgerPage(
  db: Executor,
  filter: PayoutFilter,
  page: { limit: number; offset: number },
): Promise<LedgerRow[]> {
  return ledger(db)
    .where(conditionsOf(filter))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findLedgerRow(db: Executor, payoutId: string): Promise<LedgerRow | undefined> {
  const [row] = await ledger(db).where(eq(payouts.id, payoutId));
  return row;
}

/** Reads the payout and locks its row until the caller's transaction ends. */
export async function lockPayout(tx: Executor, payoutId: string): Promise<Payout | undefined> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  return row;
}

/** Records the transfer: paid now (the database's clock), with its reference. */
export async function setPayoutPaid(tx: Executor, payoutId: string, reference: string): Promise<Payout> {
  const [row] = await tx
    .update(payouts)
    .set({ status: 'paid', paymentProviderId: reference, paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(payouts.id, payoutId))
    .returning();
  return row;
}

const totalsColumns = sql`
  count(*)::int as "payouts",
  round(coalesce(sum(${payouts.plumberGross}), 0), 2)::text as "gross",
  round(coalesce(sum(${payouts.platformFee}), 0), 2)::text as "fee",
  round(coalesce(sum(${payouts.plumberNet}), 0), 2)::text as "net",
  round(coalesce(sum(${payouts.plumberNet}) filter (where ${payouts.status} = 'paid'), 0), 2)::text as "paidNet",
  round(coalesce(sum(${payouts.plumberNet}) filter (where ${payouts.status} <> 'paid'), 0), 2)::text as "unpaidNet"`;

const NO_TOTALS: TotalsRow = {
  payouts: 0,
  gross: '0.00',
  fee: '0.00',
  net: '0.00',
  paidNet: '0.00',
  unpaidNet: '0.00',
};

const totalsOf = (row: TotalsRow): TotalsRow => ({
  payouts: Number(row.payouts),
  gross: row.gross,
  fee: row.fee,
  net: row.net,
  paidNet: row.paidNet,
  unpaidNet: row.unpaidNet,
});

/**
 * The filtered ledger's totals per plumber, and overall (ROLLUP adds the row of all plumbers, the
 * one `grouping` marks). Two plain hashed aggregates — this and the per-month one — read the rows
 * once each; one GROUPING SETS statement over both made PostgreSQL sort or walk an index at 0.8M
 * payouts, several times slower (bench/admin-stats.ts).
 */
export async function sumLedgerByPlumber(
  db: Executor,
  filter: PayoutFilter,
): Promise<{ all: TotalsRow; byPlumber: Array<TotalsRow & { plumberId: string }> }> {
  const where = conditionsOf(filter);
  const result = await db.execute<TotalsRow & { plumberId: string | null; overall: boolean }>(sql`
    select ${payouts.plumberId} as "plumberId", grouping(${payouts.plumberId}) = 1 as "overall", ${totalsColumns}
      from ${payouts}
     ${where ? sql`where ${where}` : sql``}
     group by rollup (${payouts.plumberId})`);
  const overall = result.rows.find((row) => row.overall);
  return {
    all: overall ? totalsOf(overall) : NO_TOTALS,
    byPlumber: result.rows
      .filter((row) => !row.overall)
      .map((row) => ({ ...totalsOf(row), plumberId: row.plumberId as string })),
  };
}

/** The filtered ledger's totals per calendar month on `timeZone`'s clock ('2026-01'). */
export async function sumLedgerByMonth(
  db: Executor,
  filter: PayoutFilter,
  timeZone: string,
): Promise<Array<TotalsRow & { month: string }>> {
  const where = conditionsOf(filter);
  const result = await db.execute<TotalsRow & { month: string }>(sql`
    select to_char(${payouts.createdAt} at time zone ${timeZone}, 'YYYY-MM') as "month", ${totalsColumns}
      from ${payouts}
     ${where ? sql`where ${where}` : sql``}
     group by 1`);
  return result.rows.map((row) => ({ ...totalsOf(row), month: row.month }));
}

/** Names and businesses of these plumbers, for the per-plumber totals. */
export async function listPlumberNames(
  db: Executor,
  plumberIds: readonly string[],
): Promise<Array<{ plumberId: string; name: string | null; businessName: string | null }>> {
  if (plumberIds.length === 0) return [];
  return db
    .select({ plumberId: plumbers.id, name: users.name, businessName: plumbers.businessName })
    .from(plumbers)
    .innerJoin(users, eq(users.id, plumbers.userId))
    .where(inArray(plumbers.id, [...plumberIds]));
}

/** Where a CSV export has got to: the last row's creation instant (microseconds, UTC) and id. */
export interface CsvCursor {
  createdAt: string;
  id: string;
}

/** A payout as the CSV writes it: times already as the wall clock of the export's zone shows them. */
export interface CsvRow {
  id: string;
  createdOnClock: string;
  jobId: string;
  issueSlug: string;
  plumberName: string | null;
  businessName: string | null;
  gross: string;
  fee: string;
  net: string;
  status: PayoutStatus;
  paidOnClock: string | null;
  reference: string | null;
  cursor: CsvCursor;
}

/**
 * The next `limit` payouts written in [from, until) after `after`, oldest first (keyset pagination:
 * each batch starts where the last ended, so a long export never re-reads or skips a row).
 */
export async function listCsvBatch(
  db: Executor,
  range: { from: Date; until: Date },
  options: { timeZone: string; after: CsvCursor | null; limit: number },
): Promise<CsvRow[]> {
  const { timeZone, after, limit } = options;
  const clock = (column: SQL) => sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
  // The batch is chosen on payouts alone, in the order of payouts_created_idx (created_at, id), so
  // each query reads its 1,000 rows and no more; only those are joined.
  const result = await db.execute<Omit<CsvRow, 'cursor'> & { cursorCreatedAt: string }>(sql`
    with batch as (
      select * from payouts
       where created_at >= ${range.from.toISOString()}::timestamptz
         and created_at < ${range.until.toISOString()}::timestamptz
         ${after ? sql`and (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
       order by created_at, id
       limit ${limit}
    )
    select p.id, ${clock(sql`p.created_at`)} as "createdOnClock", p.job_id as "jobId", j.issue_slug as "issueSlug",
           u.name as "plumberName", pl.business_name as "businessName",
           p.plumber_gross::text as "gross", p.platform_fee::text as "fee", p.plumber_net::text as "net",
           p.status, ${clock(sql`p.paid_at`)} as "paidOnClock", p.payment_provider_id as "reference",
           to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorCreatedAt"
      from batch p
      join jobs j on j.id = p.job_id
      join plumbers pl on pl.id = p.plumber_id
      join users u on u.id = pl.user_id
     order by p.created_at, p.id`);
  return result.rows.map(({ cursorCreatedAt, ...row }) => ({
    ...row,
    cursor: { createdAt: cursorCreatedAt, id: row.id },
  }));
}
