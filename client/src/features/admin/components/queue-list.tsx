import { useId, type ReactNode } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { ADMIN_COPY } from '../copy';

export interface QueueListProps<TFilter extends string, TItem extends { id: string }> {
  heading: string;
  intro: string;
  testId: string;
  /** The status filter: its label, choices (each with its label) and test id. */
  filter: {
    label: string;
    value: TFilter;
    values: readonly TFilter[];
    labelOf: (value: TFilter) => string;
    onChange: (value: TFilter) => void;
    testId: string;
  };
  /** The queue's query for the chosen status. */
  query: { isError: boolean; error: Error | null; data: TItem[] | undefined };
  /** Read by screen readers while the queue loads. */
  loadingText: string;
  empty: { text: string; testId: string };
  renderItem: (item: TItem) => ReactNode;
}

/**
 * A queue of the Queues tab: its heading and intro, a status filter, and the items of that status
 * as cards, or why there are none (loading, failed, empty).
 */
export function QueueList<TFilter extends string, TItem extends { id: string }>({
  heading,
  intro,
  testId,
  filter,
  query,
  loadingText,
  empty,
  renderItem,
}: QueueListProps<TFilter, TItem>) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4" data-testid={testId}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={`${id}-heading`} className="text-xl font-semibold tracking-tight">
            {heading}
          </h3>
          <p className="max-w-3xl text-sm text-muted-foreground">{intro}</p>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-filter`} className="text-sm font-medium">
            {filter.label}
          </label>
          <Select value={filter.value} onValueChange={(value) => filter.onChange(value as TFilter)}>
            <SelectTrigger id={`${id}-filter`} className="w-44" data-testid={filter.testId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {filter.values.map((value) => (
                <SelectItem key={value} value={value}>
                  {filter.labelOf(value)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {ADMIN_COPY.listFailed} {getErrorMessage(query.error, '')}
        </p>
      ) : !query.data ? (
        <div className="grid gap-4" role="status">
          <span className="sr-only">{loadingText}</span>
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.data.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground" data-testid={empty.testId}>
          {empty.text}
        </p>
      ) : (
        <ul className="grid gap-4">
          {query.data.map((item) => (
            <li key={item.id}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
