import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableName, type Table } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { diagnostics, serviceRequests, users } from '@shared/schema';
import { SESSION_COOKIE_NAME } from './auth/session';
import { createLogger } from './lib/logger';
import { chatCompletion, startFakeOpenAi, type FakeOpenAi } from './test/fake-openai';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from './test/test-context';

/**
 * Logs: with the app logging at its most verbose level, requests carrying passwords,
 * session cookies, photos and phone numbers — and their error paths — leave none of them in the
 * log, and hostile line breaks cannot forge a log record.
 */

/** Collects what pino writes: one `write` per record. */
function captureLog() {
  const writes: string[] = [];
  const text = (from = 0) => writes.slice(from).join('');
  return {
    stream: { write: (chunk: string) => void writes.push(chunk) },
    writes,
    /** Where the log is now; pass it to `text`/`records` to read only what came after. */
    mark: () => writes.length,
    text,
    records: (from = 0): LogRecord[] =>
      text(from)
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as LogRecord),
  };
}

interface LogRecord {
  level: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  err?: { type?: string; message?: string; stack?: string; query?: string; code?: string };
  [key: string]: unknown;
}

const PASSWORD = 'Corr3ct-Horse-Log-Secret-41';
const WRONG_PASSWORD = 'Wr0ng-Guess-Log-Secret-77';
const REJECTED_PASSWORD = 'Refused-Role-Log-Secret-63';
const MALFORMED_PASSWORD = 'Malformed-Json-Log-Secret-29';
const OVERSIZE_PASSWORD = 'Oversize-Body-Log-Secret-58';
const PLAIN_TEXT_PASSWORD = 'Plain-Text-Log-Secret-35';
/** Over bcrypt's 72 bytes: refused with 400, the body still reaches the server. */
const TOO_LONG_PASSWORD = `Too-Long-Log-Secret-${'q'.repeat(70)}`;
const OPENAI_KEY = 'sk-test-log-capture-key-5521';

/** Phone numbers in the forms people type them. */
const PHONES = ['(512) 555-0148', '+1 737-555-0163', '5125550179', '512.555.0192', '(737) 555 0124'];

const HOSTILE_EMAIL = 'victim@example.test\r\n{"level":30,"msg":"forged"}';
const HOSTILE_TEXT = 'Sink drips a lot.\r\n{"level":30,"msg":"forged"}\n';

/** Every value that must never reach the log; cookies and photos are added as they are made. */
const secrets: { label: string; value: string }[] = [
  ...[
    PASSWORD,
    WRONG_PASSWORD,
    REJECTED_PASSWORD,
    MALFORMED_PASSWORD,
    OVERSIZE_PASSWORD,
    PLAIN_TEXT_PASSWORD,
    TOO_LONG_PASSWORD,
  ].map((value) => ({ label: 'a password', value })),
  { label: 'the OpenAI API key', value: OPENAI_KEY },
];

/** The digits of a phone number, whatever is typed between them (spaces, dots, dashes, brackets). */
const phonePattern = (phone: string) =>
  new RegExp(
    phone
      .replace(/\D/g, '')
      .replace(/^1(?=\d{10}$)/, '')
      .split('')
      .join('\\D{0,3}'),
  );

function expectNothingSecret(log: string) {
  for (const { label, value } of secrets) {
    expect(log.includes(value), `the log holds ${label}`).toBe(false);
  }
  for (const phone of PHONES) {
    expect(log.includes(phone), `the log holds the phone number ${phone}`).toBe(false);
    expect(log, `the log holds the digits of ${phone}`).not.toMatch(phonePattern(phone));
  }
  expect(log).not.toContain('data:image');
  expect(log).not.toContain('base64');
  // Image data or a cookie would show as a long run of base64; nothing we log looks like that.
  expect(log).not.toMatch(/[A-Za-z0-9+/]{100,}/);
  expect(log).not.toContain(SESSION_COOKIE_NAME);
  // bcrypt hashes of the passwords.
  expect(log).not.toMatch(/\$2[aby]\$/);
}

/** The session cookie's value, the session id and its signature, as sent back by the server. */
function rememberCookie(setCookie: string[] | string | undefined): void {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = cookies.find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`));
  if (!cookie) throw new Error('no session cookie set');
  const value = cookie.slice(SESSION_COOKIE_NAME.length + 1).split(';')[0];
  const decoded = decodeURIComponent(value);
  const match = /^s:([^.]+)\.(.+)$/.exec(decoded);
  if (!match) throw new Error(`unexpected session cookie ${decoded}`);
  secrets.push(
    { label: 'a session cookie', value },
    { label: 'a session cookie', value: decoded },
    { label: 'a session id', value: match[1] },
    { label: 'a session cookie signature', value: match[2] },
  );
}

/** A small photo whose bytes (and base64) are unlike anything else. */
async function photo(): Promise<string> {
  const jpeg = await sharp({
    create: {
      width: 96,
      height: 64,
      channels: 3,
      background: '#1d6a8a',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const base64 = jpeg.toString('base64');
  // Slices from the start, middle and end: any piece of the photo in the log is a leak.
  for (const at of [0, 40, Math.floor(base64.length / 2), base64.length - 40]) {
    secrets.push({ label: 'a piece of the photo', value: base64.slice(at, at + 32) });
  }
  return `data:image/jpeg;base64,${base64}`;
}

/** The date `offset` days ahead on the app's clock: the test app runs with the default APP_TIME_ZONE. */
const dayFromToday = (offset: number) => dayFromTodayIn(DEFAULT_APP_TIME_ZONE, offset);

function bookingBody(phone: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Jordan Rivers',
    email: uniqueEmail('guest'),
    phone,
    serviceType: 'Drain Cleaning',
    preferredDate: dayFromToday(4),
    urgency: 'routine',
    description: 'The kitchen sink drains very slowly and gurgles.',
    address: '1200 S Congress Ave, Austin, TX 78704',
    ...overrides,
  };
}

const DIAGNOSIS = {
  description: 'Water drips from under the kitchen sink',
  location: 'kitchen',
  urgency: 'routine',
};

describe(`the log at level trace (${testDatabaseKind} database)`, () => {
  const log = captureLog();
  let ctx: TestContext;
  let fake: FakeOpenAi;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'plumbline-logging-'));
    fake = await startFakeOpenAi();
    // The model echoes what it was sent (photo included) as an answer the engine rejects: the
    // engine logs a warning and falls back to the offline engine.
    fake.respond((request) => ({ json: chatCompletion(JSON.stringify(request.body)) }));
    ctx = await createTestContext({
      seed: true,
      logDestination: log.stream,
      env: {
        LOG_LEVEL: 'trace',
        DATA_DIR: dataDir,
        OPENAI_API_KEY: OPENAI_KEY,
        OPENAI_BASE_URL: fake.url,
        OPENAI_TIMEOUT_MS: '10000',
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** The request log's line for one request (server/lib/request-log.ts). */
  function requestRecord(records: LogRecord[], method: string, url: string, status: number) {
    const record = records.find(
      (r) => r.req?.method === method && r.req?.url === url && r.res?.statusCode === status,
    );
    expect(record, `no log record for ${method} ${url} → ${status}`).toBeDefined();
    return record!;
  }

  /** Runs `action` while `table` is missing, so its queries fail inside the handler: a 500. */
  async function withoutTable(table: Table, action: () => Promise<void>) {
    const name = getTableName(table);
    await ctx.database.pool.query(`alter table "${name}" rename to "${name}_hidden"`);
    try {
      await action();
    } finally {
      await ctx.database.pool.query(`alter table "${name}_hidden" rename to "${name}"`);
    }
  }

  it('registers, logs in and fails a login without logging the passwords or the cookies', async () => {
    const mark = log.mark();
    const email = uniqueEmail('logs');
    const agent = ctx.agent();
    const registered = await agent.post('/api/auth/register').send({ email, password: PASSWORD });
    expect(registered.status).toBe(201);
    rememberCookie(registered.headers['set-cookie']);
    expect((await agent.post('/api/auth/logout').send({})).status).toBe(200);

    const failed = await ctx.request.post('/api/auth/login').send({ email, password: WRONG_PASSWORD });
    expect(failed.status).toBe(401);

    const loggedIn = await agent.post('/api/auth/login').send({ email, password: PASSWORD });
    expect(loggedIn.status).toBe(200);
    rememberCookie(loggedIn.headers['set-cookie']);
    // The browser sends the cookie back on every request.
    expect((await agent.get('/api/auth/user')).status).toBe(200);

    const records = log.records(mark);
    requestRecord(records, 'POST', '/api/auth/register', 201);
    requestRecord(records, 'POST', '/api/auth/login', 401);
    const login = requestRecord(records, 'POST', '/api/auth/login', 200);
    expect(login).toMatchObject({ level: 30, msg: 'request completed' });
    requestRecord(records, 'GET', '/api/auth/user', 200);
    expectNothingSecret(log.text(mark));
  });

  it('diagnoses a photo without logging the image data', async () => {
    const mark = log.mark();
    const image = await photo();
    const agent = ctx.agent();
    const registered = await agent
      .post('/api/auth/register')
      .send({ email: uniqueEmail(), password: PASSWORD });
    expect(registered.status).toBe(201);
    rememberCookie(registered.headers['set-cookie']);
    fake.reset();

    const res = await agent.post('/api/diagnose').send({ ...DIAGNOSIS, imageUrls: [image] });
    expect(res.status).toBe(201);
    expect(res.body.engine).toBe('offline');
    // The photo did travel to the model and back in its answer, which the engine logged about.
    expect(JSON.stringify(fake.requests[0].body)).toContain('data:image/jpeg;base64,');

    const records = log.records(mark);
    requestRecord(records, 'POST', '/api/diagnose', 201);
    expect(records.some((r) => r.level === 40 && /openai diagnosis failed/.test(r.msg ?? ''))).toBe(true);
    expectNothingSecret(log.text(mark));
  });

  it('books with a phone number, as a guest and logged in, without logging the number', async () => {
    const mark = log.mark();
    const date = dayFromToday(4);
    const guest = await ctx.request.post('/api/service-requests').send(bookingBody(PHONES[0]));
    expect(guest.status).toBe(201);

    const agent = ctx.agent();
    const registered = await agent
      .post('/api/auth/register')
      .send({ email: uniqueEmail(), password: PASSWORD });
    expect(registered.status).toBe(201);
    rememberCookie(registered.headers['set-cookie']);
    // A homeowner's booking posts a job, which needs a name and a phone on the account.
    const profile = await agent.patch('/api/account').send({ name: 'Logan Quiet', phone: PHONES[1] });
    expect(profile.status).toBe(200);
    const own = await agent
      .post('/api/service-requests')
      .send(bookingBody(PHONES[1], { preferredDate: date }));
    expect(own.status).toBe(201);
    const [slot] = (await ctx.request.get('/api/availability-slots').query({ date })).body;
    const booked = await agent
      .post(`/api/availability-slots/${slot.id}/book`)
      .send({ serviceRequestId: own.body.id, phone: PHONES[2] });
    expect(booked.status).toBe(200);

    const records = log.records(mark);
    expect(
      records.filter((r) => r.req?.url === '/api/service-requests' && r.res?.statusCode === 201),
    ).toHaveLength(2);
    requestRecord(records, 'POST', `/api/availability-slots/${slot.id}/book`, 200);
    expectNothingSecret(log.text(mark));
  });

  it('refuses requests full of secrets with 4xx and logs none of them', async () => {
    const mark = log.mark();
    const email = uniqueEmail('refused');
    const image = await photo();
    const refusals: [string, number, () => Promise<{ status: number }>][] = [
      [
        '/api/auth/register',
        400,
        () => ctx.request.post('/api/auth/register').send({ email, password: TOO_LONG_PASSWORD }),
      ],
      [
        '/api/auth/register',
        400,
        () =>
          ctx.request
            .post('/api/auth/register')
            .send({ email, password: REJECTED_PASSWORD, role: 'admin', phone: PHONES[3] }),
      ],
      [
        '/api/auth/login',
        400,
        () =>
          ctx.request
            .post('/api/auth/login')
            .set('Content-Type', 'application/json')
            .send(`{"email":"${email}","password":"${MALFORMED_PASSWORD}","phone":"${PHONES[3]}"`),
      ],
      [
        '/api/auth/login',
        413,
        () =>
          ctx.request
            .post('/api/auth/login')
            .send({ email, password: OVERSIZE_PASSWORD, phone: PHONES[3], padding: 'x'.repeat(120_000) }),
      ],
      [
        '/api/auth/login',
        415,
        () =>
          ctx.request
            .post('/api/auth/login')
            .set('Content-Type', 'text/plain')
            .send(`email=${email}&password=${PLAIN_TEXT_PASSWORD}`),
      ],
      [
        '/api/service-requests',
        400,
        () =>
          ctx.request.post('/api/service-requests').send(bookingBody(PHONES[3], { description: 'short' })),
      ],
      [
        '/api/diagnose',
        400,
        () =>
          ctx.request
            .post('/api/diagnose')
            .send({ ...DIAGNOSIS, description: 'short', imageUrls: [image], phone: PHONES[3] }),
      ],
      [
        '/api/diagnose',
        415,
        // A truncated photo cannot be decoded.
        () => ctx.request.post('/api/diagnose').send({ ...DIAGNOSIS, imageUrls: [image.slice(0, 600)] }),
      ],
    ];
    for (const [url, status, send] of refusals) {
      expect((await send()).status, url).toBe(status);
    }

    const records = log.records(mark);
    for (const [url, status] of refusals) requestRecord(records, 'POST', url, status);
    expectNothingSecret(log.text(mark));
  });

  it('logs failed requests (500) without the secrets their queries carried', async () => {
    const mark = log.mark();
    const email = uniqueEmail('broken');
    expect((await ctx.request.post('/api/auth/register').send({ email, password: PASSWORD })).status).toBe(
      201,
    );
    await withoutTable(users, async () => {
      const login = await ctx.request.post('/api/auth/login').send({ email, password: PASSWORD });
      expect(login.status).toBe(500);
      const register = await ctx.request
        .post('/api/auth/register')
        .send({ email: uniqueEmail(), password: PASSWORD });
      expect(register.status).toBe(500);
    });
    await withoutTable(serviceRequests, async () => {
      const res = await ctx.request
        .post('/api/service-requests')
        .send(
          bookingBody(PHONES[4], { name: 'Jo\r\n{"level":30,"msg":"forged"}', description: HOSTILE_TEXT }),
        );
      expect(res.status).toBe(500);
    });
    const image = await photo();
    await withoutTable(diagnostics, async () => {
      const res = await ctx.request.post('/api/diagnose').send({ ...DIAGNOSIS, imageUrls: [image] });
      expect(res.status).toBe(500);
    });

    const records = log.records(mark);
    const failures = records.filter((r) => r.level === 50 && r.msg === 'request failed');
    // One error record per failed request, saying what failed (the database's own message).
    expect(failures.map((r) => r.url).sort()).toEqual(
      ['/api/auth/login', '/api/auth/register', '/api/diagnose', '/api/service-requests'].sort(),
    );
    for (const failure of failures) {
      // What an operator needs stays: the database's message, the SQLSTATE, the SQL with placeholders.
      expect(failure.err).toMatchObject({ type: 'DrizzleQueryError', code: '42P01' });
      expect(failure.err?.message).toMatch(/relation "\w+" does not exist/);
      expect(failure.err?.query).toMatch(/\$1/);
      expect(failure.err).not.toHaveProperty('params');
    }
    for (const url of ['/api/auth/login', '/api/auth/register', '/api/service-requests', '/api/diagnose']) {
      requestRecord(records, 'POST', url, 500);
    }
    expectNothingSecret(log.text(mark));
    expect(log.text(mark)).not.toContain(email);
    expect(log.text(mark)).not.toContain('forged');
  });

  it('leaves out the values a database or body-parser error quotes', () => {
    const own = captureLog();
    const logger = createLogger('trace', own.stream);
    const pgError = Object.assign(new Error('null value in column "name" violates not-null constraint'), {
      code: '23502',
      detail: `Failing row contains (null, ${PHONES[0]}, ${PASSWORD}).`,
      where: `SQL function with ${PHONES[1]}`,
    });
    const parseError = Object.assign(new Error('Unexpected end of JSON input'), {
      type: 'entity.parse.failed',
      body: `{"password":"${MALFORMED_PASSWORD}"`,
    });
    const queryError = new DrizzleQueryError(
      'insert into "users" values ($1, $2)',
      [PHONES[2], PASSWORD],
      pgError,
    );
    logger.error({ err: pgError }, 'database error');
    logger.error({ err: parseError }, 'parse error');
    logger.error({ err: new Error('booking failed', { cause: queryError }) }, 'wrapped query error');

    const [db, parse, wrapped] = own.records();
    expect(db.err).toMatchObject({ code: '23502', message: pgError.message });
    expect(parse.err).toMatchObject({ type: 'Error', message: parseError.message });
    expect(wrapped.err).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23502',
      message: `booking failed: ${pgError.message}`,
      query: 'insert into "users" values ($1, $2)',
    });
    expect(wrapped.err?.stack).toMatch(/\n {4}at /);
    expectNothingSecret(own.text());
    // The errors themselves are left as they were.
    expect(pgError.detail).toContain(PASSWORD);
    expect(parseError.body).toContain(MALFORMED_PASSWORD);
  });

  it('keeps a CR/LF in an e-mail on one log line', async () => {
    const mark = log.mark();
    const login = await ctx.request
      .post('/api/auth/login')
      .send({ email: HOSTILE_EMAIL, password: PASSWORD });
    expect(login.status).toBe(400);
    const register = await ctx.request
      .post('/api/auth/register')
      .send({ email: HOSTILE_EMAIL, password: PASSWORD });
    expect(register.status).toBe(400);
    const booking = await ctx.request
      .post('/api/service-requests')
      .send(bookingBody(PHONES[0], { email: HOSTILE_EMAIL }));
    expect(booking.status).toBe(400);
    // In the query string the e-mail does reach the log, as the request's URL.
    const url = `/api/auth/login?email=${encodeURIComponent(HOSTILE_EMAIL)}`;
    expect((await ctx.request.post(url).send({ email: 'x', password: PASSWORD })).status).toBe(400);

    const records = log.records(mark);
    requestRecord(records, 'POST', '/api/auth/login', 400);
    requestRecord(records, 'POST', '/api/service-requests', 400);
    const logged = requestRecord(records, 'POST', url, 400);
    expect(decodeURIComponent(new URL(logged.req!.url!, 'http://x').searchParams.get('email')!)).toBe(
      HOSTILE_EMAIL,
    );
    expect(records.some((r) => r.msg === 'forged')).toBe(false);

    // And whatever reaches the logger itself, raw CR/LF included, is written as one escaped line.
    const own = captureLog();
    const logger = createLogger('trace', own.stream);
    logger.info({ email: HOSTILE_EMAIL, user: { email: HOSTILE_EMAIL } }, HOSTILE_EMAIL);
    logger.error({ err: new Error(HOSTILE_EMAIL) }, HOSTILE_TEXT);
    expect(own.writes).toHaveLength(2);
    expect(own.text().split('\n')).toHaveLength(3);
    const [info, error] = own.records();
    expect(info).toMatchObject({ msg: HOSTILE_EMAIL, email: HOSTILE_EMAIL });
    expect(error).toMatchObject({ msg: HOSTILE_TEXT, err: { message: HOSTILE_EMAIL } });
  });

  it('wrote every record as exactly one JSON line, none of them forged or secret', () => {
    const text = log.text();
    // Not vacuous: every request above left its record.
    expect(log.writes.length).toBeGreaterThan(30);
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(log.writes.length);
    for (const write of log.writes) expect(write.indexOf('\n')).toBe(write.length - 1);
    for (const line of lines) {
      expect(line).not.toContain('\r');
      const record = JSON.parse(line) as LogRecord;
      expect(typeof record.level).toBe('number');
      expect(record.msg).not.toBe('forged');
      expect(line.startsWith('{"level":30,"msg":"forged"')).toBe(false);
    }
    expectNothingSecret(text);
  });
});
