import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';
import { Label } from './label';

export interface FormFieldProps {
  id: string;
  label: string;
  hint?: string;
  /** Any object with an optional message (react-hook-form's FieldError fits). */
  error?: { message?: string };
  className?: string;
  /** Renders the control, given the ids that describe it (hint, then error) for aria-describedby. */
  children: (describedBy: string | undefined) => ReactNode;
}

/** A labelled form control with its hint and its error message, linked for screen readers. */
export function FormField({ id, label, hint, error, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error?.message ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children(describedBy)}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}
