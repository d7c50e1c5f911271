import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  appointmentIcs,
  appointmentMail,
  appointmentMails,
  appointmentUid,
  type AppointmentCalendarInput,
  type CalendarAppointment,
} from './appointments.calendar';

/** Docs: docs/decisions/030-calendar-files-and-reminders.md. Run with TZ=Asia/Kolkata: the process's zone must not leak in. */

const ZONE = 'America/Chicago';
const booked: CalendarAppointment = {
  id: '0b6f3c52-7a51-4f7e-9a43-4d1c1f7f2c10',
  jobId: '7d0f2a8e-3c4b-4e55-8a1d-2b9c6e4f1a22',
  // 09:00–11:00 in Chicago (CST, UTC−6).
  startsAt: new Date('2026-03-03T15:00:00Z'),
  endsAt: new Date('2026-03-03T17:00:00Z'),
  status: 'booked',
  sequence: 0,
};

const input = (overrides: Partial<AppointmentCalendarInput> = {}): AppointmentCalendarInput => ({
  appointment: booked,
  job: { issueSlug: 'leaky-faucet', address: '12 Elm St; Unit 4, Austin, TX 78701' },
  homeowner: { name: 'Hana Home', email: 'hana@example.test' },
  plumber: { name: 'Pat Pipe', email: 'pat@example.test' },
  recipient: 'homeowner',
  timeZone: ZONE,
  publicUrl: 'https://plumbline.test',
  organizer: 'Plumbline <no-reply@plumbline.test>',
  method: 'REQUEST',
  stamp: new Date('2026-02-01T12:00:00Z'),
  ...overrides,
});

/** The file as a calendar app reads it: its VTIMEZONEs registered, its one event. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
  }
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe('appointment calendar files', () => {
  it("writes the window on the app's clock with the zone's VTIMEZONE, and the same instants", () => {
    const { calendar, vevent, event } = parse(appointmentIcs(input()));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(ZONE);
    const start = vevent.getFirstProperty('dtstart');
    expect(start?.getParameter('tzid')).toBe(ZONE);
    expect(event.startDate.toString()).toBe('2026-03-03T09:00:00');
    expect(event.endDate.toString()).toBe('2026-03-03T11:00:00');
    expect(event.startDate.toJSDate().toISOString()).toBe(booked.startsAt.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(booked.endsAt.toISOString());
    // After the change to daylight saving time the same zone is UTC−5.
    const summer = {
      ...booked,
      startsAt: new Date('2026-07-01T14:00:00Z'),
      endsAt: new Date('2026-07-01T15:00:00Z'),
    };
    const july = parse(appointmentIcs(input({ appointment: summer }))).event;
    expect(july.startDate.toString()).toBe('2026-07-01T09:00:00');
    expect(july.startDate.toJSDate().toISOString()).toBe(summer.startsAt.toISOString());
  });

  it("writes another job's window on that job's clock: the zone given, its VTIMEZONE, the same instants", () => {
    const { calendar, vevent, event } = parse(appointmentIcs(input({ timeZone: 'America/Denver' })));
    expect(
      calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid')),
    ).toEqual(['America/Denver']);
    expect(vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/Denver');
    // 15:00 UTC is 08:00 MST in Denver (09:00 in Chicago).
    expect(event.startDate.toString()).toBe('2026-03-03T08:00:00');
    expect(event.startDate.toJSDate().toISOString()).toBe(booked.startsAt.toISOString());
    const mail = appointmentMail('booked', input({ timeZone: 'America/Denver' }));
    expect(mail.text).toMatch(/8:00\s?–\s?10:00\sAM MST/);
  });

  it('stamps the file in UTC, as RFC 5545 asks', () => {
    expect(appointmentIcs(input())).toMatch(/^DTSTAMP:20260201T120000Z\r?$/m);
  });

  it('says what, where and where to look: summary, the address, the job room', () => {
    const { vevent, event } = parse(appointmentIcs(input()));
    expect(event.summary).toBe('Plumbline: Leaky Faucet');
    expect(event.location).toBe('12 Elm St; Unit 4, Austin, TX 78701');
    expect(vevent.getFirstPropertyValue('url')).toBe(`https://plumbline.test/jobs/${booked.jobId}`);
    expect(event.description).toContain('Plumber: Pat Pipe');
    expect(String(vevent.getFirstPropertyValue('organizer')).toLowerCase()).toBe(
      'mailto:no-reply@plumbline.test',
    );
  });

  it("names only the file's own party as attendee: neither sees the other's address", () => {
    const forHomeowner = appointmentIcs(input({ recipient: 'homeowner' }));
    const forPlumber = appointmentIcs(input({ recipient: 'plumber' }));
    const attendees = (ics: string) =>
      parse(ics)
        .vevent.getAllProperties('attendee')
        .map((p) => String(p.getFirstValue()).toLowerCase());
    expect(attendees(forHomeowner)).toEqual(['mailto:hana@example.test']);
    expect(attendees(forPlumber)).toEqual(['mailto:pat@example.test']);
    expect(forHomeowner).not.toContain('pat@example.test');
    expect(forPlumber).not.toContain('hana@example.test');
    expect(parse(forPlumber).event.description).toContain('Homeowner: Hana Home');
  });

  it('keeps one UID across a reschedule and carries the row’s SEQUENCE', () => {
    const moved: CalendarAppointment = {
      ...booked,
      startsAt: new Date('2026-03-05T16:00:00Z'),
      endsAt: new Date('2026-03-05T18:00:00Z'),
      sequence: 1,
    };
    const first = parse(appointmentIcs(input()));
    const second = parse(appointmentIcs(input({ appointment: moved })));
    expect(first.event.uid).toBe(appointmentUid(booked.id));
    expect(second.event.uid).toBe(first.event.uid);
    expect(first.event.sequence).toBe(0);
    expect(second.event.sequence).toBe(1);
    expect(second.event.startDate.toString()).toBe('2026-03-05T10:00:00');
    expect(first.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(first.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED, same UID, the next SEQUENCE', () => {
    const cancelled: CalendarAppointment = { ...booked, status: 'cancelled', sequence: 2 };
    // A download of a cancelled appointment is a cancellation too, not a PUBLISH of a live event.
    for (const method of ['REQUEST', 'PUBLISH'] as const) {
      const { calendar, vevent, event } = parse(appointmentIcs(input({ appointment: cancelled, method })));
      expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
      expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(event.uid).toBe(appointmentUid(booked.id));
      expect(event.sequence).toBe(2);
    }
  });

  it('publishes (no invitation) when downloaded', () => {
    const { calendar } = parse(appointmentIcs(input({ method: 'PUBLISH' })));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
  });

  it('writes UTC when the app runs on UTC', () => {
    const { vevent, event } = parse(appointmentIcs(input({ timeZone: 'UTC' })));
    expect(vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBeUndefined();
    expect(event.startDate.toJSDate().toISOString()).toBe(booked.startsAt.toISOString());
  });
});

describe('appointment mail', () => {
  const { method: _method, recipient: _recipient, ...common } = input();

  it('attaches the file to the booked, moved and cancelled mails, with its method in the content type', () => {
    const [toHomeowner, toPlumber] = appointmentMails('booked', common);
    expect(toHomeowner.to).toBe('hana@example.test');
    expect(toPlumber.to).toBe('pat@example.test');
    expect(toHomeowner.subject).toBe('Appointment booked: Leaky Faucet');
    expect(toHomeowner.text).toContain('with Pat Pipe');
    expect(toPlumber.text).toContain('12 Elm St; Unit 4, Austin, TX 78701');
    // The app's clock, whatever the process's.
    expect(toHomeowner.text).toContain('Tuesday, March 3, 2026');
    expect(toHomeowner.text).toMatch(/9:00\s?–\s?11:00\sAM CST/);
    const [attachment] = toHomeowner.attachments ?? [];
    expect(attachment.filename).toBe('plumbline-appointment.ics');
    expect(attachment.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(parse(attachment.content).event.uid).toBe(appointmentUid(booked.id));

    const cancelled = appointmentMail('cancelled', {
      ...common,
      recipient: 'plumber',
      appointment: { ...booked, status: 'cancelled', sequence: 1 },
    });
    expect(cancelled.subject).toBe('Appointment cancelled: Leaky Faucet');
    expect(cancelled.attachments?.[0].contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(appointmentMail('moved', { ...common, recipient: 'plumber' }).subject).toBe(
      'Appointment moved: Leaky Faucet',
    );
  });

  it('sends the reminder without a file: the calendar already has the event', () => {
    const reminder = appointmentMail('reminder', { ...common, recipient: 'homeowner' });
    expect(reminder.subject).toBe('Reminder: Leaky Faucet tomorrow');
    expect(reminder.attachments).toBeUndefined();
  });
});
