import type { ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

export interface FormActionsProps {
  /** While the submission runs both buttons are disabled and the submit button shows a spinner. */
  pending: boolean;
  /** Keeps the submit button disabled, e.g. until the fields it needs are filled. */
  submitDisabled?: boolean;
  submitLabel: ReactNode;
  submitTestId?: string;
  /** Without it the form has no cancel button. */
  onCancel?: () => void;
  cancelLabel?: ReactNode;
  cancelTestId?: string;
}

/** A form's submit button and, when it can be cancelled, its cancel button, side by side. */
export function FormActions({
  pending,
  submitDisabled = false,
  submitLabel,
  submitTestId,
  onCancel,
  cancelLabel,
  cancelTestId,
}: FormActionsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        type="submit"
        disabled={pending || submitDisabled}
        aria-busy={pending}
        data-testid={submitTestId}
      >
        {pending && <Spinner />}
        {submitLabel}
      </Button>
      {onCancel && (
        <Button variant="outline" onClick={onCancel} disabled={pending} data-testid={cancelTestId}>
          {cancelLabel}
        </Button>
      )}
    </div>
  );
}
