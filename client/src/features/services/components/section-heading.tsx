import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';

/** The heading block that opens a section of a public page: optional eyebrow, `h2`, lead text. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = 'center',
  className,
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  align?: 'center' | 'start';
  className?: string;
}) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>}
      <h2
        id={id}
        className={cn('text-3xl font-bold tracking-tight text-balance sm:text-4xl', eyebrow && 'mt-2')}
      >
        {title}
      </h2>
      {description && <p className="mt-4 text-lg text-pretty text-muted-foreground">{description}</p>}
    </div>
  );
}
