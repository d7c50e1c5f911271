import { Pencil, Plus, RotateCcw, Archive } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ADMIN_COPY } from '../copy';

const COPY = ADMIN_COPY.pricingEdits;

/** The pricing change a table asks its dialogs for: a new row, or an edit, retirement or reinstatement of one. */
export type PricingAction<T> =
  { kind: 'create' } | { kind: 'edit'; row: T } | { kind: 'retire'; row: T } | { kind: 'reinstate'; row: T };

/** Edit, and Retire or Reinstate, of one row; each button names the row for screen readers. */
export function PricingRowActions({
  name,
  active,
  testId,
  retirable = true,
  onAction,
}: {
  name: string;
  active: boolean;
  /** False for a row that is never retired (the national average region). */
  retirable?: boolean;
  /** Distinguishes the row's buttons in tests: its slug, code or key. */
  testId: string;
  onAction: (kind: 'edit' | 'retire' | 'reinstate') => void;
}) {
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onAction('edit')}
        aria-label={COPY.actionLabel(COPY.edit, name)}
        data-testid={`button-edit-${testId}`}
      >
        <Pencil aria-hidden="true" />
        {COPY.edit}
      </Button>
      {active && !retirable ? null : active ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onAction('retire')}
          aria-label={COPY.actionLabel(COPY.retire, name)}
          data-testid={`button-retire-${testId}`}
        >
          <Archive aria-hidden="true" />
          {COPY.retire}
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onAction('reinstate')}
          aria-label={COPY.actionLabel(COPY.reinstate, name)}
          data-testid={`button-reinstate-${testId}`}
        >
          <RotateCcw aria-hidden="true" />
          {COPY.reinstate}
        </Button>
      )}
    </div>
  );
}

/** The "Add …" button above a pricing table. */
export function AddPricingRowButton({
  label,
  onClick,
  testId,
}: {
  label: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button variant="outline" onClick={onClick} data-testid={testId}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}
