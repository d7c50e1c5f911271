import { connect } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './test/server-process';

/** A raw HTTP/1.1 exchange, for requests fetch() would refuse to send. */
async function rawRequest(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.write(request));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** The real entry point, as `npm start` runs it: readiness after migrate + seed, clean exit on SIGTERM. */
describe('server entry point', () => {
  const dirs: string[] = [];
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('starts on the embedded database, becomes ready, serves the demo login and stops on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'plumbline-start-'));
    dirs.push(dataDir);
    // As `npm run dev` runs it: development settings, the session secret kept in DATA_DIR.
    server = await startServerProcess({
      env: { NODE_ENV: 'development', DATA_DIR: dataDir, BCRYPT_COST: '12', SESSION_SECRET: '' },
      readyTimeoutMs: 90_000,
    });

    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.plumbline.test', password: 'plumbline-demo' }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ role: 'admin' });

    // Node refuses a 20 kB address before Express sees it; the answer is still our JSON error.
    const tooLong = await rawRequest(
      server.url,
      `GET /api/pricing/estimate?zip=${'7'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    const [head, body] = tooLong.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({
      error: 'The request address or headers are too large',
      code: 'HEADERS_TOO_LARGE',
    });
    // Broken framing: a 400 in the same format, and the server carries on.
    const garbled = await rawRequest(server.url, 'NOT-HTTP\r\n\r\n');
    expect(garbled).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbled.split('\r\n\r\n')[1])).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    expect(await server.stop('SIGTERM')).toBe(0);
    server = undefined;
  }, 120_000);

  it('creates no demo accounts on a server other machines can reach', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'plumbline-exposed-'));
    dirs.push(dataDir);
    const exposed = await startServerProcess({
      env: { HOST: '0.0.0.0', DATA_DIR: dataDir },
      readyTimeoutMs: 90_000,
    });
    try {
      const login = await fetch(`${exposed.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.plumbline.test', password: 'plumbline-demo' }),
      });
      expect(login.status).toBe(401);
    } finally {
      await exposed.stop();
    }
    // After the exit, which writes out the last batch of the log (server/lib/logger.ts).
    expect(exposed.output()).not.toContain('DEMO_SEED=true on a server other machines can reach');
  }, 120_000);

  it('refuses to start with an invalid variable and says which', async () => {
    const failure = await startServerProcess({ env: { PORT: 'not-a-port' } }).then(
      () => new Error('the server started'),
      (error: Error) => error,
    );
    expect(failure.message).toMatch(/exited with 1 before it was ready/);
    expect(failure.message).toContain('Invalid environment configuration');
    expect(failure.message).toMatch(/PORT: /);
  }, 30_000);
});
