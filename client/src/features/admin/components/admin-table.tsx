import { MoveHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ADMIN_COPY } from '../copy';

const SKELETON_ROWS = 5;

export interface AdminTableProps<T> {
  /** Names the table for screen readers (its scroll region and caption). */
  label: string;
  columns: readonly string[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  renderRow: (row: T) => ReactNode;
  emptyText: string;
  /** The list could not be loaded: say so instead of claiming it is empty. */
  failed?: boolean;
  testId: string;
}

/** A read-only admin list: column headers, skeleton rows while loading, the product's text when empty. */
export function AdminTable<T>({
  label,
  columns,
  rows,
  rowKey,
  renderRow,
  emptyText,
  failed = false,
  testId,
}: AdminTableProps<T>) {
  return (
    <Table
      regionLabel={label}
      data-testid={testId}
      aria-busy={rows === undefined && !failed}
      scrollHint={
        <>
          <MoveHorizontal aria-hidden="true" className="size-3.5" />
          {ADMIN_COPY.scrollHint}
        </>
      }
    >
      <caption className="sr-only">{label}</caption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {columns.map((column) => (
            <TableHead key={column}>{column}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {failed ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns.length} className="py-10 text-center text-muted-foreground">
              {ADMIN_COPY.listFailed}
            </TableCell>
          </TableRow>
        ) : rows === undefined ? (
          Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <TableRow key={index} className="hover:bg-transparent">
              {columns.map((column) => (
                <TableCell key={column}>
                  <Skeleton className="h-4 w-full min-w-12" />
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns.length} className="py-10 text-center text-muted-foreground">
              {emptyText}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => <TableRow key={rowKey(row)}>{renderRow(row)}</TableRow>)
        )}
      </TableBody>
    </Table>
  );
}
