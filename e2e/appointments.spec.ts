import { TZDate } from '@date-fns/tz';
import { devices, expect, test, type Page } from '@playwright/test';
import { format } from 'date-fns/format';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { expectNoSeriousA11yViolations, registerByApi } from './fixtures';

/**
 * A booked appointment in the job room (docs/decisions/029-appointments.md): the quote's window is
 * booked when the homeowner accepts it, both sides see it on the app's clock, the plumber proposes a
 * new time and the homeowner accepts it in the room.
 */

const PASSWORD = 'appointments-e2e-password';
const PLUMBER_BUSINESS = 'E2E Plumbing Co.';
/** The e2e server runs in the default zone: every time here is on its clock. */
const ZONE = DEFAULT_APP_TIME_ZONE;

/** The instant the app's clock shows `time` (HH:MM) on `date` (YYYY-MM-DD). */
function onAppClock(date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, ZONE).getTime()).toISOString();
}

/** "Tue, Dec 1 · 9:00 AM – 11:00 AM CST" for a window inside one day (the zone's abbreviation either). */
function windowText(date: string, start: string, end: string): RegExp {
  const day = format(new TZDate(Date.parse(onAppClock(date, start)), ZONE), 'EEE, MMM d');
  const clock = (time: string) => format(new TZDate(Date.parse(onAppClock(date, time)), ZONE), 'h:mm a');
  return new RegExp(`^${day} · ${clock(start)} – ${clock(end)} C[SD]T$`);
}

async function expectToast(page: Page, title: string) {
  await expect(page.getByText(title, { exact: true })).toBeVisible();
}

test('the quoted time is booked, moved by the plumber and accepted by the homeowner in the room', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'opens its own phone context for the plumber');
  test.slow();

  // Set up through the API: a homeowner's job, and a verified plumber's quote with a window.
  const token = `APPT-${Date.now().toString(36)}`;
  const homeownerEmail = await registerByApi(page.request, 'homeowner', PASSWORD);
  const booking = await page.request.post('/api/service-requests', {
    data: {
      name: 'Avery Appointment',
      email: homeownerEmail,
      phone: '5125550177',
      serviceType: 'Drain Cleaning',
      preferredDate: dayFromTodayIn(ZONE, 3),
      urgency: 'routine',
      description: `Kitchen sink drains slowly (${token}).`,
      address: '1208 E 11th St, Austin, TX 78702',
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  const jobs = (await (await page.request.get('/api/jobs')).json()) as {
    id: string;
    issueDescription: string;
  }[];
  const jobId = jobs.find((job) => job.issueDescription.includes(token))?.id;
  expect(jobId).toBeDefined();

  const bookedDay = dayFromTodayIn(ZONE, 3);
  const movedDay = dayFromTodayIn(ZONE, 4);
  const booked = windowText(bookedDay, '09:00', '11:00');
  const moved = windowText(movedDay, '13:00', '15:00');

  const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL: testInfo.project.use.baseURL });
  try {
    const plumberPage = await phone.newPage();
    await registerByApi(plumberPage.request, 'plumber', PASSWORD);
    const origin = { Origin: new URL(testInfo.project.use.baseURL ?? '').origin };
    const located = await plumberPage.request.put('/api/plumbers/me/location', {
      data: { zip: '78701', serviceRadiusKm: 40 },
      headers: origin,
    });
    expect(located.status(), await located.text()).toBe(200);
    const quote = await plumberPage.request.post('/api/quotes', {
      data: {
        jobId,
        minTotal: '180',
        maxTotal: '320',
        appointment: { startsAt: onAppClock(bookedDay, '09:00'), endsAt: onAppClock(bookedDay, '11:00') },
      },
      headers: origin,
    });
    expect(quote.status(), await quote.text()).toBe(201);

    // The homeowner accepts the quote in the room: its window is booked.
    await page.goto(`/jobs/${jobId}`);
    const quotes = page.getByTestId('section-quotes');
    await quotes.getByRole('button', { name: new RegExp(`^Accept ${PLUMBER_BUSINESS}'s quote`) }).click();
    await expectToast(page, 'Quote Accepted');
    await expect(page.getByTestId('badge-status')).toHaveText('Scheduled');
    const homeownerAppointment = page.getByTestId('section-appointment');
    await expect(homeownerAppointment.getByTestId('text-appointment-window')).toHaveText(booked);
    await expect(homeownerAppointment.getByTestId('badge-appointment-status')).toHaveText('Booked');
    await expect(homeownerAppointment.getByRole('link', { name: /^Add to calendar/ })).toHaveAttribute(
      'href',
      `/api/jobs/${jobId}/appointment.ics`,
    );

    // The plumber sees the same time, and proposes a new one.
    await plumberPage.goto(`/jobs/${jobId}`);
    const plumberAppointment = plumberPage.getByTestId('section-appointment');
    await expect(plumberAppointment.getByTestId('text-appointment-window')).toHaveText(booked);
    await plumberAppointment.getByRole('button', { name: 'Propose a new time' }).click();
    const form = plumberAppointment.getByRole('form', { name: 'Propose a new time' });
    await form.getByLabel('Date').fill(movedDay);
    await form.getByLabel('Start').fill('13:00');
    await form.getByLabel('End').fill('15:00');
    await form.getByRole('button', { name: 'Send Proposal' }).click();
    await expectToast(plumberPage, 'Proposal Sent');
    await expect(plumberAppointment.getByTestId('text-proposed-window')).toHaveText(moved);
    await expect(plumberAppointment.getByTestId('text-waiting-other-side')).toHaveText(
      'Waiting for the other side',
    );
    await expect(plumberAppointment.getByTestId('button-accept-proposal')).toHaveCount(0);

    // The homeowner accepts it in the room; both rooms show the new time.
    await page.reload();
    await expect(homeownerAppointment.getByTestId('text-proposed-window')).toHaveText(moved);
    await homeownerAppointment.getByRole('button', { name: /^Accept the new time/ }).click();
    await expectToast(page, 'New Time Accepted');
    await expect(homeownerAppointment.getByTestId('text-appointment-window')).toHaveText(moved);
    await expect(homeownerAppointment.getByTestId('pending-proposal')).toHaveCount(0);

    await plumberPage.reload();
    await expect(plumberAppointment.getByTestId('text-appointment-window')).toHaveText(moved);

    // Cancelling asks first: days ahead it is free, and the plumber's cancellation reopens the job.
    await plumberAppointment.getByRole('button', { name: 'Cancel appointment' }).click();
    const dialog = plumberPage.getByRole('dialog', { name: 'Cancel this appointment?' });
    await expect(dialog.getByTestId('text-cancel-terms')).toHaveText(
      'It starts more than 24 hours from now: cancelling is free. The job reopens for other plumbers to quote, and the homeowner is told why.',
    );
    await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
    await expect(dialog.getByText('Say in a few words why you cancel (at least 3 characters)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep Appointment' }).first().click();
    await expect(dialog).toHaveCount(0);
    await expect(plumberAppointment.getByTestId('badge-appointment-status')).toHaveText('Booked');

    // My Jobs shows the booked time in one line.
    await page.goto('/dashboard');
    const card = page.getByTestId(`card-job-${jobId}`);
    await expect(card.getByTestId('text-job-time')).toHaveText(moved);
    await page.goto(`/jobs/${jobId}`);
    await expect(homeownerAppointment.getByTestId('text-appointment-window')).toHaveText(moved);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await phone.close();
  }
});
