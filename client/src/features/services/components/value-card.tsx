import type { LucideIcon } from 'lucide-react';
import { cn } from '@/utils/cn';

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
