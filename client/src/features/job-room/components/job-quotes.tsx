import { BadgeCheck, Star } from 'lucide-react';
import { Link } from 'wouter';
import { OPEN_JOB_STATUSES } from '@shared/constants';
import { ESTIMATE_COMPARISON_LABELS, compareToEstimate, formatAverageRating } from '@shared/job-display';
import { formatUsdRange } from '@shared/money';
import type { JobRoom } from '@shared/contracts/jobs';
import type { JobQuote } from '@shared/contracts/quotes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { useAcceptQuote } from '../api/accept-quote';
import { COPY } from '../copy';
import { RoomSection } from './room-section';

/**
 * The quotes: every one for the homeowner (Accept while the job is open — docs/product.md#screens-and-routes) and
 * admins, a plumber's own for a plumber.
 */
export function JobQuotes({ room }: { room: JobRoom }) {
  const { viewer, job, quotes } = room;
  const isOpen = OPEN_JOB_STATUSES.includes(job.currentStatus);
  const plumberView = viewer === 'hired_plumber' || viewer === 'prospective_plumber';
  const acceptMutation = useAcceptQuote({
    mutationConfig: {
      onSuccess: () =>
        toast({ title: COPY.quotes.acceptSuccessTitle, description: COPY.quotes.acceptSuccessDescription }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: COPY.errorTitle,
          description: getErrorMessage(error, COPY.quotes.acceptFailure),
        }),
    },
  });
  if (quotes.length === 0 && !isOpen) return null;

  let body;
  if (quotes.length === 0 && plumberView) {
    body = (
      <div className="grid gap-2 text-sm">
        <p className="text-muted-foreground" data-testid="text-not-quoted">
          {COPY.quotes.notQuoted}
        </p>
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <Link href={paths.dashboard}>{COPY.quotes.quoteOnDashboard}</Link>
        </Button>
      </div>
    );
  } else if (quotes.length === 0) {
    body = (
      <p className="text-sm text-muted-foreground" data-testid="text-waiting-quotes">
        {job.currentStatus === 'requested' ? COPY.quotes.waiting : COPY.quotes.none}
      </p>
    );
  } else {
    body = (
      <ul className="grid gap-3">
        {quotes.map((quote) => (
          <li key={quote.id}>
            <QuoteRow
              quote={quote}
              estimate={room.estimate?.costBreakdown.total ?? null}
              showPlumber={!plumberView}
              canAccept={viewer === 'homeowner' && isOpen && quote.status === 'pending'}
              pending={acceptMutation.isPending}
              acceptingThis={acceptMutation.isPending && acceptMutation.variables?.quoteId === quote.id}
              onAccept={() => acceptMutation.mutate({ jobId: job.id, quoteId: quote.id })}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <RoomSection
      id="job-quotes"
      title={plumberView ? COPY.quotes.ownHeading : COPY.quotes.heading}
      data-testid="section-quotes"
    >
      {body}
    </RoomSection>
  );
}

function QuoteRow({
  quote,
  estimate,
  showPlumber,
  canAccept,
  pending,
  acceptingThis,
  onAccept,
}: {
  quote: JobQuote;
  estimate: { min: number; max: number } | null;
  /** A plumber reading his own quote needs no name, badge or rating of himself. */
  showPlumber: boolean;
  canAccept: boolean;
  pending: boolean;
  acceptingThis: boolean;
  onAccept: () => void;
}) {
  const range = formatUsdRange(quote.minTotal, quote.maxTotal);
  const name = COPY.plumberName(quote.plumber);
  const { average, count } = quote.plumber.rating;
  const comparison = estimate ? compareToEstimate(quote, estimate) : null;

  return (
    <div
      className="flex flex-col gap-3 rounded-md border bg-muted/40 p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid={`quote-${quote.id}`}
    >
      <div className="grid min-w-0 gap-1">
        <p className="text-lg font-semibold tabular-nums" data-testid="text-quote-range">
          {range}
        </p>
        {showPlumber && (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-medium break-words" data-testid="text-plumber-name">
              {name}
            </span>
            {quote.plumber.verificationStatus === 'verified' && (
              <Badge variant="secondary" data-testid="badge-plumber-verified">
                <BadgeCheck aria-hidden="true" className="size-3.5 text-primary" />
                {COPY.quotes.verified}
                <span className="sr-only">: {COPY.quotes.verifiedDetail}</span>
              </Badge>
            )}
            <span
              className="inline-flex items-center gap-1 text-muted-foreground"
              data-testid="text-plumber-rating"
            >
              <Star aria-hidden="true" className="size-4 fill-current text-amber-500" />
              {count === 0
                ? COPY.quotes.noReviews
                : `${formatAverageRating(average)} (${COPY.quotes.reviews(count)})`}
            </span>
          </p>
        )}
        {comparison && (
          <p>
            <Badge variant={comparison === 'above' ? 'outline' : 'secondary'}>
              {ESTIMATE_COMPARISON_LABELS[comparison]}
            </Badge>
          </p>
        )}
        {quote.breakdownJson?.note && (
          <p className="text-sm break-words whitespace-pre-line text-muted-foreground">
            {quote.breakdownJson.note}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {canAccept ? (
          <Button
            onClick={onAccept}
            disabled={pending}
            aria-busy={acceptingThis}
            aria-label={COPY.quotes.acceptLabel(name, range)}
            className="w-full sm:w-auto"
            data-testid="button-accept-quote"
          >
            {acceptingThis && <Spinner />}
            {COPY.quotes.accept}
          </Button>
        ) : (
          <Badge
            variant={quote.status === 'accepted' ? 'default' : 'outline'}
            data-testid="badge-quote-status"
          >
            {COPY.quotes.status[quote.status]}
          </Badge>
        )}
      </div>
    </div>
  );
}
