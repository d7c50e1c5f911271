import { useState } from 'react';
import { capitalise } from '@shared/job-display';
import type { AdminModifier } from '@shared/contracts/admin';
import { TableCell } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { useRetireModifier } from '../api/retire-modifier';
import { useUpdateModifier } from '../api/update-modifier';
import { ADMIN_COPY } from '../copy';
import { ActivationDialog } from './activation-dialog';
import { AdminTable } from './admin-table';
import { ModifierDialog } from './modifier-dialog';
import { AddPricingRowButton, PricingRowActions, type PricingAction } from './pricing-row-actions';
import { StatusBadge } from './status-badge';

const EDITS = ADMIN_COPY.pricingEdits;

/** The price modifiers with their edits: add, edit, retire and reinstate. */
export function ModifiersTable({
  modifiers,
  failed,
}: {
  modifiers: AdminModifier[] | undefined;
  failed?: boolean;
}) {
  const [action, setAction] = useState<PricingAction<AdminModifier> | null>(null);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <div className="flex justify-end">
        <AddPricingRowButton
          label={EDITS.add.modifiers}
          onClick={() => setAction({ kind: 'create' })}
          testId="button-add-modifier"
        />
      </div>
      <AdminTable
        label="Price modifiers"
        testId="table-modifiers"
        columns={[...ADMIN_COPY.modifierColumns, EDITS.actionsColumn]}
        rows={modifiers}
        failed={failed}
        rowKey={(modifier) => modifier.id}
        emptyText={ADMIN_COPY.empty.modifiers}
        renderRow={(modifier) => (
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
            <TableCell>
              <PricingRowActions
                name={modifier.name}
                active={modifier.isActive}
                testId={modifier.key}
                onAction={(kind) => setAction({ kind, row: modifier })}
              />
            </TableCell>
          </>
        )}
      />
      {action && <ModifierEdit action={action} onClose={() => setAction(null)} />}
    </div>
  );
}

function ModifierEdit({ action, onClose }: { action: PricingAction<AdminModifier>; onClose: () => void }) {
  const done = (title: string) => (saved: AdminModifier) => {
    toast({ title, description: saved.name });
    onClose();
  };
  const retire = useRetireModifier({ mutationConfig: { onSuccess: done(EDITS.retiredTitle) } });
  const reinstate = useUpdateModifier({ mutationConfig: { onSuccess: done(EDITS.reinstatedTitle) } });
  if (action.kind === 'create') return <ModifierDialog modifier={null} onClose={onClose} />;
  if (action.kind === 'edit') return <ModifierDialog modifier={action.row} onClose={onClose} />;
  const { id: modifierId, name } = action.row;
  return action.kind === 'retire' ? (
    <ActivationDialog
      title={EDITS.titles.retire(name)}
      description={EDITS.descriptions.retireModifier}
      change={{ change: 'retireModifier', modifierId }}
      saveLabel={EDITS.retire}
      onSave={(reason) => retire.mutate({ modifierId, body: { reason } })}
      saving={retire.isPending}
      saveError={retire.error}
      onClose={onClose}
    />
  ) : (
    <ActivationDialog
      title={EDITS.titles.reinstate(name)}
      description={EDITS.descriptions.reinstate}
      change={{ change: 'updateModifier', modifierId, values: { isActive: true } }}
      saveLabel={EDITS.reinstate}
      onSave={(reason) => reinstate.mutate({ modifierId, body: { isActive: true, reason } })}
      saving={reinstate.isPending}
      saveError={reinstate.error}
      onClose={onClose}
    />
  );
}
