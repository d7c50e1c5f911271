import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';

/**
 * Calendar dates and wall-clock times, always in a zone the caller names: the app's (APP_TIME_ZONE:
 * the /book slots, a plumber's insurance dates), a job's (its region's: the job's requested window and
 * appointment), a plumber's (its service area's: working hours and days off). Never the zone the
 * server process or the browser runs in. The zone arithmetic is @date-fns/tz's: DST changes are
 * handled by the IANA database, not by us.
 */

const ISO_DATE = 'yyyy-MM-dd';

/** A date and a time as the clock on the wall shows them in some zone. */
export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  time: string;
}

/** The date and time on the wall in `zone` at the instant `now`. */
export function wallClockIn(zone: string, now: Date = new Date()): WallClock {
  const local = new TZDate(now.getTime(), zone);
  return { date: format(local, ISO_DATE), time: format(local, 'HH:mm') };
}

/**
 * The instant the clock on the wall in `zone` shows `time` (HH:MM; '24:00' is the next midnight) on
 * `date` (YYYY-MM-DD). A time the clock skips at a DST change lands where @date-fns/tz puts it.
 */
export function instantOnClock(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, zone).getTime());
}

/** The date todayIn last worked out for each zone, and the second of time it holds for. */
const lastTodayByZone = new Map<string, { second: number; date: string }>();

/**
 * Today's date (YYYY-MM-DD) in `zone`. Working it out costs some 15 µs, and every request of a
 * plumber asks for it; since no zone's offset has a fraction of a second, the date is the same
 * throughout a second, so it is worked out once per zone and second.
 */
export function todayIn(zone: string, now: Date = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  const last = lastTodayByZone.get(zone);
  if (last?.second === second) return last.date;
  const date = format(new TZDate(now.getTime(), zone), ISO_DATE);
  lastTodayByZone.set(zone, { second, date });
  return date;
}

const calendarDay = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  // Pure calendar arithmetic: UTC has no DST, so a day is always a day.
  return new TZDate(year, month - 1, day, 'UTC');
};

/** `date` (YYYY-MM-DD) moved by `days` calendar days (negative goes back); rolls months and years. */
export function addCalendarDays(date: string, days: number): string {
  return format(addDays(calendarDay(date), days), ISO_DATE);
}

/** The weekday of `date` (YYYY-MM-DD): 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  return calendarDay(date).getDay();
}

/** The date `days` days after today in `zone` (YYYY-MM-DD). */
export function dayFromTodayIn(zone: string, days: number, now: Date = new Date()): string {
  return addCalendarDays(todayIn(zone, now), days);
}

/**
 * A slot has started once its date and start time on `zone`'s clock are not in the future: a past
 * date, or today at or after its start time.
 */
export function hasSlotStarted(
  slot: { date: string; startTime: string },
  zone: string,
  now: Date = new Date(),
): boolean {
  const clock = wallClockIn(zone, now);
  return slot.date < clock.date || (slot.date === clock.date && slot.startTime <= clock.time);
}
