import fc from 'fast-check';

/**
 * Hostile-input generators for server/fuzz.test.ts. Bodies are built as raw JSON *text*, not as
 * objects passed to JSON.stringify, so that what JSON.stringify would drop or normalise still reaches
 * the server: `__proto__` as an own key, duplicated keys, `1e309`, `-0`, lone surrogates written as
 * `\ud800` escapes, and broken JSON.
 */

/** JSON text of a string, any string (JSON.stringify escapes lone surrogates as `\udxxx`). */
export const jsonString = (value: string) => JSON.stringify(value);

/** An object as JSON text from `[key, value text]` pairs, keeping duplicates and `__proto__` keys. */
export const jsonObject = (entries: readonly (readonly [string, string])[]) =>
  `{${entries.map(([key, value]) => `${jsonString(key)}:${value}`).join(',')}}`;

export const jsonArray = (items: readonly string[]) => `[${items.join(',')}]`;

/**
 * Percent-encodes every byte that is not unreserved. Works on any string: lone surrogates become
 * U+FFFD (encodeURIComponent would throw); their raw byte forms are listed as literal escapes.
 */
export const percentEncode = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Keys that pollute prototypes when code merges untrusted objects carelessly. */
export const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Bodies that try to set `Object.prototype.polluted` through the usual merge and path-set bugs. */
export const POLLUTION_VALUES = [
  '{"polluted":"yes"}',
  '{"prototype":{"polluted":"yes"}}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '[{"__proto__":{"polluted":"yes"}}]',
];

/** Odd numbers as the server's JSON parser sees them: overflow, negative zero, huge integers. */
const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '-0',
  '0',
  '-1',
  '1e-400',
  '0.1',
  '4.999',
  '1.005',
  '99999999.995',
  '123456789012345678901234567890',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '1E2',
  '5e0',
];

/** Not JSON at all: the parser must refuse them with a JSON 400. */
const INVALID_TOKENS = ['NaN', 'Infinity', '-Infinity', 'undefined', "'single'", '0x10', '01', '.5', '+1'];

/** Strings that have broken other servers: escapes, scripts, paths, SQL, format strings, bidi, NUL. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'abc\u0000def',
  '\u0000'.repeat(20),
  '\u0007\u0008\u001b[31m',
  '\r\n\tX-Injected: 1',
  '\u202eevil\u202c',
  'שלום עולם',
  'مرحبا',
  '👩‍🔧🚰💧',
  '\ufeffBOM',
  '\uffff\ufffe',
  '\u2028\u2029',
  'Ａｂｃ',
  'e\u0301',
  '../../../etc/passwd',
  '..%2f..%2f',
  "' OR '1'='1' --",
  '"; drop table users; --',
  '$1',
  '%s%s%n',
  '{{7*7}}',
  '<script>alert(1)</script>',
  'null',
  'true',
  '1e309',
  'NaN',
  '-0',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  // Long enough for the free-text minimums, so lookups keyed by the words themselves run.
  'constructor __proto__ toString valueOf hasOwnProperty isPrototypeOf',
];

/** Lone surrogates written as JSON escapes: valid JSON, invalid UTF-16 once parsed. */
const SURROGATE_STRINGS = ['"\\ud800"', '"\\udfff"', '"a\\ud83dz"', '"\\ude00\\ud83d"', '"x\\ud800\\u0000y"'];

const unicodeText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({
    unit: fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\u0085', 'a', '\u00a0'),
    maxLength: 20,
  }),
  fc.string({ maxLength: 40 }),
);

/** A JSON string token: printable, full unicode, control characters, lone surrogates, nasty classics. */
export const jsonStringText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: unicodeText.map(jsonString) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS).map(jsonString) },
  { weight: 1, arbitrary: fc.constantFrom(...SURROGATE_STRINGS) },
  // A raw (unescaped) control character inside a string is invalid JSON.
  { weight: 1, arbitrary: fc.constantFrom('"a\u0000b"', '"line\nbreak"', '"tab\there"') },
);

export const jsonNumberText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...RAW_NUMBERS),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
);

const scalarText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: jsonStringText },
  { weight: 3, arbitrary: jsonNumberText },
  { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'null') },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_TOKENS) },
);

/** Object keys: the route's own fields, prototype keys, empty and unicode keys. */
export const keyArb = (fields: readonly string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fields.length ? fc.constantFrom(...fields) : fc.constant('x') },
    { weight: 2, arbitrary: fc.constantFrom(...DANGEROUS_KEYS) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'a.b', 'a[b]', '0', 'length', 'toString', '$where') },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );

/** Any JSON value as text (nested up to a few levels), keys biased towards `fields`. */
export const jsonValueText = (fields: readonly string[] = []): fc.Arbitrary<string> =>
  fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: scalarText },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 5 }).map(jsonArray) },
      {
        weight: 2,
        arbitrary: fc
          .array(fc.tuple(keyArb(fields), tie('value')), { maxLength: 5 })
          .map((entries) => jsonObject(entries)),
      },
      { weight: 1, arbitrary: fc.constantFrom(...POLLUTION_VALUES) },
    ),
  })).value;

/** Lengths around the 100 kB JSON limit of /api (and one far above it). */
export const HUGE_LENGTHS = [60_000, 100 * 1024 - 200, 100 * 1024 + 1, 180_000] as const;

/** A huge JSON string token (plain, multi-byte or escaped), for a few runs only. */
export const hugeStringText: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...HUGE_LENGTHS), fc.constantFrom('a', 'é', '💧', '\\u0000', ' '))
  .map(([length, unit]) => `"${unit.repeat(Math.ceil(length / unit.length))}"`);

/** Broken JSON text: truncated, trailing garbage, comments, a BOM, several documents. */
export const brokenJsonText = (valid: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.nat({ max: Math.max(0, valid.length - 1) }).map((cut) => valid.slice(0, cut)),
    fc.constantFrom(
      `${valid},`,
      `${valid}}`,
      `${valid}${valid}`,
      `\ufeff${valid}`,
      `/* c */${valid}`,
      valid.replace(/"/g, "'"),
      '',
      ' ',
      '{',
      '[',
      '{"a":}',
      '{"a" 1}',
      '{,}',
      '{"a":1,}',
      '"just a string"',
      '42',
      'null',
      'true',
    ),
  );

/**
 * A body for a route whose valid JSON body (field → JSON text) is `valid`: mostly near-valid (one
 * field replaced, dropped, duplicated or wrong-typed; `special` adds per-field value generators),
 * sometimes random, polluting, broken or huge.
 */
export const bodyText = (
  valid: Record<string, string>,
  special: Record<string, fc.Arbitrary<string>> = {},
): fc.Arbitrary<string> => {
  const fields = Object.keys(valid);
  const validEntries = Object.entries(valid);
  const validText = jsonObject(validEntries);
  const pickField = fields.length ? fc.constantFrom(...fields) : fc.constant('x');
  const replaceField = (field: string, value: string) =>
    jsonObject([...validEntries.filter(([key]) => key !== field), [field, value]]);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(validText) },
    // One field replaced by anything: wrong types, odd numbers, unicode, nested objects.
    {
      weight: 10,
      arbitrary: fc
        .tuple(pickField, jsonValueText(fields))
        .map(([field, value]) => replaceField(field, value)),
    },
    // One field replaced by a value tailored to it (broken photos, other fixtures' ids, …).
    ...Object.entries(special).map(([field, arbitrary]) => ({
      weight: 6,
      arbitrary: arbitrary.map((value) => replaceField(field, value)),
    })),
    // One field dropped.
    {
      weight: 2,
      arbitrary: pickField.map((field) => jsonObject(validEntries.filter(([key]) => key !== field))),
    },
    // A field given twice: the parser keeps the last one.
    {
      weight: 1,
      arbitrary: fc
        .tuple(pickField, jsonValueText())
        .map(([field, value]) =>
          jsonObject([...validEntries, [field, value], [field, valid[field] ?? 'null']]),
        ),
    },
    // A valid body with prototype-polluting keys at the top or inside a field.
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...DANGEROUS_KEYS),
          fc.constantFrom(...POLLUTION_VALUES),
          fc.boolean(),
          pickField,
        )
        .map(([key, value, nested, field]) =>
          nested
            ? replaceField(field, jsonObject([[key, value]]))
            : jsonObject([[key, value], ...validEntries, [key, value]]),
        ),
    },
    // Random JSON of any shape (top-level arrays, strings, numbers included).
    { weight: 4, arbitrary: jsonValueText(fields) },
    { weight: 2, arbitrary: brokenJsonText(validText) },
    // Deeply nested arrays and objects (recursive code overflows its stack on these).
    {
      weight: 1,
      arbitrary: fc
        .tuple(pickField, fc.constantFrom(1_000, 30_000), fc.boolean())
        .map(([field, depth, array]) =>
          replaceField(
            field,
            array
              ? `${'['.repeat(depth)}${']'.repeat(depth)}`
              : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
          ),
        ),
    },
    // Huge strings around the body limit: rare on purpose, they cost the most time.
    {
      weight: 1,
      arbitrary: fc.tuple(pickField, hugeStringText).map(([field, value]) => replaceField(field, value)),
    },
  );
};

/**
 * A query string (without `?`) for a route reading `params`: random, duplicated and bracketed keys
 * (`zip=1&zip=2`, `a[b]=1`), odd numbers, unicode and control characters, malformed escapes.
 */
export const queryString = (params: readonly string[], validValues: Record<string, string> = {}) => {
  const value = fc.oneof(
    {
      weight: 3,
      arbitrary: params.length
        ? fc.constantFrom(...params).map((param) => validValues[param] ?? 'x')
        : fc.constant('x'),
    },
    { weight: 3, arbitrary: unicodeText.map(percentEncode) },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS).map(percentEncode) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '1e309',
        '-1e309',
        'NaN',
        'Infinity',
        '-Infinity',
        '-0',
        '0',
        '1.5',
        '99999999999999999999',
        '%00',
        '%',
        '%zz',
        '%E0%A4%A',
        '%ED%A0%80',
        '%C0%AF',
        '%FF',
        '+',
        '%20',
        '',
      ),
    },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.constantFrom(5_000, 7_000).map((length) => 'a'.repeat(length)) },
  );
  const key = fc.oneof(
    { weight: 5, arbitrary: params.length ? fc.constantFrom(...params) : fc.constant('q') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ...params.flatMap((param) => [`${param}[]`, `${param}[0]`, `${param}[a]`, `${param}.x`]),
        'a[b]',
        'a[b][c]',
        '__proto__',
        '__proto__[polluted]',
        'constructor[prototype][polluted]',
        'constructor',
        'prototype',
        'hasOwnProperty',
        '',
        '%00',
        '%',
      ),
    },
    { weight: 1, arbitrary: unicodeText.map(percentEncode) },
  );
  const pair = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: key },
    { weight: 1, arbitrary: fc.constantFrom('=', '&', '==', '=x') },
  );
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join('&')) },
    // Every parameter valid, then one repeated with another value: `?zip=80202&zip=x`.
    {
      weight: 2,
      arbitrary: fc
        .tuple(params.length ? fc.constantFrom(...params) : fc.constant('q'), value)
        .map(([param, extra]) =>
          [...params.map((name) => `${name}=${validValues[name] ?? 'x'}`), `${param}=${extra}`].join('&'),
        ),
    },
    // Near-valid: every parameter valid except one, replaced by an odd value or left out.
    {
      weight: 4,
      arbitrary: fc
        .tuple(params.length ? fc.constantFrom(...params) : fc.constant('q'), fc.option(value), fc.boolean())
        .map(([param, replacement, validFirst]) => {
          const pairs = params
            .filter((name) => name !== param || replacement !== null)
            .map((name) => `${name}=${name === param ? replacement : (validValues[name] ?? 'x')}`);
          return (validFirst ? pairs : pairs.reverse()).join('&');
        }),
    },
  );
};

/**
 * A path segment for `:jobId`, `:plumberId`, `:userId`, `:id` or `/media/:file`: known ids (so the
 * handler runs), fresh UUIDs, and odd strings (not UUIDs, traversal, NUL, very long, unicode).
 */
export const pathSegment = (known: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: known.length ? fc.constantFrom(...known) : fc.uuid() },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '..%2f..%2fetc%2fpasswd',
        '..%2F..%2F..%2Fpackage.json',
        '%2e%2e',
        '..%5c..%5c',
        '%00',
        'x%00.jpg',
        '%',
        '%zz',
        '%E0%A4%A',
        '%ED%A0%80',
        '%C0%AE%C0%AE',
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
        '00000000-0000-0000-0000-00000000000g',
        '12345678-1234-1234-1234-1234567890ab%20',
        '%20',
        'null',
        'undefined',
        '-1',
        '1e309',
        'NaN',
        '__proto__',
        'constructor',
        "'%20OR%201=1--",
        '00000000-0000-0000-0000-000000000000.jpg',
        'a'.repeat(4_000),
        `${'0'.repeat(8)}-${'0'.repeat(4)}-${'0'.repeat(4)}-${'0'.repeat(4)}-${'0'.repeat(3_000)}`,
      ),
    },
    { weight: 2, arbitrary: unicodeText.filter((text) => text.length > 0).map(percentEncode) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...NASTY_STRINGS)
        .filter(Boolean)
        .map(percentEncode),
    },
  );
