import { jobTitleFromSlug } from '@shared/job-display';
import type { CsvRow } from './payouts.repository';

/**
 * The payouts export as RFC 4180 CSV: a header row, CRLF after every record, a field quoted when it
 * holds a comma, a double quote, CR or LF, and its double quotes doubled.
 *
 * Formula injection: a spreadsheet runs a cell that starts with = + - @ (or a tab or CR before one)
 * as a formula (a tab or CR first can hide one), and plumbers' names, businesses and references are
 * typed by people. Every field that starts with = + - @, a tab or a CR gets a leading single quote,
 * which spreadsheets show as text.
 * The rule has no exception for numbers: amounts here are never negative (a fee is a share of the
 * gross), so they always stay plain numbers.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string | null): string {
  const text = value === null ? '' : FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvRecord(fields: ReadonlyArray<string | null>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** The header row; times are the wall clock of `timeZone`, which the two time columns name. */
export function payoutsCsvHeader(timeZone: string): string {
  return csvRecord([
    'Payout ID',
    `Created (${timeZone})`,
    'Job ID',
    'Issue',
    'Plumber',
    'Business',
    'Gross',
    'Fee',
    'Net',
    'Status',
    `Paid At (${timeZone})`,
    'Reference',
  ]);
}

export function payoutsCsvRecord(row: CsvRow): string {
  return csvRecord([
    row.id,
    row.createdOnClock,
    row.jobId,
    jobTitleFromSlug(row.issueSlug),
    row.plumberName,
    row.businessName,
    row.gross,
    row.fee,
    row.net,
    row.status,
    row.paidOnClock,
    row.reference,
  ]);
}
