import type { ReactNode } from 'react';
import { BadgeCheck, Star } from 'lucide-react';
import { ESTIMATE_COMPARISON_LABELS, compareToEstimate, formatAverageRating } from '@shared/job-display';
import { formatUsdRange } from '@shared/money';
import type { CustomerJob } from '@shared/contracts/jobs';
import type { JobQuote } from '@shared/contracts/quotes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useAcceptQuote } from '../api/accept-quote';
import { useJobQuotes } from '../api/get-job-quotes';
import { COPY } from '../copy';

/** The quotes of a requested, quoted or scheduled job, with Accept until one is accepted. */
export function JobQuotes({ job }: { job: CustomerJob }) {
  const quotesQuery = useJobQuotes({ jobId: job.id });
  const acceptMutation = useAcceptQuote({
    mutationConfig: {
      onSuccess: () => toast({ title: COPY.acceptSuccessTitle, description: COPY.acceptSuccessDescription }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: COPY.errorTitle,
          description: getErrorMessage(error, COPY.acceptFailure),
        }),
    },
  });
  const headingId = `quotes-heading-${job.id}`;

  let body: ReactNode;
  if (quotesQuery.isPending) {
    body = (
      <div role="status" className="grid gap-2">
        <span className="sr-only">{COPY.loadingQuotes}</span>
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else if (quotesQuery.isError) {
    body = <p className="text-sm text-destructive">{COPY.quotesFailed}</p>;
  } else if (quotesQuery.data.length === 0) {
    body = (
      <p className="text-sm text-muted-foreground" data-testid="text-waiting-quotes">
        {job.currentStatus === 'requested' ? COPY.waitingForQuotes : COPY.noQuotes}
      </p>
    );
  } else {
    body = (
      <ul className="grid gap-3">
        {quotesQuery.data.map((quote) => (
          <li key={quote.id}>
            <QuoteRow
              quote={quote}
              job={job}
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
    <section aria-labelledby={headingId} className="rounded-md border bg-muted/40 p-3 sm:p-4">
      <h4 id={headingId} className="mb-3 text-sm font-semibold">
        {COPY.quotesHeading}
      </h4>
      {body}
    </section>
  );
}

function QuoteRow({
  quote,
  job,
  pending,
  acceptingThis,
  onAccept,
}: {
  quote: JobQuote;
  job: CustomerJob;
  pending: boolean;
  acceptingThis: boolean;
  onAccept: () => void;
}) {
  const range = formatUsdRange(quote.minTotal, quote.maxTotal);
  const name = COPY.plumberName(quote.plumber);
  const { average, count } = quote.plumber.rating;
  const comparison = job.estimate ? compareToEstimate(quote, job.estimate) : null;
  // docs/product.md#screens-and-routes: the Accept button is hidden once the job is scheduled.
  const canAccept = job.currentStatus !== 'scheduled' && quote.status === 'pending';

  return (
    <div
      className="flex flex-col gap-3 rounded-md border bg-card p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid={`quote-${quote.id}`}
    >
      <div className="grid gap-1">
        <p className="text-lg font-semibold tabular-nums" data-testid="text-quote-range">
          {range}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-medium" data-testid="text-plumber-name">
            {name}
          </span>
          {quote.plumber.verificationStatus === 'verified' && (
            <Badge variant="secondary" data-testid="badge-plumber-verified">
              <BadgeCheck aria-hidden="true" className="size-3.5 text-primary" />
              {COPY.verified}
              <span className="sr-only">: {COPY.verifiedDetail}</span>
            </Badge>
          )}
          <span
            className="inline-flex items-center gap-1 text-muted-foreground"
            data-testid="text-plumber-rating"
          >
            <Star aria-hidden="true" className="size-4 fill-current text-amber-500" />
            {count === 0 ? COPY.noReviews : `${formatAverageRating(average)} (${COPY.reviews(count)})`}
          </span>
        </p>
        {comparison && (
          <p>
            <Badge
              variant={comparison === 'above' ? 'outline' : 'secondary'}
              data-testid="badge-estimate-comparison"
            >
              {ESTIMATE_COMPARISON_LABELS[comparison]}
            </Badge>
          </p>
        )}
        {quote.breakdownJson?.note && (
          <p className="text-sm break-words text-muted-foreground">{quote.breakdownJson.note}</p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {quote.status === 'accepted' && <Badge data-testid="badge-quote-accepted">{COPY.accepted}</Badge>}
        {quote.status === 'declined' && <Badge variant="outline">{COPY.declined}</Badge>}
        {canAccept && (
          <Button
            onClick={onAccept}
            disabled={pending}
            aria-busy={acceptingThis}
            aria-label={COPY.acceptQuoteOf(name, range)}
            className="w-full sm:w-auto"
            data-testid="button-accept-quote"
          >
            {acceptingThis && <Spinner />}
            {COPY.accept}
          </Button>
        )}
      </div>
    </div>
  );
}
