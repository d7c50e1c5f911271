import type { ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

export interface FormActionsProps {
  /** While the submission runs both buttons are disabled and the submit button shows a spinner. */
  pending: boolean;
  submitLabel: ReactNode;
  cancelLabel: ReactNode;
  onCancel: () => void;
  submitTestId?: string;
}

/** A form's submit and cancel buttons, side by side. */
export function FormActions({ pending, submitLabel, cancelLabel, onCancel, submitTestId }: FormActionsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={pending} aria-busy={pending} data-testid={submitTestId}>
        {pending && <Spinner />}
        {submitLabel}
      </Button>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
    </div>
  );
}
