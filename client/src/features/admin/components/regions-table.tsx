import { useState } from 'react';
import { DEFAULT_REGION_CODE } from '@shared/region-zip-prefixes';
import type { AdminRegion } from '@shared/contracts/admin';
import { TableCell } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { useRetireRegion } from '../api/retire-region';
import { useUpdateRegion } from '../api/update-region';
import { ADMIN_COPY } from '../copy';
import { ActivationDialog } from './activation-dialog';
import { AdminTable } from './admin-table';
import { AddPricingRowButton, PricingRowActions, type PricingAction } from './pricing-row-actions';
import { RegionDialog } from './region-dialog';
import { StatusBadge } from './status-badge';

const EDITS = ADMIN_COPY.pricingEdits;

/** The pricing regions with their edits: add, edit, retire and reinstate (the national average stays). */
export function RegionsTable({ regions, failed }: { regions: AdminRegion[] | undefined; failed?: boolean }) {
  const [action, setAction] = useState<PricingAction<AdminRegion> | null>(null);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <div className="flex justify-end">
        <AddPricingRowButton
          label={EDITS.add.regions}
          onClick={() => setAction({ kind: 'create' })}
          testId="button-add-region"
        />
      </div>
      <AdminTable
        label="Pricing regions"
        testId="table-regions"
        columns={[...ADMIN_COPY.regionColumns, EDITS.actionsColumn]}
        rows={regions}
        failed={failed}
        rowKey={(region) => region.id}
        emptyText={ADMIN_COPY.empty.regions}
        renderRow={(region) => (
          <>
            <TableCell className="min-w-44 font-medium">
              {region.name}
              <span className="block text-xs font-normal text-muted-foreground">{region.code}</span>
            </TableCell>
            <TableCell>{region.state}</TableCell>
            <TableCell className="min-w-48">
              {region.metro ?? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">None</span>
                </>
              )}
            </TableCell>
            <TableCell className="text-right tabular-nums">{region.laborIndex}</TableCell>
            <TableCell className="text-right tabular-nums">{region.materialIndex}</TableCell>
            <TableCell>
              <StatusBadge active={region.isActive} />
            </TableCell>
            <TableCell>
              <PricingRowActions
                name={region.name}
                active={region.isActive}
                retirable={region.code !== DEFAULT_REGION_CODE}
                testId={region.code}
                onAction={(kind) => setAction({ kind, row: region })}
              />
            </TableCell>
          </>
        )}
      />
      {action && <RegionEdit action={action} onClose={() => setAction(null)} />}
    </div>
  );
}

function RegionEdit({ action, onClose }: { action: PricingAction<AdminRegion>; onClose: () => void }) {
  const done = (title: string) => (saved: AdminRegion) => {
    toast({ title, description: saved.name });
    onClose();
  };
  const retire = useRetireRegion({ mutationConfig: { onSuccess: done(EDITS.retiredTitle) } });
  const reinstate = useUpdateRegion({ mutationConfig: { onSuccess: done(EDITS.reinstatedTitle) } });
  if (action.kind === 'create') return <RegionDialog region={null} onClose={onClose} />;
  if (action.kind === 'edit') return <RegionDialog region={action.row} onClose={onClose} />;
  const { code, name } = action.row;
  return action.kind === 'retire' ? (
    <ActivationDialog
      title={EDITS.titles.retire(name)}
      description={EDITS.descriptions.retireRegion}
      change={{ change: 'retireRegion', code }}
      saveLabel={EDITS.retire}
      onSave={(reason) => retire.mutate({ code, body: { reason } })}
      saving={retire.isPending}
      saveError={retire.error}
      onClose={onClose}
    />
  ) : (
    <ActivationDialog
      title={EDITS.titles.reinstate(name)}
      description={EDITS.descriptions.reinstate}
      change={{ change: 'updateRegion', code, values: { isActive: true } }}
      saveLabel={EDITS.reinstate}
      onSave={(reason) => reinstate.mutate({ code, body: { isActive: true, reason } })}
      saving={reinstate.isPending}
      saveError={reinstate.error}
      onClose={onClose}
    />
  );
}
