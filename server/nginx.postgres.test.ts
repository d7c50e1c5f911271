import bcrypt from 'bcrypt';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { rateLimits, users } from '@shared/schema';
import type { DatabaseHandle } from './db/client';
import { locateAddress } from './modules/geo';
import { postJob } from './modules/jobs/jobs.service';
import { startInstances, TestBrowser, type Instances } from './test/instances';
import { NGINX_BINARY, nginxAvailable, startNginx, type Nginx } from './test/nginx';
import type { ServerProcess } from './test/server-process';
import { openEventStream, type EventStreamReader } from './test/sse-client';
import { uniqueEmail } from './test/test-context';

/**
 * Two real server processes on one PostgreSQL database behind a real nginx, configured with the
 * template docs/operations.md recommends ("Behind nginx", docs/nginx/plumbline.conf), the instances
 * trusting one hop (TRUST_PROXY=1). .ci/run installs nginx; a machine without it skips this file.
 */
const PASSWORD = 'copper-gasket-front-door';
/** How long an event published through one instance may take to reach a stream through nginx. */
const DELIVERY_BOUND_MS = 2_000;

interface ProxiedReply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as received (still compressed when nginx compressed it). */
  raw: Buffer;
  json(): { code?: string; id?: string; [key: string]: unknown };
}

/**
 * One browser in front of nginx, connecting from its own loopback address (127.0.0.0/8 is all
 * this machine's), so that the address nginx passes on differs from the one nginx connects from.
 */
class ProxiedBrowser {
  cookie: string | undefined;
  constructor(
    readonly nginx: () => Nginx,
    readonly address: string,
  ) {}

  call(
    method: string,
    route: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ProxiedReply> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    if (this.cookie) headers.Cookie = this.cookie;
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        `${this.nginx().url}${route}`,
        { method, headers, localAddress: this.address },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const sid = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('plumbline.sid='));
            if (sid) this.cookie = sid.split(';')[0];
            const text = () =>
              res.headers['content-encoding'] === 'gzip'
                ? gunzipSync(raw).toString('utf8')
                : raw.toString('utf8');
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              raw,
              json: () => JSON.parse(text()),
            });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
}

describe.skipIf(!nginxAvailable())(`two instances behind nginx (${NGINX_BINARY})`, () => {
  let cluster: Instances;
  let database: DatabaseHandle;
  let nginx: Nginx;
  let a: ServerProcess;
  let b: ServerProcess;
  const readers: EventStreamReader[] = [];
  let nextAddress = 10;
  const newBrowser = () => {
    nextAddress += 1;
    return new ProxiedBrowser(() => nginx, `127.0.0.${nextAddress}`);
  };

  beforeAll(async () => {
    cluster = await startInstances({
      database: 'plumbline_nginx',
      count: 2,
      env: {
        SESSION_SECRET: 'nginx-shared-session-secret-0123456789abcdef',
        TRUST_PROXY: '1',
        // Request lines (method, path, status) tell which instance answered.
        LOG_LEVEL: 'info',
        AUTH_RATE_LIMIT: '1000',
      },
    });
    [a, b] = cluster.instances;
    database = cluster.database;
    nginx = await startNginx([a.url, b.url]);
  }, 120_000);

  afterAll(async () => {
    for (const reader of readers) reader.close();
    await nginx?.stop();
    await cluster?.stop();
  }, 60_000);

  /**
   * Which instances logged a request for exactly `url`: waits (5 s at most) until `expected`
   * instances have, so that a log line still on its way is not missed.
   */
  async function servedBy(url: string, expected = 1): Promise<string[]> {
    const line = `"url":${JSON.stringify(url)}`;
    const which = () => [a, b].flatMap((instance, i) => (instance.output().includes(line) ? ['ab'[i]] : []));
    const deadline = Date.now() + 5_000;
    while (which().length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return which();
  }

  it('spreads requests over both instances in turn', async () => {
    const browser = newBrowser();
    const answered: string[][] = [];
    for (let i = 0; i < 6; i++) {
      const route = `/api/nginx-probe-${i}`;
      const res = await browser.call('GET', route);
      expect(res.status).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      answered.push(await servedBy(route));
    }
    // Each request answered by exactly one instance, and round robin alternates them.
    expect(
      answered.every((who) => who.length === 1),
      JSON.stringify(answered),
    ).toBe(true);
    const order = answered.map((who) => who[0]);
    expect(new Set(order)).toEqual(new Set(['a', 'b']));
    for (let i = 1; i < order.length; i++) expect(order[i], order.join('')).not.toBe(order[i - 1]);
  });

  it('a login through nginx keeps its session whichever instance answers', async () => {
    const browser = newBrowser();
    const email = uniqueEmail('nginx');
    const registered = await browser.call('POST', '/api/auth/register', {
      body: { email, password: PASSWORD, role: 'homeowner' },
    });
    expect(registered.status).toBe(201);
    const login = newBrowser();
    expect(
      (await login.call('POST', '/api/auth/login', { body: { email, password: PASSWORD } })).status,
    ).toBe(200);
    expect(login.cookie).toBeDefined();
    // Through nginx (which alternates) and on each instance directly: the same account every time.
    for (let i = 0; i < 4; i++) {
      const res = await login.call('GET', '/api/auth/user');
      expect({ i, status: res.status, id: res.json().id }).toEqual({
        i,
        status: 200,
        id: registered.json().id,
      });
    }
    const direct = new TestBrowser();
    direct.cookie = login.cookie;
    for (const instance of [a, b]) {
      expect(await direct.call(instance, 'GET', '/api/auth/user')).toMatchObject({
        status: 200,
        body: { id: registered.json().id, email },
      });
    }
  });

  /** A plumber that may quote: located downtown Denver, onboarded, verified by an admin (on A). */
  async function vettedPlumber() {
    const adminEmail = uniqueEmail('nginx-admin');
    await database.db
      .insert(users)
      .values({ email: adminEmail, role: 'admin', passwordHash: await bcrypt.hash(PASSWORD, 4) });
    const admin = new TestBrowser();
    expect(
      (await admin.call(a, 'POST', '/api/auth/login', { email: adminEmail, password: PASSWORD })).status,
    ).toBe(200);
    const plumber = new TestBrowser();
    const steps: [string, string, unknown][] = [
      [
        'POST',
        '/api/auth/register',
        { email: uniqueEmail('nginx-plumber'), password: PASSWORD, role: 'plumber' },
      ],
      ['PATCH', '/api/account', { name: 'Nginx Plumber', phone: '3035550177' }],
      ['PUT', '/api/plumbers/me/location', { zip: '80202', serviceRadiusKm: 30 }],
      [
        'PUT',
        '/api/plumbers/me/onboarding',
        {
          businessName: 'Front Door Plumbing',
          licenseNumber: 'M-10203',
          licenseState: 'CO',
          insuranceExpiresOn: dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 365),
        },
      ],
    ];
    let plumberId = '';
    for (const [method, route, body] of steps) {
      const res = await plumber.call(a, method, route, body);
      expect(res.status, `${method} ${route}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      if (route === '/api/plumbers/me/location') plumberId = String(res.body.id);
    }
    expect((await admin.call(a, 'POST', `/api/admin/plumbers/${plumberId}/verify`)).status).toBe(200);
    return plumber;
  }

  it('a live-event stream through nginx is told at once of a write on the other instance', async () => {
    const plumber = await vettedPlumber();
    const homeowner = newBrowser();
    const registered = await homeowner.call('POST', '/api/auth/register', {
      body: { email: uniqueEmail('nginx-home'), password: PASSWORD, role: 'homeowner' },
    });
    expect(registered.status).toBe(201);
    const address = '1701 Wynkoop St, Denver, CO 80202';
    const place = locateAddress(address)!;
    const job = await postJob(database.db, {
      customerId: String(registered.json().id),
      issueSlug: 'clogged-drain',
      issueDescription: 'The kitchen sink drains slowly behind the proxy.',
      address,
      lat: place.lat,
      lng: place.lng,
      urgency: 'routine',
      preferredDate: null,
    });

    // Two streams in a row: round robin puts one on each instance, so one of them is on B.
    const pages: EventStreamReader[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await openEventStream(`${nginx.url}/api/events`, { cookie: homeowner.cookie });
      readers.push(page);
      expect(page.status, page.text()).toBe(200);
      pages.push(page);
    }
    const quoted = await plumber.call(a, 'POST', '/api/quotes', {
      jobId: job.id,
      minTotal: 150,
      maxTotal: 300,
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
    for (const page of pages) {
      // Still open: nginx passed the event on as it came rather than holding it until the end.
      await page.until('the new quote’s notification', () => page.events.length === 1, DELIVERY_BOUND_MS);
      expect(page.ended).toBe(false);
      expect(JSON.parse(page.events[0].data)).toMatchObject({
        type: 'notification',
        jobId: job.id,
        kind: 'new_quote',
      });
    }
    for (const page of pages) page.close();
    // A stream's request line is logged when it ends: one stream was on each instance.
    expect(await servedBy('/api/events', 2)).toEqual(['a', 'b']);
  }, 60_000);

  it('rate limits count the address nginx saw, not one the client wrote into X-Forwarded-For', async () => {
    const browser = newBrowser();
    const wrong = { email: uniqueEmail('nobody'), password: 'not-the-password' };
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await browser.call('POST', '/api/auth/login', {
        body: wrong,
        headers: { 'X-Forwarded-For': `203.0.113.${attempt + 1}` },
      });
      expect({ attempt, status: res.status }).toEqual({ attempt, status: 401 });
    }
    // nginx connects to the instances from 127.0.0.1; the browser's own address can only have
    // come from the X-Forwarded-For nginx wrote.
    const [counter] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:${browser.address}`));
    expect(counter?.hits).toBe(3);
    expect(await database.db.select().from(rateLimits).where(like(rateLimits.key, '%203.0.113.%'))).toEqual(
      [],
    );
  });

  it('nginx gzips a JSON answer for a client that accepts it, and only then', async () => {
    const browser = newBrowser();
    const email = uniqueEmail('gzip');
    const registered = await browser.call('POST', '/api/auth/register', {
      body: { email, password: PASSWORD, role: 'homeowner' },
    });
    expect(registered.status).toBe(201);
    // nginx compresses 200, 403 and 404 answers only; the account is a 200.
    const zipped = await browser.call('GET', '/api/auth/user', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zipped.raw.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(true);
    expect(zipped.json()).toMatchObject({ id: registered.json().id, email });

    const plain = await browser.call('GET', '/api/auth/user');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ id: registered.json().id, email });
  });
});
