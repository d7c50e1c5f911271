import type { z } from 'zod';
import { AppError } from './app-error';

export const NUL_MESSAGE = 'Text cannot contain NUL characters';
export const HOSTILE_VALUE_MESSAGE = 'Invalid input: a value has the wrong type';

/**
 * The path of the first string holding a NUL character: PostgreSQL text and jsonb cannot store
 * one, so it would fail at the insert as a 500. Walks parsed output, whose depth the schema bounds.
 */
function findNul(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || path.length > 20) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findNul(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Parses untrusted input with a shared schema. The first issue's message becomes the error
 * (the forms show the same text); every issue is returned in `details`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  let result: z.ZodSafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(input);
  } catch {
    // zod runs a string's length checks on any value with a `length`, even after the type check
    // failed: `{"note": {"length": {"toString": ""}}}` then throws a TypeError instead of an issue.
    throw new AppError('VALIDATION_ERROR', HOSTILE_VALUE_MESSAGE);
  }
  if (result.success) {
    const nulPath = findNul(result.data);
    if (nulPath) {
      throw new AppError('VALIDATION_ERROR', NUL_MESSAGE, [
        { path: nulPath.join('.'), message: NUL_MESSAGE },
      ]);
    }
    return result.data;
  }
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new AppError('VALIDATION_ERROR', details[0]?.message ?? 'Invalid input', details);
}
