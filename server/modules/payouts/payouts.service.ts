import {
  ADMIN_PAYOUT_MESSAGES,
  PAYOUT_PLUMBER_TOTALS_LIMIT,
  type AdminPayout,
  type AdminPayoutsPage,
  type AdminPayoutsQuery,
  type MarkPayoutPaidInput,
  type PayoutsCsvQuery,
} from '@shared/contracts/admin-payouts';
import type { CurrentUser } from '@shared/contracts/auth';
import { addCalendarDays, instantOnClock } from '@shared/dates';
import { toCents } from '@shared/money';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit';
import { notificationCopy, type NotificationsService } from '../notifications';
import { payoutsCsvHeader, payoutsCsvRecord } from './payouts.csv';
import {
  findLedgerRow,
  listCsvBatch,
  listLedgerPage,
  listPlumberNames,
  lockPayout,
  setPayoutPaid,
  sumLedgerByMonth,
  sumLedgerByPlumber,
  type CsvCursor,
  type LedgerRow,
  type Payout,
  type PayoutFilter,
} from './payouts.repository';

/** Rows read per query of a CSV export: the export streams, so its length has no limit. */
const CSV_BATCH = 1000;

function toAdminPayout(row: LedgerRow): AdminPayout {
  return {
    id: row.id,
    job: { id: row.jobId, issueSlug: row.issueSlug },
    plumber: { id: row.plumberId, name: row.plumberName, businessName: row.businessName },
    gross: row.gross,
    fee: row.fee,
    net: row.net,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    reference: row.reference,
  };
}

/** What the audit log keeps of a payout: what marking it paid changes, and whose it is. */
const auditView = (payout: Payout) => ({
  jobId: payout.jobId,
  plumberId: payout.plumberId,
  plumberNet: payout.plumberNet,
  status: payout.status,
  reference: payout.paymentProviderId,
  paidAt: payout.paidAt,
});

export interface PayoutsServiceDeps {
  db: Database;
  /** Marking a payout paid records itself there, in its own transaction. */
  audit: Pick<AuditService, 'record'>;
  /** Tells the plumber the payout was paid (bell, mail, live event), in the same transaction. */
  notifications: Pick<NotificationsService, 'notify'>;
  /** APP_TIME_ZONE: the filters' days, the totals' months and the CSV's times are on its clock. */
  timeZone: string;
}

/**
 * The payouts ledger (admin only, decided at the HTTP edge): every completed job's payout, who was
 * paid and who is still owed, the transfer's reference once paid, and the books' CSV export.
 */
export function createPayoutsService({ db, audit, notifications, timeZone }: PayoutsServiceDeps) {
  /** A range of days on the app's clock is inclusive: it starts at its first midnight… */
  const startOf = (day: string) => instantOnClock(day, '00:00', timeZone);
  /** …and ends (exclusive) at the midnight after its last day. */
  const endOf = (day: string) => startOf(addCalendarDays(day, 1));

  return {
    /** A page of the filtered ledger, newest first, with the totals of everything the filter matches. */
    async list({ status, from, to, page, pageSize }: AdminPayoutsQuery): Promise<AdminPayoutsPage> {
      const filter: PayoutFilter = {
        status,
        from: from ? startOf(from) : undefined,
        until: to ? endOf(to) : undefined,
      };
      const [rows, { all, byPlumber }, byMonth] = await Promise.all([
        listLedgerPage(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
        sumLedgerByPlumber(db, filter),
        sumLedgerByMonth(db, filter, timeZone),
      ]);
      const largest = [...byPlumber]
        .sort((a, b) => toCents(b.gross) - toCents(a.gross) || a.plumberId.localeCompare(b.plumberId))
        .slice(0, PAYOUT_PLUMBER_TOTALS_LIMIT);
      const named = await listPlumberNames(
        db,
        largest.map((row) => row.plumberId),
      );
      const names = new Map(named.map((row) => [row.plumberId, row]));
      return {
        timeZone,
        items: rows.map(toAdminPayout),
        page,
        pageSize,
        total: all.payouts,
        totals: {
          all,
          byPlumber: largest.map((row) => ({
            ...row,
            name: names.get(row.plumberId)?.name ?? null,
            businessName: names.get(row.plumberId)?.businessName ?? null,
          })),
          plumberCount: byPlumber.length,
          byMonth: [...byMonth].sort((a, b) => b.month.localeCompare(a.month)),
        },
      };
    },

    /**
     * Pending or failed → paid, with the transfer's reference, now. The row is locked first, so of
     * two admins marking it at once the second finds it paid (409): the first reference is never
     * overwritten. The audit row and the plumber's notification commit with the change or not at all.
     */
    async markPaid(
      actor: Pick<CurrentUser, 'id' | 'email'>,
      payoutId: string,
      { reference }: MarkPayoutPaidInput,
    ): Promise<AdminPayout> {
      return db.transaction(async (tx) => {
        const before = await lockPayout(tx, payoutId);
        if (!before) throw new AppError('NOT_FOUND', ADMIN_PAYOUT_MESSAGES.notFound);
        if (before.status === 'paid') throw new AppError('CONFLICT', ADMIN_PAYOUT_MESSAGES.alreadyPaid);
        const after = await setPayoutPaid(tx, payoutId, reference);
        await audit.record(tx, actor, {
          action: 'payout.mark_paid',
          entityType: 'payout',
          entityId: payoutId,
          before: auditView(before),
          after: auditView(after),
          // The reference is the justification; the admin types no other reason.
          reason: null,
        });
        const row = await findLedgerRow(tx, payoutId);
        if (!row) throw new AppError('NOT_FOUND', ADMIN_PAYOUT_MESSAGES.notFound);
        await notifications.notify(tx, [
          {
            userId: row.plumberUserId,
            kind: 'payout_paid',
            jobId: row.jobId,
            // A payout is paid once (the lock above); the key keeps it one notification regardless.
            eventKey: `payout:${payoutId}:paid`,
            ...notificationCopy.payoutPaid(row.issueSlug, row.net, reference),
          },
        ]);
        return toAdminPayout(row);
      });
    },

    /**
     * The payouts written from `from` to `to` (days on the app's clock, inclusive) as CSV text,
     * oldest first, one chunk per batch of rows read. The first chunk (the header and the first
     * batch) comes only once the first query has answered, so a failure before it is still an
     * ordinary error answer.
     */
    async *exportCsv({ from, to }: PayoutsCsvQuery): AsyncGenerator<string> {
      const range = { from: startOf(from), until: endOf(to) };
      const batchAfter = (after: CsvCursor | null) =>
        listCsvBatch(db, range, { timeZone, after, limit: CSV_BATCH });
      let rows = await batchAfter(null);
      yield payoutsCsvHeader(timeZone) + rows.map(payoutsCsvRecord).join('');
      while (rows.length === CSV_BATCH) {
        rows = await batchAfter(rows[rows.length - 1].cursor);
        if (rows.length > 0) yield rows.map(payoutsCsvRecord).join('');
      }
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
