import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startNginx, type Nginx } from '../server/test/nginx';
import { startServerProcess, type ServerProcess } from '../server/test/server-process';
import { createThrowawayDatabase } from '../server/test/test-context';

/**
 * The journeys' server on PostgreSQL (playwright.config.ts, when E2E_DATABASE_URL is set): two
 * instances of the production bundle on one throw-away database, behind nginx with the tested
 * configuration (docs/operations.md, "Behind nginx"), as a deployment runs them. Stays in the
 * foreground until SIGTERM or SIGINT, then stops nginx and the instances and drops the database.
 *
 *   E2E_DATABASE_URL   the PostgreSQL server (postgres://…); the database is created on it
 *   PORT               where nginx listens, on 127.0.0.1
 *   E2E_INSTANCE_ENV   JSON object of settings for both instances (the embedded server's, in
 *                      playwright.config.ts), merged over server/test/server-process.ts's
 *
 * Build first (node scripts/build-if-needed.mjs): the instances run dist/server/index.mjs.
 */
const INSTANCES = 2;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (see e2e/serve-behind-nginx.ts)`);
  return value;
}

async function main() {
  const databaseUrl = required('E2E_DATABASE_URL');
  const port = Number(required('PORT'));
  const settings = JSON.parse(process.env.E2E_INSTANCE_ENV ?? '{}') as Record<string, string>;
  const publicUrl = `http://localhost:${port}`;

  const database = await createThrowawayDatabase(databaseUrl, 'plumbline_e2e');
  const dataDirs: string[] = [];
  const instances: ServerProcess[] = [];
  let nginx: Nginx | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await nginx?.stop();
      await Promise.all(instances.map((instance) => instance.stop()));
      await database.drop();
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    })());
  // Playwright stops its web servers with SIGTERM to the whole process group (gracefulShutdown), so
  // nginx and the instances get it too; stopping them again here is harmless, and the database goes.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('stopping the servers behind nginx failed:', error);
          process.exit(1);
        },
      );
    });
  }

  try {
    for (let index = 0; index < INSTANCES; index++) {
      // Each instance has its own disk, as on separate machines.
      dataDirs.push(await mkdtemp(path.join(tmpdir(), `plumbline-e2e-${index}-`)));
    }
    const sessionSecret = `e2e-nginx-${randomBytes(24).toString('hex')}`;
    // Started together, as a deployment does: they take turns at migrating and seeding (advisory lock).
    const started = await Promise.allSettled(
      dataDirs.map(async (dataDir, index) => {
        const letter = String.fromCharCode(97 + index);
        const instance = await startServerProcess({
          bundle: true,
          readyTimeoutMs: 240_000,
          onOutput: (chunk) => process.stdout.write(`[${letter}] ${chunk}`),
          env: {
            ...settings,
            PLUMBLINE_CLIENT: 'static',
            DATABASE_URL: database.url,
            DATA_DIR: dataDir,
            // Each reads the other's sessions; nginx is the one hop each trusts.
            SESSION_SECRET: sessionSecret,
            TRUST_PROXY: '1',
            // Links in mail lead to nginx, and the journeys read them from the developer mailbox,
            // which is off by default on a real database.
            PUBLIC_URL: publicUrl,
            DEV_MAILBOX: 'true',
          },
        });
        instances.push(instance);
        return instance;
      }),
    );
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    nginx = await startNginx(
      instances.map((instance) => instance.url),
      { port },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(
    `${publicUrl}: nginx (pid ${nginx.pid}) in front of ${instances.map((i) => `${i.url} (pid ${i.pid})`).join(', ')}`,
  );
  // An instance that dies leaves the journeys half served: stop everything, so they fail loudly.
  await Promise.race(instances.map((instance) => instance.exited));
  if (!stopping) {
    console.error('an instance behind nginx exited by itself; stopping');
    await stop();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error('serve-behind-nginx failed:', error);
  process.exit(1);
});
