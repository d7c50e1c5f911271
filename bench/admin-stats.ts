/**
 * The admin dashboard's figures (GET /api/admin/stats) with 1M jobs in PostgreSQL: the production
 * server as a child process, one logged-in admin, requests one after another; prints p50/p95/p99
 * (target: p99 ≤ 200 ms), then each figure's query alone (time in the database and its plan).
 *
 * Data, in realistic proportions over three years: 1M jobs (about 78% of the older ones completed, 15%
 * cancelled, the rest open or in progress; the last days' jobs mostly open), 1–4 quotes on every job
 * that got past "requested" and on half the cancelled ones (≈2M quotes, one accepted per hired job),
 * one payout per completed job (≈0.8M: paid or failed once older than two weeks, else pending);
 * then VACUUM ANALYZE.
 *
 * Needs PostgreSQL: DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres);
 * the data lives in a throw-away database, dropped at the end (also on Ctrl-C). Without PostgreSQL it
 * says so and exits 0.
 *
 *   npm run bench:admin-stats                         (≈ 5 min on 2 cores, most of it seeding)
 *   BENCH_ADMIN_STATS_JOBS=100000 npm run bench:admin-stats      (a smaller table, to try it out)
 *   BENCH_ADMIN_STATS_REQUESTS=500                    (measured requests; default 200, after 20 warm-up)
 *   BENCH_KEEP_DATABASE=1                             (keeps the database and prints its URL, for EXPLAIN)
 *   BENCH_ADMIN_STATS_DATABASE=<that URL>             (measures a kept database again, without seeding)
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { QUOTE_FIGURES_WINDOW_DAYS, REVENUE_MONTHS } from '@shared/contracts/admin-figures';
import * as schema from '@shared/schema';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { platformFeesByMonth, quoteFiguresSince } from '../server/modules/admin/admin-figures.repository';
import { lastMonthsOnClock } from '../server/modules/admin/admin-figures.service';
import { countJobsByStatus, countReferenceData } from '../server/modules/admin/admin.repository';
import { foldJobStatusCountChanges } from '../server/modules/jobs/jobs.repository';
import { startServerProcess, type ServerProcess } from '../server/test/server-process';
import { createThrowawayDatabase } from '../server/test/test-context';
import { percentile } from './lib/fire';

const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const JOBS = Number(process.env.BENCH_ADMIN_STATS_JOBS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_ADMIN_STATS_REQUESTS ?? 200);
const WARMUP = 20;
const KEEP = process.env.BENCH_KEEP_DATABASE === '1';
/** A database a kept run seeded: measured again without seeding (and left in place). */
const REUSE = process.env.BENCH_ADMIN_STATS_DATABASE;
const TARGET_P99_MS = 200;
/** Jobs per insert statement, so progress shows. */
const SEED_CHUNK = 100_000;
/** Plumbers quoting: each job's quotes come from different ones (one quote per plumber per job). */
const PLUMBERS = 200;
/** The jobs' creation times spread evenly over this many days before now. */
const SPAN_DAYS = 3 * 365;
const PASSWORD = 'copper-elbow-gauge-77';

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * Jobs `from`..`to` of `total`: job g was posted `g / total` of the span ago (job 1 is the newest).
 * Jobs of the last three days are mostly open; older ones mostly completed or cancelled. Each has a
 * stored estimate (an empty one: nothing here reads it), as once the start-up backfill of estimates
 * has run — otherwise the server would price a million jobs before it is ready.
 */
const INSERT_JOBS_SQL = `
insert into jobs (customer_id, issue_slug, issue_description, address, lat, lng, urgency, current_status, estimate, created_at, updated_at)
select $1::uuid,
       (array['leaky-faucet','clogged-drain','running-toilet','burst-pipe','water-heater-no-hot-water','low-water-pressure'])[1 + g % 6],
       'Bench job ' || g,
       g || ' Bench St, Austin, TX 78701',
       30.2711286, -97.7436995,
       (array['routine','urgent','emergency'])[1 + (g / 7) % 3]::urgency,
       (case when age < interval '3 days' then
          case when r < 40 then 'requested' when r < 70 then 'quoted' when r < 85 then 'scheduled'
               when r < 92 then 'in_progress' when r < 97 then 'completed' else 'cancelled' end
        else
          case when r < 2 then 'requested' when r < 4 then 'quoted' when r < 6 then 'scheduled'
               when r < 7 then 'in_progress' when r < 85 then 'completed' else 'cancelled' end
        end)::job_status,
       '{}'::jsonb,
       now() - age, now() - age
from generate_series($2::int, $3::int) g,
     lateral (select ((g::float8 / $4::int) * $5::int) * interval '1 day' as age, (g * 37) % 100 as r) d`;

/**
 * 1–4 quotes on every job past "requested" and on half the cancelled ones, from different plumbers,
 * the first 5 minutes to a day after the job was posted. A hired job's first quote is the accepted one.
 */
const INSERT_QUOTES_SQL = `
insert into quotes (job_id, plumber_id, min_total, max_total, status, created_at)
select j.id,
       p.ids[1 + (h + k) % array_length(p.ids, 1)],
       100 + h % 400, 250 + h % 400,
       (case when j.current_status in ('scheduled', 'in_progress', 'completed') then
               case when k = 1 then 'accepted' else 'declined' end
             when j.current_status = 'cancelled' then 'declined'
             else 'pending' end)::quote_status,
       least(now(), j.created_at + interval '5 minutes' + k * (h % 720) * interval '1 minute')
from (select array_agg(id order by id) as ids from plumbers) p,
     jobs j,
     lateral (select abs(hashtext(j.id::text)) as h) hashed,
     lateral generate_series(1, 1 + hashed.h % 4) k
where j.current_status <> 'requested' and (j.current_status <> 'cancelled' or hashed.h % 2 = 0)`;

/** One payout per completed job, to the accepted quote's plumber, written two days after posting. */
const INSERT_PAYOUTS_SQL = `
insert into payouts (job_id, plumber_id, plumber_gross, platform_fee, plumber_net, status, payment_provider_id, paid_at, created_at, updated_at)
select job_id, plumber_id, gross, fee, gross - fee,
       status::payout_status,
       case when status = 'paid' then 'BENCH-' || left(job_id::text, 8) end,
       case when status = 'paid' then created + interval '3 days' end,
       created, created
from (
  select q.job_id, q.plumber_id, q.max_total as gross, round(q.max_total * 0.10, 2) as fee,
         least(now(), j.created_at + interval '2 days') as created,
         case when j.created_at > now() - interval '16 days' then 'pending'
              when abs(hashtext(q.id::text)) % 100 < 2 then 'failed'
              else 'paid' end as status
  from jobs j join quotes q on q.job_id = j.id and q.status = 'accepted'
  where j.current_status = 'completed'
) completed`;

async function seed(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, poolMax: 1 });
  try {
    await runMigrations(database.pool);
  } finally {
    await database.close();
  }
  // A client of its own: the bulk statements outlast the pool's statement and query timeouts.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const start = performance.now();
    const {
      rows: [customer],
    } = await client.query<{ id: string }>(
      `insert into users (email, password_hash, role, name) values ('bench.customer@example.test', 'x', 'homeowner', 'Bench Customer') returning id`,
    );
    await client.query(
      `insert into users (email, password_hash, role, name)
       select 'bench.plumber.' || g || '@example.test', 'x', 'plumber', 'Bench Plumber ' || g from generate_series(1, $1::int) g`,
      [PLUMBERS],
    );
    await client.query(
      `insert into plumbers (user_id, business_name, verification_status)
       select id, replace(name, 'Plumber', 'Plumbing'), 'verified' from users where role = 'plumber'`,
    );
    for (let from = 1; from <= JOBS; from += SEED_CHUNK) {
      const to = Math.min(JOBS, from + SEED_CHUNK - 1);
      await client.query(INSERT_JOBS_SQL, [customer.id, from, to, JOBS, SPAN_DAYS]);
      console.log(
        `  jobs: ${to.toLocaleString('en-US')} / ${JOBS.toLocaleString('en-US')} (${seconds(start)})`,
      );
    }
    const quotes = await client.query(INSERT_QUOTES_SQL);
    console.log(`  quotes: ${quotes.rowCount?.toLocaleString('en-US')} (${seconds(start)})`);
    const payouts = await client.query(INSERT_PAYOUTS_SQL);
    console.log(`  payouts: ${payouts.rowCount?.toLocaleString('en-US')} (${seconds(start)})`);
    // The jobs' trigger appended a tally change per job; the server folds them every minute.
    const folded = await foldJobStatusCountChanges(drizzle(client, { schema, casing: 'snake_case' }));
    console.log(`  status tallies: ${folded.toLocaleString('en-US')} changes folded (${seconds(start)})`);
    // Visibility map and statistics, as tables that autovacuum has caught up with.
    await client.query('vacuum analyze jobs, quotes, payouts, job_status_counts, job_status_count_changes');
    console.log(`  vacuum analyze: done (${seconds(start)})`);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface Timing {
  runs: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function summarise(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1],
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const describeTiming = (t: Timing) =>
  `p50 ${ms(t.p50)}, p95 ${ms(t.p95)}, p99 ${ms(t.p99)}, max ${ms(t.max)}, mean ${ms(t.mean)} (${t.runs} runs)`;

async function timeRuns(runs: number, run: () => Promise<unknown>): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return summarise(times);
}

interface Answer {
  status: number;
  text: string;
  cookie?: string;
}

async function call(baseUrl: string, method: 'GET' | 'POST', path: string, cookie?: string, body?: unknown) {
  const res = await fetch(baseUrl + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const session = res.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .find((value) => /sid=/.test(value));
  return { status: res.status, text, cookie: session } satisfies Answer;
}

function expectStatus(answer: Answer, status: number, what: string) {
  if (answer.status !== status)
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 300)}`);
}

/** An admin session: registered through the API, promoted in the database (nobody may self-assign admin). */
async function adminCookie(baseUrl: string, databaseUrl: string): Promise<string> {
  const email = 'figures.reader@example.test';
  const registered = await call(baseUrl, 'POST', '/api/auth/register', undefined, {
    email,
    password: PASSWORD,
  });
  // 409: a reused database has the account already.
  if (registered.status !== 409) expectStatus(registered, 201, 'register');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`update users set role = 'admin' where email = $1`, [email]);
  } finally {
    await client.end();
  }
  const login = await call(baseUrl, 'POST', '/api/auth/login', undefined, { email, password: PASSWORD });
  expectStatus(login, 200, 'login');
  if (!login.cookie) throw new Error('login set no session cookie');
  return login.cookie;
}

/** Starts the production server on `databaseUrl`, signs an admin in, runs `use`, stops the server. */
async function withAdminServer(
  databaseUrl: string,
  use: (server: ServerProcess, cookie: string) => Promise<void>,
): Promise<void> {
  const server = await startServerProcess({
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      BCRYPT_COST: '12',
      LOG_LEVEL: 'warn',
    },
    // Migrations already ran; on a busy machine the start alone can take a while.
    readyTimeoutMs: 300_000,
  });
  try {
    await use(server, await adminCookie(server.url, databaseUrl));
  } finally {
    await server.stop();
    const errors = server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    if (errors.length > 0)
      console.log(`  !! ${errors.length} error lines in the server log, e.g. ${errors[0].slice(0, 300)}`);
  }
}

/** Each figure's query alone, through the repository the service calls (one connection, no HTTP). */
async function timeQueries(database: DatabaseHandle, runs: number) {
  const now = new Date();
  const since = new Date(now.getTime() - QUOTE_FIGURES_WINDOW_DAYS * 86_400_000);
  const months = lastMonthsOnClock(REVENUE_MONTHS, DEFAULT_APP_TIME_ZONE, now);
  const db = database.db;
  return {
    'jobs by status (the cards too)': await timeRuns(runs, () => countJobsByStatus(db)),
    'reference counts': await timeRuns(runs, () => countReferenceData(db)),
    [`quote figures (${QUOTE_FIGURES_WINDOW_DAYS} days)`]: await timeRuns(runs, () =>
      quoteFiguresSince(db, since),
    ),
    [`revenue by month (${REVENUE_MONTHS})`]: await timeRuns(runs, () => platformFeesByMonth(db, months)),
  };
}

/** Migration 0013's indexes: dropped to show what the figures cost without them, then put back. */
const FIGURE_INDEXES = [
  ['jobs_created_idx', 'create index if not exists jobs_created_idx on jobs (created_at, id)'],
  [
    'quotes_created_idx',
    'create index if not exists quotes_created_idx on quotes (created_at, job_id, status)',
  ],
  [
    'payouts_created_idx',
    'create index if not exists payouts_created_idx on payouts (created_at, id, platform_fee)',
  ],
] as const;

async function machineDescription(): Promise<string[]> {
  const client = new pg.Client({ connectionString: BASE_DATABASE_URL });
  await client.connect();
  let postgres = '';
  try {
    const { rows: versions } = await client.query<{ server_version: string }>('show server_version');
    const { rows: buffers } = await client.query<{ shared_buffers: string }>('show shared_buffers');
    const { rows: workers } = await client.query<{ max_parallel_workers_per_gather: string }>(
      'show max_parallel_workers_per_gather',
    );
    postgres = `PostgreSQL ${versions[0].server_version} (shared_buffers ${buffers[0].shared_buffers}, max_parallel_workers_per_gather ${workers[0].max_parallel_workers_per_gather}), same machine`;
  } finally {
    await client.end();
  }
  return [
    `${os.availableParallelism()} cores (nproc), ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Linux ${os.release()}`,
    `Node ${process.version}, ${postgres}`,
  ];
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

// ---------------------------------------------------------------------------------------------
// The run

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    const step = cleanups.pop()!;
    await step().catch((error: unknown) => console.error('clean-up failed:', error));
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main() {
  let machine: string[];
  try {
    machine = await machineDescription();
  } catch (error) {
    console.log(
      `admin-stats bench skipped: no PostgreSQL at ${BASE_DATABASE_URL} (${(error as Error).message})`,
    );
    return;
  }
  console.log(`admin stats benchmark, ${new Date().toISOString()}`);
  for (const line of machine) console.log(`  ${line}`);
  console.log(`  load average at start: ${loadAverage()}`);
  if (os.loadavg()[0] > 0.5 * os.availableParallelism())
    console.log('  !! the machine is busy (load average above): figures will be high and noisy');

  let throwaway: { url: string };
  if (REUSE) {
    throwaway = { url: REUSE };
    console.log(`\n[setup] reusing the seeded database ${REUSE} (BENCH_ADMIN_STATS_DATABASE)`);
  } else {
    const created = await createThrowawayDatabase(BASE_DATABASE_URL, 'plumbline_admin_stats');
    throwaway = created;
    if (KEEP) console.log(`  database kept (BENCH_KEEP_DATABASE=1): ${created.url}`);
    else cleanups.push(() => created.drop());
    console.log(`\n[setup] seeding ${JOBS.toLocaleString('en-US')} jobs, their quotes and payouts`);
    await seed(created.url);
  }

  const client = new pg.Client({ connectionString: throwaway.url });
  await client.connect();
  const { rows: counts } = await client.query<{ jobs: string; quotes: string; payouts: string }>(
    `select (select count(*) from jobs) as jobs, (select count(*) from quotes) as quotes, (select count(*) from payouts) as payouts`,
  );
  await client.end();
  console.log(
    `  rows: ${Number(counts[0].jobs).toLocaleString('en-US')} jobs, ${Number(counts[0].quotes).toLocaleString('en-US')} quotes, ${Number(counts[0].payouts).toLocaleString('en-US')} payouts`,
  );

  // 1. GET /api/admin/stats through the production server, one request after another.
  console.log(
    `\n[1] GET /api/admin/stats as an admin: ${WARMUP} warm-up requests, then ${REQUESTS} measured`,
  );
  let stats: Timing | undefined;
  let sample: Record<string, unknown> = {};
  await withAdminServer(throwaway.url, async (server, cookie) => {
    const getStats = async () => {
      const answer = await call(server.url, 'GET', '/api/admin/stats', cookie);
      expectStatus(answer, 200, 'GET /api/admin/stats');
      return answer;
    };
    for (let i = 0; i < WARMUP; i++) await getStats();
    stats = await timeRuns(REQUESTS, getStats);
    console.log(`  ${describeTiming(stats)}`);
    sample = JSON.parse((await getStats()).text) as Record<string, unknown>;

    // The payouts ledger at the same scale, for comparison (no target: an admin opens it now and then).
    console.log('\n[2] the payouts ledger and its CSV export, same data');
    const today = new Date().toISOString().slice(0, 10);
    const monthStart = `${today.slice(0, 7)}-01`;
    for (const [label, path] of [
      ['ledger, everything (page 1 of 50, totals of 0.8M payouts)', '/api/admin/payouts'],
      ['ledger, this month', `/api/admin/payouts?from=${monthStart}&to=${today}`],
      ['ledger, pending only (what the tab opens on)', '/api/admin/payouts?status=pending'],
    ] as const) {
      const statuses = new Map<number, number>();
      const timing = await timeRuns(5, async () => {
        const { status } = await call(server.url, 'GET', path, cookie);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      });
      const answered = [...statuses].map(([status, count]) => `${status}×${count}`).join(' ');
      console.log(`  ${label}: ${describeTiming(timing)}; answers ${answered}`);
    }
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const exportStart = performance.now();
    const csv = await call(server.url, 'GET', `/api/admin/payouts.csv?from=${monthAgo}&to=${today}`, cookie);
    expectStatus(csv, 200, 'CSV export');
    const exportMs = performance.now() - exportStart;
    const csvRows = csv.text.split('\r\n').length - 2;
    console.log(
      `  CSV export of the last 30 days: ${csvRows.toLocaleString('en-US')} rows, ${(csv.text.length / 2 ** 20).toFixed(1)} MiB in ${(exportMs / 1000).toFixed(2)} s`,
    );
  });

  // 1b. The same with parallel query off on the server's connections (libpq's `options`, no change
  // to the app): on a 2-core machine the jobs-by-status count (the cards' query) ran 3–4× slower
  // as a parallel plan than as a plain one.
  const serialUrl = new URL(throwaway.url);
  serialUrl.searchParams.set('options', '-c max_parallel_workers_per_gather=0');
  console.log("\n[1b] the same requests, the server's connections with max_parallel_workers_per_gather=0");
  let serialStats: Timing | undefined;
  await withAdminServer(serialUrl.toString(), async (server, cookie) => {
    const getStats = async () =>
      expectStatus(await call(server.url, 'GET', '/api/admin/stats', cookie), 200, 'stats');
    for (let i = 0; i < WARMUP; i++) await getStats();
    serialStats = await timeRuns(REQUESTS, getStats);
    console.log(`  ${describeTiming(serialStats)}`);
  });

  // 3. Each query alone, then without migration 0013's indexes.
  const database = await openDatabase({ databaseUrl: throwaway.url, poolMax: 1 });
  try {
    console.log('\n[3] each figure query alone (repository call on one connection)');
    for (const [label, timing] of Object.entries(await timeQueries(database, 50)))
      console.log(`  ${label}: ${describeTiming(timing)}`);

    console.log("\n[4] the same without migration 0013's indexes (what they are for)");
    for (const [name] of FIGURE_INDEXES) await database.pool.query(`drop index ${name}`);
    await database.pool.query('analyze jobs, quotes, payouts');
    const now = new Date();
    const since = new Date(now.getTime() - QUOTE_FIGURES_WINDOW_DAYS * 86_400_000);
    const months = lastMonthsOnClock(REVENUE_MONTHS, DEFAULT_APP_TIME_ZONE, now);
    await database.db.transaction(async (tx) => {
      // A sequential scan of 2M quotes may outlast the pool's statement timeout.
      await tx.execute(sql.raw('set local statement_timeout = 0'));
      console.log(
        `  quote figures: ${describeTiming(await timeRuns(3, () => quoteFiguresSince(tx, since)))}`,
      );
      console.log(
        `  revenue by month: ${describeTiming(await timeRuns(3, () => platformFeesByMonth(tx, months)))}`,
      );
    });
    await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local statement_timeout = 0'));
      for (const [, create] of FIGURE_INDEXES) await tx.execute(sql.raw(create));
    });
  } finally {
    await database.close();
  }

  const figures = sample as {
    quoteFigures: Record<string, unknown>;
    revenueByMonth: Array<{ month: string; platformFees: string }>;
    jobsByStatus: Record<string, number>;
  };
  console.log('\n=== summary');
  for (const line of machine) console.log(`  ${line}`);
  console.log(`  load average at the end: ${loadAverage()}`);
  console.log(
    `  data: ${Number(counts[0].jobs).toLocaleString('en-US')} jobs, ${Number(counts[0].quotes).toLocaleString('en-US')} quotes, ${Number(counts[0].payouts).toLocaleString('en-US')} payouts`,
  );
  for (const [label, timing] of [
    ['GET /api/admin/stats', stats],
    ['the same, parallel query off', serialStats],
  ] as const) {
    if (!timing) continue;
    console.log(`  ${label}: ${describeTiming(timing)}`);
    console.log(`    target p99 ≤ ${TARGET_P99_MS} ms: ${timing.p99 <= TARGET_P99_MS ? 'met' : 'NOT met'}`);
  }
  console.log(`  sample answer: quote figures ${JSON.stringify(figures.quoteFigures)}`);
  console.log(`  jobs by status ${JSON.stringify(figures.jobsByStatus)}`);
  console.log(
    `  revenue ${figures.revenueByMonth.map((row) => `${row.month} $${row.platformFees}`).join(', ')}`,
  );
  await cleanUp();
}

main().catch(async (error) => {
  console.error(error);
  await cleanUp();
  process.exit(1);
});
