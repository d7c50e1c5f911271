/**
 * Load benchmark: Plumbline as a production process under autocannon.
 *
 *   1. a bare Express 5 hello route vs Plumbline's full middleware stack on GET /api/config/public
 *      (goal ≥ 70%), with a raw node:http hello beside them for the earlier comparison (goal was ≥ 15%);
 *   2. GET /api/auth/user with a session (200) vs without one (401) (goal ≥ 60%);
 *      2 is measured twice: a 10 s run per side, then both sides in alternating rounds on the same
 *      server (BENCH_LOAD_ROUNDS of BENCH_LOAD_ROUND s, by server CPU per response), which its goal goes by;
 *   3. GET /api/jobs/nearby as a plumber with 1M jobs in PostgreSQL: saturation (goal ≥ 1,500 req/s),
 *      then 40% of that rate: p99 (goal ≤ 100 ms) with no error and no non-2xx;
 *   4. the same 40% nearby load beside a login flood of 50/s (goal: nearby p99 within 2× of 3's),
 *      once with the production auth rate limit (the flood becomes cheap 429s) and once with the
 *      limit raised so every login runs bcrypt (a flood spread over many addresses);
 *   5. (only when asked: BENCH_LOAD_PARTS=…,5) one instance vs two behind Debian's nginx with the
 *      tested configuration (docs/nginx/plumbline.conf), GET /api/auth/user with a session at
 *      saturation. Neither instance is pinned: both may use both cores, which they share with nginx,
 *      PostgreSQL and the load generator (on core 1), as two instances on one two-core machine would.
 *   6. (only when asked: BENCH_LOAD_PARTS=…,6) nearby as `npm start` runs it on PostgreSQL: one worker
 *      per core (WEB_CONCURRENCY = the cores), unpinned; saturation, then p99 at 40% of it (goal
 *      ≤ 100 ms, no errors). Its CPU figures add up the primary and its workers.
 *
 * Needs PostgreSQL: DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres);
 * the jobs live in a throw-away database, dropped at the end. Without PostgreSQL it says so and exits 0.
 *
 *   npx tsx bench/load.ts                                  (≈ 5 min: 10 s per measurement + 3 s warm-up)
 *   BENCH_LOAD_DURATION=30 BENCH_LOAD_WARMUP=5 npx tsx bench/load.ts     (longer, steadier figures)
 *   BENCH_LOAD_JOBS=100000 npx tsx bench/load.ts           (a smaller job table, to try the bench out)
 *   BENCH_LOAD_CONNECTIONS=32                              (connections of the saturation runs)
 *   BENCH_LOAD_PARTS=1,2                                   (only measurements 1 and 2: skips nearby and floods)
 *   BENCH_LOAD_PARTS=1,2,5                                 (1 and 2, then one vs two instances behind nginx)
 *   BENCH_LOAD_PARTS=1,2,6                                 (1 and 2, then nearby with all workers)
 *   BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=…"   (NODE_OPTIONS of every Plumbline process)
 *
 * With 2+ cores the server runs on core 0 (`taskset -c 0`) and this process — autocannon — on core 1.
 * PostgreSQL cannot be pinned by a benchmark: it shares both cores. Prints figures and whether each
 * goal is met; never fails on a goal (exit 0 unless something crashed).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { nginxAvailable, startNginx } from '../server/test/nginx';
import { startServerProcess, type ServerProcess } from '../server/test/server-process';
import { createThrowawayDatabase } from '../server/test/test-context';
import { type Figures, type Load as SharedLoad, fire, median, statusList } from './lib/fire';
import { CENTRE_ZIP, RADIUS_KM, insertJobs, priceSeededJobs } from './nearby';

const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_S = Number(process.env.BENCH_LOAD_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_LOAD_WARMUP ?? 3);
const JOBS = Number(process.env.BENCH_LOAD_JOBS ?? 1_000_000);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 32);
/** Which measurements to run, e.g. `1,2` while working on the request path (3 includes 4a and 4b). */
const PARTS = new Set((process.env.BENCH_LOAD_PARTS ?? '1,2,3').split(',').map((part) => part.trim()));
/**
 * Rows per insert statement: within the pool's 15 s query timeout on PostgreSQL even on a busy shared
 * machine (50,000 took over 15 s once, at a load average of 30).
 */
const SEED_CHUNK = 20_000;
const FLOOD_PER_SECOND = 50;
/**
 * The session goal is also measured in alternating rounds of this many seconds on one server: this
 * machine's speed drifts by a quarter within minutes, which a ratio of two 10 s runs taken one after
 * the other reads as a difference between the requests.
 */
const ROUND_S = Number(process.env.BENCH_LOAD_ROUND ?? 2);
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 10);

const GOALS = {
  /** Plumbline's GET /api/config/public ÷ a bare Express 5 hello route. */
  middlewareRatio: 0.7,
  /** The earlier goal, against raw node:http: still printed, no longer the goal. */
  rawHttpRatio: 0.15,
  sessionRatio: 0.6,
  nearbyReqPerSec: 1_500,
  /** Server CPU per nearby answer, µs (what would let one core serve 1,500 of them a second). */
  nearbyCpuUs: 600,
  nearbyP99Ms: 100,
  floodP99Factor: 2,
  ratedShare: 0.4,
};

const PASSWORD = 'sump-pump-bench-password';
const SESSION_SECRET = randomBytes(32).toString('hex');

// ---------------------------------------------------------------------------------------------
// Cores

const CORES = os.availableParallelism();
const HAS_TASKSET = spawnSync('taskset', ['-V']).status === 0;
const PINNED = CORES >= 2 && HAS_TASKSET;
/** Core of the servers under test; this process (the load generator) moves to core 1. */
const SERVER_CPU = PINNED ? 0 : undefined;

function pinLoadGenerator(): string {
  if (!PINNED) return `not pinned (${CORES} core(s), taskset ${HAS_TASKSET ? 'present' : 'missing'})`;
  // -a: every thread of this process (V8's helpers and libuv's pool too), not just the main one.
  const result = spawnSync('taskset', ['-a', '-c', '-p', '1', String(process.pid)], { encoding: 'utf8' });
  if (result.status !== 0) return `pinning failed: ${result.stderr.trim()}`;
  return 'servers on core 0, load generator (this process, autocannon) on core 1; PostgreSQL on both';
}

// ---------------------------------------------------------------------------------------------
// CPU accounting from /proc: how busy the server, the load generator and everything else were.

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU seconds used by a process (all its threads). */
function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** A process and all its descendants (a cluster's primary and its workers), from /proc. */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // Gone, or a kernel without the children file: the process alone.
  }
  return [pid, ...children.flatMap(processTree)];
}

/** Busy CPU seconds of the whole machine (all cores). */
function machineBusySeconds(): number {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const ticks = values.map(Number);
    const idle = ticks[3] + ticks[4]; // idle + iowait
    return (ticks.reduce((sum, value) => sum + value, 0) - idle) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds of each PostgreSQL process on this machine (the postmaster, its backends and helpers),
 * by pid; empty when the database runs elsewhere.
 */
function databaseCpuSeconds(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres')
        seconds.set(Number(name), processCpuSeconds(Number(name)));
    } catch {
      // Gone meanwhile.
    }
  }
  return seconds;
}

interface CpuUse {
  /** CPU seconds the server used. */
  serverSeconds: number;
  /**
   * CPU seconds PostgreSQL used (a backend that started meanwhile counts in full, one that ended
   * meanwhile not at all; the pools keep theirs); NaN when it runs on another machine.
   */
  databaseSeconds: number;
  /** How long the measurement took. */
  seconds: number;
  /** Percent of one core. */
  server: number;
  loadGenerator: number;
  /** The rest of the machine: PostgreSQL, the kernel's loopback networking, anything else running. */
  rest: number;
}

function startCpuWatch(serverPids: number | readonly number[]) {
  const pids = typeof serverPids === 'number' ? [serverPids] : serverPids;
  const serversCpuSeconds = () => pids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
  const wall = performance.now();
  const server = serversCpuSeconds();
  const self = process.cpuUsage();
  const machine = machineBusySeconds();
  const database = databaseCpuSeconds();
  return (): CpuUse => {
    const seconds = (performance.now() - wall) / 1000;
    const selfUse = process.cpuUsage(self);
    const serverSeconds = serversCpuSeconds() - server;
    const databaseNow = databaseCpuSeconds();
    let databaseSeconds = databaseNow.size === 0 ? NaN : 0;
    for (const [pid, used] of databaseNow) databaseSeconds += used - (database.get(pid) ?? 0);
    const serverPct = (serverSeconds / seconds) * 100;
    const selfPct = ((selfUse.user + selfUse.system) / 1e6 / seconds) * 100;
    const machinePct = ((machineBusySeconds() - machine) / seconds) * 100;
    return {
      serverSeconds,
      databaseSeconds,
      seconds,
      server: serverPct,
      loadGenerator: selfPct,
      rest: Math.max(0, machinePct - serverPct - selfPct),
    };
  };
}

// ---------------------------------------------------------------------------------------------
// Firing requests

/** Every load here says which statuses are correct, so a wrong answer never passes as a fast one. */
type Load = SharedLoad & { expect: number[] };

interface Row {
  label: string;
  load: string;
  figures: Figures;
  cpu: CpuUse;
  /**
   * Server CPU time per response (µs), when the server served this load alone. Steadier than req/s
   * on a busy machine: other processes taking the server's core lower req/s, not the work per request.
   */
  cpuPerResponseUs?: number;
  /** PostgreSQL's CPU time per response (µs) in the same run; NaN when it runs elsewhere. */
  databaseCpuPerResponseUs?: number;
}

const rows: Row[] = [];

/** Milliseconds with one decimal; '–' when there was no response to measure. */
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const describeLoad = (load: Load) =>
  `${load.connections} conn${load.rate === undefined ? ', max rate' : `, ${Math.round(load.rate)}/s`}`;

/** Whole microseconds; '–' when not measured (NaN). */
const usOrDash = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) ? value.toFixed(0) : '–';
/** PostgreSQL's share of one core during a measurement. */
const databasePct = (cpu: CpuUse) =>
  Number.isFinite(cpu.databaseSeconds) ? `${((cpu.databaseSeconds / cpu.seconds) * 100).toFixed(0)}%` : '–';

function report(row: Row) {
  rows.push(row);
  const { figures: f, cpu } = row;
  console.log(
    `  ${row.label}: ${f.reqPerSec.toFixed(0)} req/s, p50 ${ms(f.p50)} ms, p99 ${ms(f.p99)} ms, max ${ms(f.max)} ms; ` +
      `${f.responses} responses (${statusList(f.statuses) || 'none'}), unexpected ${f.unexpected}, errors ${f.errors} (timeouts ${f.timeouts}); ` +
      `CPU server ${cpu.server.toFixed(0)}%${row.cpuPerResponseUs === undefined ? '' : ` (${row.cpuPerResponseUs.toFixed(0)} µs per response)`}, load generator ${cpu.loadGenerator.toFixed(0)}%, rest of the machine ${cpu.rest.toFixed(0)}% (PostgreSQL ${databasePct(cpu)}${row.databaseCpuPerResponseUs === undefined ? '' : `, ${usOrDash(row.databaseCpuPerResponseUs)} µs per response`})`,
  );
  if (f.unexpected > 0 || f.errors > 0) console.log(`  !! ${row.label}: unexpected answers or errors`);
}

/** Warm-up (figures discarded, problems printed), then the measured run with CPU accounting. */
async function measure(
  label: string,
  baseUrl: string,
  serverPid: number | readonly number[],
  load: Load,
): Promise<Row> {
  if (WARMUP_S > 0) {
    const warm = await fire(baseUrl, load, WARMUP_S);
    if (warm.unexpected > 0 || warm.errors > 0)
      console.log(
        `  (warm-up of ${label}: ${statusList(warm.statuses)}, unexpected ${warm.unexpected}, errors ${warm.errors})`,
      );
  }
  const stopWatch = startCpuWatch(serverPid);
  const figures = await fire(baseUrl, load, DURATION_S);
  const cpu = stopWatch();
  const cpuPerResponseUs = (cpu.serverSeconds / Math.max(1, figures.responses)) * 1e6;
  const databaseCpuPerResponseUs = (cpu.databaseSeconds / Math.max(1, figures.responses)) * 1e6;
  const row = { label, load: describeLoad(load), figures, cpu, cpuPerResponseUs, databaseCpuPerResponseUs };
  report(row);
  return row;
}

interface Interleaved {
  /** Median server CPU µs per response of each side. */
  fastUs: number;
  slowUs: number;
  /** Median over the rounds of fast ÷ slow (CPU per response), and each round's. */
  ratio: number;
  ratios: number[];
  /** No unexpected answer and no error in any round. */
  clean: boolean;
}

/**
 * `fast` and `slow`, two loads on one server, in alternating rounds (which goes first alternates
 * too): server CPU per response in each round, and the median of the rounds' ratios. Only for two
 * loads on one process: with two processes (the Express hello beside Plumbline) the hello's rounds
 * cost it a fifth more than its own run did, even with Plumbline stopped (SIGSTOP) meanwhile, which
 * would flatter Plumbline (docs/performance.md, 2026-12-03).
 */
async function interleave(
  label: string,
  server: { url: string; pid: number },
  fast: Load,
  slow: Load,
): Promise<Interleaved> {
  let clean = true;
  const round = async (load: Load) => {
    const start = processCpuSeconds(server.pid);
    const figures = await fire(server.url, load, ROUND_S);
    if (figures.unexpected > 0 || figures.errors > 0) clean = false;
    return ((processCpuSeconds(server.pid) - start) / Math.max(1, figures.responses)) * 1e6;
  };
  if (WARMUP_S > 0) {
    await fire(server.url, fast, WARMUP_S);
    await fire(server.url, slow, WARMUP_S);
  }
  const fastUs: number[] = [];
  const slowUs: number[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    if (index % 2 === 0) {
      fastUs.push(await round(fast));
      slowUs.push(await round(slow));
    } else {
      slowUs.push(await round(slow));
      fastUs.push(await round(fast));
    }
  }
  const ratios = fastUs.map((us, index) => us / slowUs[index]);
  const result = { fastUs: median(fastUs), slowUs: median(slowUs), ratio: median(ratios), ratios, clean };
  console.log(
    `  ${label}, interleaved (${ROUNDS} rounds of ${ROUND_S} s each): ${result.fastUs.toFixed(0)} and ${result.slowUs.toFixed(0)} µs per response (medians), ` +
      `ratio ${pct(result.ratio)} (rounds ${ratios.map((ratio) => pct(ratio)).join(' ')})${clean ? '' : ' !! unexpected answers or errors'}`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------
// Servers

/** The baselines' code, each run with `node -e` from the repository (so `express` is ours). */
const HELLO_SERVERS = {
  /** The ceiling for any Node HTTP server here. */
  'raw node:http': `
    const http = require('node:http');
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Hello, world!\\n');
    });
    server.keepAliveTimeout = 65000;
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`,
  /** Express 5 as it comes (its default settings), one route: what the framework alone costs. */
  'Express 5': `
    const express = require('express');
    const app = express();
    app.get('/', (req, res) => res.send('Hello, world!\\n'));
    const server = app.listen(0, '127.0.0.1', () => console.log(server.address().port));
    server.keepAliveTimeout = 65000;`,
};

/** A hello server on the servers' core. */
async function startHelloServer(kind: keyof typeof HELLO_SERVERS) {
  const code = HELLO_SERVERS[kind];
  const [command, args] =
    SERVER_CPU === undefined
      ? [process.execPath, ['-e', code]]
      : ['taskset', ['-c', String(SERVER_CPU), process.execPath, '-e', code]];
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (status) => reject(new Error(`${kind} hello server exited with ${status}`)));
    child.stdout.setEncoding('utf8').once('data', (line: string) => resolve(line.trim()));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Measures one hello server on GET / at saturation. */
async function measureHello(kind: keyof typeof HELLO_SERVERS): Promise<Row> {
  const hello = await startHelloServer(kind);
  cleanups.push(() => hello.stop());
  const row = await measure(`${kind} hello`, hello.url, hello.pid, {
    path: '/',
    expect: [200],
    connections: CONNECTIONS,
  });
  await cleanups.pop()!();
  return row;
}

/**
 * Plumbline runs as `npm start` runs it: the production bundle and the built client (its routes sit
 * after the API's; the server refuses to start without a build), both built first if their sources
 * are newer (scripts/build-if-needed.mjs). Runs before 2026-12-02 ran the server through tsx.
 */
function ensureBuilds(): string {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`scripts/build-if-needed.mjs exited with ${result.status}`);
  const said = result.stdout.trim().split('\n').join('; ');
  return `${said} (${((performance.now() - started) / 1000).toFixed(0)} s)`;
}

/**
 * Plumbline as in production: NODE_ENV=production, one process (WEB_CONCURRENCY=1, as server-process
 * sets it), the built client served, bcrypt cost 12, the production auth rate limit (unless
 * overridden), a session secret, and LOG_LEVEL=info. Its log goes to a pipe this process
 * drains (server-process keeps it), as a log collector drains a container's stdout: the app pays for
 * every request line it writes, as it would in production.
 */
function plumblineEnv(databaseUrl: string, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET,
    LOG_LEVEL: 'info',
    PLUMBLINE_CLIENT: 'static',
    BCRYPT_COST: '12',
    // E.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles": a CPU profile of each server process.
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
    ...extra,
  };
}

/** Starts a Plumbline process, runs `use`, stops it, and prints what it logged at error level. */
async function withPlumbline<T>(
  databaseUrl: string,
  extraEnv: Record<string, string>,
  use: (server: ServerProcess) => Promise<T>,
  { cpu = SERVER_CPU }: { cpu?: number } = {},
): Promise<T> {
  // A busy machine can take a minute to get a server ready: allow it three.
  const server = await startServerProcess({
    env: plumblineEnv(databaseUrl, extraEnv),
    cpu,
    readyTimeoutMs: 180_000,
    bundle: true,
  });
  try {
    return await use(server);
  } finally {
    // Requests autocannon abandoned at the end of a run are still queued: let them finish, or
    // they are answered 503 by the shutting-down server and pollute its error log.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await server.stop();
    const lines = server.output().split('\n');
    const errors = lines.filter(
      (line) => /"level":(50|60)/.test(line) || /^\s*(Error|Plumbline failed)/.test(line),
    );
    const requests = lines.filter((line) => line.includes('"msg":"request completed"')).length;
    console.log(`  (server log: ${requests} request lines, ${errors.length} error lines)`);
    for (const line of errors.slice(0, 5)) console.log(`  !! server: ${line.slice(0, 400)}`);
  }
}

interface Answer {
  status: number;
  body: unknown;
  cookie?: string;
}

async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
) {
  const res = await fetch(baseUrl + path, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .find((value) => value.startsWith('plumbline.sid='));
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body, cookie } satisfies Answer;
}

function expectStatus(answer: Answer, status: number, what: string) {
  if (answer.status !== status)
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** A plumber working 40 km around downtown Austin (as bench/nearby.ts), and a homeowner. Returns cookies. */
async function createAccounts(baseUrl: string, databaseUrl: string) {
  const plumber = await call(baseUrl, 'POST', '/api/auth/register', {
    body: { email: 'load.plumber@example.test', password: PASSWORD, role: 'plumber' },
  });
  expectStatus(plumber, 201, 'register plumber');
  const location = await call(baseUrl, 'PUT', '/api/plumbers/me/location', {
    cookie: plumber.cookie,
    body: { zip: CENTRE_ZIP, serviceRadiusKm: RADIUS_KM },
  });
  expectStatus(location, 200, 'set plumber location');
  // Only a verified plumber sees nearby jobs: it submits its details, and the bench, standing in for
  // the admin (this database has no admin account), verifies it.
  const onboarding = await call(baseUrl, 'PUT', '/api/plumbers/me/onboarding', {
    cookie: plumber.cookie,
    body: {
      businessName: 'Load Test Plumbing',
      licenseNumber: 'M-40001',
      licenseState: 'TX',
      insuranceExpiresOn: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10),
    },
  });
  expectStatus(onboarding, 200, 'submit plumber details');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update plumbers set verification_status = 'verified', vetting_decided_at = now()
        where user_id = (select id from users where email = 'load.plumber@example.test')`,
    );
  } finally {
    await client.end();
  }
  // The flood's target: a real account, attacked with wrong passwords (credential stuffing).
  const homeowner = await call(baseUrl, 'POST', '/api/auth/register', {
    body: { email: 'load.homeowner@example.test', password: PASSWORD, role: 'homeowner' },
  });
  expectStatus(homeowner, 201, 'register homeowner');
  return { plumberCookie: plumber.cookie! };
}

// ---------------------------------------------------------------------------------------------
// Database

async function seedJobs(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, poolMax: 1 });
  try {
    await runMigrations(database.pool);
    const { rows: users } = await database.pool.query<{ id: string }>(
      `insert into users (email, password_hash, role) values ('load.customer@example.test', 'x', 'homeowner') returning id`,
    );
    const start = performance.now();
    for (let from = 1; from <= JOBS; from += SEED_CHUNK) {
      const to = Math.min(JOBS, from + SEED_CHUNK - 1);
      await insertJobs(database, users[0].id, from, to);
      const seconds = (performance.now() - start) / 1000;
      if (to === JOBS || (to / SEED_CHUNK) % 10 === 0)
        console.log(
          `  seeded ${to.toLocaleString('en-US')} / ${JOBS.toLocaleString('en-US')} jobs (${seconds.toFixed(0)} s)`,
        );
    }
    const pricingStart = performance.now();
    await priceSeededJobs(database);
    console.log(`  estimates stored: ${((performance.now() - pricingStart) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
  // A client of its own: VACUUM may outlast the pool's statement and query timeouts.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const start = performance.now();
    // Visibility map and statistics, as a table that autovacuum has caught up with.
    await client.query('vacuum analyze jobs');
    console.log(`  vacuum analyze jobs: ${((performance.now() - start) / 1000).toFixed(0)} s`);
    // The seed's dirty pages, which the checkpointer (a PostgreSQL process on the cores being
    // measured) would otherwise write out during the measurements: written now.
    const checkpointStart = performance.now();
    await client.query('checkpoint');
    console.log(`  checkpoint: ${((performance.now() - checkpointStart) / 1000).toFixed(0)} s`);
  } finally {
    await client.end();
  }
}

async function machineDescription() {
  const client = new pg.Client({ connectionString: BASE_DATABASE_URL });
  await client.connect();
  let postgres = '';
  try {
    const { rows: versions } = await client.query<{ server_version: string }>('show server_version');
    const { rows: buffers } = await client.query<{ shared_buffers: string }>('show shared_buffers');
    postgres = `PostgreSQL ${versions[0].server_version} (shared_buffers ${buffers[0].shared_buffers})`;
  } finally {
    await client.end();
  }
  const model = os.cpus()[0]?.model ?? 'unknown CPU';
  return [
    `${CORES} cores (${model}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Linux ${os.release()}`,
    `Node ${process.version}, ${postgres}`,
    `load average at start: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  ];
}

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

const pct = (value: number) => `${(value * 100).toFixed(0)}%`;
const verdict = (met: boolean) => (met ? 'met' : '**not met**');

async function main() {
  let machine: string[];
  try {
    machine = await machineDescription();
  } catch (error) {
    console.log(`load bench skipped: no PostgreSQL at ${BASE_DATABASE_URL} (${(error as Error).message})`);
    return;
  }
  const pinning = pinLoadGenerator();
  console.log(`load benchmark, ${new Date().toISOString()}`);
  for (const line of machine) console.log(`  ${line}`);
  if (os.loadavg()[0] > 0.5 * CORES)
    console.log('  !! the machine is busy (load average above): figures will be low and noisy');
  console.log(`  ${pinning}`);
  console.log(
    `  ${DURATION_S} s per measurement after ${WARMUP_S} s warm-up; ${CONNECTIONS} connections at saturation; ${JOBS.toLocaleString('en-US')} jobs`,
  );

  console.log(`  ${ensureBuilds()}`);

  // One database for every Plumbline run: migrations, then the 1M jobs, before any server starts.
  const throwaway = await createThrowawayDatabase(BASE_DATABASE_URL, 'plumbline_load');
  cleanups.push(() => throwaway.drop());
  console.log(`\n[setup] seeding ${JOBS.toLocaleString('en-US')} jobs into a throw-away database`);
  await seedJobs(throwaway.url);

  // 1a. The baselines, right before Plumbline: bare Express 5 (the goal's), and raw node:http.
  console.log('\n[1] Express 5 and raw node:http hello vs Plumbline on GET /api/config/public');
  const expressRow = await measureHello('Express 5');
  const helloRow = await measureHello('raw node:http');

  // 1b. Plumbline on its most trivial API route: no database, but every middleware of /api.
  let plumberCookie = '';
  /** The plumber's first page of nearby jobs (parts 3, 4 and 6), once 1b has made the plumber. */
  const nearby = (connections: number, rate?: number): Load => ({
    path: '/api/jobs/nearby',
    headers: { cookie: plumberCookie },
    expect: [200],
    connections,
    rate,
  });
  const stackRow = await withPlumbline(throwaway.url, {}, async (server) => {
    ({ plumberCookie } = await createAccounts(server.url, throwaway.url));
    expectStatus(await call(server.url, 'GET', '/api/config/public'), 200, 'GET /api/config/public');
    return measure('Plumbline GET /api/config/public', server.url, server.pid, {
      path: '/api/config/public',
      expect: [200],
      connections: CONNECTIONS,
    });
  });

  // 2. A session costs a session read and a user read per request.
  console.log('\n[2] GET /api/auth/user with and without a session');
  const [sessionRow, anonymousRow, sessionBeside] = await withPlumbline(throwaway.url, {}, async (server) => {
    expectStatus(
      await call(server.url, 'GET', '/api/auth/user', { cookie: plumberCookie }),
      200,
      'auth/user',
    );
    expectStatus(await call(server.url, 'GET', '/api/auth/user'), 401, 'auth/user without a session');
    const withSession = await measure('GET /api/auth/user, session (200)', server.url, server.pid, {
      path: '/api/auth/user',
      headers: { cookie: plumberCookie },
      expect: [200],
      connections: CONNECTIONS,
    });
    const without = await measure('GET /api/auth/user, no session (401)', server.url, server.pid, {
      path: '/api/auth/user',
      expect: [401],
      connections: CONNECTIONS,
    });
    const beside = await interleave(
      'GET /api/auth/user without ÷ with a session',
      server,
      { path: '/api/auth/user', expect: [401], connections: CONNECTIONS },
      { path: '/api/auth/user', headers: { cookie: plumberCookie }, expect: [200], connections: CONNECTIONS },
    );
    return [withSession, without, beside] as const;
  });

  const nearbyRun = PARTS.has('3') ? await runNearby() : undefined;
  async function runNearby() {
    // 3 and 4a. Nearby jobs: saturation, 40% of it, and 40% beside a flood that the rate limit absorbs.
    console.log(
      `\n[3] GET /api/jobs/nearby (plumber, ${JOBS.toLocaleString('en-US')} jobs): saturation, then 40% of it`,
    );
    const flood: Load = {
      path: '/api/auth/login',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'load.homeowner@example.test', password: 'not-the-password' }),
      // 401 for a wrong password, 429 once the limit is reached, 503 when the password-check queue is
      // full (PASSWORD_CHECK_CONCURRENCY / PASSWORD_CHECK_QUEUE).
      expect: [401, 429, 503],
      connections: FLOOD_PER_SECOND,
      rate: FLOOD_PER_SECOND,
    };
    /** The flood and the nearby load together; one CPU account for both. */
    const beside = async (label: string, server: ServerProcess, rate: number) => {
      // Warm up with the flood too: the measured window then sees the flood's steady state (with the
      // production limit, only 429s: its first attempts ran bcrypt during the warm-up).
      if (WARMUP_S > 0)
        await Promise.all([fire(server.url, nearby(20, rate), WARMUP_S), fire(server.url, flood, WARMUP_S)]);
      const stopWatch = startCpuWatch(server.pid);
      const [nearbyFigures, floodFigures] = await Promise.all([
        fire(server.url, nearby(20, rate), DURATION_S),
        fire(server.url, flood, DURATION_S),
      ]);
      const cpu = stopWatch();
      const floodRow = {
        label: `${label}: the flood`,
        load: describeLoad(flood),
        figures: floodFigures,
        cpu,
      };
      const nearbyRow = {
        label: `${label}: nearby`,
        load: describeLoad(nearby(20, rate)),
        figures: nearbyFigures,
        cpu,
      };
      report(floodRow);
      report(nearbyRow);
      return { nearbyRow, floodRow };
    };

    const { saturation, rated, limited } = await withPlumbline(throwaway.url, {}, async (server) => {
      const probe = await call(server.url, 'GET', '/api/jobs/nearby', { cookie: plumberCookie });
      expectStatus(probe, 200, 'GET /api/jobs/nearby');
      // A page of open jobs since ADR 035.
      const { items } = probe.body as { items: unknown[] };
      console.log(`  one request: a page of ${items.length} open jobs within ${RADIUS_KM} km`);
      const saturation = await measure('nearby, saturation', server.url, server.pid, nearby(CONNECTIONS));
      const rate = Math.max(1, Math.round(saturation.figures.reqPerSec * GOALS.ratedShare));
      const rated = await measure('nearby at 40%', server.url, server.pid, nearby(20, rate));
      console.log(`\n[4a] nearby at 40% beside ${FLOOD_PER_SECOND} logins/s, production auth rate limit`);
      // A flood from one address spends the window's few real attempts (bcrypt) at once, then meets
      // 429s for the rest of the window: spend them first, so the measured window is that steady state.
      let attempts = 0;
      while (
        attempts < 100 &&
        (await call(server.url, 'POST', flood.path, { body: JSON.parse(flood.body!) })).status !== 429
      )
        attempts += 1;
      console.log(`  ${attempts} attempts answered 401 (each running bcrypt) before the first 429`);
      const limited = await beside('4a flood, rate-limited', server, rate);
      return { saturation, rated, limited };
    });

    // 4b. The same flood when every login runs bcrypt: the limit raised, as for many source addresses.
    console.log(
      `\n[4b] nearby at 40% beside ${FLOOD_PER_SECOND} logins/s, every login running bcrypt (cost 12)`,
    );
    const rate = Math.max(1, Math.round(saturation.figures.reqPerSec * GOALS.ratedShare));
    // Both limits raised: the flood names one account, whose own limit would otherwise answer 429.
    const unlimited = { AUTH_RATE_LIMIT: '1000000', LOGIN_ACCOUNT_RATE_LIMIT: '1000000' };
    const bcryptFlood = await withPlumbline(throwaway.url, unlimited, (server) =>
      beside('4b flood, bcrypt', server, rate),
    );
    return { saturation, rated, limited, bcryptFlood, rate };
  }

  const behindNginx = PARTS.has('5') ? await runBehindNginx() : undefined;
  async function runBehindNginx() {
    console.log('\n[5] one instance vs two behind nginx: GET /api/auth/user with a session, saturation');
    if (!nginxAvailable()) {
      console.log('  skipped: no nginx (apt-get install -y nginx)');
      return undefined;
    }
    const env = plumblineEnv(throwaway.url, { TRUST_PROXY: '1' });
    const instances: ServerProcess[] = [];
    for (let i = 0; i < 2; i++) {
      const instance = await startServerProcess({ env, readyTimeoutMs: 180_000, bundle: true });
      cleanups.push(() => instance.stop());
      instances.push(instance);
    }
    const load: Load = {
      path: '/api/auth/user',
      headers: { cookie: plumberCookie },
      expect: [200],
      connections: CONNECTIONS,
    };
    const through = async (members: ServerProcess[]) => {
      const nginx = await startNginx(members.map((member) => member.url));
      try {
        expectStatus(
          await call(nginx.url, 'GET', '/api/auth/user', { cookie: plumberCookie }),
          200,
          'through nginx',
        );
        return await measure(
          `${members.length === 1 ? 'one instance' : 'two instances'} behind nginx`,
          nginx.url,
          members.map((member) => member.pid),
          load,
        );
      } finally {
        await nginx.stop();
      }
    };
    const one = await through(instances.slice(0, 1));
    const two = await through(instances);
    return { one, two };
  }

  const allWorkers = PARTS.has('6') ? await runNearbyWithAllWorkers() : undefined;
  async function runNearbyWithAllWorkers() {
    console.log(
      `\n[6] GET /api/jobs/nearby with all workers (WEB_CONCURRENCY=${CORES}, unpinned): saturation, then 40% of it`,
    );
    return withPlumbline(
      throwaway.url,
      { WEB_CONCURRENCY: String(CORES) },
      async (server) => {
        // Ready means one worker answers; the others start once the background worker has prepared
        // the database: wait until every worker is there.
        const deadline = Date.now() + 60_000;
        while (processTree(server.pid).length < CORES + 1 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 250));
        const pids = processTree(server.pid);
        console.log(`  ${pids.length - 1} workers under the primary`);
        expectStatus(
          await call(server.url, 'GET', '/api/jobs/nearby', { cookie: plumberCookie }),
          200,
          'nearby',
        );
        const saturation = await measure(
          'all workers: nearby, saturation',
          server.url,
          pids,
          nearby(CONNECTIONS),
        );
        const rate = Math.max(1, Math.round(saturation.figures.reqPerSec * GOALS.ratedShare));
        const rated = await measure('all workers: nearby at 40%', server.url, pids, nearby(20, rate));
        return { saturation, rated, rate, workers: pids.length - 1 };
      },
      { cpu: undefined },
    );
  }

  await cleanUp();

  // ---- Summary, as markdown for docs/performance.md.
  console.log('\n### Figures\n');
  console.log(
    '| Measurement | Load | req/s | p50 ms | p99 ms | Responses (status×count) | Errors | CPU server / load gen / rest (PostgreSQL) | Server CPU µs per response | PostgreSQL CPU µs per response |',
  );
  console.log('|---|---|--:|--:|--:|---|--:|---|--:|--:|');
  for (const row of rows) {
    const f = row.figures;
    console.log(
      `| ${row.label} | ${row.load} | ${f.reqPerSec.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p99)} | ${statusList(f.statuses)}${f.unexpected ? ` (**${f.unexpected} unexpected**)` : ''} | ${f.errors}${f.timeouts ? ` (${f.timeouts} timeouts)` : ''} | ${row.cpu.server.toFixed(0)}% / ${row.cpu.loadGenerator.toFixed(0)}% / ${row.cpu.rest.toFixed(0)}% (${databasePct(row.cpu)}) | ${usOrDash(row.cpuPerResponseUs)} | ${usOrDash(row.databaseCpuPerResponseUs)} |`,
    );
  }

  const middlewareRatio = stackRow.figures.reqPerSec / expressRow.figures.reqPerSec;
  const rawHttpRatio = stackRow.figures.reqPerSec / helloRow.figures.reqPerSec;
  const sessionRatio = sessionRow.figures.reqPerSec / anonymousRow.figures.reqPerSec;
  /** The same ratio from server CPU per response: what req/s would give with the core to itself. */
  const cpuRatio = (fast: Row, slow: Row) => pct(fast.cpuPerResponseUs! / slow.cpuPerResponseUs!);
  const clean = (figures: Figures) => figures.unexpected === 0 && figures.errors === 0;
  console.log('\n### Goals\n');
  console.log('| Goal | Figure | Target | Verdict |');
  console.log('|---|---|---|---|');
  const goal = (name: string, figure: string, target: string, met: boolean) =>
    console.log(`| ${name} | ${figure} | ${target} | ${verdict(met)} |`);
  /** An interleaved comparison as the goal's figure: it is what the verdict goes by. */
  const interleavedFigure = (beside: Interleaved) =>
    `**${pct(beside.ratio)}** by server CPU per response in ${ROUNDS} alternating rounds (${beside.fastUs.toFixed(0)} ÷ ${beside.slowUs.toFixed(0)} µs, rounds ${pct(Math.min(...beside.ratios))}–${pct(Math.max(...beside.ratios))})`;
  goal(
    'Plumbline stack ÷ bare Express 5',
    `${pct(middlewareRatio)} (${stackRow.figures.reqPerSec.toFixed(0)} ÷ ${expressRow.figures.reqPerSec.toFixed(0)} req/s; by server CPU per response ${cpuRatio(expressRow, stackRow)})`,
    `≥ ${pct(GOALS.middlewareRatio)}`,
    middlewareRatio >= GOALS.middlewareRatio && clean(stackRow.figures) && clean(expressRow.figures),
  );
  goal(
    'Plumbline stack ÷ raw node:http (earlier goal)',
    `${pct(rawHttpRatio)} (${stackRow.figures.reqPerSec.toFixed(0)} ÷ ${helloRow.figures.reqPerSec.toFixed(0)} req/s; by server CPU per response ${cpuRatio(helloRow, stackRow)})`,
    `≥ ${pct(GOALS.rawHttpRatio)}`,
    rawHttpRatio >= GOALS.rawHttpRatio && clean(stackRow.figures) && clean(helloRow.figures),
  );
  goal(
    'GET /api/auth/user with ÷ without a session',
    `${interleavedFigure(sessionBeside)}; one 10 s run each: ${pct(sessionRatio)} (${sessionRow.figures.reqPerSec.toFixed(0)} ÷ ${anonymousRow.figures.reqPerSec.toFixed(0)} req/s; by server CPU per response ${cpuRatio(anonymousRow, sessionRow)})`,
    `≥ ${pct(GOALS.sessionRatio)}`,
    sessionBeside.ratio >= GOALS.sessionRatio && sessionBeside.clean && clean(sessionRow.figures),
  );
  if (nearbyRun) {
    const { saturation, rated, limited, bcryptFlood, rate } = nearbyRun;
    const factorA = limited.nearbyRow.figures.p99 / rated.figures.p99;
    const factorB = bcryptFlood.nearbyRow.figures.p99 / rated.figures.p99;
    goal(
      `nearby: server CPU per answer at saturation, ${JOBS.toLocaleString('en-US')} jobs`,
      `${usOrDash(saturation.cpuPerResponseUs)} µs (PostgreSQL ${usOrDash(saturation.databaseCpuPerResponseUs)} µs); at 40%: ${usOrDash(rated.cpuPerResponseUs)} µs (PostgreSQL ${usOrDash(rated.databaseCpuPerResponseUs)} µs)`,
      `≤ ${GOALS.nearbyCpuUs} µs`,
      saturation.cpuPerResponseUs! <= GOALS.nearbyCpuUs && clean(saturation.figures),
    );
    goal(
      `nearby at saturation, ${JOBS.toLocaleString('en-US')} jobs`,
      `${saturation.figures.reqPerSec.toFixed(0)} req/s`,
      `≥ ${GOALS.nearbyReqPerSec.toLocaleString('en-US')} req/s`,
      saturation.figures.reqPerSec >= GOALS.nearbyReqPerSec && clean(saturation.figures),
    );
    goal(
      `nearby p99 at 40% (${rate}/s), no errors`,
      `${ms(rated.figures.p99)} ms over ${rated.figures.responses} responses, ${rated.figures.unexpected + rated.figures.errors} errors/non-2xx`,
      `≤ ${GOALS.nearbyP99Ms} ms, 0`,
      rated.figures.p99 <= GOALS.nearbyP99Ms && clean(rated.figures),
    );
    goal(
      `nearby p99 beside ${FLOOD_PER_SECOND} logins/s, rate-limited (429s)`,
      `${ms(limited.nearbyRow.figures.p99)} ms = ${factorA.toFixed(2)}× (flood answered ${limited.floodRow.figures.reqPerSec.toFixed(0)}/s, ${limited.floodRow.figures.timeouts} timed out)`,
      `≤ ${GOALS.floodP99Factor}× ${ms(rated.figures.p99)} ms`,
      factorA <= GOALS.floodP99Factor && clean(limited.nearbyRow.figures),
    );
    goal(
      `nearby p99 beside ${FLOOD_PER_SECOND} logins/s, bcrypt on every login`,
      `${ms(bcryptFlood.nearbyRow.figures.p99)} ms = ${factorB.toFixed(2)}× (flood answered ${bcryptFlood.floodRow.figures.reqPerSec.toFixed(0)}/s, ${bcryptFlood.floodRow.figures.timeouts} timed out)`,
      `≤ ${GOALS.floodP99Factor}× ${ms(rated.figures.p99)} ms`,
      factorB <= GOALS.floodP99Factor && clean(bcryptFlood.nearbyRow.figures),
    );
  }
  if (allWorkers) {
    const { saturation, rated, rate, workers } = allWorkers;
    goal(
      `nearby at saturation, ${workers} workers`,
      `${saturation.figures.reqPerSec.toFixed(0)} req/s`,
      `≥ ${GOALS.nearbyReqPerSec.toLocaleString('en-US')} req/s`,
      saturation.figures.reqPerSec >= GOALS.nearbyReqPerSec && clean(saturation.figures),
    );
    goal(
      `nearby p99 at 40% (${rate}/s), ${workers} workers, no errors`,
      `${ms(rated.figures.p99)} ms over ${rated.figures.responses} responses, ${rated.figures.unexpected + rated.figures.errors} errors/non-2xx`,
      `≤ ${GOALS.nearbyP99Ms} ms, 0`,
      rated.figures.p99 <= GOALS.nearbyP99Ms && clean(rated.figures),
    );
  }
  if (behindNginx) {
    const { one, two } = behindNginx;
    console.log(
      `\nBehind nginx: two instances ${pct(two.figures.reqPerSec / one.figures.reqPerSec)} of one's throughput ` +
        `(${two.figures.reqPerSec.toFixed(0)} ÷ ${one.figures.reqPerSec.toFixed(0)} req/s; p99 ${ms(two.figures.p99)} vs ${ms(one.figures.p99)} ms; ` +
        `server CPU ${two.cpu.server.toFixed(0)}% vs ${one.cpu.server.toFixed(0)}%, the rest of the machine (nginx, PostgreSQL, kernel) ${two.cpu.rest.toFixed(0)}% vs ${one.cpu.rest.toFixed(0)}%).`,
    );
  }
  console.log(`\n${machine.join('; ')}; ${pinning}.`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
