import { customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Cleaned photos kept in the database, so every instance on one PostgreSQL serves every photo.
 * The embedded database keeps its photos in a folder instead (one instance, no copy in the WAL).
 */
export const media = pgTable(
  'media',
  {
    /** The same opaque key the folder store uses, e.g. `3f2c….jpg`. */
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('media_created_at_idx').on(t.createdAt)],
);

export type Media = typeof media.$inferSelect;
