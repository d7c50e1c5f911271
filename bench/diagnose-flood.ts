/**
 * Diagnosis flood benchmark: does a flood of photo diagnoses stall the rest of the server?
 *
 *   1. baseline: logins (2/s, bcrypt cost 12) and a logged-in plumber's GET /api/jobs/nearby (20/s)
 *      against the production server process; p99 of each;
 *   2. the same traffic while 20 clients post the largest diagnosis the server accepts, back to back:
 *      five photos at the per-photo cap, random-noise JPEGs so they are as costly as photos get;
 *   3. a control: the same flood sent to a sink process that reads and drops it, so that what the flood
 *      costs the shared machine (sending 10 MB bodies) is told apart from what it costs Plumbline;
 *   4. prints the p99s and the ratios (goal: ≤ 2× for each).
 *
 * The server is the production bundle as `npm start` runs it (server/test/server-process.ts, built
 * first if needed), with NODE_ENV=production, on the embedded database in a temporary folder, or on a
 * throw-away database when DATABASE_URL is set.
 * Each flood client posts from its own loopback address (127.0.1.1–20), as a flood from many
 * machines arrives; rate limits are raised, as for such a flood. With BENCH_FLOOD_NGINX=1 all traffic
 * goes through Debian's nginx with the tested configuration (docs/nginx/plumbline.conf, its upload
 * limits included) and the server trusts that one hop. Not pinned to a core: the server uses the
 * machine's cores as in production, and this process (the load generator) shares them; the flood's
 * process runs at nice 19 (BENCH_FLOOD_NICE), as if it were elsewhere. Traffic goes only to loopback.
 * Prints figures; never fails on a goal.
 *
 *   npx tsx bench/diagnose-flood.ts                  (≈ 1.5 min: 3 s warm-up + 20 s per phase)
 *   BENCH_FLOOD_DURATION=30 BENCH_FLOOD_NGINX=1 npx tsx bench/diagnose-flood.ts
 */
import { randomBytes } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { IMAGE_LIMITS } from '../server/modules/diagnosis/diagnosis.images';
import { DIAGNOSIS_BODY_LIMIT_BYTES } from '../server/modules/diagnosis/diagnosis.routes';
import { startNginx } from '../server/test/nginx';
import { startServerProcess, type ServerProcess } from '../server/test/server-process';
import { createThrowawayDatabase } from '../server/test/test-context';
import { type Figures, type Load, fire, percentile, statusList } from './lib/fire';

const DURATION_S = Number(process.env.BENCH_FLOOD_DURATION ?? 20);
const WARMUP_S = Number(process.env.BENCH_FLOOD_WARMUP ?? 3);
const FLOOD_CLIENTS = 20;
const THROUGH_NGINX = process.env.BENCH_FLOOD_NGINX === '1';
/**
 * The flood's process runs at this nice value: the flood stands for machines of its own, and on one
 * shared machine a generator at the server's priority takes the cores the server would have (the sink
 * control measured that at 2.5× nearby's p99 by itself). At 19 it sends with what the server leaves.
 */
const FLOOD_NICE = Number(process.env.BENCH_FLOOD_NICE ?? 19);
const LOGINS_PER_SECOND = 2;
const NEARBY_PER_SECOND = 20;
const GOAL_FACTOR = 2;
const PASSWORD = 'storm-bench-password';

/** Answers may take long while the server decodes the flood's photos. */
const REQUEST_TIMEOUT = { timeoutSeconds: 30 };

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '–');
const describe = (label: string, f: Figures) =>
  `  ${label.padEnd(26)} p50 ${ms(f.p50).padStart(10)}  p99 ${ms(f.p99).padStart(10)}  max ${ms(f.max).padStart(10)}  ${f.responses} responses (${statusList(f.statuses) || 'none'}), errors ${f.errors}`;

interface Flood {
  url: string;
  body: string;
  clients: number;
  seconds: number;
}

/**
 * The flood runs in a child process: pushing 10 MB bodies keeps a process's event loop busy, and
 * in this one it would delay reading the very answers being measured.
 */
async function floodFromChild(flood: Flood): Promise<Figures> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plumbline-flood-load-'));
  const file = path.join(dir, 'flood.json');
  await writeFile(file, JSON.stringify(flood));
  try {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--flood', file],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`flood process exited with ${code}`);
    const figures = JSON.parse(output) as Omit<Figures, 'statuses'> & { statuses: [number, number][] };
    return { ...figures, statuses: new Map(figures.statuses) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One upload: its status, or the error that ended it (a refused upload's connection may be cut). */
function post(url: string, body: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        localAddress,
        timeout: REQUEST_TIMEOUT.timeoutSeconds * 1000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/** Each client posts back to back from its own loopback address until the time is up. */
async function flood({ url, body, clients, seconds }: Flood): Promise<Figures> {
  const samples: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  let timeouts = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (Date.now() < end) {
        const started = performance.now();
        try {
          const status = await post(url, body, `127.0.1.${client + 1}`);
          samples.push(performance.now() - started);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        } catch (error) {
          if ((error as Error).message === 'timeout') timeouts += 1;
          else errors += 1;
        }
      }
    }),
  );
  const sorted = Float64Array.from(samples).sort();
  return {
    reqPerSec: samples.length / seconds,
    responses: samples.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    statuses,
    unexpected: 0,
    errors,
    timeouts,
  };
}

/**
 * The control's sink, in its own process: reads every upload to its end and answers 503, so the flood
 * costs the machine its sending and receiving and nothing of Plumbline's.
 */
async function startSink(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--sink'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8').once('data', (chunk: string) => resolve(Number(chunk.trim())));
    child.once('exit', (code) => reject(new Error(`sink exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/api/diagnose`,
    stop: async () => {
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

function runSink() {
  const sink = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(503, { 'content-type': 'application/json' }).end('{}'));
  });
  sink.listen(0, '127.0.0.1', () => process.stdout.write(`${(sink.address() as AddressInfo).port}\n`));
}

async function call(baseUrl: string, method: string, route: string, body?: unknown, cookie?: string) {
  const res = await fetch(baseUrl + route, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const setCookie = res.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .find((value) => value.startsWith('plumbline.sid='));
  if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
  return { cookie: setCookie, text };
}

/** Random pixels as a JPEG, as large as the per-photo cap allows: the costliest photo to decode. */
async function maxSizeNoisePhoto(): Promise<Buffer> {
  const width = IMAGE_LIMITS.maxLongEdge;
  for (let height = IMAGE_LIMITS.maxLongEdge; height > 0; height -= 16) {
    const jpeg = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    if (jpeg.length <= IMAGE_LIMITS.maxDecodedBytes) return jpeg;
  }
  throw new Error('no noise photo fits the cap');
}

async function main() {
  const model = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`diagnose-flood benchmark, ${new Date().toISOString()}`);
  console.log(`  ${os.availableParallelism()} cores (${model}), Node ${process.version}`);
  console.log(
    `  load average at start: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );

  const photos = await Promise.all([1, 2, 3, 4, 5].map(() => maxSizeNoisePhoto()));
  const body = JSON.stringify({
    description: 'Water is leaking under the kitchen sink and the cabinet floor is soaked',
    location: 'kitchen',
    urgency: 'urgent',
    imageUrls: photos.map((photo) => `data:image/jpeg;base64,${photo.toString('base64')}`),
  });
  console.log(
    `  flood body: 5 noise JPEGs of ${photos.map((p) => (p.length / 2 ** 20).toFixed(2)).join(', ')} MiB; ` +
      `${(body.length / 2 ** 20).toFixed(2)} MiB of JSON (limit ${(DIAGNOSIS_BODY_LIMIT_BYTES / 2 ** 20).toFixed(2)} MiB); ` +
      `the flood's process at nice ${FLOOD_NICE}`,
  );

  const cleanups: (() => Promise<unknown>)[] = [];
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    BCRYPT_COST: '12',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000',
    DIAGNOSIS_RATE_LIMIT: '1000000',
    // The demo admin verifies the bench's plumber, as an admin would (the server listens on loopback).
    DEMO_SEED: 'true',
    // Behind nginx the server takes each client's address from the one hop it trusts.
    ...(THROUGH_NGINX ? { TRUST_PROXY: '1' } : {}),
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
  };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plumbline-flood-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  env.DATA_DIR = dataDir;
  if (process.env.DATABASE_URL) {
    const throwaway = await createThrowawayDatabase(process.env.DATABASE_URL, 'plumbline_flood');
    cleanups.push(() => throwaway.drop());
    env.DATABASE_URL = throwaway.url;
    console.log('  database: a throw-away PostgreSQL database (DATABASE_URL)');
  } else {
    console.log('  database: embedded (PGlite, in the server process)');
  }

  let server: ServerProcess | undefined;
  try {
    // The production bundle, as `npm start` runs it: under tsx the heap also holds every module's
    // transpiled source and source map (~20 MB more), which each full garbage collection walks.
    await promisify(execFile)(process.execPath, ['scripts/build-if-needed.mjs']);
    // A new embedded database migrates and seeds first: slow on a busy machine.
    server = await startServerProcess({ env, readyTimeoutMs: 180_000, bundle: true });
    cleanups.push(() => server!.stop());
    let url = server.url;
    if (THROUGH_NGINX) {
      const nginx = await startNginx([server.url]);
      cleanups.push(() => nginx.stop());
      url = nginx.url;
      console.log('  through nginx (docs/nginx/plumbline.conf) in front of the server');
    }

    const plumber = await call(url, 'POST', '/api/auth/register', {
      email: 'flood.plumber@example.test',
      password: PASSWORD,
      role: 'plumber',
    });
    await call(
      url,
      'PUT',
      '/api/plumbers/me/location',
      { zip: '78701', serviceRadiusKm: 40 },
      plumber.cookie,
    );
    const details = await call(
      url,
      'PUT',
      '/api/plumbers/me/onboarding',
      {
        businessName: 'Flood Test Plumbing',
        licenseNumber: 'M-40002',
        licenseState: 'TX',
        insuranceExpiresOn: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10),
      },
      plumber.cookie,
    );
    const admin = await call(url, 'POST', '/api/auth/login', {
      email: 'admin@demo.plumbline.test',
      password: 'plumbline-demo',
    });
    await call(url, 'POST', `/api/admin/plumbers/${JSON.parse(details.text).id}/verify`, {}, admin.cookie);
    await call(url, 'POST', '/api/auth/register', {
      email: 'flood.homeowner@example.test',
      password: PASSWORD,
      role: 'homeowner',
    });
    const probe = await call(url, 'POST', '/api/diagnose', JSON.parse(body));
    console.log(`  one flood request alone: 201, engine ${JSON.parse(probe.text).engine}`);

    const login: Load = {
      path: '/api/auth/login',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'flood.homeowner@example.test', password: PASSWORD }),
      connections: LOGINS_PER_SECOND,
      rate: LOGINS_PER_SECOND,
    };
    const nearby: Load = {
      path: '/api/jobs/nearby',
      headers: { cookie: plumber.cookie! },
      connections: 10,
      rate: NEARBY_PER_SECOND,
    };

    const phase = async (label: string, floodUrl?: string) => {
      console.log(`\n[${label}] ${DURATION_S} s after ${WARMUP_S} s warm-up`);
      const loads = (seconds: number) =>
        Promise.all([
          fire(url, login, seconds, REQUEST_TIMEOUT),
          fire(url, nearby, seconds, REQUEST_TIMEOUT),
          floodUrl
            ? floodFromChild({ url: floodUrl, body, clients: FLOOD_CLIENTS, seconds })
            : Promise.resolve(undefined),
        ]);
      if (WARMUP_S > 0) await loads(WARMUP_S);
      const [loginFigures, nearbyFigures, floodFigures] = await loads(DURATION_S);
      console.log(describe('login', loginFigures));
      console.log(describe('nearby', nearbyFigures));
      if (floodFigures) console.log(describe(`flood (${FLOOD_CLIENTS} clients)`, floodFigures));
      return { login: loginFigures, nearby: nearbyFigures };
    };

    const alone = await phase('1 baseline: logins and nearby');
    const flooded = await phase(
      `2 the same beside ${FLOOD_CLIENTS} clients posting maximum diagnoses`,
      `${url}/api/diagnose`,
    );
    const sink = await startSink();
    cleanups.push(() => sink.stop());
    const control = await phase(
      `3 control: the same flood sent to a sink that reads and drops it (what sending it costs the machine)`,
      sink.url,
    );

    console.log(
      '\n| Measurement | p99 alone | p99 during the flood | Ratio | Goal | p99 beside the flood to a sink | Ratio |',
    );
    console.log('|---|--:|--:|--:|---|--:|--:|');
    for (const [name, key] of [
      ['POST /api/auth/login', 'login'],
      ['GET /api/jobs/nearby', 'nearby'],
    ] as const) {
      const factor = flooded[key].p99 / alone[key].p99;
      console.log(
        `| ${name} | ${ms(alone[key].p99)} | ${ms(flooded[key].p99)} | ${factor.toFixed(2)}× | ≤ ${GOAL_FACTOR}×: ${factor <= GOAL_FACTOR ? 'met' : '**not met**'} | ${ms(control[key].p99)} | ${(control[key].p99 / alone[key].p99).toFixed(2)}× |`,
      );
    }
    // Abandoned flood requests still in the server: let them finish before it stops.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  } finally {
    while (cleanups.length > 0) await cleanups.pop()!().catch((error: unknown) => console.error(error));
    const errors = (server?.output() ?? '').split('\n').filter((line) => /"level":(50|60)/.test(line));
    console.log(`  (server log: ${errors.length} error lines)`);
    for (const line of errors.slice(0, 5)) console.log(`  !! server: ${line.slice(0, 400)}`);
  }
}

if (process.argv[2] === '--sink') {
  runSink();
} else if (process.argv[2] === '--flood') {
  os.setPriority(FLOOD_NICE);
  const figures = await flood(JSON.parse(await readFile(process.argv[3], 'utf8')) as Flood);
  process.stdout.write(JSON.stringify({ ...figures, statuses: [...figures.statuses] }));
} else {
  await main();
}
