import type { CustomerJob } from '@shared/contracts/jobs';
import { formatUsd } from '@shared/money';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { StatusItem } from '@/components/ui/status-item';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { changeOrderStatusBadgeVariant } from '@/utils/job-badges';
import { useApproveChangeOrder } from '../api/approve-change-order';
import { useDeclineChangeOrder } from '../api/decline-change-order';
import { COPY } from '../copy';

/** The plumber's change orders for a job, with Approve / Decline on the one awaiting an answer. */
export function JobChangeOrders({ job }: { job: CustomerJob }) {
  const onError = (error: Error) =>
    toast({
      variant: 'destructive',
      title: COPY.errorTitle,
      description: getErrorMessage(error, COPY.changeOrders.failure),
    });
  const approve = useApproveChangeOrder({
    mutationConfig: {
      onSuccess: () =>
        toast({ title: COPY.changeOrders.approvedTitle, description: COPY.changeOrders.approvedDescription }),
      onError,
    },
  });
  const decline = useDeclineChangeOrder({
    mutationConfig: {
      onSuccess: () =>
        toast({ title: COPY.changeOrders.declinedTitle, description: COPY.changeOrders.declinedDescription }),
      onError,
    },
  });
  if (job.changeOrders.length === 0) return null;
  const busy = approve.isPending || decline.isPending;
  const headingId = `change-orders-heading-${job.id}`;

  return (
    <Panel
      headingId={headingId}
      title={COPY.changeOrders.heading}
      description={COPY.changeOrders.intro}
      data-testid="section-change-orders"
    >
      <ul className="grid gap-3">
        {job.changeOrders.map((order) => {
          const amount = formatUsd(order.amount);
          const variables = { jobId: job.id, changeOrderId: order.id };
          return (
            <StatusItem
              key={order.id}
              className="gap-2"
              data-testid={`change-order-${order.id}`}
              title={COPY.changeOrders.extra(amount)}
              statusLabel={COPY.changeOrders.status[order.status]}
              statusVariant={changeOrderStatusBadgeVariant(order.status)}
              statusTestId="badge-change-order-status"
              note={order.reason}
            >
              {order.status === 'pending' && (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    disabled={busy}
                    aria-busy={approve.isPending}
                    aria-label={COPY.changeOrders.approveLabel(amount)}
                    onClick={() => approve.mutate(variables)}
                    data-testid="button-approve-change-order"
                  >
                    {approve.isPending && <Spinner />}
                    {COPY.changeOrders.approve}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    aria-busy={decline.isPending}
                    aria-label={COPY.changeOrders.declineLabel(amount)}
                    onClick={() => decline.mutate(variables)}
                    data-testid="button-decline-change-order"
                  >
                    {decline.isPending && <Spinner />}
                    {COPY.changeOrders.decline}
                  </Button>
                </div>
              )}
            </StatusItem>
          );
        })}
      </ul>
    </Panel>
  );
}
