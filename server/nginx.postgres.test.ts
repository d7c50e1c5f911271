import bcrypt from 'bcrypt';
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import {
  createConnection,
  createServer as createNetServer,
  type AddressInfo,
  type Server as NetServer,
  type Socket,
} from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { rateLimits, users } from '@shared/schema';
import type { DatabaseHandle } from './db/client';
import { CLIENT_BUILD_DIR } from './lib/client-assets';
import { IMAGE_DECODE_BUSY_MESSAGE } from './modules/diagnosis/diagnosis.routes';
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
const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

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
    // The instances serve the built client, as `npm start` does; up to date, this takes a second.
    await promisify(execFile)(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: REPO_ROOT });
    cluster = await startInstances({
      database: 'plumbline_nginx',
      count: 2,
      env: {
        SESSION_SECRET: 'nginx-shared-session-secret-0123456789abcdef',
        TRUST_PROXY: '1',
        PLUMBLINE_CLIENT: 'static',
        // Request lines (method, path, status) tell which instance answered.
        LOG_LEVEL: 'info',
        AUTH_RATE_LIMIT: '1000',
      },
    });
    [a, b] = cluster.instances;
    database = cluster.database;
    nginx = await startNginx([a.url, b.url]);
  }, 300_000);

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

  it('a state-changing request naming its origin, without Sec-Fetch-Site, passes on nginx’s own port', async () => {
    // The same-origin check compares Origin (host and port) with the Host nginx passes on.
    const wrong = { email: uniqueEmail('origin'), password: 'not-the-password' };
    const own = await newBrowser().call('POST', '/api/auth/login', {
      body: wrong,
      headers: { Origin: nginx.url },
    });
    expect(own.status, JSON.stringify(own.json())).toBe(401);
    const foreign = await newBrowser().call('POST', '/api/auth/login', {
      body: wrong,
      headers: { Origin: 'http://127.0.0.1:9' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json().code).toBe('CROSS_SITE_REQUEST');
  });

  it('passes the built client through as the app sends it: pre-compressed, cached for long, index revalidated', async () => {
    const browser = newBrowser();
    const assets = readdirSync(path.join(CLIENT_BUILD_DIR, 'assets'));
    const asset = assets.find(
      (name) => name.endsWith('.js') && assets.includes(`${name}.br`) && assets.includes(`${name}.gz`),
    );
    expect(asset, 'a hashed script with .br and .gz beside it').toBeDefined();
    const original = await readFile(path.join(CLIENT_BUILD_DIR, 'assets', asset!));
    const decoders: Record<string, (raw: Buffer) => Buffer> = {
      br: brotliDecompressSync,
      gzip: gunzipSync,
      none: (raw) => raw,
    };
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['', 'none'],
    ]) {
      const headers: Record<string, string> = { Accept: '*/*' };
      if (acceptEncoding) headers['Accept-Encoding'] = acceptEncoding;
      const res = await browser.call('GET', `/assets/${asset}`, { headers });
      expect({
        acceptEncoding,
        status: res.status,
        encoding: res.headers['content-encoding'] ?? 'none',
      }).toEqual({ acceptEncoding, status: 200, encoding });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      // Compressed once, by the build: nginx neither compresses it again nor takes the encoding off.
      expect(decoders[encoding](res.raw).equals(original), acceptEncoding).toBe(true);
    }

    // The first page and a client route, both pages that must never be kept without asking.
    for (const route of ['/', '/book']) {
      const res = await browser.call('GET', route, {
        headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' },
      });
      expect({ route, status: res.status }).toEqual({ route, status: 200 });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.raw).toString('utf8'), route).toMatch(/^<!doctype html>/i);
    }
  });
});

describe.skipIf(!nginxAvailable())('the template’s live-events location', () => {
  it('passes each event on as it comes, without the app’s X-Accel-Buffering header', async () => {
    // The app sends `X-Accel-Buffering: no`, which would hide a buffering mistake in the template, and
    // frames its stream in chunks, which nginx passes on as they come even while buffering. This
    // upstream does neither: its body simply runs until it closes, which a buffering nginx holds until
    // its buffer fills or the stream ends. The second event waits for the first to arrive through
    // nginx; buffered, the first comes only with the second, once the upstream gave up waiting.
    const order: string[] = [];
    let firstArrived = () => {};
    const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
    const upstream = createNetServer((socket) => {
      socket.once('data', (request: Buffer) => {
        // nginx's own start-up probe asks for /healthz.
        if (!request.toString('latin1').startsWith('GET /api/events ')) {
          socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok');
          return;
        }
        socket.write(
          'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n' +
            'Connection: close\r\n\r\ndata: first\n\n',
        );
        void Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 5_000))]).then(() => {
          order.push('second written');
          socket.end('data: second\n\n');
        });
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    let proxy: Nginx | undefined;
    let page: EventStreamReader | undefined;
    try {
      proxy = await startNginx([`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`]);
      page = await openEventStream(`${proxy.url}/api/events`);
      expect(page.status).toBe(200);
      expect(page.headers.get('x-accel-buffering')).toBeNull();
      const stream = page;
      await stream.until('the first event', () => stream.events.length >= 1, 10_000);
      order.push('first received');
      firstArrived();
      await stream.untilEnded(10_000);
      expect(order).toEqual(['first received', 'second written']);
      expect(stream.events.map((event) => event.data)).toEqual(['first', 'second']);
    } finally {
      page?.close();
      await proxy?.stop();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});

describe.skipIf(!nginxAvailable())(
  'the template with a raw upstream: connections and photo-upload limits',
  () => {
    /** Every request line that reached the upstream: nginx's refusals must not be among them. */
    const reached: string[] = [];
    let upstream: NetServer;
    let proxy: Nginx;
    const held: Socket[] = [];
    /** Anything nginx said to a held upload: it must never have refused one. */
    const heldAnswers: string[] = [];
    let upstreamConnections = 0;

    beforeAll(async () => {
      // A raw upstream that answers every request at once: what nginx passes on is all it needs to see.
      upstream = createNetServer((socket) => {
        upstreamConnections += 1;
        socket.on('data', (chunk: Buffer) => {
          const line = chunk.toString('latin1').split('\r\n')[0];
          if (/^[A-Z]+ \//.test(line)) reached.push(line);
          socket.write(
            'HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
          );
        });
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      proxy = await startNginx([`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`]);
    }, 60_000);

    afterAll(async () => {
      for (const socket of held) socket.destroy();
      await proxy?.stop();
      await new Promise((resolve) => upstream?.close(resolve));
    });

    /**
     * An upload from `address` that sends its headers and the first byte of a 1 MB body, then waits:
     * nginx counts it as in flight while it reads the body, which never ends.
     */
    async function holdUpload(address: string, route: string): Promise<Socket> {
      const { port } = new URL(proxy.url);
      const socket = createConnection({ host: '127.0.0.1', port: Number(port), localAddress: address });
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      socket.on('data', (chunk: Buffer) =>
        heldAnswers.push(`${address}: ${chunk.toString('latin1').slice(0, 80)}`),
      );
      socket.on('error', (error) => heldAnswers.push(`${address}: ${error.message}`));
      await new Promise<void>((resolve) =>
        socket.write(
          `POST ${route} HTTP/1.1\r\nHost: ${proxy.url.slice('http://'.length)}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{',
          () => resolve(),
        ),
      );
      held.push(socket);
      return socket;
    }

    let probes = 0;
    /** A body-less upload from `address`: an answer other than nginx's 503 means it was let through. */
    function probe(address: string) {
      probes += 1;
      const route = `/api/diagnose?probe=${probes}`;
      return new Promise<{ route: string; status: number; retryAfter?: string; body: string }>(
        (resolve, reject) => {
          const req = httpRequest(
            `${proxy.url}${route}`,
            { method: 'POST', headers: { 'Content-Length': '0' }, localAddress: address },
            (res) => {
              let body = '';
              res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
              res.on('end', () =>
                resolve({
                  route,
                  status: res.statusCode ?? 0,
                  retryAfter: res.headers['retry-after'] as string,
                  body,
                }),
              );
            },
          );
          req.on('error', reject);
          req.end();
        },
      );
    }

    /**
     * Probes until one gets the status `wanted` (10 s at most): nginx reads the held uploads' headers
     * in its own time, and only then counts them.
     */
    async function probeUntil(address: string, wanted: 'refused' | 'passed') {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const answer = await probe(address);
        if ((answer.status === 503) === (wanted === 'refused') || Date.now() > deadline) return answer;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    const release = () => {
      for (const socket of held.splice(0)) socket.destroy();
    };

    it('keeps its connections to an instance and reuses them', async () => {
      const before = upstreamConnections;
      for (let i = 0; i < 5; i++) expect((await fetch(`${proxy.url}/api/auth/user`)).status).toBe(400);
      expect(reached.filter((line) => line.startsWith('GET /api/auth/user')).length).toBe(5);
      // One new connection at most (none if nginx kept one from its start-up probe) for five requests.
      expect(upstreamConnections - before).toBeLessThanOrEqual(1);
    });

    it('lets two uploads per address be in flight and answers a third with the app’s JSON 503, itself', async () => {
      try {
        await holdUpload('127.0.1.1', '/api/diagnose');
        // Any case and a trailing slash count as the same route, as the app matches them.
        await holdUpload('127.0.1.1', '/API/Jobs/7f3c/Photos/');
        const refused = await probeUntil('127.0.1.1', 'refused');
        expect(refused.status).toBe(503);
        expect(JSON.parse(refused.body)).toEqual({
          error: IMAGE_DECODE_BUSY_MESSAGE,
          code: 'SERVICE_UNAVAILABLE',
        });
        expect(refused.retryAfter).toBe('5');
        expect(reached.some((line) => line.includes(refused.route))).toBe(false);
        // Another address is not held back by this one's uploads.
        const other = await probe('127.0.1.2');
        expect(other.status).toBe(400);
        expect(reached.some((line) => line.includes(other.route))).toBe(true);
        expect(heldAnswers).toEqual([]);
      } finally {
        release();
      }
    });

    it('lets eight uploads be in flight in all, whatever their addresses, and no more', async () => {
      try {
        for (let i = 1; i <= 8; i++) await holdUpload(`127.0.2.${i}`, '/api/diagnose');
        expect((await probeUntil('127.0.2.9', 'refused')).status).toBe(503);
        // One upload ends: a ninth address now gets through.
        // Other routes are not held back by uploads.
        expect((await fetch(`${proxy.url}/api/auth/user`)).status).toBe(400);
        expect(heldAnswers).toEqual([]);
        held.shift()!.destroy();
        expect((await probeUntil('127.0.2.9', 'passed')).status).toBe(400);
      } finally {
        release();
      }
    });
  },
);
