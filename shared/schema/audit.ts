import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * Every admin write: who, when, what, the row before and after, and the admin's reason. Written in
 * the same transaction as the change and never updated or deleted by the app. `actorId` is no
 * foreign key and `actorEmail` a copy, so the history outlives the admin's account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** What was done, e.g. 'pricing.catalog.update', 'user.suspend'. */
    action: text('action').notNull(),
    /** What it was done to: 'catalog_item', 'region', 'modifier', 'user', 'service_request', 'report', 'payout', 'plumber'. */
    entityType: text('entity_type').notNull(),
    /** The entity's natural key where it has one (issue slug, region code), else its id. */
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
export type NewAuditEntry = typeof auditLog.$inferInsert;
