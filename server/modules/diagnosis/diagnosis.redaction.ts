/**
 * Removes contact details from the homeowner's text before it leaves the server (the model never
 * needs them): e-mail addresses, phone numbers, street addresses and ZIP codes.
 *
 * Every step runs in time linear in the text. The description is attacker-controlled and this runs
 * on the event loop, so no pattern here may backtrack over an unbounded run: e-mails are found by a
 * hand-written scan around each '@', and the regular expressions have only bounded repetitions, so
 * each start position costs at most a fixed number of steps. (The old patterns were quadratic or
 * worse: "zip" followed by 5,000 spaces blocked the process for minutes.)
 */

export const REDACTED = {
  email: '[email]',
  phone: '[phone]',
  address: '[address]',
  zip: '[zip]',
} as const;

const isEmailLocalChar = (code: number) =>
  (code >= 0x30 && code <= 0x39) || // 0-9
  (code >= 0x41 && code <= 0x5a) || // A-Z
  (code >= 0x61 && code <= 0x7a) || // a-z
  code === 0x2e || // .
  code === 0x5f || // _
  code === 0x25 || // %
  code === 0x2b || // +
  code === 0x2d; // -

const isDomainChar = (code: number) =>
  (code >= 0x30 && code <= 0x39) ||
  (code >= 0x41 && code <= 0x5a) ||
  (code >= 0x61 && code <= 0x7a) ||
  code === 0x2d || // -
  code === 0x2e; // .

/**
 * local@domain → [email]. For each '@', expands left over local-part characters (never past the
 * previous match) and right over domain characters; a match needs a non-empty local part and a
 * domain with a dot between two labels. Each character is looked at a bounded number of times.
 * Deliberately generous: "jo@example.co" and "a.b+c@x-y.example.org" go, and so does a malformed
 * address — sending "[email]" where there was none costs nothing.
 */
export function redactEmails(text: string): string {
  let out = '';
  let copiedUpTo = 0;
  let at = text.indexOf('@');
  while (at !== -1) {
    let start = at;
    while (start > copiedUpTo && isEmailLocalChar(text.charCodeAt(start - 1))) start -= 1;
    let end = at + 1;
    while (end < text.length && isDomainChar(text.charCodeAt(end))) end += 1;
    // A sentence's full stop or a trailing hyphen is not part of the address.
    while (end > at + 1 && (text[end - 1] === '.' || text[end - 1] === '-')) end -= 1;
    const domain = text.slice(at + 1, end);
    const dot = domain.indexOf('.');
    if (start < at && dot > 0 && dot < domain.length - 1) {
      out += text.slice(copiedUpTo, start) + REDACTED.email;
      copiedUpTo = end;
      at = text.indexOf('@', end);
    } else {
      at = text.indexOf('@', at + 1);
    }
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}

/**
 * US phone numbers: optional +1 or 1, a 3-digit area code (optionally in parentheses), then 3 and
 * 4 digits, separated by nothing, a space, a dot or a dash: (512) 555-0199, 512.555.0199,
 * +1 512 555 0199, 1-512-555-0199, +15125550199. Also a 7-digit local number with a dot or dash
 * (555-0199). Not inside a longer run of digits. At most ~20 characters per start position.
 */
const PHONE =
  /(?<![\d+])(?:\+?1[ .-]?)?(?:\(\d{3}\)[ .-]?|\d{3}[ .-]?)\d{3}[ .-]?\d{4}(?!\d)|(?<![\d+])\d{3}[.-]\d{4}(?!\d)/g;

/** Street-name suffixes (USPS abbreviations and the words). */
const STREET_SUFFIX =
  'street|st|avenue|ave|av|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|place|pl|terrace|ter|circle|cir|parkway|pkwy|highway|hwy|trail|trl|square|sq|loop|row|pike|alley|aly';

/**
 * A house number, one to four words, and a street suffix: "1234 Main St", "12 N. Oak Street",
 * "5 Old Mill Rd.". Words are at most 40 characters and separated by at most three spaces or
 * tabs, so one start position costs at most a few hundred steps whatever follows it.
 */
const STREET_ADDRESS = new RegExp(
  `(?<!\\d)\\d{1,6}[A-Za-z]?[ \\t]{1,3}(?:[A-Za-z0-9'.-]{1,40}[ \\t]{1,3}){0,3}[A-Za-z0-9'.-]{1,40}[ \\t]{1,3}(?:${STREET_SUFFIX})(?![A-Za-z0-9])\\.?`,
  'gi',
);

/**
 * Five digits, optionally -4 more (ZIP+4), not inside a longer number: "Austin TX 78701",
 * "zip: 78701-1234". Any such number goes, ZIP or not: a plumbing description hardly needs one.
 */
const ZIP = /(?<!\d)\d{5}(?:-\d{4})?(?!\d)/g;

/** E-mail addresses, phone numbers, street addresses and ZIP codes never leave the server. */
export function redactPersonalData(text: string): string {
  return redactEmails(text)
    .replace(PHONE, REDACTED.phone)
    .replace(STREET_ADDRESS, REDACTED.address)
    .replace(ZIP, REDACTED.zip);
}
