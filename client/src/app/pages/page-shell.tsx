import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';

/** The common frame of a page: centred, padded, one `h1`. */
export function PageShell({
  title,
  description,
  children,
  align = 'start',
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  align?: 'start' | 'center';
  className?: string;
}) {
  return (
    <div
      className={cn(
        'mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 md:py-16 lg:px-8',
        align === 'center' && 'text-center',
        className,
      )}
    >
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {description && (
        <p className={cn('mt-3 max-w-2xl text-lg text-muted-foreground', align === 'center' && 'mx-auto')}>
          {description}
        </p>
      )}
      {children}
    </div>
  );
}
