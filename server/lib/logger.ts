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

/** Writes to stdout unless given a `destination` (tests capture the log to inspect it). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
    },
    destination,
  );
}
