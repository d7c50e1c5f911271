import * as React from 'react';
import { cn } from '@/utils/cn';

export interface ProgressProps extends Omit<React.HTMLAttributes<HTMLDivElement>, 'role'> {
  /** Current value, between 0 and `max`. */
  value: number;
  max?: number;
  /** Text read out instead of a percentage (e.g. "Step 2 of 3"). */
  valueText?: string;
  indicatorClassName?: string;
}

/** A determinate progress bar (role="progressbar"). Give it an accessible name (aria-label or aria-labelledby). */
export function Progress({
  value,
  max = 100,
  valueText,
  className,
  indicatorClassName,
  ...props
}: ProgressProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-secondary', className)}
      {...props}
    >
      <div
        className={cn(
          'h-full rounded-full bg-primary transition-[width] duration-300 ease-out',
          indicatorClassName,
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
