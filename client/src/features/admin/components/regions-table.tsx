import { DEFAULT_REGION_CODE } from '@shared/region-zip-prefixes';
import type { AdminRegion } from '@shared/contracts/admin';
import { TableCell } from '@/components/ui/table';
import { useRetireRegion } from '../api/retire-region';
import { useUpdateRegion } from '../api/update-region';
import { ADMIN_COPY } from '../copy';
import { ActivationDialog } from './activation-dialog';
import { closeWithToast } from './pricing-edit-dialog';
import type { PricingAction } from './pricing-row-actions';
import { PricingTable } from './pricing-table';
import { RegionDialog } from './region-dialog';
import { StatusBadge } from './status-badge';

const EDITS = ADMIN_COPY.pricingEdits;
const nameOf = (region: AdminRegion) => region.name;

/** The pricing regions with their edits: add, edit, retire and reinstate (the national average stays). */
export function RegionsTable({ regions, failed }: { regions: AdminRegion[] | undefined; failed?: boolean }) {
  return (
    <PricingTable
      label="Pricing regions"
      testId="table-regions"
      columns={ADMIN_COPY.regionColumns}
      rows={regions}
      failed={failed}
      rowKey={(region) => region.id}
      emptyText={ADMIN_COPY.empty.regions}
      add={{ label: EDITS.add.regions, testId: 'button-add-region' }}
      actionsOf={(region) => ({
        name: region.name,
        active: region.isActive,
        retirable: region.code !== DEFAULT_REGION_CODE,
        testId: region.code,
      })}
      renderCells={(region) => (
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
        </>
      )}
      renderAction={(action, onClose) => <RegionEdit action={action} onClose={onClose} />}
    />
  );
}

function RegionEdit({ action, onClose }: { action: PricingAction<AdminRegion>; onClose: () => void }) {
  const retire = useRetireRegion(closeWithToast(EDITS.retiredTitle, nameOf, onClose));
  const reinstate = useUpdateRegion(closeWithToast(EDITS.reinstatedTitle, nameOf, onClose));
  if (action.kind === 'create') return <RegionDialog region={null} onClose={onClose} />;
  if (action.kind === 'edit') return <RegionDialog region={action.row} onClose={onClose} />;
  const { code, name } = action.row;
  return (
    <ActivationDialog
      kind={action.kind}
      name={name}
      retireDescription={EDITS.descriptions.retireRegion}
      retire={{
        change: { change: 'retireRegion', code },
        save: (reason) => retire.mutate({ code, body: { reason } }),
        mutation: retire,
      }}
      reinstate={{
        change: { change: 'updateRegion', code, values: { isActive: true } },
        save: (reason) => reinstate.mutate({ code, body: { isActive: true, reason } }),
        mutation: reinstate,
      }}
      onClose={onClose}
    />
  );
}
