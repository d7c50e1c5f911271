import type { LucideIcon } from 'lucide-react';
import { cn } from '@/utils/cn';
import { SectionHeading } from './section-heading';

/** A reason to trust us: icon, short title, one or two sentences. */
export function ValueCard({
  icon: Icon,
  title,
  description,
  className,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:block sm:p-6',
        className,
      )}
    >
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div>
        <h3 className="text-lg font-semibold tracking-tight sm:mt-5">{title}</h3>
        <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground sm:mt-2">{description}</p>
      </div>
    </div>
  );
}

export interface Reason {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** A tinted section of four reasons to trust us, under a section heading ("Why choose …"). */
export function ValueCardsSection({
  id,
  title,
  description,
  reasons,
  className,
}: {
  id: string;
  title: string;
  description: string;
  reasons: readonly Reason[];
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn('border-y bg-muted/40 py-16', className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={id} title={title} description={description} />
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map((reason) => (
            <ValueCard
              key={reason.title}
              icon={reason.icon}
              title={reason.title}
              description={reason.description}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
