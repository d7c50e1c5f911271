import { Search, X } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { formatUsdRange } from '@shared/money';
import type { AdminCatalogItem } from '@shared/contracts/admin';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TableCell } from '@/components/ui/table';
import { ADMIN_COPY } from '../copy';
import { filterCatalog } from '../utils/filter-catalog';
import { formatUnit } from '../utils/format';
import { AdminTable } from './admin-table';
import { StatusBadge } from './status-badge';

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
          columns={ADMIN_COPY.catalogColumns}
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
            </>
          )}
        />
      </div>
    </div>
  );
}
