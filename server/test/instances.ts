import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { startServerProcess, type ServerProcess } from './server-process';
import bcrypt from 'bcrypt';
import { createThrowawayDatabase, uniqueEmail } from './test-context';

/**
 * Several real server processes, or several connection pools, on one throwaway PostgreSQL
 * database: what the `*.postgres.test.ts` files need to show that it does not matter which
 * instance answers (docs/operations.md, "Several stateless instances").
 */

/** A new database on the server TEST_DATABASE_URL names; only vitest.postgres.config.ts sets it. */
export async function createThrowawayPostgres(prefix: string) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set: run this file with vitest.postgres.config.ts');
  return createThrowawayDatabase(baseUrl, prefix);
}

export interface Instances {
  /** The server processes, in the order they started. */
  instances: ServerProcess[];
  /** The test's own connection to the instances' database. */
  database: DatabaseHandle;
  /** The database's postgres:// URL. */
  url: string;
  /** Stops every instance, closes the test's connection, drops the database, removes the data folders. */
  stop(): Promise<void>;
}

export interface StartInstancesOptions {
  /** Prefix of the throwaway database's name, and of the instances' data folders. */
  database: string;
  count: number;
  /** Merged over DATABASE_URL, DEMO_SEED=false and each instance's own DATA_DIR. */
  env?: Record<string, string>;
}

export async function startInstances(options: StartInstancesOptions): Promise<Instances> {
  const throwaway = await createThrowawayPostgres(options.database);
  const instances: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let database: DatabaseHandle | undefined;
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.close();
    await throwaway.drop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };

  try {
    // Each instance has its own disk, as on separate machines: nothing may depend on a shared folder.
    for (let index = 0; index < options.count; index++) {
      const letter = String.fromCharCode('a'.charCodeAt(0) + index);
      dataDirs.push(await mkdtemp(path.join(tmpdir(), `${options.database}-${letter}-`)));
    }
    // One after the other: the first migrates and seeds, the others find both done.
    for (const dataDir of dataDirs) {
      instances.push(
        await startServerProcess({
          // The tests make the data they need.
          env: { DATABASE_URL: throwaway.url, DEMO_SEED: 'false', ...options.env, DATA_DIR: dataDir },
        }),
      );
    }
    database = await openDatabase({ databaseUrl: throwaway.url });
  } catch (error) {
    // Nothing is returned for the test's teardown to stop, so what did start stops here.
    await stop();
    throw error;
  }
  return { instances, database, url: throwaway.url, stop };
}

export interface DatabaseHandles {
  /** Separate pools on one migrated database, each standing for one instance's. */
  handles: DatabaseHandle[];
  /** Closes every pool and drops the database. */
  close(): Promise<void>;
}

/** `count` pools on a new throwaway database, migrated through the first, with no server process. */
export async function openDatabaseHandles(options: {
  database: string;
  count: number;
}): Promise<DatabaseHandles> {
  const throwaway = await createThrowawayPostgres(options.database);
  const handles: DatabaseHandle[] = [];
  const close = async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await throwaway.drop();
  };
  try {
    for (let index = 0; index < options.count; index++) {
      handles.push(await openDatabase({ databaseUrl: throwaway.url }));
    }
    await runMigrations(handles[0].pool);
  } catch (error) {
    await close();
    throw error;
  }
  return { handles, close };
}

export interface TestReply {
  status: number;
  body: { code?: string; error?: string; id?: string; [key: string]: unknown };
}

/**
 * One browser in front of the instances: its own cookie jar, picked up from whichever instance set
 * the session cookie, and, when the instances trust a proxy (TRUST_PROXY=1), its own client address
 * sent as X-Forwarded-For, so that each browser has its own rate-limit counters.
 */
export class TestBrowser {
  cookie: string | undefined;
  constructor(readonly ip?: string) {}

  async call(instance: { url: string }, method: string, route: string, body?: unknown): Promise<TestReply> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.ip) headers['X-Forwarded-For'] = this.ip;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.cookie) headers.Cookie = this.cookie;
    const res = await fetch(`${instance.url}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const sid = res.headers.getSetCookie().find((cookie) => cookie.startsWith('plumbline.sid='));
    if (sid) this.cookie = sid.split(';')[0];
    return { status: res.status, body: (await res.json()) as TestReply['body'] };
  }
}

/**
 * A browser logged in as a new admin through `instance`: the account is written straight to the
 * instances' database (no admin signs up through the app).
 */
export async function adminBrowser(cluster: Instances, instance: { url: string }): Promise<TestBrowser> {
  const email = uniqueEmail('cluster-admin');
  const password = 'cluster-admin-brass-fitting';
  await cluster.database.pool.query(
    `insert into users (email, role, password_hash) values ($1, 'admin', $2)`,
    [email, await bcrypt.hash(password, 4)],
  );
  const admin = new TestBrowser();
  const login = await admin.call(instance, 'POST', '/api/auth/login', { email, password });
  if (login.status !== 200)
    throw new Error(`admin login answered ${login.status}: ${JSON.stringify(login.body)}`);
  return admin;
}
