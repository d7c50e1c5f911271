import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * Assertions on zod schemas, for the tests of the route contracts and of the seed's insert schemas.
 * Tests only: no contract imports this file.
 */

/** The messages of every issue at `path` ('' = the root), in order. */
function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

/** Parsing fails, and the first issue at `path` carries exactly `message`. */
export function expectMessage(schema: z.ZodType, input: unknown, path: string, message: string) {
  const result = schema.safeParse(input);
  expect(result.success, `expected ${JSON.stringify(input)} to fail`).toBe(false);
  expect(messagesAt(schema, input, path)[0]).toBe(message);
}

/** Parsing succeeds; returns what the schema made of `input`. */
export function expectValid<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected valid, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}
