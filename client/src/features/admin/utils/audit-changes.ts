/** One field of an audited row that a change touched, as the Audit tab lists it. */
export interface FieldChange {
  field: string;
  /** Display text; null where the row had no such value (a creation's before, say). */
  before: string | null;
  after: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with object keys sorted, so values that differ only in key order compare equal. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    isRecord(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

const display = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : canonical(value);

/**
 * The fields whose values differ between an audit row's `before` and `after` (every field of a
 * creation or a removal), in the order the row lists them; ids and timestamps are left out.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])].filter(
    (field) => field !== 'id' && !field.endsWith('At'),
  );
  return fields
    .filter((field) => canonical(was[field]) !== canonical(is[field]))
    .map((field) => ({ field, before: display(was[field]), after: display(is[field]) }));
}
