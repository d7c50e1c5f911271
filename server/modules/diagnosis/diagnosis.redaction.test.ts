import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { redactPersonalData } from './diagnosis.redaction';

/** Ordinary words and punctuation, no digits and no '@': whatever digit or '@' survives leaked. */
const word = fc.stringMatching(/^[A-Za-z]{1,12}$/);
const separator = fc.constantFrom(' ', ', ', '. ', ' (', ') ', ': ', '; ', '\n', ' - ', '! ');
const text = fc
  .array(fc.tuple(word, separator), { maxLength: 12 })
  .map((parts) => parts.map(([w, s]) => w + s).join(''));

/** Random text, the item, random text: the item may sit at the very start or end. */
const embedded = (item: fc.Arbitrary<string>) =>
  fc.tuple(text, separator, item, separator, text).map(([before, s1, value, s2, after]) => ({
    value,
    input: `${before}${before ? s1 : ''}${value}${after ? s2 : ''}${after}`,
  }));

const digits = (count: number) => fc.stringMatching(new RegExp(`^[0-9]{${count}}$`));

const email = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._%+-]{0,20}$/),
    fc.array(fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,10}[A-Za-z0-9])?$/), {
      minLength: 1,
      maxLength: 3,
    }),
    fc.stringMatching(/^[A-Za-z]{2,6}$/),
  )
  .map(([local, labels, tld]) => `${local}@${[...labels, tld].join('.')}`);

const phone = fc
  .tuple(
    fc.constantFrom('', '1', '+1', '1 ', '+1 ', '1-', '+1-', '1.', '+1.'),
    digits(3),
    digits(3),
    digits(4),
    fc.constantFrom('', ' ', '-', '.'),
    fc.boolean(),
  )
  .map(([prefix, area, exchange, line, sep, parens]) =>
    parens
      ? `${prefix}(${area})${sep === '.' ? '' : sep}${exchange}${sep || '-'}${line}`
      : `${prefix}${area}${sep}${exchange}${sep}${line}`,
  );

const zip = fc
  .tuple(digits(5), fc.option(digits(4), { nil: undefined }))
  .map(([five, four]) => (four ? `${five}-${four}` : five));

const street = fc
  .tuple(
    fc.integer({ min: 1, max: 99_999 }),
    fc.array(fc.stringMatching(/^[A-Z][a-z]{1,10}\.?$/), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('St', 'St.', 'Street', 'Ave', 'Avenue', 'Rd', 'Road', 'Blvd', 'Ln', 'Dr', 'Ct', 'Way'),
  )
  .map(([number, names, suffix]) => `${number} ${names.join(' ')} ${suffix}`);

describe('redactPersonalData', () => {
  it('removes every generated e-mail address', () => {
    fc.assert(
      fc.property(embedded(email), ({ value, input }) => {
        const out = redactPersonalData(input);
        expect(out).not.toContain('@');
        expect(out).not.toContain(value);
        expect(out).toContain('[email]');
      }),
      { numRuns: 500 },
    );
  });

  it('removes every generated US phone number (+1, dots, dashes, spaces, parentheses)', () => {
    fc.assert(
      fc.property(embedded(phone), ({ input }) => {
        const out = redactPersonalData(input);
        expect(out).not.toMatch(/\d/);
        expect(out).toContain('[phone]');
      }),
      { numRuns: 500 },
    );
  });

  it('removes every generated ZIP and ZIP+4', () => {
    fc.assert(
      fc.property(embedded(zip), ({ input }) => {
        const out = redactPersonalData(input);
        expect(out).not.toMatch(/\d/);
        // Five digits before words ending in a street suffix ("00000 A Ct") are a house number.
        expect(out).toMatch(/\[(zip|address)\]/);
      }),
      { numRuns: 500 },
    );
  });

  it('removes every generated street address with its house number', () => {
    fc.assert(
      fc.property(embedded(street), ({ value, input }) => {
        const out = redactPersonalData(input);
        expect(out).not.toMatch(/\d/);
        expect(out).not.toContain(value.split(' ').slice(0, 2).join(' '));
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['Austin TX 78701', 'Austin TX [zip]'],
    ['Austin, TX 78701-1234.', 'Austin, TX [zip].'],
    ['zip: 78701', 'zip: [zip]'],
    ['call +1 (512) 555-0199 today', 'call [phone] today'],
    ['or 555-0199', 'or [phone]'],
    ['1234 Main St, Austin', '[address], Austin'],
    ['mail jo.smith+pipes@mail.example.org.', 'mail [email].'],
  ])('redacts %j', (input, expected) => {
    expect(redactPersonalData(input)).toBe(expected);
  });

  it('leaves a plumbing description alone', () => {
    const text =
      'The 40 gallon water heater in the garage leaks from the valve; it is 12 years old and the pipe is 3/4 inch.';
    expect(redactPersonalData(text)).toBe(text);
  });
});

/**
 * Catastrophic backtracking costs seconds to minutes on these inputs ("zip" and 5,000 spaces took
 * about two minutes); a linear pass takes well under a millisecond once the patterns are compiled.
 * The budget is fifty times that, and the best of three runs counts, so a busy machine does not
 * make it flaky while anything super-linear still fails every run.
 */
const BUDGET_MS = 50;
const LENGTH = 10_000;

const timed = (input: string) => {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    redactPersonalData(input);
    best = Math.min(best, performance.now() - started);
  }
  return best;
};

describe('redactPersonalData on hostile input', () => {
  const repeat = (unit: string) => unit.repeat(Math.ceil(LENGTH / unit.length)).slice(0, LENGTH);
  // The first calls compile the patterns to machine code: not what is measured here.
  beforeAll(() => {
    for (let i = 0; i < 5; i++) redactPersonalData(repeat('jo@x.io 512-555-0199 78701 12 Oak St zip 1 '));
  });

  it.each([
    ['zip + spaces', 'zip' + ' '.repeat(LENGTH)],
    ['zip code + spaces + colon', 'zip code' + ' '.repeat(LENGTH / 2) + ':' + ' '.repeat(LENGTH / 2)],
    ['@ repeated', repeat('@')],
    ['a…a@', 'a'.repeat(LENGTH) + '@'],
    ['@a…a', '@' + 'a'.repeat(LENGTH)],
    ['a…a', 'a'.repeat(LENGTH)],
    ['digits', repeat('1')],
    ['digits and spaces', repeat('1 ')],
    ['digit groups', repeat('123-')],
    ['a.a.a.…@', repeat('a.') + '@'],
    ['a@a.a@a.…', repeat('a@a.')],
    ['dashes', repeat('-')],
    ['house number and long words', repeat('1 ' + 'a'.repeat(39) + ' ')],
    ['house number and spaces', '1' + ' '.repeat(LENGTH)],
    ['+1 repeated', repeat('+1 ')],
    ['(555) repeated', repeat('(555) ')],
  ])('%s finishes within the budget', (_label, input) => {
    expect(timed(input)).toBeLessThan(BUDGET_MS);
  });

  it('any mix of the characters the patterns care about finishes within the budget', () => {
    const unit = fc.constantFrom(
      'zip',
      'code',
      ' ',
      '\t',
      '\n',
      ':',
      '@',
      '.',
      '-',
      '+',
      '(',
      ')',
      '1',
      '12345',
      'a',
      'St',
      'Main',
    );
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 50 }), (units) => {
        const pattern = units.join('');
        const input = pattern.repeat(Math.ceil(LENGTH / pattern.length)).slice(0, LENGTH);
        expect(timed(input)).toBeLessThan(BUDGET_MS);
      }),
      { numRuns: 200 },
    );
  });
});
