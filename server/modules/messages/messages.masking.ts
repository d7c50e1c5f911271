import { MASKED_CONTACT } from '@shared/contracts/messages';

/**
 * Hides e-mail addresses and phone numbers in a job-room message written before a quote is
 * accepted, so homeowner and plumber do not take the job off Plumbline. Pure: no I/O.
 *
 * What is hidden (each whole match becomes MASKED_CONTACT):
 * - e-mail addresses with `@`, spaces around it allowed (`name+tag@sub.example.co.uk`, `jo @ x.io`),
 *   the domain's dots also written as words (`jo@example dot com`);
 * - spelled-out addresses: `name (at) example (dot) com`, `name [at] example.com` (a bracketed "at"
 *   is never prose), and `name at example dot com` — with a plain " at " the last dot must be a word
 *   too and the address must end in a common top-level domain (`com`, `net`, `org`…), so a shop's
 *   site ("buy the valve at lowes.com") and everyday sentences ("be there at 10.30") stay as they
 *   are. The words may be in lower, upper or title case (`At`, `DOT`, `Com`), the local part's dots
 *   words too (`jo dot lee at …`). "look at the dot com" is hidden: a rare loss, and the safer mistake;
 * - North American numbers in the usual forms: `(512) 555-0100`, `512-555-0100`, `512.555.0100`,
 *   `512 555 0100`, `5125550100`, with `+1`/`1` in front or not;
 * - international numbers written with a `+` and 8 to 15 digits (`+44 20 7946 0958`).
 *
 * What is left alone, on purpose: prices (`$1,250.00`, `$5125550100`), dates (`2026-11-25`),
 * times, ZIP codes (`78745`, `78745-1234`), ranges (`250-1200`), quantities and part numbers that
 * are not 10 digits in a phone's grouping. Seven-digit local numbers (`555-0100`) are not hidden:
 * they cannot be told from a range like `250-1200`. Digits spelled as words or split oddly
 * (`5 1 2 5 5 5…`) are not chased either; the thread's notice asks people to keep the
 * conversation on Plumbline.
 *
 * The replacement is never longer than what it replaces, so a masked body still fits the
 * table's length check: a match shorter than MASKED_CONTACT (only a tiny address such as `a@b.co`)
 * becomes as many `*`.
 */

/** Spaces and tabs, never a line break: a contact detail is written on one line. */
const HSPACE = '[^\\S\\r\\n]';

const LOCAL_CHARS = '[A-Za-z0-9_%+-]+';
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const word = (text: string) => `(?:${text}|${text.toUpperCase()}|${text[0].toUpperCase()}${text.slice(1)})`;
const bracketed = (inner: string) => `${HSPACE}*[\\[({<]${HSPACE}*${inner}${HSPACE}*[\\])}>]${HSPACE}*`;
const spoken = (inner: string) => `${HSPACE}+${inner}${HSPACE}+`;

/** ` dot `, `(dot)`, `[dot]`. */
const WORD_DOT = `(?:${bracketed(word('dot'))}|${spoken(word('dot'))})`;
/** `.`, or a dot written as a word. */
const DOT = `(?:\\.|${WORD_DOT})`;
/** `@` (spaces around it allowed). */
const AT_SIGN = `${HSPACE}*@${HSPACE}*`;
/** `(at)`, `[at]`. */
const BRACKETED_AT = bracketed(word('at'));
/** ` at `. */
const SPOKEN_AT = spoken(word('at'));

/** Separators never belong to the parts they separate: no two ways to read one address (no ReDoS). */
const LOCAL_PART = `${LOCAL_CHARS}(?:${DOT}${LOCAL_CHARS})*`;
const DOMAIN_LABELS = `${LABEL}(?:${DOT}${LABEL})*`;

const COMMON_TLDS = [
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'mil',
  'us',
  'io',
  'co',
  'me',
  'info',
  'biz',
  'email',
  'uk',
  'ca',
];
const COMMON_TLD = `(?:${COMMON_TLDS.map(word).join('|')})`;

/** Nothing of an address right before it: the match starts at the address's first character. */
const ADDRESS_START = '(?<![A-Za-z0-9_%+.-])';
const ADDRESS_END = '(?![A-Za-z0-9-])';

const EMAIL = new RegExp(
  `${ADDRESS_START}${LOCAL_PART}${AT_SIGN}${DOMAIN_LABELS}${DOT}[A-Za-z]{2,24}${ADDRESS_END}`,
  'g',
);
const BRACKETED_EMAIL = new RegExp(
  `${ADDRESS_START}${LOCAL_PART}${BRACKETED_AT}${DOMAIN_LABELS}${DOT}[A-Za-z]{2,24}${ADDRESS_END}`,
  'g',
);
const SPOKEN_EMAIL = new RegExp(
  `${ADDRESS_START}${LOCAL_PART}${SPOKEN_AT}${DOMAIN_LABELS}${WORD_DOT}${COMMON_TLD}${ADDRESS_END}`,
  'g',
);

/** Between a phone number's groups: spaces, and at most one `.` or `-`. */
const PHONE_SEPARATOR = `${HSPACE}*[.-]?${HSPACE}*`;
/** Not inside a longer number or word, and not an amount (`$5125550100`). */
const NUMBER_START = '(?<![\\w$+])';
const NUMBER_END = '(?![\\w])';

const NANP_PHONE = new RegExp(
  `${NUMBER_START}(?:\\+?1${PHONE_SEPARATOR})?` +
    `(?:\\(${HSPACE}*[2-9]\\d{2}${HSPACE}*\\)|[2-9]\\d{2})${PHONE_SEPARATOR}` +
    `[2-9]\\d{2}${PHONE_SEPARATOR}\\d{4}${NUMBER_END}`,
  'g',
);
const INTERNATIONAL_PHONE = new RegExp(
  `${NUMBER_START}\\+\\d(?:${HSPACE}?[.-]?${HSPACE}?\\d){7,14}${NUMBER_END}`,
  'g',
);

/** E-mail patterns first: digits inside an address go with it. */
const CONTACT_PATTERNS = [EMAIL, BRACKETED_EMAIL, SPOKEN_EMAIL, NANP_PHONE, INTERNATIONAL_PHONE];

function replacementFor(match: string): string {
  return match.length >= MASKED_CONTACT.length ? MASKED_CONTACT : '*'.repeat(match.length);
}

export interface MaskedText {
  text: string;
  /** Something was hidden. */
  masked: boolean;
}

/** `text` with every e-mail address and phone number replaced; never longer than `text`. */
export function maskContactDetails(text: string): MaskedText {
  let masked = false;
  let result = text;
  for (const pattern of CONTACT_PATTERNS) {
    result = result.replace(pattern, (match) => {
      masked = true;
      return replacementFor(match);
    });
  }
  return { text: result, masked };
}
