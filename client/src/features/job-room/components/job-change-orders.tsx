import { Link } from 'wouter';
import { formatUsd } from '@shared/money';
import type { JobRoom } from '@shared/contracts/jobs';
import { StatusItem } from '@/components/ui/status-item';
import { paths } from '@/config/paths';
import { changeOrderStatusBadgeVariant } from '@/utils/job-badges';
import { COPY } from '../copy';
import { RoomSection } from './room-section';

/**
 * The plumber's requests for extra money, oldest first, and what the job was billed (when no receipt
 * says it). The homeowner
 * answers a pending one on My Jobs, where the answer and its rules already live.
 */
export function JobChangeOrders({ room }: { room: JobRoom }) {
  const { changeOrders, viewer } = room;
  // The receipt, when there is one, already says what was billed.
  const finalAmount = room.receipt ? null : room.finalAmount;
  if (changeOrders.length === 0 && !finalAmount) return null;
  return (
    <RoomSection
      id="job-change-orders"
      title={changeOrders.length > 0 ? COPY.changeOrders.heading : COPY.changeOrders.billing}
      data-testid="section-change-orders"
    >
      {changeOrders.length > 0 && (
        <ul className="grid gap-3">
          {changeOrders.map((order) => (
            <StatusItem
              key={order.id}
              className="gap-1"
              data-testid={`change-order-${order.id}`}
              title={COPY.changeOrders.extra(formatUsd(order.amount))}
              statusLabel={COPY.changeOrders.status[order.status]}
              statusVariant={changeOrderStatusBadgeVariant(order.status)}
              statusTestId="badge-change-order-status"
              note={order.reason}
            >
              {order.status === 'pending' && viewer === 'homeowner' && (
                <Link
                  href={paths.dashboard}
                  className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {COPY.changeOrders.answerOnMyJobs}
                </Link>
              )}
            </StatusItem>
          ))}
        </ul>
      )}
      {finalAmount && (
        <p className="text-sm font-medium" data-testid="text-final-amount">
          {COPY.finalAmount(formatUsd(finalAmount))}
        </p>
      )}
    </RoomSection>
  );
}
