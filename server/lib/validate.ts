import type { z } from 'zod';
import { AppError } from './app-error';

export const NUL_MESSAGE = 'Text cannot contain NUL characters';

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
  const result = schema.safeParse(input);
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
