import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '@shared/schema';

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle; inside a transaction use only this, never the pool (PGlite would deadlock). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Database | Transaction;

/** Stops listening; resolves once the channel is given up (when it was the last listener). */
export type Unlisten = () => Promise<void>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  kind: 'embedded' | 'postgres';
  /**
   * Calls `onPayload` with each NOTIFY on `channel`, from any connection of any process on this
   * database, once its transaction commits. Resolves when LISTEN is in place. On PostgreSQL the
   * listener is a connection of its own that reconnects when it drops; notifications sent while it
   * was away are lost, so `onDisconnect` says when that began and `onReconnect` when to catch up.
   * The embedded database never drops it.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
    onDisconnect?: () => void,
  ): Promise<Unlisten>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; absent means the embedded PGlite database. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; `undefined` keeps it in memory (tests). */
  dataDir?: string;
  /**
   * An in-memory embedded database starts as a copy of this dump (PGlite's `dumpDataDir`) instead of
   * an empty cluster: tests load one with the migrations applied, which skips initdb (seconds each).
   */
  embeddedStartingPoint?: Blob;
  /** Pool size on a real server (the embedded database always uses one connection). */
  poolMax?: number;
  /** How long an idle pooled connection is kept; tests set it short to prove recycling is safe. */
  idleTimeoutMs?: number;
  onPoolError?: (error: Error) => void;
}

/** The socket file name libpq and node-postgres look for in a socket folder. */
const EMBEDDED_SOCKET_PORT = 5432;

/** How the listener's connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'plumbline-listener';
/** The listener's reconnection delays: doubling from the first to the last, then staying there. */
const LISTENER_RETRY_MS = { first: 250, max: 10_000 } as const;
/**
 * The listener asks the server a trivial question this often: a connection cut without a word (a
 * network partition) fails the ping within `query_timeout` instead of waiting for TCP keep-alive.
 */
const LISTENER_PING_MS = 30_000;

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
  let listener: Listener;

  if (options.databaseUrl) {
    pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      ...timeouts,
    });
    listener = createServerListener({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: timeouts.connectionTimeoutMillis,
    });
  } else {
    if (options.dataDir) await mkdir(path.resolve(options.dataDir), { recursive: true });
    const pglite = await PGlite.create({
      dataDir: options.dataDir ? path.resolve(options.dataDir, 'pgdata') : undefined,
      loadDataDir: options.dataDir ? undefined : options.embeddedStartingPoint,
      // The appointments' exclusion constraint needs it (docs/decisions/029-appointments.md).
      extensions: { btree_gist },
    });
    // PGlite has no authentication: it is served on a Unix socket in a fresh folder only this
    // process's user may enter (mkdtemp creates it with mode 0700), never on a TCP port.
    const socketDir = await mkdtemp(path.join(tmpdir(), 'plumbline-db-'));
    const embeddedListener = createEmbeddedListener(() => pool);
    listener = embeddedListener;
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
      // DISCARD ALL also ends LISTEN, so the listener's channels are listened to again.
      onConnect: async (client) => {
        await client.query('DISCARD ALL');
        await embeddedListener.attach(client);
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
    listen: (channel, onPayload, onReconnect, onDisconnect) =>
      listener.listen(channel, { onPayload, onReconnect, onDisconnect }),
    async close() {
      await listener.close();
      await pool.end();
      await stopEmbedded?.();
    },
  };
}

interface Subscriber {
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
  onDisconnect?: () => void;
}

interface Listener {
  listen(channel: string, subscriber: Subscriber): Promise<Unlisten>;
  close(): Promise<void>;
}

/** Calls each subscriber of `channel`; one that throws neither stops the others nor the driver's parser. */
function dispatch(subscribers: Set<Subscriber> | undefined, payload: string) {
  for (const subscriber of subscribers ?? []) {
    try {
      subscriber.onPayload(payload);
    } catch {
      // The subscriber's own business (it logs); the connection must keep reading.
    }
  }
}

/**
 * The embedded database: PGlite has one session, which every pool connection shares, and a NOTIFY
 * reaches the session's listeners as a message on the connection whose query committed — not
 * PGlite's own `listen` callbacks, which only see queries PGlite runs itself, never those served
 * through pglite-socket. So LISTEN is issued on the pool's connection, and each connection the
 * pool opens (after its DISCARD ALL) listens again and hands its notifications over. Nothing else
 * runs statements on PGlite, so no notification can slip past while a connection is opening.
 */
function createEmbeddedListener(pool: () => pg.Pool) {
  const channels = new Map<string, Set<Subscriber>>();
  const attached = new WeakSet<pg.ClientBase>();
  return {
    async attach(client: pg.ClientBase) {
      if (!attached.has(client)) {
        attached.add(client);
        client.on('notification', (message) =>
          dispatch(channels.get(message.channel), message.payload ?? ''),
        );
      }
      for (const channel of channels.keys()) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    },
    async listen(channel: string, subscriber: Subscriber): Promise<Unlisten> {
      let subscribers = channels.get(channel);
      if (!subscribers) channels.set(channel, (subscribers = new Set()));
      subscribers.add(subscriber);
      // On the pool's connection (opening one attaches it, so this LISTEN may be its second: harmless).
      const client = await pool().connect();
      try {
        await this.attach(client);
      } finally {
        client.release();
      }
      return async () => {
        subscribers.delete(subscriber);
        if (subscribers.size > 0 || channels.get(channel) !== subscribers) return;
        channels.delete(channel);
        await pool()
          .query(`UNLISTEN ${pg.escapeIdentifier(channel)}`)
          .catch(() => undefined);
      };
    },
    async close() {
      channels.clear();
    },
  };
}

/**
 * A real server: one connection of its own, outside the pool (a pooled connection is handed to
 * others and recycled when idle, and would take its LISTEN with it). When it drops, it reconnects
 * with backoff, listens again and tells every subscriber (`onReconnect`), since what was notified
 * meanwhile never reached it.
 */
function createServerListener(config: {
  connectionString: string;
  connectionTimeoutMillis: number;
}): Listener {
  const channels = new Map<string, Set<Subscriber>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let connectedBefore = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;
  let retryDelayMs: number = LISTENER_RETRY_MS.first;
  let closed = false;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({
      connectionString: config.connectionString,
      connectionTimeoutMillis: config.connectionTimeoutMillis,
      query_timeout: 5_000,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    next.on('notification', (message) => dispatch(channels.get(message.channel), message.payload ?? ''));
    // 'error' and 'end' both mean the connection is gone; either may come first, or only one.
    next.on('error', () => dropped(next));
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      for (const channel of channels.keys()) await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
      if (closed) throw new Error('The database listener is closed');
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    retryDelayMs = LISTENER_RETRY_MS.first;
    pingTimer = setInterval(() => {
      next.query('select 1').catch(() => {
        // No answer in time: give the connection up and open another.
        dropped(next);
        void next.end().catch(() => undefined);
      });
    }, LISTENER_PING_MS);
    pingTimer.unref();
    return next;
  }

  /** The open connection, or the one being opened; any after the first is a reconnection. */
  function ensureConnected(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect()
      .then((opened) => {
        if (connectedBefore) {
          for (const subscribers of channels.values()) {
            for (const subscriber of subscribers) subscriber.onReconnect?.();
          }
        }
        connectedBefore = true;
        return opened;
      })
      .finally(() => (connecting = undefined));
    return connecting;
  }

  function dropped(gone: pg.Client) {
    if (client !== gone) return;
    client = undefined;
    clearInterval(pingTimer);
    for (const subscribers of channels.values()) {
      for (const subscriber of subscribers) subscriber.onDisconnect?.();
    }
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      ensureConnected().catch(() => {
        retryDelayMs = Math.min(retryDelayMs * 2, LISTENER_RETRY_MS.max);
        scheduleReconnect();
      });
    }, retryDelayMs);
    retryTimer.unref();
  }

  return {
    async listen(channel, subscriber) {
      if (closed) throw new Error('The database listener is closed');
      let subscribers = channels.get(channel);
      const isNew = !subscribers;
      if (!subscribers) channels.set(channel, (subscribers = new Set()));
      subscribers.add(subscriber);
      try {
        const active = await ensureConnected();
        // A connection opened before this channel was known has not listened to it (again is harmless).
        if (isNew) await active.query(`LISTEN ${active.escapeIdentifier(channel)}`);
      } catch (error) {
        subscribers.delete(subscriber);
        if (subscribers.size === 0) channels.delete(channel);
        throw error;
      }
      return async () => {
        subscribers.delete(subscriber);
        if (subscribers.size > 0 || channels.get(channel) !== subscribers) return;
        channels.delete(channel);
        await client?.query(`UNLISTEN ${client.escapeIdentifier(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      channels.clear();
      await connecting?.catch(() => undefined);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
