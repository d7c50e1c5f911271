import { describe, expect, it } from 'vitest';
import { statusOf, toAppError } from './error-handler';

describe('toAppError', () => {
  // Express 5's router throws a URIError (status 400) for `/api/jobs/%zz`; it used to answer 500.
  it('turns a path parameter that cannot be decoded into a 400', () => {
    const error = Object.assign(new URIError("Failed to decode param '%zz'"), { status: 400 });
    expect(statusOf(toAppError(error).code)).toBe(400);
  });

  // body-parser wraps a gzip body that does not inflate in an http-error without a `type`.
  it('turns other exposed client errors of the body parser into a 400', () => {
    const error = Object.assign(new Error('incorrect header check'), {
      status: 400,
      statusCode: 400,
      expose: true,
      code: 'Z_DATA_ERROR',
    });
    expect(toAppError(error)).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('still treats an unexposed error with a status (an upstream API answer) as our failure', () => {
    expect(toAppError(Object.assign(new Error('upstream said 429'), { status: 429 }))).toMatchObject({
      code: 'INTERNAL_ERROR',
    });
  });
});
