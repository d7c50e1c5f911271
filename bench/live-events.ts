/**
 * Live events benchmark: what 1,000 open event streams cost one server process, and how long one
 * event takes to reach all of them.
 *
 *   1. the production server process (server/test/server-process.ts, NODE_ENV=production) on a
 *      throw-away PostgreSQL database; 1,000 accounts, each logged in with its own session;
 *   2. its resident memory (VmRSS) after a warm-up, then with one GET /api/events stream per account
 *      open (1,000 users, one stream each): the difference is the streams' cost (goal < 150 MB);
 *   3. one job_changed event published to all 1,000 users in one transaction, from this process
 *      through `createLiveEvents().publish` (as another instance would: ten NOTIFYs of 100 rows);
 *      the time from its commit to the last stream having it (goal < 1 s); several rounds.
 *
 * Needs PostgreSQL (the publisher is another process): DATABASE_URL names the server (default
 * postgres://postgres@127.0.0.1:5432/postgres); without it, it says so and exits 0. The server is not
 * pinned to a core; this process (1,000 stream readers) shares the machine with it and PostgreSQL.
 * Prints figures and whether each goal is met; never fails on a goal.
 *
 *   npx tsx bench/live-events.ts                 (≈ 1 min)
 *   BENCH_LIVE_STREAMS=2000 BENCH_LIVE_ROUNDS=10 npx tsx bench/live-events.ts
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import bcrypt from 'bcrypt';
import pg from 'pg';
import { users } from '@shared/schema';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { createLogger } from '../server/lib/logger';
import { locateAddress } from '../server/modules/geo';
import { createLiveEvents } from '../server/modules/events';
import { postJob } from '../server/modules/jobs/jobs.service';
import { startServerProcess, type ServerProcess } from '../server/test/server-process';
import { openEventStream, type EventStreamReader } from '../server/test/sse-client';
import { createThrowawayDatabase } from '../server/test/test-context';

const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 5);
const GOALS = { extraRssMb: 150, deliveryMs: 1_000 };
const PASSWORD = 'flux-solder-bench-password';
/** Logins and stream openings in flight at once (logins wait for bcrypt's turn beyond 16). */
const LOGIN_CONCURRENCY = 8;
const OPEN_CONCURRENCY = 50;
const SETTLE_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (met: boolean) => (met ? 'met' : '**not met**');

/** The process's resident memory, from /proc (Linux). */
function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line.replace(/\D+/g, '')) * 1024;
}

/** `task` over `items`, `limit` at a time, results in order. */
async function inBatches<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]);
      }
    }),
  );
  return results;
}

async function machineDescription() {
  const client = new pg.Client({ connectionString: BASE_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return [
      `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Linux ${os.release()}`,
      `Node ${process.version}, PostgreSQL ${rows[0].server_version}`,
      `load average at start: ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    ];
  } finally {
    await client.end();
  }
}

async function logIn(server: ServerProcess, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((value) => value.startsWith('plumbline.sid='));
  if (!cookie) throw new Error(`login of ${email} set no session cookie`);
  return cookie.split(';')[0];
}

async function openStreams(server: ServerProcess, cookies: readonly string[]) {
  return inBatches(cookies, OPEN_CONCURRENCY, async (cookie) => {
    const reader = await openEventStream(`${server.url}/api/events`, { cookie });
    if (reader.status !== 200) throw new Error(`stream refused: ${reader.status} ${reader.text()}`);
    await reader.until('the retry line', () => reader.retryMs !== undefined, 30_000);
    return reader;
  });
}

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
      `live events bench skipped: no PostgreSQL at ${BASE_DATABASE_URL} (${(error as Error).message})`,
    );
    return;
  }
  console.log(`live events benchmark, ${new Date().toISOString()}`);
  for (const line of machine) console.log(`  ${line}`);
  console.log(`  ${STREAMS.toLocaleString('en-US')} users, one stream each; ${ROUNDS} events to all of them`);

  const throwaway = await createThrowawayDatabase(BASE_DATABASE_URL, 'plumbline_live_bench');
  cleanups.push(() => throwaway.drop());
  const server = await startServerProcess({
    env: {
      NODE_ENV: 'production',
      BCRYPT_COST: '12',
      DATABASE_URL: throwaway.url,
      DEMO_SEED: 'false',
      // One address logs a thousand accounts in.
      AUTH_RATE_LIMIT: '1000000',
      LOGIN_ACCOUNT_RATE_LIMIT: '1000000',
    },
  });
  cleanups.push(() => server.stop());
  const database: DatabaseHandle = await openDatabase({ databaseUrl: throwaway.url });
  cleanups.push(() => database.close());

  // Accounts straight into the table: a cost-4 hash keeps a thousand logins quick (bcrypt checks at
  // the cost the hash was made with), and each login is a real session on the server.
  const passwordHash = await bcrypt.hash(PASSWORD, 4);
  const stamp = Date.now().toString(36);
  const accounts = await database.db
    .insert(users)
    .values(
      Array.from({ length: STREAMS }, (_, i) => ({
        email: `live.bench.${stamp}.${i}@example.test`,
        role: 'homeowner' as const,
        passwordHash,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const started = performance.now();
  const cookies = await inBatches(accounts, LOGIN_CONCURRENCY, (account) => logIn(server, account.email));
  console.log(
    `\n[setup] ${accounts.length} accounts logged in (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );

  const address = '1701 Wynkoop St, Denver, CO 80202';
  const place = locateAddress(address)!;
  const job = await postJob(database.db, {
    customerId: accounts[0].id,
    issueSlug: 'clogged-drain',
    issueDescription: 'The kitchen sink drains slowly.',
    address,
    lat: place.lat,
    lng: place.lng,
    urgency: 'routine',
    preferredDate: null,
  });
  const publisher = createLiveEvents({
    database,
    logger: createLogger('silent'),
    config: { liveEvents: { heartbeatMs: 25_000, maxStreams: STREAMS } },
  });
  const publishToAll = async (userIds: string[]) => {
    const begun = performance.now();
    await database.db.transaction((tx) =>
      publisher.publish(tx, userIds, { type: 'job_changed', jobId: job.id }),
    );
    return { begun, committed: performance.now() };
  };

  // Warm-up: the stream and delivery code runs (and is compiled) before the baseline is read.
  const warm = await openStreams(server, cookies.slice(0, 50));
  await publishToAll(accounts.slice(0, 50).map((account) => account.id));
  await Promise.all(
    warm.map((reader) => reader.until('the warm-up event', () => reader.events.length === 1)),
  );
  for (const reader of warm) reader.close();
  await sleep(SETTLE_MS);
  const baseline = rssBytes(server.pid);

  const opening = performance.now();
  const readers: EventStreamReader[] = await openStreams(server, cookies);
  cleanups.push(async () => readers.forEach((reader) => reader.close()));
  const openedIn = performance.now() - opening;
  await sleep(SETTLE_MS);
  const withStreams = rssBytes(server.pid);
  const extra = withStreams - baseline;
  console.log(`\n[memory] server RSS (VmRSS), ${readers.length} streams open`);
  console.log(`  before the streams: ${mb(baseline)}; with them: ${mb(withStreams)}`);
  console.log(
    `  extra: ${mb(extra)} (${(extra / readers.length / 1024).toFixed(1)} kB per stream); goal < ${GOALS.extraRssMb} MB: ${verdict(extra < GOALS.extraRssMb * 2 ** 20)}`,
  );
  console.log(
    `  ${readers.length} streams opened in ${(openedIn / 1000).toFixed(1)} s (${OPEN_CONCURRENCY} at a time)`,
  );

  console.log(`\n[delivery] one event to all ${readers.length} users, from its commit to the last stream`);
  const ids = accounts.map((account) => account.id);
  const lastArrivals: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const arrivals: number[] = new Array(readers.length);
    const received = Promise.all(
      readers.map((reader, index) =>
        reader
          .until(`event ${round}`, () => reader.events.length >= round, 30_000)
          .then(() => (arrivals[index] = performance.now())),
      ),
    );
    const { begun, committed } = await publishToAll(ids);
    await received;
    // A stream may have it before this process hears its own COMMIT answered: 0 then.
    const sorted = arrivals.map((at) => Math.max(0, at - committed)).sort((x, y) => x - y);
    const last = sorted.at(-1)!;
    lastArrivals.push(last);
    console.log(
      `  round ${round}: publish transaction ${ms(committed - begun)}; after its commit: median ${ms(sorted[Math.floor(sorted.length / 2)])}, last ${ms(last)} (${ms(Math.max(...arrivals) - begun)} from the publish's start)`,
    );
    await sleep(500);
  }
  const duplicates = readers.filter((reader) => reader.events.length !== ROUNDS).length;
  const worst = Math.max(...lastArrivals);
  const median = [...lastArrivals].sort((x, y) => x - y)[Math.floor(lastArrivals.length / 2)];
  console.log(
    `  every stream got each event once: ${duplicates === 0 ? 'yes' : `no (${duplicates} streams differ)`}`,
  );
  console.log(
    `  commit → last stream: median of rounds ${ms(median)}, worst ${ms(worst)}; goal < ${GOALS.deliveryMs} ms: ${verdict(worst < GOALS.deliveryMs)}`,
  );
  console.log(`  server RSS after delivery: ${mb(rssBytes(server.pid))}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
