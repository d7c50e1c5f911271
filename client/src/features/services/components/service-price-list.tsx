import { SERVICES } from '../data/services';
import { StartingPrice } from './starting-price';
import { UrgencyBadge } from './urgency-badge';

/** The home page's teaser: the six services with their starting prices (same data as the Services page). */
export function ServicePriceList() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {SERVICES.map((service) => {
        const Icon = service.icon;
        return (
          <li
            key={service.slug}
            data-testid={`teaser-service-${service.slug}`}
            className="flex items-center gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm"
          >
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary ring-1 ring-primary/15 ring-inset">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold leading-tight">{service.title}</h3>
              <UrgencyBadge urgency={service.urgency} className="mt-1.5" />
            </div>
            <StartingPrice price={service.startingPrice} size="md" className="shrink-0 text-right" />
          </li>
        );
      })}
    </ul>
  );
}
