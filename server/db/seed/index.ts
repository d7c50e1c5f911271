import { eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  availabilitySlots,
  jobStatusEvents,
  jobs,
  modifiers,
  plumbers,
  pricingCatalog,
  regions,
  seedState,
  technicians,
  users,
} from '@shared/schema';
import { ensureAvailabilitySlots, SLOT_WINDOW_DAYS } from '../../modules/booking';
import type { Database } from '../client';
import { MIGRATION_LOCK_KEY } from '../migrate';
import { CATALOG_ITEMS } from './catalog';
import { seedDemoData } from './demo';
import { MODIFIERS } from './modifiers';
import { regionSeeds } from './regions';
import { TECHNICIANS } from './technicians';

export { DEMO_PASSWORD, DEMO_USERS } from './demo';

/**
 * The version of the reference data (catalogue, regions, modifiers, technicians). Bump it whenever
 * that data changes. A database holding this version or a newer one is left alone, so an older
 * instance restarting during a rolling deploy never writes its older data back.
 */
export const REFERENCE_SEED_VERSION = 3;
/** `seed_state.name` of the reference data. */
const REFERENCE_SEED = 'reference';

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
  /** Whether this run wrote the reference data (the database held an older version, or none). */
  referenceApplied: boolean;
  /** The reference data version the database holds after this run. */
  referenceVersion: number;
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
 * one of them differs (an unchanged row is not rewritten) and the row has not changed since the
 * last reference seed (`updated_at <= seed_state.applied_at`): an admin's later edit wins. With no
 * seed recorded, existing rows are left as they are. Admin-owned columns (is_active) are never touched.
 */
function refreshFrom<T extends PgTable>(table: T, keys: readonly (keyof T['$inferInsert'] & string)[]) {
  const columns = getTableColumns(table);
  const name = (key: string) => `"${columns[key].name}"`;
  const set: Record<string, SQL> = { updatedAt: sql`now()` };
  for (const key of keys) set[key] = sql.raw(`excluded.${name(key)}`);
  const current = keys.map((key) => `"${getTableName(table)}".${name(key)}`).join(', ');
  const proposed = keys.map((key) => `excluded.${name(key)}`).join(', ');
  const updatedAt = sql.raw(`"${getTableName(table)}".${name('updatedAt')}`);
  const lastSeed = sql`(select ${seedState.appliedAt} from ${seedState} where ${seedState.name} = ${REFERENCE_SEED})`;
  return {
    set,
    setWhere: sql`(${sql.raw(current)}) is distinct from (${sql.raw(proposed)}) and ${updatedAt} <= ${lastSeed}`,
  };
}

/** RETURNING flag: true for a freshly inserted row, false for one changed by DO UPDATE. */
const wasInserted = sql<boolean>`(xmax = 0)`;

const countChanges = (rows: { inserted: boolean }[]) => ({
  inserted: rows.filter((row) => row.inserted).length,
  updated: rows.filter((row) => !row.inserted).length,
});

const NOTHING = { inserted: 0, updated: 0 };

/**
 * Writes the reference data when the database holds an older version (or none), in one transaction
 * under the migration lock, so instances starting together take turns and the later ones find the
 * version recorded. Returns what changed, or `applied: false` when the database is up to date or
 * ahead (an older instance never writes).
 */
async function seedReferenceData(db: Database, version: number, appTimeZone: string) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    const [state] = await tx
      .select({ version: seedState.version })
      .from(seedState)
      .where(eq(seedState.name, REFERENCE_SEED));
    if (state && state.version >= version) {
      return {
        applied: false,
        version: state.version,
        pricingCatalog: NOTHING,
        regions: NOTHING,
        modifiers: NOTHING,
        technicians: NOTHING,
      };
    }

    const catalog = await tx
      .insert(pricingCatalog)
      .values([...CATALOG_ITEMS])
      .onConflictDoUpdate({
        target: pricingCatalog.issueSlug,
        ...refreshFrom(pricingCatalog, ['issueName', 'baseMin', 'baseMax', 'unit', 'category', 'notes']),
      })
      .returning({ inserted: wasInserted });

    const regionRows = await tx
      .insert(regions)
      .values(regionSeeds(appTimeZone))
      .onConflictDoUpdate({
        target: regions.code,
        ...refreshFrom(regions, ['name', 'state', 'metro', 'laborIndex', 'materialIndex', 'timeZone']),
      })
      .returning({ inserted: wasInserted });

    const modifierRows = await tx
      .insert(modifiers)
      .values([...MODIFIERS])
      .onConflictDoUpdate({
        target: modifiers.key,
        ...refreshFrom(modifiers, ['type', 'name', 'description', 'valuesJson']),
      })
      .returning({ inserted: wasInserted });

    // Technicians change at run time (status, location): existing ones are left alone.
    const technicianRows = await tx
      .insert(technicians)
      .values(TECHNICIANS.map(({ worksSundays: _worksSundays, ...technician }) => technician))
      .onConflictDoNothing({ target: technicians.email })
      .returning({ id: technicians.id });

    // now() is the transaction's start: the rows written above carry the same updated_at.
    await tx
      .insert(seedState)
      .values({ name: REFERENCE_SEED, version, appliedAt: sql`now()` })
      .onConflictDoUpdate({ target: seedState.name, set: { version, appliedAt: sql`now()` } });

    return {
      applied: true,
      version,
      pricingCatalog: countChanges(catalog),
      regions: countChanges(regionRows),
      modifiers: countChanges(modifierRows),
      technicians: { inserted: technicianRows.length, updated: 0 },
    };
  });
}

/**
 * Reference data (pricing catalogue, regions, modifiers, technicians) once per
 * REFERENCE_SEED_VERSION, a rolling month of availability slots from today in `timeZone` and, with
 * `demo`, the demo accounts and jobs. Idempotent: running it again adds nothing and changes nothing.
 */
export async function seedDatabase(
  db: Database,
  options: {
    demo: boolean;
    bcryptCost: number;
    /**
     * APP_TIME_ZONE: `today`'s date, the first of the slot window, is the date on its clock; the
     * national default region's zone (ZIPs no metro covers).
     */
    timeZone: string;
    /** The instant whose date in `timeZone` the slots and demo jobs count from (default: now). */
    today?: Date;
    /** The reference data version this code carries; tests pass others to play older and newer code. */
    referenceVersion?: number;
  },
): Promise<SeedSummary> {
  const startedAt = performance.now();
  const today = options.today ?? new Date();

  const reference = await seedReferenceData(
    db,
    options.referenceVersion ?? REFERENCE_SEED_VERSION,
    options.timeZone,
  );

  // The slot scheduler's window, so a seeded database has the slots a running one keeps.
  const slotsAdded = await ensureAvailabilitySlots(db, {
    from: today,
    days: SLOT_WINDOW_DAYS,
    timeZone: options.timeZone,
  });

  const demo = options.demo
    ? await seedDemoData(db, { bcryptCost: options.bcryptCost, today, timeZone: options.timeZone })
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
    referenceApplied: reference.applied,
    referenceVersion: reference.version,
    pricingCatalog: { ...reference.pricingCatalog, total: catalogTotal },
    regions: { ...reference.regions, total: regionTotal },
    modifiers: { ...reference.modifiers, total: modifierTotal },
    technicians: { ...reference.technicians, total: technicianTotal },
    availabilitySlots: { inserted: slotsAdded, updated: 0, total: slotTotal },
    users: { inserted: demo.users, updated: 0, total: userTotal },
    plumbers: { inserted: demo.plumbers, updated: 0, total: plumberTotal },
    jobs: { inserted: demo.jobs, updated: 0, total: jobTotal },
    jobStatusEvents: { inserted: demo.jobStatusEvents, updated: 0, total: eventTotal },
  };
}
