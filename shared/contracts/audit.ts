import { z } from './zod';
import { isoDateField, timestampSchema } from './common';
import { defineRoute } from './http';

/** What an admin write was done to: the Audit tab filters by these. */
export const AUDIT_ENTITY_TYPES = [
  'catalog_item',
  'region',
  'modifier',
  'user',
  'plumber',
  'service_request',
  'report',
  'payout',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** The most rows one GET /api/admin/audit answers, newest first. */
export const AUDIT_PAGE_LIMIT = 200;

export const AUDIT_MESSAGES = {
  entityInvalid: `Entity must be one of: ${AUDIT_ENTITY_TYPES.join(', ')}`,
  actorInvalid: 'Actor must be an e-mail address or part of one (at most 254 characters)',
  rangeInverted: 'The “from” date must not be after the “to” date',
  /** The reason every admin write carries. */
  reasonMin: 'Give a reason of at least 3 characters',
  reasonMax: 'Reason must be at most 500 characters',
} as const;

/** The short reason every admin write must carry; it is stored with the audit row. */
export const auditReasonField = () =>
  z
    .string({ error: AUDIT_MESSAGES.reasonMin })
    .trim()
    .min(3, { error: AUDIT_MESSAGES.reasonMin })
    .max(500, { error: AUDIT_MESSAGES.reasonMax });

/**
 * `?actor=&entity=&from=&to=` of GET /api/admin/audit: the admin's e-mail (or part of it), what was
 * changed, and a range of days (YYYY-MM-DD, inclusive, on the app's clock). All optional.
 */
export const auditQuery = z
  .object({
    actor: z
      .string({ error: AUDIT_MESSAGES.actorInvalid })
      .trim()
      .max(254, { error: AUDIT_MESSAGES.actorInvalid })
      .optional(),
    entity: z.enum(AUDIT_ENTITY_TYPES, { error: AUDIT_MESSAGES.entityInvalid }).optional(),
    from: isoDateField().optional(),
    to: isoDateField().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: AUDIT_MESSAGES.rangeInverted,
    path: ['from'],
  });
export type AuditQueryInput = z.input<typeof auditQuery>;
export type AuditQuery = z.output<typeof auditQuery>;

/** One admin write as the Audit tab shows it: `before` and `after` are the changed rows as JSON. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  actorId: z.uuid(),
  actorEmail: z.string(),
  action: z.string(),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  createdAt: timestampSchema,
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** Read-only: no route changes or removes an audit row. */
export const auditRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/audit',
    query: auditQuery,
    response: z.array(auditEntrySchema),
  }),
};
