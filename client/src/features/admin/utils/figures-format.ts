/** How the dashboard's figures and the payouts ledger read: durations, months and days on a clock. */

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '2026-01' → 'Jan 2026' (a calendar month, whatever the browser's zone). */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return MONTH.format(Date.UTC(year, monthNumber - 1, 1));
}

/** 45 → '1 min' (never '0 min'), 3900 → '1 h 5 min', 93600 → '1 d 2 h': the two largest units. */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the day it was on `zone`'s clock, written YYYY-MM-DD like the ledger's filters
 * (the app's zone, docs/decisions/018-time-zone.md, not the browser's).
 */
export function formatDayOnClock(iso: string, zone: string): string {
  let format = dayFormats.get(zone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  return format.format(new Date(iso));
}
