import { capitalise } from '@shared/job-display';
import type { AdminModifier } from '@shared/contracts/admin';
import { TableCell } from '@/components/ui/table';
import { useRetireModifier } from '../api/retire-modifier';
import { useUpdateModifier } from '../api/update-modifier';
import { ADMIN_COPY } from '../copy';
import { ActivationDialog } from './activation-dialog';
import { ModifierDialog } from './modifier-dialog';
import { closeWithToast } from './pricing-edit-dialog';
import type { PricingAction } from './pricing-row-actions';
import { PricingTable } from './pricing-table';
import { StatusBadge } from './status-badge';

const EDITS = ADMIN_COPY.pricingEdits;
const nameOf = (modifier: AdminModifier) => modifier.name;

/** The price modifiers with their edits: add, edit, retire and reinstate. */
export function ModifiersTable({
  modifiers,
  failed,
}: {
  modifiers: AdminModifier[] | undefined;
  failed?: boolean;
}) {
  return (
    <PricingTable
      label="Price modifiers"
      testId="table-modifiers"
      columns={ADMIN_COPY.modifierColumns}
      rows={modifiers}
      failed={failed}
      rowKey={(modifier) => modifier.id}
      emptyText={ADMIN_COPY.empty.modifiers}
      add={{ label: EDITS.add.modifiers, testId: 'button-add-modifier' }}
      actionsOf={(modifier) => ({ name: modifier.name, active: modifier.isActive, testId: modifier.key })}
      renderCells={(modifier) => (
        <>
          <TableCell className="min-w-36 font-medium">{modifier.name}</TableCell>
          <TableCell>{capitalise(modifier.type)}</TableCell>
          <TableCell className="min-w-64 max-w-md text-muted-foreground">
            {modifier.description ?? ''}
          </TableCell>
          <TableCell>
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{modifier.key}</code>
          </TableCell>
          <TableCell>
            <StatusBadge active={modifier.isActive} />
          </TableCell>
        </>
      )}
      renderAction={(action, onClose) => <ModifierEdit action={action} onClose={onClose} />}
    />
  );
}

function ModifierEdit({ action, onClose }: { action: PricingAction<AdminModifier>; onClose: () => void }) {
  const retire = useRetireModifier(closeWithToast(EDITS.retiredTitle, nameOf, onClose));
  const reinstate = useUpdateModifier(closeWithToast(EDITS.reinstatedTitle, nameOf, onClose));
  if (action.kind === 'create') return <ModifierDialog modifier={null} onClose={onClose} />;
  if (action.kind === 'edit') return <ModifierDialog modifier={action.row} onClose={onClose} />;
  const { id: modifierId, name } = action.row;
  return (
    <ActivationDialog
      kind={action.kind}
      name={name}
      retireDescription={EDITS.descriptions.retireModifier}
      retire={{
        change: { change: 'retireModifier', modifierId },
        save: (reason) => retire.mutate({ modifierId, body: { reason } }),
        mutation: retire,
      }}
      reinstate={{
        change: { change: 'updateModifier', modifierId, values: { isActive: true } },
        save: (reason) => reinstate.mutate({ modifierId, body: { isActive: true, reason } }),
        mutation: reinstate,
      }}
      onClose={onClose}
    />
  );
}
