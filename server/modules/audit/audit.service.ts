import type { CurrentUser } from '@shared/contracts/auth';
import {
  AUDIT_ENTITY_TYPES,
  AUDIT_PAGE_LIMIT,
  type AuditEntityType,
  type AuditEntryView,
  type AuditQuery,
} from '@shared/contracts/audit';
import { addCalendarDays, instantOnClock } from '@shared/dates';
import type { Database, Executor } from '../../db/client';
import { insertAuditEntry, listAuditEntries, type AuditEntry } from './audit.repository';

/** One admin write, as the module that makes it describes it. */
export interface AuditRecord {
  /** e.g. 'pricing.catalog.update', 'user.suspend'. */
  action: string;
  entityType: AuditEntityType;
  entityId: string;
  /** The row before and after the change (null for a creation or a removal); stored as JSON. */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** Dates become ISO text and undefined fields vanish, as JSON would store them. */
const asJson = (value: unknown): unknown =>
  value === undefined || value === null ? null : JSON.parse(JSON.stringify(value));

function toView(row: AuditEntry): AuditEntryView {
  const entityType = (AUDIT_ENTITY_TYPES as readonly string[]).includes(row.entityType)
    ? (row.entityType as AuditEntityType)
    : 'user';
  return {
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface AuditServiceDeps {
  db: Database;
  /** APP_TIME_ZONE: the Audit tab's day filters are days on its clock. */
  timeZone: string;
}

/**
 * The audit log (docs/decisions/031-admin-operations.md): every module that makes an admin write
 * records it here inside its own transaction, so the change and its audit row commit together or
 * not at all. Nothing updates or deletes a row (the database refuses it too).
 */
export function createAuditService({ db, timeZone }: AuditServiceDeps) {
  return {
    async record(tx: Executor, actor: Pick<CurrentUser, 'id' | 'email'>, record: AuditRecord): Promise<void> {
      await insertAuditEntry(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: record.action,
        entityType: record.entityType,
        entityId: record.entityId,
        before: asJson(record.before),
        after: asJson(record.after),
        reason: record.reason ?? null,
      });
    },

    /** Newest first, at most AUDIT_PAGE_LIMIT rows. */
    async list(query: AuditQuery): Promise<AuditEntryView[]> {
      const rows = await listAuditEntries(db, {
        actorEmailContains: query.actor || undefined,
        entityType: query.entity,
        from: query.from ? instantOnClock(query.from, '00:00', timeZone) : undefined,
        until: query.to ? instantOnClock(addCalendarDays(query.to, 1), '00:00', timeZone) : undefined,
        limit: AUDIT_PAGE_LIMIT,
      });
      return rows.map(toView);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
