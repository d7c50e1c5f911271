import { expect, test } from '@playwright/test';
import { windowOnClock } from '../client/src/utils/zone-time';
import { dayFromTodayIn, weekdayOf } from '@shared/dates';
import { formatWindowOnClock } from '@shared/time-display';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { expectNoSeriousA11yViolations, registerByApi } from './fixtures';

/**
 * The plumber's schedule (docs/decisions/029-appointments.md): working hours set on the dashboard,
 * a quote proposing a window inside them, and, once the homeowner accepts it (through the API), the
 * booked time under "Upcoming appointments". The job (Austin) and the plumber (Austin) are both on
 * Central time, the e2e server's default zone too.
 */

const ZONE = DEFAULT_APP_TIME_ZONE;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

test('a plumber sets working hours, quotes a window inside them and sees it booked', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const origin = { Origin: new URL(testInfo.project.use.baseURL!).origin };

  // The homeowner's job, booked through the API in its own request context.
  const token = `SCHED-${Date.now().toString(36)}-${testInfo.project.name}`;
  const homeownerEmail = await registerByApi(request, 'homeowner', 'schedule-e2e-password');
  const booking = await request.post('/api/service-requests', {
    data: {
      name: 'Sky Schedule',
      email: homeownerEmail,
      phone: '5125550177',
      serviceType: 'Drain Cleaning',
      preferredDate: dayFromTodayIn(ZONE, 2),
      urgency: 'routine',
      description: `The bathroom sink drains slowly (${token}).`,
      address: '1208 E 11th St, Austin, TX 78702',
    },
    headers: origin,
  });
  expect(booking.status(), await booking.text()).toBe(201);
  const { jobId } = (await booking.json()) as { jobId: string };

  // A verified plumber with a service area around the job.
  await registerByApi(page.request, 'plumber', 'schedule-e2e-password');
  const area = await page.request.put('/api/plumbers/me/location', {
    data: { zip: '78701', serviceRadiusKm: 40 },
    headers: origin,
  });
  expect(area.status(), await area.text()).toBe(200);

  const day = dayFromTodayIn(ZONE, 2);
  const dayName = WEEKDAYS[weekdayOf(day)];
  const dayOff = dayFromTodayIn(ZONE, 3);

  await page.goto('/dashboard');
  const appointments = page.getByTestId('section-appointments');
  await expect(appointments.getByTestId('text-no-appointments')).toBeVisible();

  // Working hours: that weekday from 08:00 to 12:00, and the next day off.
  const hours = page.getByTestId('section-working-hours');
  await expect(hours.getByRole('heading', { name: 'Working hours' })).toBeVisible();
  await hours.getByLabel(dayName, { exact: true }).check();
  const range = hours.getByRole('group', { name: `${dayName} hours 1` });
  await range.getByLabel('From').fill('08:00');
  await range.getByLabel('To').fill('12:00');
  await hours.getByTestId('input-day-off').fill(dayOff);
  await hours.getByRole('button', { name: 'Add day off' }).click();
  await expect(hours.getByTestId('list-days-off')).toHaveCount(1);
  await hours.getByRole('button', { name: 'Save working hours' }).click();
  await expect(page.getByText('Working Hours Saved', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Saved: a reload shows the same hours.
  await page.reload();
  await expect(hours.getByLabel(dayName, { exact: true })).toBeChecked();
  await expect(hours.getByRole('group', { name: `${dayName} hours 1` }).getByLabel('To')).toHaveValue(
    '12:00',
  );

  // A window outside the hours is refused beside the window; one inside is sent.
  const card = page.getByTestId(/^card-nearby-/).filter({ hasText: token });
  await card.getByRole('button', { name: 'Quote This Job' }).click();
  await card.getByLabel('Min Price').fill('150');
  await card.getByLabel('Max Price').fill('250');
  await card.getByLabel('Date', { exact: true }).fill(day);
  await card.getByLabel('Start', { exact: true }).fill('13:00');
  await card.getByLabel('End', { exact: true }).fill('14:00');
  await card.getByRole('button', { name: 'Submit Quote' }).click();
  await expect(card.getByTestId('text-window-error')).toContainText('outside your working hours');
  await card.getByLabel('Start', { exact: true }).fill('09:00');
  await card.getByLabel('End', { exact: true }).fill('11:00');
  await card.getByRole('button', { name: 'Submit Quote' }).click();
  await expect(page.getByText('Quote Submitted', { exact: true })).toBeVisible();

  // The homeowner accepts it through the API: the window is booked.
  const quotes = await request.get(`/api/quotes/job/${jobId}`);
  expect(quotes.status(), await quotes.text()).toBe(200);
  const [quote] = (await quotes.json()) as { id: string }[];
  const accepted = await request.post(`/api/jobs/${jobId}/accept-quote`, {
    data: { quoteId: quote.id },
    headers: origin,
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await page.reload();
  const booked = appointments.getByTestId(`card-appointment-${jobId}`);
  const window = windowOnClock({ date: day, start: '09:00', end: '11:00' }, ZONE)!;
  await expect(booked.getByTestId('text-appointment-time')).toHaveText(formatWindowOnClock(window, ZONE));
  await expect(booked).toContainText('Austin, TX 78702');
  await expect(booked).not.toContainText('1208 E 11th St');
  await booked.getByTestId('link-appointment-job').click();
  await expect(page).toHaveURL(`/jobs/${jobId}`);
});
