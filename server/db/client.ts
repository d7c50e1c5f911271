import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '@shared/schema';

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle; inside a transaction use only this, never the pool (PGlite would deadlock). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; absent means the embedded PGlite database. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; `undefined` keeps it in memory (tests). */
  dataDir?: string;
  /** Pool size on a real server (the embedded database always uses one connection). */
  poolMax?: number;
  /** How long an idle pooled connection is kept; tests set it short to prove recycling is safe. */
  idleTimeoutMs?: number;
  onPoolError?: (error: Error) => void;
}

/** The socket file name libpq and node-postgres look for in a socket folder. */
const EMBEDDED_SOCKET_PORT = 5432;

const POOL_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  statement_timeout: 10_000,
  query_timeout: 15_000,
} as const;

/**
 * One driver, one code path: a real server is reached with pg.Pool directly; the embedded
 * PGlite database is served on a private Unix socket by pglite-socket and reached the same way.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const timeouts = {
    ...POOL_TIMEOUTS,
    idleTimeoutMillis: options.idleTimeoutMs ?? POOL_TIMEOUTS.idleTimeoutMillis,
  };
  let pool: pg.Pool;
  let stopEmbedded: (() => Promise<void>) | undefined;

  if (options.databaseUrl) {
    pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      ...timeouts,
    });
  } else {
    if (options.dataDir) await mkdir(path.resolve(options.dataDir), { recursive: true });
    const pglite = await PGlite.create(options.dataDir ? path.resolve(options.dataDir, 'pgdata') : undefined);
    // PGlite has no authentication: it is served on a Unix socket in a fresh folder only this
    // process's user may enter (mkdtemp creates it with mode 0700), never on a TCP port.
    const socketDir = await mkdtemp(path.join(tmpdir(), 'plumbline-db-'));
    const socketServer = new PGLiteSocketServer({
      db: pglite,
      path: path.join(socketDir, `.s.PGSQL.${EMBEDDED_SOCKET_PORT}`),
      maxConnections: 100,
    });
    await socketServer.start();
    pool = new pg.Pool({
      host: socketDir,
      port: EMBEDDED_SOCKET_PORT,
      user: 'postgres',
      database: 'postgres',
      // One connection: PGlite has a single session and pglite-socket does not keep one client's
      // extended-protocol messages (parse/bind/execute) together, so concurrent parameterised
      // queries from several connections can interleave ("portal does not exist"). PGlite runs one
      // query at a time anyway, so this costs little.
      max: 1,
      ...timeouts,
      // Waiting for the connection under a burst is normal here.
      connectionTimeoutMillis: 30_000,
      // All connections share PGlite's one session, so whatever a closed connection left in it
      // (prepared statements, settings, advisory locks) would meet the next one: start each clean,
      // as a new PostgreSQL connection does. The pool awaits this before handing the connection out.
      onConnect: async (client) => {
        await client.query('DISCARD ALL');
      },
    });
    stopEmbedded = async () => {
      await socketServer.stop();
      await pglite.close();
      await rm(socketDir, { recursive: true, force: true });
    };
  }

  pool.on('error', (error) => options.onPoolError?.(error));
  const db = drizzle(pool, { schema, casing: 'snake_case' });

  return {
    db,
    pool,
    kind: stopEmbedded ? 'embedded' : 'postgres',
    async close() {
      await pool.end();
      await stopEmbedded?.();
    },
  };
}
