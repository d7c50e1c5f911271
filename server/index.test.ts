import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The real entry point, as `npm start` runs it: readiness after migrate + seed, clean exit on SIGTERM. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('server entry point', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('starts on the embedded database, becomes ready, serves the demo login and stops on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'plumbline-start-'));
    dirs.push(dataDir);
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        DATA_DIR: dataDir,
        PLUMBLINE_CLIENT: 'none',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    const base = `http://127.0.0.1:${port}`;
    let ready = false;
    for (let attempt = 0; attempt < 120 && !ready; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      ready = await fetch(`${base}/readyz`).then(
        (res) => res.ok,
        () => false,
      );
    }
    expect(ready, output).toBe(true);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.plumbline.test', password: 'plumbline-demo' }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ role: 'admin' });

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 90_000);

  it('refuses to start with an invalid variable and says which', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, PORT: 'not-a-port' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) =>
      child.on('exit', (exitCode) => resolve(exitCode)),
    );
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid environment configuration');
    expect(stderr).toMatch(/PORT: /);
  }, 30_000);
});
