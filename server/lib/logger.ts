import pino, { type Logger } from 'pino';

export type { Logger };

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

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}
