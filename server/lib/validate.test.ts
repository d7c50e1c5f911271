import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { NUL_MESSAGE, parseInput } from './validate';

const schema = z.object({ name: z.string(), extra: z.object({ note: z.string() }).optional() });

describe('parseInput', () => {
  it('returns the parsed data', () => {
    expect(parseInput(schema, { name: 'Jo', ignored: 1 })).toEqual({ name: 'Jo' });
  });

  // PostgreSQL cannot store NUL in text or jsonb: it used to fail at the insert as a 500.
  it('refuses a NUL character anywhere in the parsed data, naming the field', () => {
    for (const [input, path] of [
      [{ name: 'Jo\u0000' }, 'name'],
      [{ name: 'Jo', extra: { note: '\u0000' } }, 'extra.note'],
    ] as const) {
      const error = (() => {
        try {
          parseInput(schema, input);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: NUL_MESSAGE,
        details: [{ path, message: NUL_MESSAGE }],
      });
    }
  });

  it('ignores NUL in keys the schema strips', () => {
    expect(parseInput(schema, { name: 'Jo', 'x\u0000': '\u0000' })).toEqual({ name: 'Jo' });
  });
});
