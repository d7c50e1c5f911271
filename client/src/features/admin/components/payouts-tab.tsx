import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PAYOUT_STATUSES } from '@shared/constants';
import {
  PAYOUT_REFERENCE_MAX,
  markPayoutPaidInput,
  payoutsRangeInput,
  type AdminPayout,
  type AdminPayoutsPage,
  type PayoutStatus,
  type PayoutTotals,
} from '@shared/contracts/admin-payouts';
import { jobTitleFromSlug } from '@shared/job-display';
import { formatUsd } from '@shared/money';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TableCell } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { blankAsUndefined } from '@/utils/form-values';
import { useAdminPayouts } from '../api/get-admin-payouts';
import { useMarkPayoutPaid } from '../api/mark-payout-paid';
import { payoutsCsvLink } from '../api/payouts-csv-link';
import { ADMIN_COPY } from '../copy';
import { formatDayOnClock, formatMonth } from '../utils/figures-format';
import { AdminTable } from './admin-table';

const COPY = ADMIN_COPY.payouts;

type StatusFilter = PayoutStatus | 'all';
const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...PAYOUT_STATUSES];
const STATUS_BADGES: Record<PayoutStatus, BadgeVariant> = {
  pending: 'outline',
  paid: 'secondary',
  failed: 'destructive',
};

interface DayRange {
  from?: string;
  to?: string;
}

const plumberOf = (plumber: { name: string | null; businessName: string | null }) =>
  plumber.businessName ?? plumber.name ?? COPY.unnamed;

/**
 * The Payouts tab: the ledger with its filters and totals, Mark Paid, and the CSV export of a range.
 * It opens on the pending payouts — the admin's work, and what is owed to each plumber — rather than
 * on every payout ever written.
 */
export function PayoutsTab() {
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [range, setRange] = useState<DayRange>({});
  const [page, setPage] = useState(1);
  const [marking, setMarking] = useState<AdminPayout | null>(null);
  const ledger = useAdminPayouts({
    query: { status: status === 'all' ? undefined : status, ...range, page },
  });
  const data = ledger.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="grid gap-6">
      <p className="text-muted-foreground">{COPY.intro}</p>
      <div className="flex flex-wrap items-end gap-4">
        <StatusSelect
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
        <RangeForm
          timeZone={data?.timeZone}
          onApply={(next) => {
            setRange(next);
            setPage(1);
          }}
        />
        <ExportLink range={range} />
      </div>

      {ledger.isError && (
        <p role="alert" className="text-sm text-destructive">
          {ADMIN_COPY.listFailed} {getErrorMessage(ledger.error, '')}
        </p>
      )}
      {data && (
        <p className="text-sm" data-testid="text-payout-totals">
          <span className="font-medium">{COPY.count(data.total)}</span>
          {' · '}
          {COPY.totals.overall(
            formatUsd(data.totals.all.gross),
            formatUsd(data.totals.all.fee),
            formatUsd(data.totals.all.net),
            formatUsd(data.totals.all.unpaidNet),
          )}
        </p>
      )}
      <AdminTable
        label={COPY.tableLabel}
        testId="table-payouts"
        columns={COPY.columns}
        rows={data?.items}
        failed={ledger.isError}
        rowKey={(payout) => payout.id}
        emptyText={COPY.empty}
        renderRow={(payout) => (
          <PayoutCells
            payout={payout}
            timeZone={data?.timeZone ?? DEFAULT_APP_TIME_ZONE}
            onMarkPaid={() => setMarking(payout)}
          />
        )}
      />
      {data && pages > 1 && (
        <nav aria-label={COPY.tableLabel} className="flex items-center gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {COPY.previous}
          </Button>
          <span className="text-sm" aria-live="polite">
            {COPY.page(page, pages)}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {COPY.next}
          </Button>
        </nav>
      )}

      {data && <Totals data={data} />}

      <Dialog open={marking !== null} onOpenChange={(open) => !open && setMarking(null)}>
        {marking && (
          <DialogContent data-testid="dialog-mark-paid" closeLabel={COPY.cancel}>
            <MarkPaidForm payout={marking} onDone={() => setMarking(null)} />
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}

function StatusSelect({ value, onChange }: { value: StatusFilter; onChange: (value: StatusFilter) => void }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <label htmlFor={`${id}-status`} className="text-sm font-medium">
        {COPY.statusLabel}
      </label>
      <Select value={value} onValueChange={(next) => onChange(next as StatusFilter)}>
        <SelectTrigger id={`${id}-status`} className="w-40" data-testid="select-payout-status">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {STATUS_FILTERS.map((filter) => (
            <SelectItem key={filter} value={filter}>
              {COPY.statuses[filter]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** From and to, both optional, checked by the contract's rules before the ledger is asked. */
function RangeForm({
  timeZone,
  onApply,
}: {
  timeZone: string | undefined;
  onApply: (range: DayRange) => void;
}) {
  const id = useId();
  const form = useForm({
    resolver: zodResolver(payoutsRangeInput),
    defaultValues: { from: undefined, to: undefined },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((range) => onApply(range))}
      className="flex flex-wrap items-end gap-2"
      aria-describedby={timeZone ? `${id}-zone` : undefined}
    >
      <FormField id={`${id}-from`} label={COPY.from} error={errors.from}>
        {(describedBy) => (
          <Input
            id={`${id}-from`}
            type="date"
            className="w-44"
            aria-invalid={errors.from ? true : undefined}
            aria-describedby={describedBy}
            data-testid="input-payouts-from"
            {...form.register('from', { setValueAs: blankAsUndefined })}
          />
        )}
      </FormField>
      <FormField id={`${id}-to`} label={COPY.to} error={errors.to}>
        {(describedBy) => (
          <Input
            id={`${id}-to`}
            type="date"
            className="w-44"
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={describedBy}
            data-testid="input-payouts-to"
            {...form.register('to', { setValueAs: blankAsUndefined })}
          />
        )}
      </FormField>
      <Button type="submit" variant="outline" data-testid="button-payouts-apply">
        {COPY.apply}
      </Button>
      <Button
        variant="ghost"
        onClick={() => {
          form.reset({ from: undefined, to: undefined });
          onApply({});
        }}
      >
        {COPY.clear}
      </Button>
      {timeZone && (
        <p id={`${id}-zone`} className="basis-full text-xs text-muted-foreground">
          {COPY.rangeHint(timeZone)}
        </p>
      )}
    </form>
  );
}

/** The export is of a period: a link once both days are chosen (and applied), else why there is none. */
function ExportLink({ range }: { range: DayRange }) {
  if (!range.from || !range.to) {
    return <p className="text-sm text-muted-foreground">{COPY.exportNeedsRange}</p>;
  }
  const link = payoutsCsvLink({ from: range.from, to: range.to });
  return (
    <Button asChild variant="outline">
      <a href={link.href} download={link.fileName} data-testid="link-export-payouts">
        <Download aria-hidden="true" />
        {COPY.export}
      </a>
    </Button>
  );
}

function PayoutCells({
  payout,
  timeZone,
  onMarkPaid,
}: {
  payout: AdminPayout;
  timeZone: string;
  onMarkPaid: () => void;
}) {
  return (
    <>
      <TableCell className="min-w-40">{jobTitleFromSlug(payout.job.issueSlug)}</TableCell>
      <TableCell className="min-w-44">
        <span className="font-medium">{payout.plumber.businessName ?? COPY.unnamed}</span>
        {payout.plumber.name && (
          <span className="block text-xs text-muted-foreground">{payout.plumber.name}</span>
        )}
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatUsd(payout.gross)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatUsd(payout.fee)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatUsd(payout.net)}</TableCell>
      <TableCell data-testid={`text-payout-status-${payout.id}`}>
        <Badge variant={STATUS_BADGES[payout.status]}>{COPY.statuses[payout.status]}</Badge>
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatDayOnClock(payout.createdAt, timeZone)}</TableCell>
      <TableCell className="whitespace-nowrap">
        {payout.paidAt ? formatDayOnClock(payout.paidAt, timeZone) : <NoValue />}
      </TableCell>
      <TableCell className="max-w-48 break-words" data-testid={`text-payout-reference-${payout.id}`}>
        {payout.reference ?? <NoValue />}
      </TableCell>
      <TableCell>
        {payout.status === 'paid' ? (
          <NoValue />
        ) : (
          <Button size="sm" onClick={onMarkPaid} data-testid={`button-mark-paid-${payout.id}`}>
            {COPY.markPaid}
          </Button>
        )}
      </TableCell>
    </>
  );
}

function NoValue() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </>
  );
}

function MarkPaidForm({ payout, onDone }: { payout: AdminPayout; onDone: () => void }) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(markPayoutPaidInput), defaultValues: { reference: '' } });
  const { errors } = form.formState;
  const markPaid = useMarkPayoutPaid({
    mutationConfig: {
      onSuccess: (paid) => {
        toast({ title: COPY.paidTitle, description: COPY.paidDescription(paid.reference ?? '') });
        onDone();
      },
      onError: (error) => setFailure(getErrorMessage(error, COPY.failure)),
    },
  });
  return (
    <>
      <DialogHeader>
        <DialogTitle>{COPY.dialogTitle}</DialogTitle>
        <DialogDescription>
          {COPY.dialogDescription(
            formatUsd(payout.net),
            plumberOf(payout.plumber),
            jobTitleFromSlug(payout.job.issueSlug),
          )}
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        aria-busy={markPaid.isPending}
        onSubmit={form.handleSubmit(({ reference }) => {
          setFailure(null);
          markPaid.mutate({ payoutId: payout.id, reference });
        })}
        className="grid gap-4"
      >
        <FormField
          id={`${id}-reference`}
          label={COPY.reference}
          hint={COPY.referenceHint}
          error={errors.reference}
        >
          {(describedBy) => (
            <Input
              id={`${id}-reference`}
              maxLength={PAYOUT_REFERENCE_MAX}
              autoComplete="off"
              aria-invalid={errors.reference ? true : undefined}
              aria-describedby={describedBy}
              data-testid="input-payout-reference"
              {...form.register('reference')}
            />
          )}
        </FormField>
        {failure && <FormError>{failure}</FormError>}
        <FormActions
          pending={markPaid.isPending}
          submitLabel={COPY.confirm}
          submitTestId="button-confirm-mark-paid"
          onCancel={onDone}
          cancelLabel={COPY.cancel}
        />
      </form>
    </>
  );
}

/** The totals of everything the filters match (not just this page), per plumber and per month. */
function Totals({ data }: { data: AdminPayoutsPage }) {
  const { totals } = data;
  const amounts = (row: PayoutTotals) => [
    row.payouts.toLocaleString('en-US'),
    formatUsd(row.gross),
    formatUsd(row.fee),
    formatUsd(row.net),
    formatUsd(row.paidNet),
    formatUsd(row.unpaidNet),
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section className="grid gap-2">
        <h3 className="text-lg font-semibold">{COPY.totals.byPlumber}</h3>
        <AdminTable
          label={COPY.totals.byPlumber}
          testId="table-payout-totals-plumbers"
          columns={COPY.totals.plumberColumns}
          rows={totals.byPlumber}
          rowKey={(row) => row.plumberId}
          emptyText={COPY.empty}
          renderRow={(row) => (
            <>
              <TableCell className="min-w-40">{plumberOf(row)}</TableCell>
              {amounts(row).map((value, index) => (
                <TableCell key={index} className="text-right tabular-nums">
                  {value}
                </TableCell>
              ))}
            </>
          )}
        />
        {totals.plumberCount > totals.byPlumber.length && (
          <p className="text-sm text-muted-foreground">
            {COPY.totals.plumberLimit(totals.byPlumber.length, totals.plumberCount)}
          </p>
        )}
      </section>
      <section className="grid gap-2">
        <h3 className="text-lg font-semibold">{COPY.totals.byMonth}</h3>
        <AdminTable
          label={COPY.totals.byMonth}
          testId="table-payout-totals-months"
          columns={COPY.totals.monthColumns}
          rows={totals.byMonth}
          rowKey={(row) => row.month}
          emptyText={COPY.empty}
          renderRow={(row) => (
            <>
              <TableCell className="whitespace-nowrap">{formatMonth(row.month)}</TableCell>
              {amounts(row).map((value, index) => (
                <TableCell key={index} className="text-right tabular-nums">
                  {value}
                </TableCell>
              ))}
            </>
          )}
        />
      </section>
    </div>
  );
}
