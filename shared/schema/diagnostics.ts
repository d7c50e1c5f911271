import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { urgency } from './enums';

export const diagnostics = pgTable(
  'diagnostics',
  {
    id: id(),
    description: text('description').notNull(),
    /** URLs of cleaned, re-encoded images in the media store — never raw data URLs. */
    imageUrls: text('image_urls').array().notNull().default([]),
    location: text('location').notNull(),
    urgency: urgency('urgency').notNull(),
    aiDiagnosis: jsonb('ai_diagnosis').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('diagnostics_created_at_idx').on(t.createdAt)],
);

export type Diagnostic = typeof diagnostics.$inferSelect;
export type NewDiagnostic = typeof diagnostics.$inferInsert;
