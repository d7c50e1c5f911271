import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { findDatabaseError, findQueryError, isUniqueViolation } from './errors';

/** What pg and PGlite throw: an Error with the SQLSTATE in `code`, and the constraint of a violation. */
const driverError = (code: string, constraint?: string) =>
  Object.assign(new Error(`driver error ${code}`), { code, constraint });

/** How the driver's error reaches a service: wrapped by drizzle, then by the service itself. */
const wrapped = (cause: Error) =>
  new Error('booking failed', { cause: new DrizzleQueryError('insert into "x" values ($1)', [1], cause) });

describe('findDatabaseError', () => {
  it('finds the SQLSTATE under drizzle’s and the service’s wrappers', () => {
    const cause = driverError('23503', 'jobs_customer_id_fk');
    expect(findDatabaseError(wrapped(cause))).toBe(cause);
    expect(findDatabaseError(cause)).toBe(cause);
  });

  it('skips codes that are not SQLSTATEs and finds nothing in anything else', () => {
    const connection = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(findDatabaseError(wrapped(connection))).toBeUndefined();
    expect(findDatabaseError(new Error('plain'))).toBeUndefined();
    expect(findDatabaseError('23505')).toBeUndefined();
    expect(findDatabaseError(null)).toBeUndefined();
  });

  it('stops on a cycle of causes and after five wrappers', () => {
    const looped: Error & { cause?: unknown } = new Error('looped');
    looped.cause = looped;
    expect(findDatabaseError(looped)).toBeUndefined();

    let deep: Error = driverError('40001');
    for (let wrappers = 0; wrappers < 4; wrappers++) deep = new Error('wrapper', { cause: deep });
    expect(findDatabaseError(deep)?.code).toBe('40001');
    expect(findDatabaseError(new Error('one more', { cause: deep }))).toBeUndefined();
  });
});

describe('findQueryError', () => {
  it('finds drizzle’s error, which holds the SQL, under the service’s wrapper', () => {
    const error = wrapped(driverError('42P01'));
    expect(findQueryError(error)).toBeInstanceOf(DrizzleQueryError);
    expect(findQueryError(error)?.query).toBe('insert into "x" values ($1)');
    expect(findQueryError(driverError('42P01'))).toBeUndefined();
  });
});

describe('isUniqueViolation', () => {
  it('is true only for a unique violation of the named constraint', () => {
    expect(
      isUniqueViolation(
        wrapped(driverError('23505', 'quotes_one_accepted_per_job')),
        'quotes_one_accepted_per_job',
      ),
    ).toBe(true);
    expect(
      isUniqueViolation(wrapped(driverError('23505', 'users_email_unique')), 'quotes_one_accepted_per_job'),
    ).toBe(false);
    expect(
      isUniqueViolation(
        wrapped(driverError('23503', 'quotes_one_accepted_per_job')),
        'quotes_one_accepted_per_job',
      ),
    ).toBe(false);
    expect(isUniqueViolation(new Error('not a database error'), 'quotes_one_accepted_per_job')).toBe(false);
  });
});
