import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { APPOINTMENT_ICS_DOWNLOAD_NAME } from '@shared/contracts/calendar';
import { jobTitleFromSlug } from '@shared/job-display';
import { composeMail, type MailAttachment, type OutgoingMail } from '../mail';

/**
 * Calendar files for a booked appointment (RFC 5545) and the mails that carry them
 * (docs/decisions/030-calendar-files-and-reminders.md). Pure: the caller reads the rows.
 */

/** What a calendar file needs of an appointment row: `sequence` grows on each reschedule and on cancellation. */
export interface CalendarAppointment {
  id: string;
  jobId: string;
  startsAt: Date;
  endsAt: Date;
  status: 'booked' | 'cancelled';
  sequence: number;
}

export interface CalendarParty {
  name: string | null;
  email: string;
}

export type AppointmentParty = 'homeowner' | 'plumber';

export interface AppointmentCalendarInput {
  appointment: CalendarAppointment;
  job: { issueSlug: string; address: string };
  homeowner: CalendarParty;
  plumber: CalendarParty;
  /** Whose file it is: the only attendee named in it, so neither party's address reaches the other. */
  recipient: AppointmentParty;
  /** The job's zone: DTSTART and DTEND are written on its clock, with its VTIMEZONE; the mail's text too. */
  timeZone: string;
  publicUrl: string;
  /** The sender (MAIL_FROM, `Plumbline <no-reply@…>`): the booking's organiser is the app. */
  organizer: string;
  /** REQUEST in mail (calendar apps offer to add or update it), PUBLISH for a download. */
  method: 'REQUEST' | 'PUBLISH';
  /** DTSTAMP; now unless given. */
  stamp?: Date;
}

/** Stable across reschedules and the cancellation: calendars update one event instead of adding another. */
export const appointmentUid = (appointmentId: string) => `appointment-${appointmentId}@plumbline`;

export const jobRoomUrl = (publicUrl: string, jobId: string) => `${publicUrl}/jobs/${jobId}`;

const partyName = (party: CalendarParty, fallback: string) => party.name?.trim() || fallback;

/** `Plumbline <no-reply@plumbline.test>` → its name and address. */
function parseSender(from: string): { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (match) return { name: match[1].trim() || 'Plumbline', email: match[2].trim() };
  return { name: 'Plumbline', email: from.trim() };
}

/**
 * The appointment as an iCalendar file: one VEVENT whose UID stays the appointment's and whose
 * SEQUENCE is the row's, so a calendar replaces its copy on a reschedule; a cancelled appointment
 * is METHOD:CANCEL with STATUS:CANCELLED, which removes it.
 */
export function appointmentIcs(input: AppointmentCalendarInput): string {
  const { appointment, job, homeowner, plumber, recipient, timeZone, publicUrl } = input;
  const cancelled = appointment.status === 'cancelled';
  const method = cancelled
    ? ICalCalendarMethod.CANCEL
    : input.method === 'REQUEST'
      ? ICalCalendarMethod.REQUEST
      : ICalCalendarMethod.PUBLISH;
  const issue = jobTitleFromSlug(job.issueSlug);
  const url = jobRoomUrl(publicUrl, appointment.jobId);
  const plumberName = partyName(plumber, 'your plumber');
  const homeownerName = partyName(homeowner, 'the homeowner');
  const self = recipient === 'homeowner' ? homeowner : plumber;
  const other = recipient === 'homeowner' ? `Plumber: ${plumberName}` : `Homeowner: ${homeownerName}`;

  // ical-generator writes a plain Date in the process's zone when given a TZID; a TZDate carries the
  // job's zone, and the VTIMEZONE comes from the IANA data of @touch4it/ical-timezones.
  // A zone the library has no VTIMEZONE for (and UTC) is written in UTC instead.
  const zoned = timeZone !== 'UTC' && getVtimezoneComponent(timeZone) ? timeZone : null;
  const at = (instant: Date) => (zoned ? new TZDate(instant.getTime(), zoned) : instant);

  const calendar = ical({
    prodId: { company: 'Plumbline', product: 'Appointments', language: 'EN' },
    method,
  });
  // The VTIMEZONE of each event's zone comes from this generator. The calendar itself is given no
  // zone's name: ical-generator would write DTSTAMP on that zone's clock, and RFC 5545 wants it in UTC.
  calendar.timezone({ name: '', generator: (zone) => (zone ? getVtimezoneComponent(zone) : null) });
  calendar.createEvent({
    id: appointmentUid(appointment.id),
    sequence: appointment.sequence,
    stamp: input.stamp ?? new Date(),
    start: at(appointment.startsAt),
    end: at(appointment.endsAt),
    timezone: zoned,
    summary: `Plumbline: ${issue}`,
    location: job.address,
    description: [`${issue}.`, other, `Job room: ${url}`].join('\n'),
    url,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: parseSender(input.organizer),
    attendees: [
      {
        name: partyName(self, self.email),
        email: self.email,
        role: ICalAttendeeRole.REQ,
        // Both parties agreed to the time in the app: no reply is asked for.
        status: cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  return calendar.toString();
}

/** The file as a mail attachment; its content type carries the method, as calendar apps expect. */
export function appointmentAttachment(input: AppointmentCalendarInput): MailAttachment {
  const content = appointmentIcs(input);
  const method = /^METHOD:(\w+)/m.exec(content)?.[1] ?? input.method;
  return {
    filename: APPOINTMENT_ICS_DOWNLOAD_NAME,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content,
  };
}

/** Booked (the quote was accepted), moved (a reschedule was agreed), cancelled, or the day-before reminder. */
export type AppointmentMailKind = 'booked' | 'moved' | 'cancelled' | 'reminder';

/** `Tuesday, March 3, 2026, 9:00 – 11:00 AM CST`, on the job's clock: the mail's longer form of formatWindowOnClock. */
export function formatAppointmentWindow(startsAt: Date, endsAt: Date, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return format.formatRange(startsAt, endsAt);
}

const SUBJECTS: Record<AppointmentMailKind, (issue: string) => string> = {
  booked: (issue) => `Appointment booked: ${issue}`,
  moved: (issue) => `Appointment moved: ${issue}`,
  cancelled: (issue) => `Appointment cancelled: ${issue}`,
  reminder: (issue) => `Reminder: ${issue} tomorrow`,
};

/**
 * One party's mail about the appointment, with its calendar file attached (REQUEST, or CANCEL when
 * cancelled); the reminder carries none, the calendar already has the event.
 */
export function appointmentMail(
  kind: AppointmentMailKind,
  input: Omit<AppointmentCalendarInput, 'method'>,
): OutgoingMail {
  const { appointment, job, homeowner, plumber, recipient, timeZone, publicUrl } = input;
  const issue = jobTitleFromSlug(job.issueSlug);
  const when = formatAppointmentWindow(appointment.startsAt, appointment.endsAt, timeZone);
  const withWhom =
    recipient === 'homeowner'
      ? `with ${partyName(plumber, 'your plumber')}`
      : `with ${partyName(homeowner, 'the homeowner')} at ${job.address}`;
  const lead: Record<AppointmentMailKind, string> = {
    booked: `Your appointment for ${issue} ${withWhom} is booked for ${when}.`,
    moved: `Your appointment for ${issue} ${withWhom} has moved to ${when}.`,
    cancelled: `Your appointment for ${issue} ${withWhom} on ${when} is cancelled.`,
    reminder: `A reminder: your appointment for ${issue} ${withWhom} is ${when}.`,
  };
  const calendarNote: Record<AppointmentMailKind, string | null> = {
    booked: 'The attached calendar file adds it to your calendar.',
    moved: 'The attached calendar file moves it in your calendar.',
    cancelled: 'The attached calendar file removes it from your calendar.',
    reminder: null,
  };
  const note = calendarNote[kind];
  const mail = composeMail({
    to: (recipient === 'homeowner' ? homeowner : plumber).email,
    subject: SUBJECTS[kind](issue),
    paragraphs: note ? [lead[kind], note] : [lead[kind]],
    action: { label: 'Open the job', url: jobRoomUrl(publicUrl, appointment.jobId) },
  });
  if (kind === 'reminder') return mail;
  return { ...mail, attachments: [appointmentAttachment({ ...input, method: 'REQUEST' })] };
}

/** The same mail to both parties. */
export function appointmentMails(
  kind: AppointmentMailKind,
  input: Omit<AppointmentCalendarInput, 'method' | 'recipient'>,
): OutgoingMail[] {
  return (['homeowner', 'plumber'] as const).map((recipient) =>
    appointmentMail(kind, { ...input, recipient }),
  );
}
