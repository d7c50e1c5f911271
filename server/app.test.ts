import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createLogger } from './lib/logger';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from './test/test-context';

/** The defaults of docs/architecture.md that every route inherits. */
describe(`app-wide HTTP behaviour (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers /healthz and /readyz', async () => {
    expect((await ctx.request.get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await ctx.request.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx.request.get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: 'No API route for GET /no-such-thing', code: 'NOT_FOUND' });
  });

  it('refuses a non-JSON body with 415', async () => {
    const res = await ctx.request
      .post('/api/auth/login')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('email=a%40b.test&password=12345678');
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await ctx.request
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON', code: 'INVALID_JSON' });
  });

  it('refuses a body over 100 kB with 413', async () => {
    const res = await ctx.request
      .post('/api/auth/register')
      .send({ email: uniqueEmail(), password: 'x'.repeat(120_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }, 403],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }, 403],
    ['a foreign Origin', { Origin: 'https://evil.example' }, 403],
    ['a malformed Origin', { Origin: 'null' }, 403],
    ['Sec-Fetch-Site: same-origin', { 'Sec-Fetch-Site': 'same-origin' }, 401],
    ['Sec-Fetch-Site: none (typed in the address bar)', { 'Sec-Fetch-Site': 'none' }, 401],
    ['our own Origin', { Origin: 'http://plumbline.test' }, 401],
    ['no browser headers (curl)', {}, 401],
  ])('a state-changing request with %s answers %i', async (_label, headers, status) => {
    const res = await ctx.request
      .post('/api/auth/login')
      .set('Host', 'plumbline.test')
      .set(headers)
      .send({ email: uniqueEmail(), password: 'wrong-password' });
    expect(res.status).toBe(status);
    if (status === 403) {
      expect(res.body).toEqual({ error: 'Cross-site requests are not allowed', code: 'CROSS_SITE_REQUEST' });
    }
    expect(res.headers.vary).toMatch(/Origin/);
    expect(res.headers.vary).toMatch(/Sec-Fetch-Site/);
  });

  it('sets strict security headers and no-store on the API, on answers and on errors', async () => {
    for (const res of [
      await ctx.request.get('/api/config/public'),
      await ctx.request.get('/api/auth/user'),
      await ctx.request.get('/API/nope'),
    ]) {
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
      expect(res.headers.vary).toBe('Origin, Sec-Fetch-Site');
      // A page's headers are not an API answer's.
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });

  it("gives pages and their files helmet's strict CSP", async () => {
    const res = await ctx.request.get('/media/not-a-photo.jpg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('never leaks a stack trace or SQL in error bodies', async () => {
    const responses = await Promise.all([
      ctx.request.post('/api/auth/login').set('Content-Type', 'application/json').send('{bad'),
      ctx.request.post('/api/auth/register').send({ email: 42, password: [] }),
      ctx.request.get('/api/nope'),
    ]);
    for (const res of responses) {
      const text = JSON.stringify(res.body);
      expect(Object.keys(res.body).sort()).toEqual(expect.arrayContaining(['code', 'error']));
      expect(text).not.toMatch(/at .+\.(ts|js):\d+|node_modules|SELECT|INSERT|stack/i);
    }
  });

  it('serves the public support contact settings', async () => {
    const res = await ctx.request.get('/api/config/public');
    expect(res.status).toBe(200);
    // No-store answers are never revalidated: no SHA-1 ETag of every body.
    expect(res.headers.etag).toBeUndefined();
    expect(res.body).toEqual({
      supportPhone: ctx.config.support.phone,
      supportEmail: ctx.config.support.email,
      timeZone: ctx.config.appTimeZone,
    });
  });
});

describe('before start-up has finished', () => {
  let ctx: TestContext;
  let ready = false;
  let startingApp: Parameters<typeof supertest>[0];
  beforeAll(async () => {
    ctx = await createTestContext();
    // A second app on the same database whose start-up (migrations, seed) is still running.
    const starting = await createApp({
      config: ctx.config,
      database: ctx.database,
      logger: createLogger('silent'),
      sessionSecret: 'x'.repeat(40),
      client: 'none',
      isReady: () => ready,
    });
    startingApp = starting.app;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers the API with 503 JSON and /readyz with 503 until ready, then normally', async () => {
    const notYet = await supertest(startingApp).get('/api/auth/user');
    expect(notYet.status).toBe(503);
    expect(notYet.body).toEqual({
      error: 'Plumbline is starting up. Please try again in a moment.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect((await supertest(startingApp).get('/readyz')).status).toBe(503);
    expect((await supertest(startingApp).get('/healthz')).status).toBe(200);
    ready = true;
    expect((await supertest(startingApp).get('/api/auth/user')).status).toBe(401);
    expect((await supertest(startingApp).get('/readyz')).status).toBe(200);
  });
});
