import { useState, type ReactNode } from 'react';
import { TableCell } from '@/components/ui/table';
import { ADMIN_COPY } from '../copy';
import { AdminTable, type AdminTableProps } from './admin-table';
import { AddPricingRowButton, PricingRowActions, type PricingAction } from './pricing-row-actions';

const EDITS = ADMIN_COPY.pricingEdits;

export interface PricingTableProps<T> extends Omit<AdminTableProps<T>, 'renderRow'> {
  /** The row's own cells; its Actions cell follows them (and `columns` gains its heading). */
  renderCells: (row: T) => ReactNode;
  /** The row's name, state and test id for its Edit, Retire and Reinstate buttons. */
  actionsOf: (row: T) => { name: string; active: boolean; retirable?: boolean; testId: string };
  /** The "Add …" button above the table. */
  add: { label: string; testId: string };
  /** Lays out the Add button with what else stands above the table; by default it stands alone, at the right. */
  toolbar?: (addButton: ReactNode) => ReactNode;
  /** The id of an element around the table, for a control that names it (`aria-controls`). */
  tableId?: string;
  /** The dialog of the chosen action (a form for create and edit, a reason for retire and reinstate). */
  renderAction: (action: PricingAction<T>, onClose: () => void) => ReactNode;
}

const alone = (addButton: ReactNode) => <div className="flex justify-end">{addButton}</div>;

/** A pricing table with its edits: Add above it, Edit and Retire or Reinstate on each row, one dialog at a time. */
export function PricingTable<T>({
  renderCells,
  actionsOf,
  add,
  toolbar = alone,
  tableId,
  renderAction,
  columns,
  ...tableProps
}: PricingTableProps<T>) {
  const [action, setAction] = useState<PricingAction<T> | null>(null);
  const table = (
    <AdminTable
      {...tableProps}
      columns={[...columns, EDITS.actionsColumn]}
      renderRow={(row) => (
        <>
          {renderCells(row)}
          <TableCell>
            <PricingRowActions {...actionsOf(row)} onAction={(kind) => setAction({ kind, row })} />
          </TableCell>
        </>
      )}
    />
  );
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      {toolbar(
        <AddPricingRowButton
          label={add.label}
          onClick={() => setAction({ kind: 'create' })}
          testId={add.testId}
        />,
      )}
      {tableId ? <div id={tableId}>{table}</div> : table}
      {action && renderAction(action, () => setAction(null))}
    </div>
  );
}
