import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';
import { SERVICE_IMAGE_SIZE, type Service } from '../data/services';
import { StartingPrice } from './starting-price';
import { UrgencyBadge } from './urgency-badge';

export interface ServiceCardProps {
  service: Service;
  /** The card title's heading level, to fit the page's outline. */
  headingLevel?: 'h2' | 'h3';
  /** `eager` for cards in the first screen, `lazy` (default) for the rest. */
  imageLoading?: 'eager' | 'lazy';
  /** `high` for the image a phone shows largest on arrival (the page's LCP), fetched before the others. */
  imageFetchPriority?: 'high';
  className?: string;
}

/** docs/product.md#screens-and-routes: icon, urgency badge, title, description, image, four features, starting price, 'Book Service'. */
export function ServiceCard({
  service,
  headingLevel: Heading = 'h2',
  imageLoading = 'lazy',
  imageFetchPriority,
  className,
}: ServiceCardProps) {
  const titleId = `service-${service.slug}-title`;
  const Icon = service.icon;

  return (
    <article
      aria-labelledby={titleId}
      data-testid={`card-service-${service.slug}`}
      className={cn(
        'flex flex-col rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md',
        className,
      )}
    >
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <span className="inline-flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary ring-1 ring-primary/15 ring-inset">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <UrgencyBadge urgency={service.urgency} />
        </div>

        <Heading id={titleId} className="mt-4 text-xl font-semibold tracking-tight">
          {service.title}
        </Heading>
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{service.description}</p>

        <img
          src={service.image.src}
          alt={service.image.alt}
          width={SERVICE_IMAGE_SIZE.width}
          height={SERVICE_IMAGE_SIZE.height}
          loading={imageLoading}
          fetchPriority={imageFetchPriority}
          decoding="async"
          className="mt-5 aspect-video h-auto w-full rounded-lg bg-muted object-cover"
        />

        <ul className="mt-5 grid gap-2.5 text-sm" aria-label={`${service.title} includes`}>
          {service.features.map((feature) => (
            <li key={feature} className="flex items-center gap-2.5">
              <span className="inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
              </span>
              {feature}
            </li>
          ))}
        </ul>

        <div className="mt-auto pt-6">
          <div className="flex items-center justify-between gap-4 border-t pt-5">
            <StartingPrice price={service.startingPrice} />
            <Button asChild>
              <Link href={paths.diagnose} aria-describedby={titleId}>
                Book Service
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}
