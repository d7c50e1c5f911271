/**
 * The plumber's "Jobs Nearby" query (GET /api/jobs/nearby) at 10k, 100k and — with BENCH_FULL=1 or
 * DATABASE_URL set — 1M jobs, for the first page as the phone asks for it (NEARBY_PAGE_SIZE jobs
 * and one more, docs/decisions/035-nearby-pages.md), and the second page after it. Prints the mean
 * time of the exact SQL the API runs, its EXPLAIN plan and
 * whether jobs is ever scanned sequentially, with and without the partial GiST index of migration 0002;
 * for scale, the same query with index scans disabled.
 * Targets (docs/performance.md), with the migrated schema: ≤ 2 ms at 1M, growth 10k → 1M ≤ 30×, no
 * sequential scan of jobs (without the GiST index, a scan is all that is left: what the index saves).
 *
 * Run: npx tsx bench/nearby.ts            (embedded PGlite, in memory)
 *      DATABASE_URL=postgres://… npx tsx bench/nearby.ts   (a throw-away database on that server)
 *
 * Jobs are spread uniformly over the contiguous United States, 20% of them open (requested or
 * quoted); the plumber works 40 km around downtown Austin (the demo plumber's area).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { createThrowawayDatabase } from '../server/test/test-context';
import { NEARBY_PAGE_SIZE } from '@shared/contracts/jobs';
import {
  countNearbyOpenJobs,
  findNearbyOpenJobs,
  nearbyOpenJobsSql,
  type NearbySearch,
} from '../server/modules/jobs/jobs.repository';
import { boundingBox } from '../server/modules/jobs/jobs.service';
import { estimateFrom, loadReferenceData } from '../server/modules/pricing/pricing.reference';
import { seedDatabase } from '../server/db/seed';
import type { Urgency } from '@shared/constants';

const FULL = process.env.BENCH_FULL === '1' || Boolean(process.env.DATABASE_URL);
const SIZES = FULL ? [10_000, 100_000, 1_000_000] : [10_000, 100_000];
/** Rows per insert: each statement must finish within the pool's 15 s query timeout (PGlite is slower). */
const INSERT_CHUNK = process.env.DATABASE_URL ? 50_000 : 10_000;
const WARMUP = 50;
const RUNS = 200;
const SCAN_RUNS = 5;
const TARGET_MS_AT_1M = 2;
const TARGET_GROWTH = 30;

/** Downtown Austin (ZIP 78701), 40 km: the demo plumber. bench/load.ts places its plumber here too. */
export const CENTRE_ZIP = '78701';
export const CENTRE = { lat: 30.2711286, lng: -97.7436995 };
export const RADIUS_KM = 40;

/**
 * Inserts jobs `from`..`to` in one statement: positions uniform over the contiguous US, 20% open.
 * Also used by bench/load.ts to seed its 1M jobs.
 */
export async function insertJobs(database: DatabaseHandle, customerId: string, from: number, to: number) {
  await database.db.transaction(async (tx) => {
    // Bulk seeding may outlast the pool's 10 s statement timeout on a busy machine.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
    insert into jobs (customer_id, issue_slug, issue_description, address, lat, lng, urgency, current_status, created_at)
    select ${customerId}::uuid,
           (array['leaky-faucet','clogged-drain','running-toilet','burst-pipe','water-heater-no-hot-water','low-water-pressure'])[1 + g % 6],
           'Bench job ' || g,
           g || ' Bench St, Somewhere, US ' || lpad((g % 99999)::text, 5, '0'),
           round((24.5 + random() * 24.5)::numeric, 7),
           round((-124.7 + random() * 57.7)::numeric, 7),
           (array['routine','urgent','emergency'])[1 + (g / 7) % 3]::urgency,
           (array['requested','quoted','scheduled','in_progress','completed','completed','completed','completed','cancelled','cancelled'])[1 + g % 10]::job_status,
           now() - (g % 100000) * interval '1 minute'
    from generate_series(${from}::int, ${to}::int) g`);
  });
}

/**
 * Stores an estimate with every seeded job, as posting a job does, so that a server started on the
 * seeded database has no start-up backfill to run (server/modules/jobs/job-estimates.ts): at a
 * million jobs that backfill prices and updates them one by one for minutes, and a benchmark
 * measured meanwhile measures the backfill too. Seeds the reference data first (as a server's start
 * would, once per version). Every job gets the price of its issue and urgency at CENTRE_ZIP.
 */
export async function priceSeededJobs(database: DatabaseHandle): Promise<void> {
  await seedDatabase(database.db, { demo: false, bcryptCost: 4, timeZone: 'America/Chicago' });
  const reference = await loadReferenceData(database.db);
  const { rows } = await database.pool.query<{ issueSlug: string; urgency: Urgency }>(
    `select distinct issue_slug as "issueSlug", urgency from jobs where estimate is null`,
  );
  for (const { issueSlug, urgency } of rows) {
    const estimate = estimateFrom(reference, { issueSlug, zip: CENTRE_ZIP, urgency });
    if (!estimate) throw new Error(`the catalogue cannot price ${issueSlug} (${urgency})`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`
        update jobs set estimate = ${JSON.stringify(estimate)}::jsonb
         where issue_slug = ${issueSlug} and urgency = ${urgency} and estimate is null`);
    });
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function timeQuery(database: DatabaseHandle, search: NearbySearch) {
  for (let i = 0; i < WARMUP; i++) await findNearbyOpenJobs(database.db, search);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    rows = (await findNearbyOpenJobs(database.db, search)).length;
    times.push(performance.now() - start);
  }
  return { mean: mean(times), p50: percentile(times, 50), p95: percentile(times, 95), rows };
}

/** The same query with index use switched off, for comparison (SET LOCAL keeps it to this transaction). */
async function timeWithoutIndex(database: DatabaseHandle, search: NearbySearch) {
  const times: number[] = [];
  for (let i = 0; i < SCAN_RUNS; i++) {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
      const start = performance.now();
      await findNearbyOpenJobs(tx, search);
      times.push(performance.now() - start);
    });
  }
  return mean(times);
}

/** Time spent inside the database (EXPLAIN ANALYZE's execution + planning time), free of driver and socket overhead. */
async function timeInDatabase(database: DatabaseHandle, search: NearbySearch) {
  const times: number[] = [];
  const planning: number[] = [];
  for (let i = 0; i < 50; i++) {
    const result = await database.db.execute<{
      'QUERY PLAN': [{ 'Execution Time': number; 'Planning Time': number }];
    }>(sql`explain (analyze, format json) ${nearbyOpenJobsSql(search)}`);
    const [plan] = result.rows[0]['QUERY PLAN'];
    times.push(plan['Execution Time'] + plan['Planning Time']);
    planning.push(plan['Planning Time']);
  }
  return { mean: mean(times), p50: percentile(times, 50), planning: mean(planning) };
}

async function explain(database: DatabaseHandle, search: NearbySearch): Promise<string[]> {
  const result = await database.db.execute<{ 'QUERY PLAN': string }>(
    sql`explain (analyze, buffers, costs off) ${nearbyOpenJobsSql(search)}`,
  );
  return result.rows.map((row) => row['QUERY PLAN']);
}

/**
 * Migration 0002's partial GiST index over the open jobs' positions, which the nearby query's
 * `point <@ box` predicate matches. The bench drops it to measure the query without it, then puts it
 * back for the next size (`if not exists`, so the statement is never an error where the index is).
 */
const GIST_INDEX = 'jobs_open_location_gist';
const CREATE_GIST_INDEX_SQL = `create index if not exists ${GIST_INDEX} on jobs using gist (point(lng::float8, lat::float8))
  where current_status in ('requested', 'quoted')`;
const WITH_GIST = 'migrated schema (partial GiST index)';
const WITHOUT_GIST = 'without the partial GiST index';

interface Measure {
  variant: string;
  size: number;
  mean: number;
  p95: number;
  db: number;
  rows: number;
  seqScan: boolean;
  indexes: string[];
}

async function measure(
  database: DatabaseHandle,
  search: NearbySearch,
  variant: string,
  size: number,
): Promise<Measure> {
  const timing = await timeQuery(database, search);
  const withinRadius = await countNearbyOpenJobs(database.db, search);
  const inDatabase = await timeInDatabase(database, search);
  const plan = await explain(database, search);
  const seqScan = plan.some((line) => /Seq Scan on jobs/.test(line));
  const indexes = [
    ...new Set(plan.flatMap((line) => /Index(?: Only)? Scan (?:using|on) (\w+)/.exec(line)?.[1] ?? [])),
  ];
  console.log(`\n[${variant}] ${size.toLocaleString('en-US')} jobs`);
  console.log(
    `first page, round trip (the API's repository call): mean ${timing.mean.toFixed(2)} ms, p50 ${timing.p50.toFixed(2)} ms, p95 ${timing.p95.toFixed(2)} ms over ${RUNS} runs; ${timing.rows} rows of ${withinRadius} open jobs within ${RADIUS_KM} km`,
  );
  console.log(
    `inside the database (planning + execution): mean ${inDatabase.mean.toFixed(2)} ms, p50 ${inDatabase.p50.toFixed(2)} ms, of which planning ${inDatabase.planning.toFixed(2)} ms`,
  );
  // The second page: the same search after the first page's last job.
  const firstPage = await findNearbyOpenJobs(database.db, search);
  const after = firstPage.length > NEARBY_PAGE_SIZE ? firstPage[NEARBY_PAGE_SIZE - 1].position : null;
  if (after) {
    const next = await timeQuery(database, { ...search, after });
    console.log(
      `second page (after the first page's last job): mean ${next.mean.toFixed(2)} ms, p50 ${next.p50.toFixed(2)} ms, p95 ${next.p95.toFixed(2)} ms; ${next.rows} rows`,
    );
  }
  console.log(`sequential scan of jobs: ${seqScan ? 'YES' : 'no'}; indexes used: ${indexes.join(', ')}`);
  console.log('EXPLAIN (ANALYZE, BUFFERS):');
  for (const line of plan) console.log(`  ${line}`);
  return {
    variant,
    size,
    mean: timing.mean,
    p95: timing.p95,
    db: inDatabase.mean,
    rows: timing.rows,
    seqScan,
    indexes,
  };
}

async function main() {
  const throwaway = process.env.DATABASE_URL
    ? await createThrowawayDatabase(process.env.DATABASE_URL, 'plumbline_bench')
    : undefined;
  const database = await openDatabase({ databaseUrl: throwaway?.url, poolMax: 1 });
  try {
    console.log(
      `nearby-jobs benchmark on ${database.kind === 'embedded' ? 'embedded PGlite (in memory)' : 'PostgreSQL'}; sizes ${SIZES.map((size) => size.toLocaleString('en-US')).join(', ')}`,
    );
    await runMigrations(database.pool);
    const { rows: users } = await database.pool.query<{ id: string }>(
      `insert into users (email, password_hash, role) values ('bench.customer@example.test', 'x', 'homeowner'),
         ('bench.plumber@example.test', 'x', 'plumber') returning id`,
    );
    const { rows: plumbers } = await database.pool.query<{ id: string }>(
      `insert into plumbers (user_id, current_lat, current_lng, service_radius_km) values ($1, $2, $3, $4) returning id`,
      [users[1].id, CENTRE.lat, CENTRE.lng, RADIUS_KM],
    );
    const search: NearbySearch = {
      ...CENTRE,
      radiusKm: RADIUS_KM,
      box: boundingBox(CENTRE.lat, CENTRE.lng, RADIUS_KM),
      plumberId: plumbers[0].id,
      after: null,
      // As the service asks: one more than a page tells whether a next page exists.
      limit: NEARBY_PAGE_SIZE + 1,
    };

    const results: Measure[] = [];
    const scans: { size: number; ms: number }[] = [];
    let inserted = 0;
    for (const size of SIZES) {
      const seedStart = performance.now();
      while (inserted < size) {
        const to = Math.min(size, inserted + INSERT_CHUNK);
        await insertJobs(database, users[0].id, inserted + 1, to);
        inserted = to;
      }
      await database.pool.query('analyze jobs');
      console.log(
        `\n--- ${size.toLocaleString('en-US')} jobs seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
      );

      results.push(await measure(database, search, WITH_GIST, size));
      const scan = await timeWithoutIndex(database, search);
      scans.push({ size, ms: scan });
      console.log(`same query with index scans disabled (what a scan costs): mean ${scan.toFixed(1)} ms`);

      await database.pool.query(`drop index ${GIST_INDEX}`);
      await database.pool.query('analyze jobs');
      results.push(await measure(database, search, WITHOUT_GIST, size));
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(sql.raw(CREATE_GIST_INDEX_SQL));
      });
    }

    console.log(
      '\n=== summary (targets, migrated schema: ≤ 2 ms at 1M, growth 10k → 1M ≤ 30×, no sequential scan of jobs)',
    );
    for (const variant of [WITH_GIST, WITHOUT_GIST]) {
      const rows = results.filter((row) => row.variant === variant);
      console.log(`${variant}:`);
      for (const row of rows) {
        const scan = scans.find((entry) => entry.size === row.size)?.ms ?? NaN;
        console.log(
          `  ${row.size.toLocaleString('en-US').padStart(9)} jobs: round trip ${row.mean.toFixed(2)} ms (p95 ${row.p95.toFixed(2)}), in the database ${row.db.toFixed(2)} ms, ${row.rows} rows, seq scan ${row.seqScan ? 'YES' : 'no'} (a scan: ${scan.toFixed(1)} ms)`,
        );
      }
      const first = rows[0];
      const last = rows[rows.length - 1];
      console.log(
        `  growth ${first.size.toLocaleString('en-US')} → ${last.size.toLocaleString('en-US')}: ${(last.mean / first.mean).toFixed(1)}× round trip, ${(last.db / first.db).toFixed(1)}× in the database`,
      );
      if (last.size === 1_000_000) {
        const verdict = (ms: number) => (ms <= TARGET_MS_AT_1M ? 'met' : 'NOT met');
        console.log(
          `  at 1M: in the database ${last.db.toFixed(2)} ms (${verdict(last.db)}), round trip ${last.mean.toFixed(2)} ms (${verdict(last.mean)}); growth target ≤ ${TARGET_GROWTH}×`,
        );
      }
    }
    if (SIZES[SIZES.length - 1] !== 1_000_000)
      console.log('1M not run: set BENCH_FULL=1 (embedded) or DATABASE_URL (PostgreSQL).');
    // Without the GiST index nothing narrows the open jobs' box but a scan: that is what it saves.
    console.log(
      `no sequential scan of jobs with the migrated schema: ${results.every((row) => row.variant !== WITH_GIST || !row.seqScan) ? 'yes' : 'NO'}`,
    );
  } finally {
    await database.close();
    await throwaway?.drop();
  }
}

// Only when run as a script: bench/load.ts imports insertJobs from here.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
