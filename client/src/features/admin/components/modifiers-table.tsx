import { capitalise } from '@shared/job-display';
import type { AdminModifier } from '@shared/contracts/admin';
import { TableCell } from '@/components/ui/table';
import { ADMIN_COPY } from '../copy';
import { AdminTable } from './admin-table';
import { StatusBadge } from './status-badge';

export function ModifiersTable({
  modifiers,
  failed,
}: {
  modifiers: AdminModifier[] | undefined;
  failed?: boolean;
}) {
  return (
    <AdminTable
      label="Price modifiers"
      testId="table-modifiers"
      columns={ADMIN_COPY.modifierColumns}
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
        </>
      )}
    />
  );
}
