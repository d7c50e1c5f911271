import type { z } from 'zod';
import { AppError } from './app-error';

/**
 * Parses untrusted input with a shared schema. The first issue's message becomes the error
 * (the forms show the same text); every issue is returned in `details`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new AppError('VALIDATION_ERROR', details[0]?.message ?? 'Invalid input', details);
}
