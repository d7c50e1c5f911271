import { jobTitleFromSlug } from '@shared/job-display';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day written YYYY-MM-DD, such as 'Wed, Mar 4, 2026', in the viewer's locale. The day is
 * the one written, whatever the browser's zone (read at UTC midnight, shown in UTC); anything else is
 * shown as it is.
 */
export function formatCalendarDate(value: string): string {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(undefined, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A moment, such as 'Mar 4, 2026, 3:05 PM', in the viewer's locale and zone. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An issue as people read it: a catalogue slug becomes its title, anything else is kept. */
export function issueTitle(issue: string): string {
  return SLUG.test(issue) ? jobTitleFromSlug(issue) : issue;
}
