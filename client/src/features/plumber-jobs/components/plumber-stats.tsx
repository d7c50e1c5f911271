import { FileText, MapPin, Star, type LucideIcon } from 'lucide-react';
import { formatAverageRating } from '@shared/job-display';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAverageRating } from '../api/get-average-rating';
import { useNearbyCount } from '../api/get-nearby-count';
import { usePlumberQuotes } from '../api/get-plumber-quotes';
import { COPY } from '../copy';

/** docs/product.md#screens-and-routes: Average Rating (one decimal or N/A, with the review count), Quotes Submitted, Jobs Nearby. */
export function PlumberStats({ plumberId }: { plumberId: string }) {
  const rating = useAverageRating({ plumberId });
  const quotes = usePlumberQuotes({ plumberId });
  // All the open jobs in the area, not the pages of the list below (GET /api/jobs/nearby/count).
  const nearby = useNearbyCount();

  return (
    <ul className="mt-8 grid gap-3 sm:grid-cols-3 sm:gap-4" aria-label="Summary">
      <StatCard
        id="average-rating"
        title={COPY.stats.averageRating}
        icon={Star}
        value={rating.data ? formatAverageRating(rating.data.average) : undefined}
        hint={rating.data ? COPY.stats.reviews(rating.data.count) : ''}
        failed={rating.isError}
      />
      <StatCard
        id="quotes-submitted"
        title={COPY.stats.quotesSubmitted}
        icon={FileText}
        value={quotes.data ? String(quotes.data.length) : undefined}
        hint={COPY.stats.activeQuotes}
        failed={quotes.isError}
      />
      <StatCard
        id="jobs-nearby"
        title={COPY.stats.jobsNearby}
        icon={MapPin}
        value={nearby.data ? String(nearby.data.nearbyCount) : undefined}
        hint={COPY.stats.withinServiceArea}
        failed={nearby.isError}
      />
    </ul>
  );
}

function StatCard({
  id,
  title,
  icon: Icon,
  value,
  hint,
  failed,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  value: string | undefined;
  hint: string;
  failed: boolean;
}) {
  const titleId = `stat-title-${id}`;
  return (
    <li>
      <Card className="h-full" role="group" aria-labelledby={titleId} data-testid={`card-${id}`}>
        <CardHeader className="flex-row items-start justify-between gap-2 p-4 pb-2 sm:p-6 sm:pb-2">
          <CardTitle as="h2" id={titleId} className="text-sm font-medium text-muted-foreground">
            {title}
          </CardTitle>
          <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          {value !== undefined ? (
            <p className="text-2xl font-bold tabular-nums sm:text-3xl" data-testid={`stat-${id}`}>
              {value}
            </p>
          ) : failed ? (
            <p className="text-2xl font-bold text-muted-foreground sm:text-3xl">
              <span aria-hidden="true">—</span>
              <span className="sr-only">{COPY.stats.notAvailable}</span>
            </p>
          ) : (
            <Skeleton className="h-8 w-16" />
          )}
          <p className="mt-1 text-xs text-muted-foreground" data-testid={`hint-${id}`}>
            {hint}
          </p>
        </CardContent>
      </Card>
    </li>
  );
}
