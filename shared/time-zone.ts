/**
 * The app's time zone as a name, apart from shared/dates.ts: the footer checks the zone the server
 * announces on every page, and this file keeps the date library out of that first load.
 */

/** APP_TIME_ZONE when it is not set; also what the client assumes until the server has told it. */
export const DEFAULT_APP_TIME_ZONE = 'America/Chicago';

/**
 * True for a time-zone name the runtime knows (`America/Chicago`, `UTC`). Fixed offsets such as
 * `+05:00` are refused: they know no daylight saving time, which is the point of naming a zone.
 */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z]/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
