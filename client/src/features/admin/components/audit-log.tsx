import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  AUDIT_ENTITY_TYPES,
  AUDIT_PAGE_LIMIT,
  auditQuery,
  type AuditEntryView,
  type AuditQuery,
  type AuditQueryInput,
} from '@shared/contracts/audit';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-client';
import { useAuditLog, type AuditFilters } from '../api/get-audit-log';
import { ADMIN_COPY } from '../copy';
import { changedFields } from '../utils/audit-changes';

const COPY = ADMIN_COPY.audit;
const ALL = 'all';
/** An empty filter field is no filter. */
const blankAsUndefined = (value: string | undefined) => (value?.trim() ? value : undefined);

/** When the change was made, with the zone it is read in (the browser's, named). */
const WHEN = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const formatWhen = (iso: string) => WHEN.format(new Date(iso));

/**
 * The Audit tab: every admin write, newest first (GET /api/admin/audit, at most AUDIT_PAGE_LIMIT
 * rows), filtered by the admin's e-mail, what was changed and a range of days; each row opens to
 * the fields it changed, before and after.
 */
export function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const log = useAuditLog({ filters });

  return (
    <div className="grid min-w-0 gap-4">
      <p className="text-muted-foreground">{COPY.intro}</p>
      <AuditFiltersForm onApply={setFilters} />
      {log.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {ADMIN_COPY.listFailed} {getErrorMessage(log.error, '')}
        </p>
      ) : !log.data ? (
        <div className="grid gap-2" role="status">
          <span className="sr-only">{COPY.loading}</span>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : (
        <>
          <AuditTable entries={log.data} />
          {log.data.length >= AUDIT_PAGE_LIMIT && (
            <p className="text-sm text-muted-foreground">{COPY.limit(AUDIT_PAGE_LIMIT)}</p>
          )}
        </>
      )}
    </div>
  );
}

function AuditFiltersForm({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const id = useId();
  const form = useForm<AuditQueryInput, unknown, AuditQuery>({
    resolver: zodResolver(auditQuery),
    defaultValues: { actor: undefined, entity: undefined, from: undefined, to: undefined },
  });
  const { errors } = form.formState;
  const apply = (query: AuditQuery) =>
    onApply(
      Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')),
    );
  const textOptions = { setValueAs: blankAsUndefined };

  return (
    <form
      noValidate
      aria-label={COPY.filters.label}
      onSubmit={form.handleSubmit(apply)}
      className="grid gap-3 rounded-md border p-3 sm:grid-cols-2 sm:p-4 lg:grid-cols-[2fr_1.5fr_1fr_1fr_auto]"
      data-testid="form-audit-filters"
    >
      <FormField
        id={`${id}-actor`}
        label={COPY.filters.actor}
        hint={COPY.filters.actorHint}
        error={errors.actor}
      >
        {(describedBy) => (
          <Input
            id={`${id}-actor`}
            type="search"
            autoComplete="off"
            aria-invalid={errors.actor ? true : undefined}
            aria-describedby={describedBy}
            data-testid="input-audit-actor"
            {...form.register('actor', textOptions)}
          />
        )}
      </FormField>
      <Controller
        control={form.control}
        name="entity"
        render={({ field, fieldState }) => (
          <FormField id={`${id}-entity`} label={COPY.filters.entity} error={fieldState.error}>
            {(describedBy) => (
              <Select
                value={field.value ?? ALL}
                onValueChange={(value) => field.onChange(value === ALL ? undefined : value)}
                name={field.name}
              >
                <SelectTrigger
                  id={`${id}-entity`}
                  ref={field.ref}
                  aria-describedby={describedBy}
                  data-testid="select-audit-entity"
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>{COPY.filters.allEntities}</SelectItem>
                  {AUDIT_ENTITY_TYPES.map((entity) => (
                    <SelectItem key={entity} value={entity}>
                      {COPY.entities[entity]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        )}
      />
      <FormField
        id={`${id}-from`}
        label={COPY.filters.from}
        hint={COPY.filters.datesHint}
        error={errors.from}
      >
        {(describedBy) => (
          <Input
            id={`${id}-from`}
            type="date"
            aria-invalid={errors.from ? true : undefined}
            aria-describedby={describedBy}
            data-testid="input-audit-from"
            {...form.register('from', textOptions)}
          />
        )}
      </FormField>
      <FormField id={`${id}-to`} label={COPY.filters.to} error={errors.to}>
        {(describedBy) => (
          <Input
            id={`${id}-to`}
            type="date"
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={describedBy}
            data-testid="input-audit-to"
            {...form.register('to', textOptions)}
          />
        )}
      </FormField>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit" data-testid="button-audit-apply">
          {COPY.filters.apply}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            form.reset({ actor: undefined, entity: undefined, from: undefined, to: undefined });
            onApply({});
          }}
        >
          {COPY.filters.clear}
        </Button>
      </div>
    </form>
  );
}

function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (entryId: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(entryId)) next.add(entryId);
      return next;
    });

  return (
    <Table regionLabel={COPY.label} data-testid="table-audit" scrollHint={ADMIN_COPY.scrollHint}>
      <caption className="sr-only">{COPY.label}</caption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {COPY.columns.map((column) => (
            <TableHead key={column}>{column}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={COPY.columns.length} className="py-10 text-center text-muted-foreground">
              {COPY.empty}
            </TableCell>
          </TableRow>
        ) : (
          entries.map((entry) => {
            const expanded = open.has(entry.id);
            const detailsId = `audit-changes-${entry.id}`;
            const entity = `${COPY.entities[entry.entityType]} ${entry.entityId}`;
            return (
              <Fragment key={entry.id}>
                <TableRow data-testid={`row-audit-${entry.id}`}>
                  <TableCell className="whitespace-nowrap">{formatWhen(entry.createdAt)}</TableCell>
                  <TableCell className="whitespace-nowrap">{entry.actorEmail}</TableCell>
                  <TableCell>
                    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{entry.action}</code>
                  </TableCell>
                  <TableCell className="min-w-40">{entity}</TableCell>
                  <TableCell className="min-w-48 max-w-md">{entry.reason ?? COPY.nothing}</TableCell>
                  <TableCell>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailsId : undefined}
                      aria-label={COPY.changesLabel(entry.action, entity)}
                      onClick={() => toggle(entry.id)}
                    >
                      {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
                      {expanded ? COPY.hide : COPY.show}
                    </Button>
                  </TableCell>
                </TableRow>
                {expanded && (
                  <TableRow id={detailsId} className="bg-muted/30 hover:bg-muted/30">
                    <TableCell colSpan={COPY.columns.length}>
                      <ChangesTable before={entry.before} after={entry.after} />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}

function ChangesTable({ before, after }: { before: unknown; after: unknown }) {
  const changes = changedFields(before, after);
  return (
    <table className="w-full text-left text-sm" data-testid="table-audit-changes">
      <thead>
        <tr>
          {COPY.changeColumns.map((column) => (
            <th key={column} scope="col" className="py-1 pr-4 font-medium text-muted-foreground">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row" className="py-1 pr-4 font-mono text-xs font-normal">
              {change.field}
            </th>
            <td className="break-all py-1 pr-4">{change.before ?? COPY.nothing}</td>
            <td className="break-all py-1">{change.after ?? COPY.nothing}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
