import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyKept } from './notice-cache';

/** Every object reachable from `value`, arrays and dates included. */
function objectsIn(value: unknown, found = new Set<object>()): Set<object> {
  if (typeof value !== 'object' || value === null || found.has(value)) return found;
  found.add(value);
  for (const inner of Object.values(value)) objectsIn(inner, found);
  return found;
}

const keptValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 1 }),
    fc.date({ noInvalidDate: true }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('copyKept', () => {
  it('answers what structuredClone answers, sharing no object with what it copied', () => {
    fc.assert(
      fc.property(keptValue, (value) => {
        const copy = copyKept(value);
        expect(copy).toStrictEqual(structuredClone(value));
        const originals = objectsIn(value);
        for (const inner of objectsIn(copy)) expect(originals.has(inner)).toBe(false);
      }),
    );
  });

  it('keeps a "__proto__" key as an own property, as JSON.parse made it', () => {
    const parsed = JSON.parse('{"__proto__": {"role": "admin"}, "passport": {"user": {"id": "u1"}}}');
    const copy = copyKept(parsed);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'passport']);
    expect((copy as { role?: string }).role).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ role: 'admin' });
  });

  it('clones anything but plain data structurally', () => {
    const kept = { bytes: new Uint8Array([1, 2, 3]), at: new Date(0) };
    const copy = copyKept(kept);
    expect(copy.bytes).toBeInstanceOf(Uint8Array);
    expect(copy.bytes).not.toBe(kept.bytes);
    expect([...copy.bytes]).toEqual([1, 2, 3]);
    expect(copy.at.getTime()).toBe(0);
    expect(copy.at).not.toBe(kept.at);
  });
});
