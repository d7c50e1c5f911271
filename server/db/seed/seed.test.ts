import { TZDate } from '@date-fns/tz';
import bcrypt from 'bcrypt';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TYPE_TO_ISSUE_SLUG } from '@shared/catalog-slugs';
import { SERVICE_TYPES } from '@shared/constants';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { dayFromTodayIn } from '@shared/dates';
import { haversineKm } from '@shared/geo';
import { DEFAULT_REGION_CODE, REGION_ZIP_PREFIXES, regionCodeForZip } from '@shared/region-zip-prefixes';
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
import { CATALOG_ITEMS } from './catalog';
import { insertModifierSchema, insertPricingCatalogSchema, insertRegionSchema } from './insert-schemas';
import { ensureAvailabilitySlots } from '../../modules/booking';
import { createThrowawayDatabase } from '../../test/test-context';
import { openDatabase, type DatabaseHandle } from '../client';
import { runMigrations } from '../migrate';
import { DEMO_PASSWORD, DEMO_USERS, REFERENCE_SEED_VERSION, seedDatabase, type SeedSummary } from './index';

/** The app's zone (APP_TIME_ZONE) the seed is told to count days in. */
const ZONE = DEFAULT_APP_TIME_ZONE;
/**
 * Monday 2 June 2025, 20:00 in the app's zone: 30 days run to Tuesday 1 July and include 4 Sundays.
 * It is already Tuesday in UTC and in Asia/Kolkata (the zone the suite runs in), so a seed that
 * counted days on the process's clock would start a day late.
 */
const TODAY = new TZDate(2025, 5, 2, 20, 0, ZONE);
const SLOT_DAYS = 30;
const DEMO_PLUMBER_ZIP_CENTRE = { lat: 30.2711286, lng: -97.7436995 };

/**
 * A fresh, migrated database: in-memory PGlite, or a throw-away one on the server named by
 * TEST_DATABASE_URL. `open()` adds another connection pool to it (another instance); on the
 * embedded database, which lives in this process, that is the same handle.
 */
async function freshDatabase() {
  const throwaway = process.env.TEST_DATABASE_URL
    ? await createThrowawayDatabase(process.env.TEST_DATABASE_URL, 'plumbline_seed')
    : undefined;
  const main = await openDatabase({ databaseUrl: throwaway?.url });
  await runMigrations(main.pool);
  const others: DatabaseHandle[] = [];
  return {
    handle: main,
    async open(): Promise<DatabaseHandle> {
      if (!throwaway) return main;
      const other = await openDatabase({ databaseUrl: throwaway.url });
      others.push(other);
      return other;
    },
    async close() {
      await Promise.all([main, ...others].map((db) => db.close()));
      await throwaway?.drop();
    },
  };
}

let database: Awaited<ReturnType<typeof freshDatabase>>;
let handle: DatabaseHandle;
let first: SeedSummary;
let second: SeedSummary;

beforeAll(async () => {
  database = await freshDatabase();
  handle = database.handle;
  first = await seedDatabase(handle.db, { demo: true, bcryptCost: 4, timeZone: ZONE, today: TODAY });
  second = await seedDatabase(handle.db, { demo: true, bcryptCost: 4, timeZone: ZONE, today: TODAY });
}, 60_000);

afterAll(async () => {
  await database?.close();
}, 60_000);

const totals = (summary: SeedSummary) =>
  Object.fromEntries(
    Object.entries(summary)
      .filter((entry): entry is [string, { total: number }] => typeof entry[1] === 'object')
      .map(([table, counts]) => [table, counts.total]),
  );

describe('seedDatabase', () => {
  it('inserts everything the first time', () => {
    expect(first.pricingCatalog.inserted).toBe(first.pricingCatalog.total);
    expect(first.regions.inserted).toBe(first.regions.total);
    expect(first.modifiers.inserted).toBe(7);
    expect(first.technicians.inserted).toBe(5);
    expect(first.availabilitySlots.inserted).toBe(first.availabilitySlots.total);
    expect(first.users.inserted).toBe(5);
    expect(first.plumbers.inserted).toBe(2);
    expect(first.jobs.inserted).toBe(5);
    expect(first.jobStatusEvents.inserted).toBe(5);
  });

  it('is idempotent: the second run adds and changes nothing', () => {
    expect(totals(second)).toEqual(totals(first));
    for (const [table, counts] of Object.entries(second)) {
      if (typeof counts !== 'object') continue;
      expect({ table, inserted: counts.inserted, updated: counts.updated }).toEqual({
        table,
        inserted: 0,
        updated: 0,
      });
    }
  });

  it('records the reference data version it applied', async () => {
    expect(first).toMatchObject({ referenceApplied: true, referenceVersion: REFERENCE_SEED_VERSION });
    expect(second).toMatchObject({ referenceApplied: false, referenceVersion: REFERENCE_SEED_VERSION });
    const [state] = await handle.db.select().from(seedState).where(eq(seedState.name, 'reference'));
    expect(state.version).toBe(REFERENCE_SEED_VERSION);
  });
});

describe('reference data versions', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const seed = (referenceVersion: number) =>
    seedDatabase(db.handle.db, {
      demo: false,
      bcryptCost: 4,
      timeZone: ZONE,
      today: TODAY,
      referenceVersion,
    });
  const baseMinOf = async (issueSlug: string) =>
    (
      await db.handle.db
        .select({ baseMin: pricingCatalog.baseMin })
        .from(pricingCatalog)
        .where(eq(pricingCatalog.issueSlug, issueSlug))
    )[0]?.baseMin;
  const referenceState = async () =>
    (await db.handle.db.select().from(seedState).where(eq(seedState.name, 'reference')))[0];
  /** As a previous seed would have left a row: its own value, written at that seed's applied_at. */
  const asLastSeedLeftIt = (issueSlug: string, baseMin: string) =>
    db.handle.db.execute(sql`
      update pricing_catalog
      set base_min = ${baseMin},
          updated_at = (select applied_at from seed_state where name = 'reference')
      where issue_slug = ${issueSlug}`);

  beforeAll(async () => {
    db = await freshDatabase();
    const applied = await seed(REFERENCE_SEED_VERSION);
    expect(applied.referenceApplied).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  }, 60_000);

  it("changes nothing on a second start with the same version, and an admin's price survives", async () => {
    const before = await referenceState();
    // An admin's edit, as the app makes it (updated_at moves on).
    await db.handle.db
      .update(pricingCatalog)
      .set({ baseMin: '123.00' })
      .where(eq(pricingCatalog.issueSlug, 'drain-cleaning'));
    await db.handle.db.delete(modifiers).where(eq(modifiers.key, 'weekend'));

    const again = await seed(REFERENCE_SEED_VERSION);
    expect(again).toMatchObject({ referenceApplied: false, referenceVersion: REFERENCE_SEED_VERSION });
    for (const table of ['pricingCatalog', 'regions', 'modifiers', 'technicians'] as const) {
      expect({ table, ...again[table] }).toMatchObject({ table, inserted: 0, updated: 0 });
    }
    expect(await baseMinOf('drain-cleaning')).toBe('123.00');
    // Not even missing rows come back: an instance at the database's version writes nothing.
    expect(again.modifiers.total).toBe(6);
    expect(await referenceState()).toEqual(before);
  });

  it('never lets an older version write, not even rows unchanged since the last seed', async () => {
    const before = await referenceState();
    await asLastSeedLeftIt('leak-detection', '1.00');

    const older = await seed(REFERENCE_SEED_VERSION - 1);
    expect(older).toMatchObject({ referenceApplied: false, referenceVersion: REFERENCE_SEED_VERSION });
    expect(older.pricingCatalog).toMatchObject({ inserted: 0, updated: 0 });
    expect(await baseMinOf('leak-detection')).toBe('1.00');
    expect(await baseMinOf('drain-cleaning')).toBe('123.00');
    expect(await referenceState()).toEqual(before);
  });

  it('lets a newer version insert new rows and update rows unchanged since the last seed, not an admin-changed one', async () => {
    const before = await referenceState();
    const newer = await seed(REFERENCE_SEED_VERSION + 1);
    expect(newer).toMatchObject({ referenceApplied: true, referenceVersion: REFERENCE_SEED_VERSION + 1 });
    // leak-detection was as the last seed left it: it gets the new seed's value.
    expect(await baseMinOf('leak-detection')).toBe('120.00');
    expect(newer.pricingCatalog).toMatchObject({ inserted: 0, updated: 1 });
    // drain-cleaning was changed after that seed: the admin's price wins.
    expect(await baseMinOf('drain-cleaning')).toBe('123.00');
    expect(newer.modifiers).toEqual({ inserted: 1, updated: 0, total: 7 });

    const after = await referenceState();
    expect(after.version).toBe(REFERENCE_SEED_VERSION + 1);
    expect(after.appliedAt.getTime()).toBeGreaterThanOrEqual(before.appliedAt.getTime());
    // And the version it left is now the one an older instance cannot overwrite.
    expect((await seed(REFERENCE_SEED_VERSION)).referenceApplied).toBe(false);
  });
});

describe('time zones of the regions and the demo jobs (docs/decisions/018-time-zone.md)', () => {
  /** An app running in New York: the national default region takes its zone, the metros keep theirs. */
  const APP_ZONE = 'America/New_York';
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const zones = async () =>
    Object.fromEntries(
      (await db.handle.db.select({ code: regions.code, timeZone: regions.timeZone }).from(regions)).map(
        (row) => [row.code, row.timeZone],
      ),
    );
  const SEEDED = {
    US: APP_ZONE,
    NYC: 'America/New_York',
    SFO: 'America/Los_Angeles',
    LAX: 'America/Los_Angeles',
    CHI: 'America/Chicago',
    SEA: 'America/Los_Angeles',
    MIA: 'America/New_York',
    AUS: 'America/Chicago',
    DFW: 'America/Chicago',
    ATL: 'America/New_York',
    PHX: 'America/Phoenix',
  };

  beforeAll(async () => {
    db = await freshDatabase();
    await seedDatabase(db.handle.db, { demo: true, bcryptCost: 4, timeZone: APP_ZONE, today: TODAY });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  }, 60_000);

  it("gives every region its metro's zone and the national default the app's", async () => {
    expect(await zones()).toEqual(SEEDED);
  });

  it("puts the demo jobs (all in Austin) on Austin's clock, not the app's", async () => {
    const rows = await db.handle.db.select({ timeZone: jobs.timeZone }).from(jobs);
    expect(rows.length).toBe(5);
    expect(new Set(rows.map((row) => row.timeZone))).toEqual(new Set(['America/Chicago']));
  });

  it('brings the zones to a database seeded before them, keeping a zone an admin corrected', async () => {
    // As the seed before zones left the rows: every region on the column's default, unchanged since.
    await db.handle.db.execute(sql`
      update regions
      set time_zone = 'America/Chicago',
          updated_at = (select applied_at from seed_state where name = 'reference')`);
    // An admin's correction, after that seed.
    await db.handle.db.update(regions).set({ timeZone: 'America/Denver' }).where(eq(regions.code, 'SEA'));

    const upgraded = await seedDatabase(db.handle.db, {
      demo: false,
      bcryptCost: 4,
      timeZone: APP_ZONE,
      today: TODAY,
      referenceVersion: REFERENCE_SEED_VERSION + 1,
    });
    expect(upgraded.referenceApplied).toBe(true);
    expect(await zones()).toEqual({ ...SEEDED, SEA: 'America/Denver' });
  });
});

describe('two instances seeding one database at once', () => {
  it('do not conflict: one applies the reference data, the other finds it done', async () => {
    const db = await freshDatabase();
    try {
      const instances = [db.handle, await db.open()];
      const runs = await Promise.all(
        instances.map((instance) =>
          seedDatabase(instance.db, { demo: true, bcryptCost: 4, timeZone: ZONE, today: TODAY }),
        ),
      );
      expect(runs.map((run) => run.referenceApplied).sort()).toEqual([false, true]);
      for (const table of [
        'pricingCatalog',
        'regions',
        'modifiers',
        'technicians',
        'availabilitySlots',
        'users',
        'plumbers',
        'jobs',
      ] as const) {
        const [a, b] = runs.map((run) => run[table]);
        // Every row written exactly once between them, none twice, none missing.
        expect({ table, inserted: a.inserted + b.inserted }).toEqual({ table, inserted: b.total });
        expect(a.total).toBe(b.total);
      }
      expect(runs[0].pricingCatalog.total).toBeGreaterThan(0);
      expect(runs[0].users.total).toBe(5);
      const [state] = await db.handle.db.select().from(seedState);
      expect(state).toMatchObject({ name: 'reference', version: REFERENCE_SEED_VERSION });
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe('pricing catalogue', () => {
  it('has about 50 valid issue types, one per seeded catalogue item', async () => {
    const rows = await handle.db.select().from(pricingCatalog);
    expect(rows).toHaveLength(CATALOG_ITEMS.length);
    expect(rows.length).toBeGreaterThanOrEqual(45);
    expect(rows.length).toBeLessThanOrEqual(60);
    for (const row of rows) {
      expect(insertPricingCatalogSchema.safeParse(row).success, row.issueSlug).toBe(true);
      expect(['job', 'hour', 'linear_ft']).toContain(row.unit);
    }
    expect(new Set(rows.map((row) => row.category)).size).toBeGreaterThanOrEqual(10);
  });

  it('starts the six services at their advertised prices', async () => {
    const rows = await handle.db
      .select({ slug: pricingCatalog.issueSlug, baseMin: pricingCatalog.baseMin })
      .from(pricingCatalog)
      .where(
        inArray(pricingCatalog.issueSlug, [
          'emergency-repair',
          'drain-cleaning',
          'water-heater-service',
          'leak-detection',
          'pipe-installation',
          'fixture-replacement',
        ]),
      );
    expect(Object.fromEntries(rows.map((row) => [row.slug, row.baseMin]))).toEqual({
      'emergency-repair': '150.00',
      'drain-cleaning': '99.00',
      'water-heater-service': '200.00',
      'leak-detection': '120.00',
      'pipe-installation': '180.00',
      'fixture-replacement': '90.00',
    });
  });

  it('has a row for every booking service type and common diagnosis', async () => {
    const slugs = new Set(
      (await handle.db.select({ slug: pricingCatalog.issueSlug }).from(pricingCatalog)).map((r) => r.slug),
    );
    expect(Object.keys(SERVICE_TYPE_TO_ISSUE_SLUG).sort()).toEqual([...SERVICE_TYPES].sort());
    for (const slug of Object.values(SERVICE_TYPE_TO_ISSUE_SLUG)) expect(slugs, slug).toContain(slug);
    for (const slug of [
      'leaky-faucet',
      'clogged-drain',
      'clogged-toilet',
      'running-toilet',
      'low-water-pressure',
      'burst-pipe',
      'water-heater-no-hot-water',
      'water-heater-leak',
      'tankless-water-heater-repair',
      'garbage-disposal-repair',
      'sump-pump-repair',
      'sewer-backup',
      'gas-line-leak',
      'frozen-pipe',
      'slab-leak',
      'shower-valve-repair',
      'main-shutoff-valve-replacement',
      'water-softener-service',
      'backflow-testing',
      'hose-bib-repair',
      'supply-line-hookup',
      'water-hammer-arrestor',
      'gas-line-installation',
      'gas-appliance-hookup',
      'vent-stack-repair',
      'tub-shower-drain-repair',
      'expansion-tank-installation',
      'pressure-reducing-valve',
      'recirculation-pump',
      'well-pump-repair',
      'well-pressure-tank',
      'grease-trap-service',
    ]) {
      expect(slugs, slug).toContain(slug);
    }
  });
});

describe('regions and modifiers', () => {
  it('has 8–12 metros plus the national default', async () => {
    const rows = await handle.db.select().from(regions);
    const national = rows.find((row) => row.code === DEFAULT_REGION_CODE);
    expect(national).toMatchObject({ laborIndex: '1.000', materialIndex: '1.000', currency: 'USD' });
    const metros = rows.filter((row) => row.code !== DEFAULT_REGION_CODE);
    expect(metros.length).toBeGreaterThanOrEqual(8);
    expect(metros.length).toBeLessThanOrEqual(12);
    for (const row of rows) expect(insertRegionSchema.safeParse(row).success, row.code).toBe(true);
    expect(rows.find((row) => row.code === 'SFO')?.laborIndex).toBe('1.420');
  });

  it('maps ZIP prefixes only to seeded metros, each prefix once', async () => {
    const codes = new Set(
      (await handle.db.select({ code: regions.code }).from(regions)).map((row) => row.code),
    );
    const prefixes = Object.values(REGION_ZIP_PREFIXES).flat();
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const [code, list] of Object.entries(REGION_ZIP_PREFIXES)) {
      expect(codes, code).toContain(code);
      expect(list.length, code).toBeGreaterThan(0);
      for (const prefix of list) expect(prefix).toMatch(/^\d{3}$/);
    }
    expect(regionCodeForZip('78701')).toBe('AUS');
    expect(regionCodeForZip('78613')).toBe('AUS');
    expect(regionCodeForZip('94110')).toBe('SFO');
    expect(regionCodeForZip('59001')).toBe(DEFAULT_REGION_CODE);
  });

  it('has the price modifiers', async () => {
    const rows = await handle.db.select().from(modifiers);
    for (const row of rows) expect(insertModifierSchema.safeParse(row).success, row.key).toBe(true);
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(Object.keys(byKey).sort()).toEqual(
      [
        'after_hours',
        'difficult_access',
        'multi_story',
        'older_home',
        'permit_required',
        'urgency',
        'weekend',
      ].sort(),
    );
    expect(byKey.urgency).toMatchObject({
      type: 'multiplier',
      valuesJson: { routine: 1, urgent: 1.25, emergency: 1.75 },
    });
    expect(byKey.after_hours.valuesJson).toEqual({ multiplier: 1.5 });
    expect(byKey.permit_required).toMatchObject({ type: 'flat', valuesJson: { amount: 150 } });
  });
});

describe('availability slots', () => {
  it('covers 30 days from today with one-hour slots in working hours', async () => {
    const days = await handle.db
      .selectDistinct({ date: availabilitySlots.date })
      .from(availabilitySlots)
      .orderBy(asc(availabilitySlots.date));
    expect(days.length).toBe(SLOT_DAYS);
    expect(days[0].date).toBe('2025-06-02');
    expect(days.at(-1)?.date).toBe('2025-07-01');

    const [outside] = await handle.db
      .select({ n: count() })
      .from(availabilitySlots)
      .where(sql`${availabilitySlots.startTime} < '08:00' or ${availabilitySlots.startTime} > '16:00'`);
    expect(outside.n).toBe(0);
    const [booked] = await handle.db
      .select({ n: count() })
      .from(availabilitySlots)
      .where(eq(availabilitySlots.isBooked, 'true'));
    expect(booked.n).toBe(0);
  });

  it('offers several technicians per weekday start time, two on Sunday mornings', async () => {
    const perStart = (date: string) =>
      handle.db
        .select({ startTime: availabilitySlots.startTime, endTime: availabilitySlots.endTime, n: count() })
        .from(availabilitySlots)
        .where(eq(availabilitySlots.date, date))
        .groupBy(availabilitySlots.startTime, availabilitySlots.endTime)
        .orderBy(asc(availabilitySlots.startTime));

    const monday = await perStart('2025-06-02');
    expect(monday.map((slot) => slot.startTime)).toEqual([
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    expect(monday[0].endTime).toBe('09:00');
    expect(monday.every((slot) => slot.n === 5)).toBe(true);
    expect((await perStart('2025-06-07')).length).toBe(9); // Saturday

    const sunday = await perStart('2025-06-08');
    expect(sunday.map((slot) => slot.startTime)).toEqual(['09:00', '10:00', '11:00', '12:00']);
    expect(sunday.every((slot) => slot.n === 2)).toBe(true);
  });

  it('has a total matching the schedule (26 weekdays × 5 × 9 + 4 Sundays × 2 × 4)', () => {
    expect(first.availabilitySlots.total).toBe(26 * 5 * 9 + 4 * 2 * 4);
  });

  it('adds nothing when run again, and extends the window when asked', async () => {
    expect(await ensureAvailabilitySlots(handle.db, { from: TODAY, days: SLOT_DAYS, timeZone: ZONE })).toBe(
      0,
    );
    const started = performance.now();
    const added = await ensureAvailabilitySlots(handle.db, {
      from: TODAY,
      days: SLOT_DAYS + 1,
      timeZone: ZONE,
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(added).toBe(5 * 9); // Wednesday 2 July
  });

  it('skips off-duty technicians', async () => {
    await handle.db
      .update(technicians)
      .set({ status: 'off_duty' })
      .where(eq(technicians.email, 'sam.whitfield@plumbline.test'));
    const added = await ensureAvailabilitySlots(handle.db, {
      from: new TZDate(2025, 6, 3, 12, 0, ZONE), // Thursday
      days: 1,
      timeZone: ZONE,
    });
    expect(added).toBe(4 * 9);
    await handle.db
      .update(technicians)
      .set({ status: 'available' })
      .where(eq(technicians.email, 'sam.whitfield@plumbline.test'));
  });
});

describe('demo data', () => {
  it('creates one account per role with the documented password', async () => {
    const rows = await handle.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          Object.values(DEMO_USERS).map((user) => user.email),
        ),
      );
    const byEmail = Object.fromEntries(rows.map((row) => [row.email, row]));
    expect(byEmail['homeowner@demo.plumbline.test']).toMatchObject({
      role: 'homeowner',
      name: 'Dana Homeowner',
      phone: '5125550101',
    });
    expect(byEmail['plumber@demo.plumbline.test']).toMatchObject({ role: 'plumber', name: 'Pat Plumber' });
    expect(byEmail['admin@demo.plumbline.test'].role).toBe('admin');
    expect(byEmail['neighbor@demo.plumbline.test'].role).toBe('homeowner');
    expect(
      await bcrypt.compare(DEMO_PASSWORD, byEmail['plumber@demo.plumbline.test'].passwordHash ?? ''),
    ).toBe(true);
    expect(bcrypt.getRounds(byEmail['admin@demo.plumbline.test'].passwordHash ?? '')).toBe(4);
  });

  it('gives every demo account a name and a phone of at least 10 digits, each its own', async () => {
    const rows = await handle.db
      .select({ email: users.email, name: users.name, phone: users.phone })
      .from(users)
      .where(
        inArray(
          users.email,
          Object.values(DEMO_USERS).map((user) => user.email),
        ),
      );
    expect(rows).toHaveLength(Object.keys(DEMO_USERS).length);
    for (const row of rows) {
      expect(row.name?.trim().length ?? 0, row.email).toBeGreaterThanOrEqual(2);
      expect(row.phone?.replace(/\D/g, '').length ?? 0, row.email).toBeGreaterThanOrEqual(10);
    }
    expect(new Set(rows.map((row) => row.phone)).size).toBe(rows.length);
  });

  it('seeds the demo accounts with verified e-mail addresses (their own domain), so no banner asks', async () => {
    const rows = await handle.db
      .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(
        inArray(
          users.email,
          Object.values(DEMO_USERS).map((user) => user.email),
        ),
      );
    expect(rows).toHaveLength(Object.keys(DEMO_USERS).length);
    for (const row of rows) expect(row.emailVerifiedAt, row.email).toBeInstanceOf(Date);
  });

  it('gives the demo plumber a verified service area of 40 km around downtown Austin', async () => {
    const [row] = await handle.db
      .select({ plumber: plumbers })
      .from(plumbers)
      .innerJoin(users, eq(users.id, plumbers.userId))
      .where(eq(users.email, DEMO_USERS.plumber.email));
    expect(row.plumber).toMatchObject({
      serviceRadiusKm: '40.00',
      verificationStatus: 'verified',
      currentLat: '30.2711286',
      currentLng: '-97.7436995',
      currentAddress: 'Austin, TX 78701',
    });
  });

  it('gives the demo plumber submitted details, decided, insured for a year from the seed date', async () => {
    const [row] = await handle.db
      .select({ plumber: plumbers })
      .from(plumbers)
      .innerJoin(users, eq(users.id, plumbers.userId))
      .where(eq(users.email, DEMO_USERS.plumber.email));
    expect(row.plumber).toMatchObject({
      businessName: 'Pat Plumber Plumbing & Drains',
      licenseNumber: 'M-40213',
      licenseState: 'TX',
      insuranceExpiresOn: dayFromTodayIn(ZONE, 365, TODAY),
      rejectionReason: null,
    });
    expect(row.plumber.vettingSubmittedAt?.getTime()).toBe(TODAY.getTime());
    expect(row.plumber.vettingDecidedAt?.getTime()).toBe(TODAY.getTime());
  });

  it('adds one pending demo plumber with submitted details, waiting for an admin', async () => {
    const [row] = await handle.db
      .select({ plumber: plumbers, user: users })
      .from(plumbers)
      .innerJoin(users, eq(users.id, plumbers.userId))
      .where(eq(users.email, DEMO_USERS.pendingPlumber.email));
    expect(row.user).toMatchObject({ role: 'plumber', name: 'Casey Newpipe' });
    expect(row.plumber).toMatchObject({
      verificationStatus: 'pending',
      businessName: 'Newpipe Plumbing Co.',
      licenseNumber: 'M-51877',
      licenseState: 'TX',
      insuranceExpiresOn: dayFromTodayIn(ZONE, 180, TODAY),
      currentAddress: 'Austin, TX 78704',
      vettingDecidedAt: null,
    });
    expect(row.plumber.vettingSubmittedAt?.getTime()).toBe(TODAY.getTime());
  });

  it('posts open jobs inside that area, each with its first status event', async () => {
    const rows = await handle.db
      .select({ job: jobs, email: users.email })
      .from(jobs)
      .innerJoin(users, eq(users.id, jobs.customerId));
    const neighbor = rows.filter((row) => row.email === DEMO_USERS.neighbor.email);
    expect(neighbor.length).toBeGreaterThanOrEqual(3);
    expect(neighbor.length).toBeLessThanOrEqual(4);
    expect(neighbor.filter((row) => row.job.urgency === 'emergency')).toHaveLength(1);
    expect(rows.filter((row) => row.email === DEMO_USERS.homeowner.email)).toHaveLength(1);

    const slugs = new Set(
      (await handle.db.select({ slug: pricingCatalog.issueSlug }).from(pricingCatalog)).map((r) => r.slug),
    );
    for (const { job } of rows) {
      expect(job.currentStatus).toBe('requested');
      expect(slugs).toContain(job.issueSlug);
      expect(job.preferredDate).toMatch(/^2025-0[67]-\d{2}$/);
      const km = haversineKm(DEMO_PLUMBER_ZIP_CENTRE, { lat: Number(job.lat), lng: Number(job.lng) });
      expect(km, job.address).toBeLessThan(40);
      const events = await handle.db
        .select()
        .from(jobStatusEvents)
        .where(and(eq(jobStatusEvents.jobId, job.id), eq(jobStatusEvents.status, 'requested')));
      expect(events).toHaveLength(1);
      expect(events[0].notes).toBe('Job posted');
    }
  });

  it("dates the demo jobs from today's date in the app's zone", async () => {
    const rows = await handle.db.select({ preferredDate: jobs.preferredDate }).from(jobs);
    // Today (0), 1, 3, 4 and 5 days ahead of Monday 2 June, not of Tuesday 3 June in UTC.
    expect(rows.map((row) => row.preferredDate).sort()).toEqual([
      '2025-06-02',
      '2025-06-03',
      '2025-06-05',
      '2025-06-06',
      '2025-06-07',
    ]);
  });

  it('does not post demo jobs again once a demo homeowner has jobs', async () => {
    const [{ n: before }] = await handle.db.select({ n: count() }).from(jobs);
    await seedDatabase(handle.db, {
      demo: true,
      bcryptCost: 4,
      timeZone: ZONE,
      today: new TZDate(2025, 6, 1, 12, 0, ZONE),
    });
    const [{ n: after }] = await handle.db.select({ n: count() }).from(jobs);
    expect(after).toBe(before);
  });
});
