import * as React from 'react';
import { cn } from '@/utils/cn';

/** A grey placeholder block. Decorative: wrap a group of them in an element that announces loading. */
export function Skeleton({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
