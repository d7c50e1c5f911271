import { exec } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { createThrowawayDatabase, uniqueEmail } from './test/test-context';

/**
 * Faults (docs/operations.md): PostgreSQL goes away while requests are flowing. The process must stay up,
 * answer 503 JSON quickly instead of hanging, be back within 5 s of the database, and lose no
 * committed booking.
 *
 * It stops and starts the PostgreSQL server named by TEST_DATABASE_URL, so it runs alone:
 *   flock /tmp/plumbline-pg.lock npm run test:faults:postgres
 * By default it drives the Debian cluster with pg_ctlcluster (needs root or the postgres user);
 * PG_STOP_COMMAND and PG_START_COMMAND replace those commands elsewhere.
 *
 * Stop, wait, start rather than one `restart`: a restart can be so quick that no request meets the
 * outage, and a fault test that saw no fault proves nothing. Stopping (fast mode) also kills every
 * open connection, exactly as a restart does.
 */
const OUTAGE_MS = 3_000;
/** The service is back within 5 s of the database. */
const RECOVERY_LIMIT_MS = 5_000;
/**
 * The longest a request may take while the database is away. A request fails at its first
 * database call that fails, which waits at most connectionTimeoutMillis (5 s) for a connection and
 * query_timeout (15 s) for an answer (server/db/client.ts); beyond that it would be a hang.
 */
const POOL_BOUND_MS = 5_000 + 15_000;
/** Well past POOL_BOUND_MS: a request still open then is recorded as a hang, not waited for. */
const CLIENT_ABORT_MS = 30_000;
const LOOP_WORKERS = 4;
const BOOKINGS = 5;
/**
 * Booker `i`'s phone and address: each booking is somebody else's, so the daily cap on bookings per
 * phone and address (BOOKING_DAILY_CAP) never refuses one of them.
 */
const booker = (i: number) => ({
  phone: `512555${String(100 + i).padStart(4, '0')}`,
  address: `${1200 + i} S Congress Ave, Austin, TX 78704`,
});

const execAsync = promisify(exec);

function clusterCommands(): { stop: string; start: string } {
  const { PG_STOP_COMMAND: stop, PG_START_COMMAND: start } = process.env;
  if (stop && start) return { stop, start };
  if (stop || start) throw new Error('Set both PG_STOP_COMMAND and PG_START_COMMAND, or neither.');
  const howTo =
    'This test stops and starts PostgreSQL. On a Debian/Ubuntu machine, as root, with one cluster in ' +
    '/etc/postgresql, run: flock /tmp/plumbline-pg.lock npm run test:faults:postgres. Elsewhere set ' +
    'PG_STOP_COMMAND and PG_START_COMMAND to commands that stop and start the server named by TEST_DATABASE_URL.';
  if (!existsSync('/usr/bin/pg_ctlcluster') || !existsSync('/etc/postgresql')) {
    throw new Error(`pg_ctlcluster not found. ${howTo}`);
  }
  const versions = readdirSync('/etc/postgresql');
  if (versions.length !== 1) {
    throw new Error(
      `Expected one PostgreSQL version in /etc/postgresql, found ${versions.join(', ') || 'none'}. ${howTo}`,
    );
  }
  if (process.getuid?.() !== 0 && userInfo().username !== 'postgres') {
    throw new Error(`pg_ctlcluster needs root or the postgres user. ${howTo}`);
  }
  const base = `pg_ctlcluster --skip-systemctl-redirect ${versions[0]} main`;
  return { stop: `${base} stop`, start: `${base} start` };
}

interface Sample {
  path: string;
  startedAt: number;
  ms: number;
  /** The HTTP status, or 0 when the request failed or hung past CLIENT_ABORT_MS. */
  status: number;
  body: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL restarted while requests are flowing', () => {
  const baseUrl = process.env.TEST_DATABASE_URL;
  let commands: { stop: string; start: string };
  let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let server: ServerProcess;
  let serverExited = false;
  let dbHost: string;
  let dbPort: string;

  const isReady = async () =>
    execAsync(`pg_isready -q -h ${dbHost} -p ${dbPort}`).then(
      () => true,
      () => false,
    );

  /** Whatever happened, leave PostgreSQL running for everyone else. */
  async function ensurePostgresRunning() {
    if (!commands || (await isReady())) return;
    await execAsync(commands.start).catch(() => undefined);
    for (let i = 0; i < 300 && !(await isReady()); i++) await sleep(100);
  }

  beforeAll(async () => {
    if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set: run npm run test:faults:postgres');
    commands = clusterCommands();
    const url = new URL(baseUrl);
    dbHost = url.hostname;
    dbPort = url.port || '5432';
    throwaway = await createThrowawayDatabase(baseUrl, 'plumbline_fault');
    server = await startServerProcess({
      env: { DATABASE_URL: throwaway.url, DEMO_SEED: 'false', BOOKING_RATE_LIMIT: '100000' },
    });
    void server.exited.then(() => (serverExited = true));
  }, 90_000);

  afterAll(async () => {
    await ensurePostgresRunning();
    await server?.stop();
    await throwaway?.drop();
  }, 60_000);

  it('stays up, answers 503 fast during the outage, recovers within 5 s and keeps every booking', async () => {
    // The server runs with the default APP_TIME_ZONE; the slots below are on its day after tomorrow.
    const date = dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 2);
    const call = async (path: string, init: RequestInit = {}): Promise<Sample> => {
      const startedAt = Date.now();
      try {
        const res = await fetch(`${server.url}${path}`, {
          ...init,
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...init.headers },
          signal: AbortSignal.timeout(CLIENT_ABORT_MS),
        });
        const text = await res.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON: kept as text, and the assertions below will say so.
        }
        return { path, startedAt, ms: Date.now() - startedAt, status: res.status, body };
      } catch (error) {
        return { path, startedAt, ms: Date.now() - startedAt, status: 0, body: String(error) };
      }
    };

    // A signed-in user, so the loop also reads a session and a user from the database.
    const register = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: uniqueEmail('fault'),
        password: 'storm-drain-test-password',
        role: 'homeowner',
      }),
    });
    expect(register.status).toBe(201);
    const cookie = register.headers
      .getSetCookie()
      .find((c) => c.startsWith('plumbline.sid='))
      ?.split(';')[0];
    if (!cookie) throw new Error('no session cookie after registering');

    // Bookings committed before the outage, each on its own slot.
    const admin = new pg.Client({ connectionString: throwaway.url });
    await admin.connect();
    const slotIds = (
      await admin.query<{ id: string }>(
        `insert into availability_slots (date, start_time, end_time)
         select $1, lpad((6 + n)::text, 2, '0') || ':15', '23:00' from generate_series(1, $2) as n
         returning id`,
        [date, BOOKINGS],
      )
    ).rows.map((row) => row.id);
    await admin.end();
    const booked: string[] = [];
    for (const [i, slotId] of slotIds.entries()) {
      const res = await call('/api/service-requests', {
        method: 'POST',
        body: JSON.stringify({
          name: `Before restart ${i}`,
          email: `before.${i}@fault.example.test`,
          phone: booker(i).phone,
          serviceType: 'Drain Cleaning',
          preferredDate: date,
          urgency: 'routine',
          description: 'Booked just before the database restarts.',
          address: booker(i).address,
          slotId,
        }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      booked.push((res.body as { id: string }).id);
    }

    // The steady traffic: an anonymous read and an authenticated one, a few at a time, until told to stop.
    const samples: Sample[] = [];
    let running = true;
    const worker = async (index: number) => {
      for (let n = 0; running; n++) {
        const sample =
          (index + n) % 2 === 0
            ? await call(`/api/availability-slots?date=${date}`)
            : await call('/api/auth/user', { headers: { Cookie: cookie } });
        samples.push(sample);
        // Failures come back in milliseconds; a short pause keeps the loop from spinning the CPU.
        if (sample.status !== 200) await sleep(20);
      }
    };
    const workers = Array.from({ length: LOOP_WORKERS }, (_, i) => worker(i));
    const readyzDuringOutage: Sample[] = [];
    let downAt = 0;
    let pgReadyAt = 0;
    let apiBackAt = 0;
    try {
      await sleep(1_000);
      downAt = Date.now();
      await execAsync(commands.stop);
      const outageEnd = Date.now() + OUTAGE_MS;
      while (Date.now() < outageEnd) {
        readyzDuringOutage.push(await call('/readyz'));
        await sleep(250);
      }
      await execAsync(commands.start);
      const startDeadline = Date.now() + 30_000;
      while (!(await isReady())) {
        if (Date.now() > startDeadline) throw new Error('PostgreSQL did not accept connections within 30 s');
        await sleep(50);
      }
      pgReadyAt = Date.now();
      // Back means both kinds of request answer 200 again.
      while (Date.now() - pgReadyAt < 15_000) {
        const [slots, user] = await Promise.all([
          call(`/api/availability-slots?date=${date}`),
          call('/api/auth/user', { headers: { Cookie: cookie } }),
        ]);
        if (slots.status === 200 && user.status === 200) {
          apiBackAt = Date.now();
          break;
        }
        await sleep(50);
      }
      await sleep(1_000);
    } finally {
      running = false;
      await Promise.all(workers);
      await ensurePostgresRunning();
    }

    expect(serverExited, `the server exited during the outage:\n${server.output()}`).toBe(false);
    expect((await call('/healthz')).status).toBe(200);

    const duringOutage = samples.filter((s) => s.startedAt >= downAt && s.startedAt < pgReadyAt);
    const unavailable = duringOutage.filter((s) => s.status === 503);
    expect(unavailable.length, 'no request met the outage: the test proved nothing').toBeGreaterThan(0);
    // Both kinds met it: a handler's query and the session store's read.
    expect(new Set(unavailable.map((s) => s.path.split('?')[0]))).toEqual(
      new Set(['/api/availability-slots', '/api/auth/user']),
    );
    // Every answer is a success or a clean 503 with the JSON error body: no 500, no hang, no HTML.
    for (const sample of samples) {
      expect([200, 503], JSON.stringify(sample)).toContain(sample.status);
      expect(sample.ms, JSON.stringify(sample)).toBeLessThan(POOL_BOUND_MS);
      if (sample.status === 503) {
        expect(sample.body).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
      }
    }
    // /readyz tells the load balancer to route elsewhere while the database is down.
    expect(readyzDuringOutage.map((s) => s.status)).toContain(503);
    expect(readyzDuringOutage.every((s) => s.status === 503 || s.status === 200)).toBe(true);
    expect((await call('/readyz')).status).toBe(200);

    expect(apiBackAt, 'the API did not answer 200 within 15 s of the database').toBeGreaterThan(0);
    expect(apiBackAt - pgReadyAt).toBeLessThan(RECOVERY_LIMIT_MS);
    // Once back, it stays back: the pool dropped its dead connections instead of handing them out.
    const afterRecovery = samples.filter((s) => s.startedAt >= apiBackAt);
    expect(afterRecovery.length).toBeGreaterThan(0);
    expect(afterRecovery.filter((s) => s.status !== 200)).toEqual([]);

    const check = new pg.Client({ connectionString: throwaway.url });
    await check.connect();
    try {
      // Exactly once each: the same ids, no more, no fewer.
      const requests = await check.query<{ id: string }>(
        `select id from service_requests where email like 'before.%@fault.example.test'`,
      );
      expect(requests.rows.map((row) => row.id).sort()).toEqual([...booked].sort());
      const slots = await check.query<{ id: string; service_request_id: string }>(
        `select id, service_request_id from availability_slots where id = any($1::uuid[]) and is_booked = 'true'`,
        [slotIds],
      );
      expect(slots.rows.map((row) => row.service_request_id).sort()).toEqual([...booked].sort());

      // And a new booking works.
      const [freeSlot] = (
        await check.query<{ id: string }>(
          `insert into availability_slots (date, start_time, end_time) values ($1, '21:45', '23:00') returning id`,
          [date],
        )
      ).rows;
      const after = await call('/api/service-requests', {
        method: 'POST',
        body: JSON.stringify({
          name: 'After restart',
          email: 'after@fault.example.test',
          phone: booker(BOOKINGS).phone,
          serviceType: 'Drain Cleaning',
          preferredDate: date,
          urgency: 'routine',
          description: 'Booked once the database is back.',
          address: booker(BOOKINGS).address,
          slotId: freeSlot.id,
        }),
      });
      expect(after.status, JSON.stringify(after.body)).toBe(201);
    } finally {
      await check.end();
    }

    console.info(
      `postgres restart: ${samples.length} requests, ${unavailable.length} answered 503 during the outage, ` +
        `slowest ${Math.max(...samples.map((s) => s.ms))} ms (bound ${POOL_BOUND_MS} ms), ` +
        `API back ${apiBackAt - pgReadyAt} ms after pg_isready (limit ${RECOVERY_LIMIT_MS} ms)`,
    );
  });
});
