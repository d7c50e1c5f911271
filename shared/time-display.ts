import { TZDate, tzName } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { addCalendarDays, wallClockIn } from './dates';

/**
 * How a job's times read: a window on a zone's clock with the zone's abbreviation, the same on every
 * page and in every notification (docs/decisions/018-time-zone.md). Apart from shared/dates.ts so
 * that the pages that only judge dates (the /book form) do not load the formatting.
 */

/** An instant as ISO 8601 text (the API's) or a Date (the server's rows). */
type Instant = string | Date;

const onClock = (instant: Instant, zone: string) => new TZDate(new Date(instant).getTime(), zone);

/** "Tue, Dec 1": the day of `instant` on `zone`'s clock. */
export function formatDayOnClock(instant: Instant, zone: string): string {
  return format(onClock(instant, zone), 'EEE, MMM d');
}

/** "9:00 AM": the time of `instant` on `zone`'s clock. */
export function formatTimeOnClock(instant: Instant, zone: string): string {
  return format(onClock(instant, zone), 'h:mm a');
}

/** "CST" or "CDT" (or "GMT+5:30" where the zone has no common abbreviation) at `instant`. */
export function zoneAbbreviation(instant: Instant, zone: string): string {
  return tzName(zone, new Date(instant), 'short');
}

/**
 * A window on `zone`'s clock: "Tue, Dec 1 · 9:00 AM – 11:00 AM CST", as the pages and the notifications
 * name a job's requested window, appointment and proposed times. When the clocks change inside it each end carries its own
 * abbreviation ("1:00 AM CDT – 3:00 AM CST"); a window that ends on another day (not at its
 * midnight) names that day too.
 */
export function formatWindowOnClock(window: { startsAt: Instant; endsAt: Instant }, zone: string): string {
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
