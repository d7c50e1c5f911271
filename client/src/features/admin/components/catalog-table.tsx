import { Search, X } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { formatUsdRange } from '@shared/money';
import type { AdminCatalogItem } from '@shared/contracts/admin';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TableCell } from '@/components/ui/table';
import { useRetireCatalogItem } from '../api/retire-catalog-item';
import { useUpdateCatalogItem } from '../api/update-catalog-item';
import { ADMIN_COPY } from '../copy';
import { filterCatalog } from '../utils/filter-catalog';
import { formatUnit } from '../utils/format';
import { ActivationDialog } from './activation-dialog';
import { CatalogItemDialog } from './catalog-item-dialog';
import { closeWithToast } from './pricing-edit-dialog';
import type { PricingAction } from './pricing-row-actions';
import { PricingTable } from './pricing-table';
import { StatusBadge } from './status-badge';

const EDITS = ADMIN_COPY.pricingEdits;
const nameOf = (item: AdminCatalogItem) => item.issueName;

/** The catalogue, filterable, with its edits: add, edit, retire and reinstate (each previewed, with a reason). */
export function CatalogTable({ items, failed }: { items: AdminCatalogItem[] | undefined; failed?: boolean }) {
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const filterId = useId();
  const countId = useId();
  const visible = useMemo(
    () => (items ? filterCatalog(items, deferredFilter) : undefined),
    [items, deferredFilter],
  );

  return (
    <PricingTable
      label="Pricing catalog"
      testId="table-catalog"
      tableId="table-catalog"
      columns={ADMIN_COPY.catalogColumns}
      rows={visible}
      failed={failed}
      rowKey={(item) => item.id}
      emptyText={ADMIN_COPY.empty.catalog}
      add={{ label: EDITS.add.catalog, testId: 'button-add-catalog-item' }}
      toolbar={(addButton) => (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <div className="grid w-full gap-2 sm:max-w-sm">
            <Label htmlFor={filterId}>Filter the catalog</Label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id={filterId}
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                placeholder="Issue type, category or unit"
                autoComplete="off"
                spellCheck={false}
                aria-describedby={countId}
                aria-controls="table-catalog"
                className="pl-9 pr-10 [&::-webkit-search-cancel-button]:hidden"
                data-testid="input-catalog-filter"
              />
              {filter && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="absolute right-0.5 top-1/2 size-9 -translate-y-1/2"
                  onClick={() => setFilter('')}
                  aria-label="Clear the filter"
                >
                  <X aria-hidden="true" />
                </Button>
              )}
            </div>
          </div>
          {addButton}
          <p
            id={countId}
            className="text-sm text-muted-foreground"
            aria-live="polite"
            data-testid="text-catalog-count"
          >
            {failed
              ? ''
              : items === undefined
                ? 'Loading the catalog…'
                : filter
                  ? `Showing ${visible?.length ?? 0} of ${items.length} issue types`
                  : `${items.length} issue types`}
          </p>
        </div>
      )}
      actionsOf={(item) => ({ name: item.issueName, active: item.isActive, testId: item.issueSlug })}
      renderCells={(item) => (
        <>
          <TableCell className="min-w-40 font-medium sm:min-w-48">
            {item.issueName}
            <span className="hidden font-mono text-xs font-normal text-muted-foreground sm:block">
              {item.issueSlug}
            </span>
          </TableCell>
          <TableCell className="whitespace-nowrap">{item.category}</TableCell>
          <TableCell className="whitespace-nowrap tabular-nums">
            {formatUsdRange(item.baseMin, item.baseMax)}
          </TableCell>
          <TableCell className="whitespace-nowrap">{formatUnit(item.unit)}</TableCell>
          <TableCell>
            <StatusBadge active={item.isActive} />
          </TableCell>
        </>
      )}
      renderAction={(action, onClose) => (
        <CatalogEdit action={action} catalog={items ?? []} onClose={onClose} />
      )}
    />
  );
}

function CatalogEdit({
  action,
  catalog,
  onClose,
}: {
  action: PricingAction<AdminCatalogItem>;
  catalog: readonly AdminCatalogItem[];
  onClose: () => void;
}) {
  const retire = useRetireCatalogItem(closeWithToast(EDITS.retiredTitle, nameOf, onClose));
  const reinstate = useUpdateCatalogItem(closeWithToast(EDITS.reinstatedTitle, nameOf, onClose));
  if (action.kind === 'create') return <CatalogItemDialog item={null} catalog={catalog} onClose={onClose} />;
  if (action.kind === 'edit')
    return <CatalogItemDialog item={action.row} catalog={catalog} onClose={onClose} />;
  const { issueSlug, issueName } = action.row;
  return (
    <ActivationDialog
      kind={action.kind}
      name={issueName}
      retireDescription={EDITS.descriptions.retireCatalog}
      retire={{
        change: { change: 'retireCatalogItem', issueSlug },
        save: (reason) => retire.mutate({ issueSlug, body: { reason } }),
        mutation: retire,
      }}
      reinstate={{
        change: { change: 'updateCatalogItem', issueSlug, values: { isActive: true } },
        save: (reason) => reinstate.mutate({ issueSlug, body: { isActive: true, reason } }),
        mutation: reinstate,
      }}
      onClose={onClose}
    />
  );
}
