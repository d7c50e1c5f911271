import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * PostgreSQL errors as the code above the driver meets them: drizzle wraps the driver's error (pg or
 * PGlite) in a DrizzleQueryError, which a service may wrap again, so what is known about the failure
 * sits one or more `cause`s down. One walk finds it for the error handler, the log and the repositories.
 */

/** How many wrappers deep a cause is looked for; a cycle of causes ends there too. */
const MAX_CAUSE_DEPTH = 5;

/** `error`, its cause, the cause's cause, …: objects only, at most MAX_CAUSE_DEPTH of them. */
function* causeChain(error: unknown): Generator<object> {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current && typeof current === 'object'; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** What the driver says of a failed statement: the SQLSTATE, and the constraint a violation broke. */
export interface DatabaseError {
  code: string;
  constraint?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The driver's error inside `error`: the first in its cause chain that carries a SQLSTATE. */
export function findDatabaseError(error: unknown): DatabaseError | undefined {
  for (const candidate of causeChain(error)) {
    const { code } = candidate as { code?: unknown };
    if (typeof code === 'string' && SQLSTATE.test(code)) return candidate as DatabaseError;
  }
  return undefined;
}

/** Drizzle's error inside `error`: the one that knows the SQL text of the failed statement. */
export function findQueryError(error: unknown): DrizzleQueryError | undefined {
  for (const candidate of causeChain(error)) {
    if (candidate instanceof DrizzleQueryError) return candidate;
  }
  return undefined;
}

const UNIQUE_VIOLATION = '23505';

/** True when `error` (or a cause of it) is PostgreSQL's unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const found = findDatabaseError(error);
  return found?.code === UNIQUE_VIOLATION && found.constraint === constraint;
}

const EXCLUSION_VIOLATION = '23P01';

/** True when `error` (or a cause of it) is PostgreSQL's exclusion violation of `constraint`. */
export function isExclusionViolation(error: unknown, constraint: string): boolean {
  const found = findDatabaseError(error);
  return found?.code === EXCLUSION_VIOLATION && found.constraint === constraint;
}
