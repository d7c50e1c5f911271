import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column helpers so every table spells ids, money and timestamps the same way (docs/decisions/008-data-model.md). */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Money: numeric(10,2). Drizzle returns numerics as strings, which keeps cents exact. */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
/** Price indices: numeric(5,3), e.g. 1.125. */
export const priceIndex = (name: string) => numeric(name, { precision: 5, scale: 3 });
/** Coordinates: numeric(10,7) — about 1 cm of precision. */
export const coordinate = (name: string) => numeric(name, { precision: 10, scale: 7 });
