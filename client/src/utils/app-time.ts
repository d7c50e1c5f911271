import { TZDate, tzName } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { addCalendarDays, wallClockIn } from '@shared/dates';

/**
 * Dates and times on the app's clock (APP_TIME_ZONE, from GET /api/config/public), for showing and
 * entering appointment windows: never the browser's zone (docs/decisions/018-time-zone.md,
 * docs/decisions/029-appointments.md). The zone arithmetic, DST included, is @date-fns/tz's.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The instant (UTC ISO 8601) at which the wall clock in `zone` shows `time` (HH:MM) on `date`
 * (YYYY-MM-DD); null when either is not well formed. A time the clocks skip (02:30 on the day they
 * spring forward) lands after the gap, as @date-fns/tz resolves it.
 */
export function instantOnClock(date: string, time: string, zone: string): string | null {
  const day = ISO_DATE.exec(date);
  const clock = HH_MM.exec(time);
  if (!day || !clock) return null;
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const instant = new TZDate(year, month - 1, dayOfMonth, Number(clock[1]), Number(clock[2]), zone);
  return Number.isNaN(instant.getTime()) ? null : new Date(instant.getTime()).toISOString();
}

/** A window as the form enters it: one day and two wall-clock times in the app's zone. */
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
 * an end before the start is passed on as is, for the contract to refuse with its own message.
 */
export function windowOnClock(
  window: WallWindowInput,
  zone: string,
): { startsAt: string; endsAt: string } | null {
  const startsAt = instantOnClock(window.date, window.start, zone);
  const endDate =
    window.end === '00:00' && ISO_DATE.test(window.date) ? addCalendarDays(window.date, 1) : window.date;
  const endsAt = instantOnClock(endDate, window.end, zone);
  return startsAt && endsAt ? { startsAt, endsAt } : null;
}

/** The wall-clock day and times of a window in `zone`, to fill the form with (e.g. a requested window). */
export function wallWindowOf(window: { startsAt: string; endsAt: string }, zone: string): WallWindowInput {
  const start = wallClockIn(zone, new Date(window.startsAt));
  const end = wallClockIn(zone, new Date(window.endsAt));
  return { date: start.date, start: start.time, end: end.time };
}

const onClock = (instant: string, zone: string) => new TZDate(new Date(instant).getTime(), zone);

/** "Tue, Dec 1": the day of `instant` on `zone`'s clock. */
export function formatDayOnClock(instant: string, zone: string): string {
  return format(onClock(instant, zone), 'EEE, MMM d');
}

/** "9:00 AM": the time of `instant` on `zone`'s clock. */
export function formatTimeOnClock(instant: string, zone: string): string {
  return format(onClock(instant, zone), 'h:mm a');
}

/** "CST" or "CDT" (or "GMT+5:30" where the zone has no common abbreviation) at `instant`. */
export function zoneAbbreviation(instant: string, zone: string): string {
  return tzName(zone, new Date(instant), 'short');
}

/** "Central Time": the zone's everyday name, to say which clock a form's times are on. */
export function zoneGenericName(zone: string, at: Date = new Date()): string {
  return tzName(zone, at, 'longGeneric');
}

/**
 * A window on `zone`'s clock: "Tue, Dec 1 · 9:00 AM – 11:00 AM CST". When the clocks change inside
 * it each end carries its own abbreviation ("1:00 AM CDT – 3:00 AM CST"); a window that ends on
 * another day (not at its midnight) names that day too.
 */
export function formatWindowOnClock(window: { startsAt: string; endsAt: string }, zone: string): string {
  const [startZone, endZone] = [
    zoneAbbreviation(window.startsAt, zone),
    zoneAbbreviation(window.endsAt, zone),
  ];
  const startDay = wallClockIn(zone, new Date(window.startsAt)).date;
  const end = wallClockIn(zone, new Date(window.endsAt));
  const sameDay =
    end.date === startDay || (end.date === addCalendarDays(startDay, 1) && end.time === '00:00');
  const startText = formatTimeOnClock(window.startsAt, zone) + (startZone === endZone ? '' : ` ${startZone}`);
  const endText =
    (sameDay ? '' : `${formatDayOnClock(window.endsAt, zone)} · `) + formatTimeOnClock(window.endsAt, zone);
  return `${formatDayOnClock(window.startsAt, zone)} · ${startText} – ${endText} ${endZone}`;
}

/** "Tue, Dec 1, 2026": a calendar date (YYYY-MM-DD), which belongs to no zone. */
export function formatCalendarDate(date: string): string {
  const day = ISO_DATE.exec(date);
  if (!day) return date;
  return format(new TZDate(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 'UTC'), 'EEE, MMM d, yyyy');
}
