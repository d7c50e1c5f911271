import { and, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { auditLog, type AuditEntry, type NewAuditEntry } from '@shared/schema';
import type { Executor } from '../../db/client';

export type { AuditEntry };

export async function insertAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export interface AuditFilter {
  /** Part of the admin's e-mail, matched case-insensitively. */
  actorEmailContains?: string;
  entityType?: string;
  /** Instants: from inclusive, until exclusive. */
  from?: Date;
  until?: Date;
  limit: number;
}

/** Newest first. LIKE's own wildcards in the actor text are matched literally. */
export async function listAuditEntries(db: Executor, filter: AuditFilter): Promise<AuditEntry[]> {
  const conditions: SQL[] = [];
  if (filter.actorEmailContains) {
    const literal = filter.actorEmailContains.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(ilike(auditLog.actorEmail, `%${literal}%`));
  }
  if (filter.entityType) conditions.push(eq(auditLog.entityType, filter.entityType));
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.until) conditions.push(lt(auditLog.createdAt, filter.until));
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit);
}
