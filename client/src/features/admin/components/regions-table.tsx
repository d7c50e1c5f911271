import type { AdminRegion } from '@shared/contracts/admin';
import { TableCell } from '@/components/ui/table';
import { ADMIN_COPY } from '../copy';
import { AdminTable } from './admin-table';
import { StatusBadge } from './status-badge';

export function RegionsTable({ regions, failed }: { regions: AdminRegion[] | undefined; failed?: boolean }) {
  return (
    <AdminTable
      label="Pricing regions"
      testId="table-regions"
      columns={ADMIN_COPY.regionColumns}
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
        </>
      )}
    />
  );
}
