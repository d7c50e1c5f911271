import { Briefcase, CircleCheckBig, MapPin, Wrench, type LucideIcon } from 'lucide-react';
import type { AdminStats } from '@shared/contracts/admin';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ADMIN_COPY } from '../copy';

/** The counts the four cards show (the figures below them are other components). */
type CardStat = 'activeJobs' | 'completedJobs' | 'serviceTypes' | 'regions';

const CARDS: Array<{ key: keyof typeof ADMIN_COPY.cards; stat: CardStat; icon: LucideIcon }> = [
  { key: 'activeJobs', stat: 'activeJobs', icon: Briefcase },
  { key: 'completedJobs', stat: 'completedJobs', icon: CircleCheckBig },
  { key: 'serviceTypes', stat: 'serviceTypes', icon: Wrench },
  { key: 'regions', stat: 'regions', icon: MapPin },
];

const numberFormat = new Intl.NumberFormat('en-US');

/** docs/product.md#screens-and-routes: Active Jobs, Completed Jobs, Service Types (catalogue size), Regions. */
export function AdminStatCards({ stats, failed }: { stats: AdminStats | undefined; failed: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="Summary">
      {CARDS.map(({ key, stat, icon: Icon }) => {
        const copy = ADMIN_COPY.cards[key];
        const titleId = `admin-card-${key}`;
        return (
          <li key={key}>
            <Card className="h-full" aria-labelledby={titleId} role="group" data-testid={`card-${key}`}>
              <CardHeader className="flex-row items-start justify-between gap-2 p-4 pb-2 sm:p-6 sm:pb-2">
                <CardTitle as="h2" id={titleId} className="text-sm font-medium text-muted-foreground">
                  {copy.title}
                </CardTitle>
                <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              </CardHeader>
              <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
                {!stats ? (
                  failed ? (
                    <p className="text-2xl font-bold text-muted-foreground sm:text-3xl">
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">Not available</span>
                    </p>
                  ) : (
                    <Skeleton className="h-8 w-16" />
                  )
                ) : (
                  <p className="text-2xl font-bold tabular-nums sm:text-3xl" data-testid={`stat-${key}`}>
                    {numberFormat.format(stats[stat])}
                  </p>
                )}
                <p className="mt-1 text-xs text-muted-foreground">{copy.hint}</p>
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
