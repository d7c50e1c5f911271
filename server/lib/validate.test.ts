import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { HOSTILE_VALUE_MESSAGE, NUL_MESSAGE, parseInput } from './validate';

const schema = z.object({ name: z.string(), extra: z.object({ note: z.string() }).optional() });

describe('parseInput', () => {
  // A fuzz case on PostgreSQL: a length check ran on an object whose `length` cannot become a number.
  it('answers a value that makes a check throw with a validation error, not a crash', () => {
    const note = z.object({ note: z.string().trim().min(1).max(10).optional(), contacted: z.literal(true) });
    const hostile = JSON.parse('{"contacted":true,"note":{"length":{"toString":""}}}') as unknown;
    expect(() => parseInput(note, hostile)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', message: HOSTILE_VALUE_MESSAGE }),
    );
  });

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
