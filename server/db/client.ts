import { mkdir } from 'node:fs/promises';
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
  onPoolError?: (error: Error) => void;
}

const POOL_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  statement_timeout: 10_000,
  query_timeout: 15_000,
} as const;

/**
 * One driver, one code path: a real server is reached with pg.Pool directly; the embedded
 * PGlite database is served on a random loopback port by pglite-socket and reached the same way.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let pool: pg.Pool;
  let stopEmbedded: (() => Promise<void>) | undefined;

  if (options.databaseUrl) {
    pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      ...POOL_TIMEOUTS,
    });
  } else {
    if (options.dataDir) await mkdir(path.resolve(options.dataDir), { recursive: true });
    const pglite = await PGlite.create(options.dataDir ? path.resolve(options.dataDir, 'pgdata') : undefined);
    const socketServer = new PGLiteSocketServer({
      db: pglite,
      host: '127.0.0.1',
      port: 0,
      maxConnections: 100,
    });
    await socketServer.start();
    const [host, port] = socketServer.getServerConn().split(':');
    pool = new pg.Pool({
      host,
      port: Number(port),
      user: 'postgres',
      database: 'postgres',
      // One connection: PGlite has a single session and pglite-socket does not keep one client's
      // extended-protocol messages (parse/bind/execute) together, so concurrent parameterised
      // queries from several connections can interleave ("portal does not exist"). PGlite runs one
      // query at a time anyway, so this costs little.
      max: 1,
      ...POOL_TIMEOUTS,
      // Waiting for the connection under a burst is normal here.
      connectionTimeoutMillis: 30_000,
    });
    stopEmbedded = async () => {
      await socketServer.stop();
      await pglite.close();
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
