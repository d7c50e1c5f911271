import { TZDate, tzName } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { addCalendarDays, wallClockIn } from '@shared/dates';

/**
 * Entering times on a zone's clock: the day and two times of a form become instants, and back. The
 * zone is the one the times belong to — a job's (`timeZone` of its answer) for its windows, the
 * plumber's (`timeZone` of its availability) for working hours — never the browser's
 * (docs/decisions/018-time-zone.md, docs/decisions/029-appointments.md). Showing a window is
 * `formatWindowOnClock` of shared/time-display.ts, which the server's notifications use too.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The instant (UTC ISO 8601) of a form's day and time on `zone`'s clock; null when either is
 * malformed. (shared/dates.ts `instantOnClock` does the same for well-formed parts; it is not used
 * here because shared/dates.ts is in the /book page's bundle, which has no room for it.)
 */
function enteredInstant(date: string, time: string, zone: string): string | null {
  const day = ISO_DATE.exec(date);
  const clock = HH_MM.exec(time);
  if (!day || !clock) return null;
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const instant = new TZDate(year, month - 1, dayOfMonth, Number(clock[1]), Number(clock[2]), zone);
  return Number.isNaN(instant.getTime()) ? null : new Date(instant.getTime()).toISOString();
}

/** A window as the form enters it: one day and two wall-clock times in a zone. */
export interface WallWindowInput {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  start: string;
  /** HH:MM; 00:00 means the midnight that ends `date`. */
  end: string;
}

/**
 * The instants of a window entered on `zone`'s clock, as POST /api/quotes takes them; null when a
 * part is missing or malformed. The end is on the same day (an end of 00:00 is the next midnight);
 * an end before the start is passed on as is, for the contract to refuse with its own message. A
 * time the clocks skip (02:30 on the day they spring forward) lands after the gap, as @date-fns/tz
 * resolves it.
 */
export function windowOnClock(
  window: WallWindowInput,
  zone: string,
): { startsAt: string; endsAt: string } | null {
  const startsAt = enteredInstant(window.date, window.start, zone);
  const endDate =
    window.end === '00:00' && ISO_DATE.test(window.date) ? addCalendarDays(window.date, 1) : window.date;
  const endsAt = enteredInstant(endDate, window.end, zone);
  return startsAt && endsAt ? { startsAt, endsAt } : null;
}

/** The wall-clock day and times of a window in `zone`, to fill the form with (e.g. a requested window). */
export function wallWindowOf(window: { startsAt: string; endsAt: string }, zone: string): WallWindowInput {
  const start = wallClockIn(zone, new Date(window.startsAt));
  const end = wallClockIn(zone, new Date(window.endsAt));
  return { date: start.date, start: start.time, end: end.time };
}

/** "Central Time": the zone's everyday name, to say which clock a form's times are on. */
export function zoneGenericName(zone: string, at: Date = new Date()): string {
  return tzName(zone, at, 'longGeneric');
}

/** "Tue, Dec 1, 2026": a calendar date (YYYY-MM-DD), which belongs to no zone. */
export function formatCalendarDate(date: string): string {
  const day = ISO_DATE.exec(date);
  if (!day) return date;
  return format(new TZDate(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 'UTC'), 'EEE, MMM d, yyyy');
}
