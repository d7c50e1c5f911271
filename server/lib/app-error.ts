import type { ErrorCode } from '@shared/errors';

/**
 * The one error class. Services throw it with a code and a human message; only the error
 * handler (server/lib/error-handler.ts) knows which HTTP status each code becomes.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}
