import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  availabilitySlots,
  jobStatusEvents,
  jobs,
  modifiers,
  plumbers,
  pricingCatalog,
  regions,
  technicians,
  users,
} from '@shared/schema';
import type { Database } from '../client';
import { CATALOG_ITEMS } from './catalog';
import { seedDemoData } from './demo';
import { MODIFIERS } from './modifiers';
import { REGIONS } from './regions';
import { ensureAvailabilitySlots } from './slots';
import { TECHNICIANS } from './technicians';

export { ensureAvailabilitySlots } from './slots';
export { DEMO_PASSWORD, DEMO_USERS } from './demo';

/** Rolling window of bookable slots created at each start. */
export const SEED_SLOT_DAYS = 30;

export interface SeedCount {
  /** Rows this run added. */
  inserted: number;
  /** Existing rows this run brought in line with the seed data (reference tables only). */
  updated: number;
  /** Rows in the table afterwards. */
  total: number;
}

export interface SeedSummary {
  demo: boolean;
  durationMs: number;
  pricingCatalog: SeedCount;
  regions: SeedCount;
  modifiers: SeedCount;
  technicians: SeedCount;
  availabilitySlots: SeedCount;
  users: SeedCount;
  plumbers: SeedCount;
  jobs: SeedCount;
  jobStatusEvents: SeedCount;
}

/**
 * `ON CONFLICT DO UPDATE` for reference data: copies `keys` from the proposed row, but only when
 * one of them differs, so an unchanged row is not rewritten (and keeps its updated_at).
 * Admin-owned columns (is_active) are never touched.
 */
function refreshFrom<T extends PgTable>(table: T, keys: readonly (keyof T['$inferInsert'] & string)[]) {
  const columns = getTableColumns(table);
  const name = (key: string) => `"${columns[key].name}"`;
  const set: Record<string, SQL> = { updatedAt: sql`now()` };
  for (const key of keys) set[key] = sql.raw(`excluded.${name(key)}`);
  const current = keys.map((key) => `"${getTableName(table)}".${name(key)}`).join(', ');
  const proposed = keys.map((key) => `excluded.${name(key)}`).join(', ');
  return { set, setWhere: sql.raw(`(${current}) is distinct from (${proposed})`) };
}

/** RETURNING flag: true for a freshly inserted row, false for one changed by DO UPDATE. */
const wasInserted = sql<boolean>`(xmax = 0)`;

const countChanges = (rows: { inserted: boolean }[]) => ({
  inserted: rows.filter((row) => row.inserted).length,
  updated: rows.filter((row) => !row.inserted).length,
});

/**
 * Reference data (pricing catalogue, regions, modifiers, technicians), a rolling month of
 * availability slots and, with `demo`, the demo accounts and jobs. Idempotent: running it again
 * adds nothing and changes nothing unless the seed data itself changed.
 */
export async function seedDatabase(
  db: Database,
  options: { demo: boolean; bcryptCost: number; today?: Date },
): Promise<SeedSummary> {
  const startedAt = performance.now();
  const today = options.today ?? new Date();

  const catalog = await db
    .insert(pricingCatalog)
    .values([...CATALOG_ITEMS])
    .onConflictDoUpdate({
      target: pricingCatalog.issueSlug,
      ...refreshFrom(pricingCatalog, ['issueName', 'baseMin', 'baseMax', 'unit', 'category', 'notes']),
    })
    .returning({ inserted: wasInserted });

  const regionRows = await db
    .insert(regions)
    .values([...REGIONS])
    .onConflictDoUpdate({
      target: regions.code,
      ...refreshFrom(regions, ['name', 'state', 'metro', 'laborIndex', 'materialIndex']),
    })
    .returning({ inserted: wasInserted });

  const modifierRows = await db
    .insert(modifiers)
    .values([...MODIFIERS])
    .onConflictDoUpdate({
      target: modifiers.key,
      ...refreshFrom(modifiers, ['type', 'name', 'description', 'valuesJson']),
    })
    .returning({ inserted: wasInserted });

  // Technicians change at run time (status, location): existing ones are left alone.
  const technicianRows = await db
    .insert(technicians)
    .values(TECHNICIANS.map(({ worksSundays: _worksSundays, ...technician }) => technician))
    .onConflictDoNothing({ target: technicians.email })
    .returning({ id: technicians.id });

  const slotsAdded = await ensureAvailabilitySlots(db, { from: today, days: SEED_SLOT_DAYS });

  const demo = options.demo
    ? await seedDemoData(db, { bcryptCost: options.bcryptCost, today })
    : { users: 0, plumbers: 0, jobs: 0, jobStatusEvents: 0 };

  const [
    catalogTotal,
    regionTotal,
    modifierTotal,
    technicianTotal,
    slotTotal,
    userTotal,
    plumberTotal,
    jobTotal,
    eventTotal,
  ] = await Promise.all(
    [
      pricingCatalog,
      regions,
      modifiers,
      technicians,
      availabilitySlots,
      users,
      plumbers,
      jobs,
      jobStatusEvents,
    ].map((table) => db.$count(table)),
  );

  return {
    demo: options.demo,
    durationMs: Math.round(performance.now() - startedAt),
    pricingCatalog: { ...countChanges(catalog), total: catalogTotal },
    regions: { ...countChanges(regionRows), total: regionTotal },
    modifiers: { ...countChanges(modifierRows), total: modifierTotal },
    technicians: { inserted: technicianRows.length, updated: 0, total: technicianTotal },
    availabilitySlots: { inserted: slotsAdded, updated: 0, total: slotTotal },
    users: { inserted: demo.users, updated: 0, total: userTotal },
    plumbers: { inserted: demo.plumbers, updated: 0, total: plumberTotal },
    jobs: { inserted: demo.jobs, updated: 0, total: jobTotal },
    jobStatusEvents: { inserted: demo.jobStatusEvents, updated: 0, total: eventTotal },
  };
}
