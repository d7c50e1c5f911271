import type { ReactNode } from 'react';

/** A failed request's message, announced when it appears. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}
