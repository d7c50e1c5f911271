import { Search, X } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { formatUsdRange } from '@shared/money';
import type { AdminCatalogItem } from '@shared/contracts/admin';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TableCell } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { useRetireCatalogItem } from '../api/retire-catalog-item';
import { useUpdateCatalogItem } from '../api/update-catalog-item';
import { ADMIN_COPY } from '../copy';
import { filterCatalog } from '../utils/filter-catalog';
import { formatUnit } from '../utils/format';
import { ActivationDialog } from './activation-dialog';
import { AdminTable } from './admin-table';
import { CatalogItemDialog } from './catalog-item-dialog';
import { AddPricingRowButton, PricingRowActions, type PricingAction } from './pricing-row-actions';
import { StatusBadge } from './status-badge';

const EDITS = ADMIN_COPY.pricingEdits;

/** The catalogue, filterable, with its edits: add, edit, retire and reinstate (each previewed, with a reason). */
export function CatalogTable({ items, failed }: { items: AdminCatalogItem[] | undefined; failed?: boolean }) {
  const [action, setAction] = useState<PricingAction<AdminCatalogItem> | null>(null);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const filterId = useId();
  const countId = useId();
  const visible = useMemo(
    () => (items ? filterCatalog(items, deferredFilter) : undefined),
    [items, deferredFilter],
  );

  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
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
        <AddPricingRowButton
          label={EDITS.add.catalog}
          onClick={() => setAction({ kind: 'create' })}
          testId="button-add-catalog-item"
        />
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
      <div id="table-catalog">
        <AdminTable
          label="Pricing catalog"
          testId="table-catalog"
          columns={[...ADMIN_COPY.catalogColumns, EDITS.actionsColumn]}
          rows={visible}
          failed={failed}
          rowKey={(item) => item.id}
          emptyText={ADMIN_COPY.empty.catalog}
          renderRow={(item) => (
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
              <TableCell>
                <PricingRowActions
                  name={item.issueName}
                  active={item.isActive}
                  testId={item.issueSlug}
                  onAction={(kind) => setAction({ kind, row: item })}
                />
              </TableCell>
            </>
          )}
        />
      </div>
      {action && <CatalogEdit action={action} catalog={items ?? []} onClose={() => setAction(null)} />}
    </div>
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
  const done = (title: string) => (saved: AdminCatalogItem) => {
    toast({ title, description: saved.issueName });
    onClose();
  };
  const retire = useRetireCatalogItem({ mutationConfig: { onSuccess: done(EDITS.retiredTitle) } });
  const reinstate = useUpdateCatalogItem({ mutationConfig: { onSuccess: done(EDITS.reinstatedTitle) } });
  if (action.kind === 'create') return <CatalogItemDialog item={null} catalog={catalog} onClose={onClose} />;
  if (action.kind === 'edit')
    return <CatalogItemDialog item={action.row} catalog={catalog} onClose={onClose} />;
  const { issueSlug, issueName } = action.row;
  return action.kind === 'retire' ? (
    <ActivationDialog
      title={EDITS.titles.retire(issueName)}
      description={EDITS.descriptions.retireCatalog}
      change={{ change: 'retireCatalogItem', issueSlug }}
      saveLabel={EDITS.retire}
      onSave={(reason) => retire.mutate({ issueSlug, body: { reason } })}
      saving={retire.isPending}
      saveError={retire.error}
      onClose={onClose}
    />
  ) : (
    <ActivationDialog
      title={EDITS.titles.reinstate(issueName)}
      description={EDITS.descriptions.reinstate}
      change={{ change: 'updateCatalogItem', issueSlug, values: { isActive: true } }}
      saveLabel={EDITS.reinstate}
      onSave={(reason) => reinstate.mutate({ issueSlug, body: { isActive: true, reason } })}
      saving={reinstate.isPending}
      saveError={reinstate.error}
      onClose={onClose}
    />
  );
}
