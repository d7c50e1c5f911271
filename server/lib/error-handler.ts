import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorBody, ErrorCode } from '@shared/errors';
import { findDatabaseError } from '../db/errors';
import { AppError } from './app-error';
import type { Logger } from './logger';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_SUSPENDED: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  PROFILE_INCOMPLETE: 409,
  SLOT_TAKEN: 409,
  ALREADY_QUOTED: 409,
  QUOTE_ALREADY_ACCEPTED: 409,
  APPOINTMENT_CONFLICT: 409,
  // Well-formed, but outside the plumber's own working hours or on a day off.
  APPOINTMENT_UNAVAILABLE: 422,
  // Well-formed, but more than the homeowner agreed to (the quote plus approved change orders).
  FINAL_AMOUNT_ABOVE_AGREED: 422,
  // A readable photo that shows nothing useful (too dark, too blurred): the homeowner takes another.
  PHOTO_UNUSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  HEADERS_TOO_LARGE: 431,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

/** What thrown errors may carry: body-parser's `type` and `status`, a driver's or the system's `code`. */
interface ThrownError {
  code?: string;
  cause?: unknown;
  type?: string;
  status?: number;
  /** http-errors (body-parser) set it on client errors. */
  expose?: boolean;
}

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/** Turns anything thrown into an AppError: framework errors, database errors, and bugs. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const err = (error ?? {}) as ThrownError & { message?: string };

  // body-parser errors carry a `type`.
  switch (err.type) {
    case 'entity.too.large':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
    case 'entity.parse.failed':
      return new AppError('INVALID_JSON', 'The request body is not valid JSON');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported request encoding');
  }
  // The router cannot decode a path parameter with malformed percent-encoding (`/api/jobs/%zz`).
  if (error instanceof URIError) return new AppError('VALIDATION_ERROR', 'The request address is not valid');
  // Other client errors of the body parser without a `type`, e.g. a gzip body that does not inflate.
  if (err.expose === true && typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
    return new AppError('VALIDATION_ERROR', 'The request body could not be read');
  }

  const dbError = findDatabaseError(error);
  if (dbError?.code) {
    if (dbError.code === '23505') return new AppError('CONFLICT', 'That already exists');
    if (dbError.code === '23503')
      return new AppError('CONFLICT', 'A linked record does not exist or is still in use');
    if (dbError.code === '23514' || dbError.code === '22P02' || dbError.code === '22003') {
      return new AppError('VALIDATION_ERROR', 'Invalid input');
    }
    if (dbError.code.startsWith('08') || dbError.code === '57P01' || dbError.code === '57P03') {
      return new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable, please try again');
    }
  }
  const causeCode = (err.cause as { code?: string } | undefined)?.code ?? err.code;
  if (
    (causeCode && CONNECTION_ERROR_CODES.has(causeCode)) ||
    /timeout exceeded when trying to connect|Connection terminated/i.test(err.message ?? '')
  ) {
    return new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable, please try again');
  }
  return new AppError('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
}

export function sendError(res: Parameters<RequestHandler>[1], error: AppError): void {
  const body: ErrorBody = { error: error.message, code: error.code };
  if (error.details !== undefined) body.details = error.details;
  res.status(statusOf(error.code)).json(body);
}

/** The one place errors become responses: `{ error, code, details? }`, never a stack trace or SQL. */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const appError = toAppError(error);
    const status = statusOf(appError.code);
    // A 503 the app chose (starting up, password checks full) is load, not a fault: the request log
    // line (at warn) is enough, and a stack per refused request would amplify a flood into the log.
    const refusedOnPurpose = error instanceof AppError && appError.code === 'SERVICE_UNAVAILABLE';
    if (status >= 500 && !refusedOnPurpose)
      logger.error({ err: error, method: req.method, url: req.originalUrl }, 'request failed');
    sendError(res, appError);
  };
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `No API route for ${req.method} ${req.path}`));
};

/**
 * The HTTP server's `clientError` listener. Node answers requests it cannot parse (a URL or headers
 * over 16 kB, broken framing) itself, with an empty body, before Express sees them; this answers them
 * in our error format instead.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body: ErrorBody = tooLarge
    ? { error: 'The request address or headers are too large', code: 'HEADERS_TOO_LARGE' }
    : { error: 'The request could not be read', code: 'VALIDATION_ERROR' };
  const status = statusOf(body.code);
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
      json,
  );
}
