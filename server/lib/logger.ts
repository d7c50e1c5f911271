import pino, { type DestinationStream, type Logger } from 'pino';
import { findQueryError } from '../db/errors';

export type { DestinationStream, Logger };

/** Paths never written to the log: credentials, cookies, contact details, image data. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.phone',
  '*.imageUrls',
  'err.config',
];

/**
 * The `err` serializer. Drizzle's query errors quote the query's parameters (e-mails, password
 * hashes, phone numbers) in their message, stack and `params`, and PostgreSQL's `detail` quotes
 * row values ("Failing row contains …"). The log keeps the SQL text with its placeholders, the
 * database's own message and SQLSTATE, and the stack frames.
 */
export function serializeError(error: unknown): unknown {
  const queryError = findQueryError(error);
  if (!queryError) {
    const serialized = pino.stdSerializers.err(error as Error);
    // A copy (never the caller's object): body-parser's errors also carry the raw request `body`.
    if (serialized !== error && serialized && typeof serialized === 'object') {
      for (const key of ['detail', 'where', 'body']) delete serialized[key];
    }
    return serialized;
  }
  const cause = queryError.cause as (Error & { code?: unknown }) | undefined;
  let message = cause instanceof Error ? cause.message : 'query failed';
  if (error !== queryError && error instanceof Error) message = `${error.message}: ${message}`;
  const stack = queryError.stack ?? '';
  const messageAt = stack.indexOf(queryError.message);
  const frames = messageAt === -1 ? '' : stack.slice(messageAt + queryError.message.length);
  return {
    type: 'DrizzleQueryError',
    message,
    code: cause?.code,
    query: queryError.query,
    stack: `DrizzleQueryError: ${message}${frames}`,
  };
}

/**
 * Stdout takes the lines in batches of about this many bytes (some twenty request lines), written
 * as soon as a batch is full and at least every LOG_FLUSH_MS: one write call per batch instead of
 * one per line, which cost a busy server about a twentieth of its time (docs/performance.md). The
 * last batch is written when the process exits, crash or not; only a SIGKILL can lose it.
 */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 100;

/** Writes to stdout unless given a `destination` (tests capture the log to inspect it). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
    },
    destination ?? batchedStdout(),
  );
}

/**
 * Lines are gathered here and handed to pino's synchronous destination a batch at a time: a write
 * on Node's thread pool per batch cost more than the write itself. The batching is not the
 * destination's own (`minLength`), because that one measures the UTF-8 length of its whole pending
 * batch again for every line it adds: about 2 µs a request line (docs/performance.md).
 */
function batchedStdout(): DestinationStream {
  const stdout = pino.destination({ dest: 1, sync: true });
  let pending: string[] = [];
  // Characters, not bytes: only where a batch ends depends on it.
  let pendingLength = 0;
  const handOver = () => {
    if (pending.length === 0) return;
    const batch = pending.join('');
    pending = [];
    pendingLength = 0;
    stdout.write(batch);
  };
  setInterval(handOver, LOG_FLUSH_MS).unref();
  const flushSync = () => {
    handOver();
    stdout.flushSync();
  };
  process.once('exit', flushSync);
  return {
    write(line: string) {
      pending.push(line);
      pendingLength += line.length;
      if (pendingLength >= LOG_BATCH_BYTES) handOver();
    },
  };
}
