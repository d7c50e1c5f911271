import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatUsd, formatUsdRange } from '@shared/money';
import type { Receipt } from '@shared/contracts/jobs';
import { Button } from '@/components/ui/button';
import { SITE_NAME } from '@/config/site';
import { formatDateTime, issueTitle } from '../utils/format';
import { COPY } from '../copy';
import { RoomSection } from './room-section';

/**
 * What a completed job cost and who did it. "Print Receipt" prints the page, where everything but
 * this section is hidden from print (`print:hidden`).
 */
export function JobReceipt({ receipt }: { receipt: Receipt }) {
  const plumberName = receipt.plumber.businessName ?? receipt.plumber.name;
  const rows: Array<[string, ReactNode]> = [
    [COPY.receipt.completedOn, formatDateTime(receipt.completedAt)],
    [COPY.receipt.job, <span className="font-mono text-xs break-all">{receipt.jobId}</span>],
    [COPY.receipt.issue, issueTitle(receipt.issue)],
    [COPY.receipt.address, receipt.address],
    [COPY.receipt.homeowner, receipt.homeowner.name ?? COPY.contacts.unnamed],
    [
      COPY.receipt.plumber,
      <>
        {plumberName ?? COPY.contacts.unnamed}
        {receipt.plumber.businessName && receipt.plumber.name && (
          <span className="block text-muted-foreground">{receipt.plumber.name}</span>
        )}
      </>,
    ],
  ];
  if (receipt.plumber.licenseNumber) {
    rows.push([
      COPY.receipt.licenseLabel,
      COPY.receipt.license(receipt.plumber.licenseNumber, receipt.plumber.licenseState),
    ]);
  }
  rows.push([COPY.receipt.quote, formatUsdRange(receipt.quote.minTotal, receipt.quote.maxTotal)]);

  return (
    <RoomSection
      id="job-receipt"
      title={COPY.receipt.heading}
      className="print:border-0 print:shadow-none"
      data-testid="section-receipt"
      action={
        <Button
          variant="outline"
          size="sm"
          className="print:hidden"
          onClick={() => window.print()}
          data-testid="button-print-receipt"
        >
          <Printer aria-hidden="true" />
          {COPY.receipt.print}
        </Button>
      }
    >
      <p className="hidden text-xl font-bold print:block">
        {COPY.receipt.printedHeading(SITE_NAME, issueTitle(receipt.issue))}
      </p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="mb-1 break-words sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      {receipt.changeOrders.length > 0 && (
        <div className="grid gap-1 text-sm">
          <h3 className="text-muted-foreground">{COPY.receipt.changeOrders}</h3>
          <ul className="grid gap-1">
            {receipt.changeOrders.map((order, index) => (
              <li key={index} className="flex justify-between gap-4">
                <span className="min-w-0 break-words">{order.reason}</span>
                <span className="shrink-0 tabular-nums">
                  {COPY.changeOrders.extra(formatUsd(order.amount))}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <dl className="grid gap-1 border-t pt-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{COPY.receipt.agreedMax}</dt>
          <dd className="tabular-nums">{formatUsd(receipt.agreedMax)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-base font-semibold">
          <dt>{COPY.receipt.finalAmount}</dt>
          <dd className="tabular-nums" data-testid="text-receipt-final-amount">
            {formatUsd(receipt.finalAmount)}
          </dd>
        </div>
      </dl>
    </RoomSection>
  );
}
