import { devices, expect, test, type Locator, type Page } from '@playwright/test';
import { addCalendarDays, dayFromTodayIn, instantOnClock, weekdayOf } from '@shared/dates';
import { formatWindowOnClock } from '@shared/time-display';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { registerByApi } from './fixtures';

/**
 * An appointment from /book to a moved time, on the job's own clock (docs/decisions/018-time-zone.md,
 * 029-appointments.md): a homeowner in New York books a slot on /book; a plumber there, on a phone,
 * quotes another window inside his working hours; the homeowner accepts; a reschedule is proposed and
 * accepted. Every card shows the job's New York time with its abbreviation, though the app (and the
 * e2e server) runs on Chicago time: one hour apart, so a time read on the wrong clock shows.
 */

const PASSWORD = 'appointments-journey-e2e-password';
const PLUMBER_BUSINESS = 'E2E Plumbing Co.';
const APP_ZONE = DEFAULT_APP_TIME_ZONE;
const JOB_ZONE = 'America/New_York';
const ADDRESS = '350 W 31st St, New York, NY 10001';

/** The window `start`–`end` on `day` as the job's cards show it: its day, times and New York's abbreviation. */
function shownWindow(day: string, start: string, end: string): string {
  const text = formatWindowOnClock(
    { startsAt: instantOnClock(day, start, JOB_ZONE), endsAt: instantOnClock(day, end, JOB_ZONE) },
    JOB_ZONE,
  );
  // Not the app's zone: CST/CDT here would be the bug this journey is about.
  expect(text).toMatch(/ E[SD]T$/);
  return text;
}

/** A Monday–Friday day at least `after` days ahead on the app's clock (the seeded slots' days). */
function weekdayAhead(after: number): string {
  for (let days = after; ; days++) {
    const day = dayFromTodayIn(APP_ZONE, days);
    if (weekdayOf(day) >= 1 && weekdayOf(day) <= 5) return day;
  }
}

async function expectToast(page: Page, title: string) {
  await expect(page.getByText(title, { exact: true })).toBeVisible();
}

const jobTime = (card: Locator) => card.getByTestId('text-job-time');

test('a /book slot, a quoted window and a moved time: both cards show them on the job’s clock', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'opens its own phone context for the plumber');
  test.slow();
  const origin = { Origin: new URL(testInfo.project.use.baseURL ?? '').origin };
  const token = `TZ-${Date.now().toString(36)}`;

  // 1. The homeowner books on /book, logged in, with a time slot: the job is posted with that window.
  await registerByApi(page.request, 'homeowner', PASSWORD);
  // Days no other journey books on, so the slots and the daily cap are this journey's alone.
  const day = weekdayAhead(9);
  await page.goto(
    `/book?serviceType=Drain%20Cleaning&urgency=routine&description=${encodeURIComponent(`The kitchen sink drains slowly (${token}).`)}`,
  );
  await page.getByLabel('Phone').fill(`(212) 555-${String(Date.now() % 10_000).padStart(4, '0')}`);
  await page.getByLabel('Service Address').fill(ADDRESS);
  await page.getByLabel('Preferred Date').fill(day);
  const slot = page.getByTestId('slot-list').getByRole('button').first();
  const slotStart = (await slot.getAttribute('data-testid'))?.replace('slot-', '') ?? '';
  expect(slotStart).toMatch(/^\d{2}:\d{2}$/);
  await slot.click();
  const posted = page.waitForResponse(
    (res) => res.url().endsWith('/api/service-requests') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Submit Booking Request' }).click();
  const answer = await posted;
  expect(answer.status(), await answer.text()).toBe(201);
  const { jobId } = (await answer.json()) as { jobId: string };
  await expect(page).toHaveURL(/\/dashboard$/);

  // The slot's time is the wall clock at the job's address: the one-hour slot in New York.
  const slotEnd = `${String(Number(slotStart.slice(0, 2)) + 1).padStart(2, '0')}:${slotStart.slice(3)}`;
  const homeownerCard = page.getByTestId(`card-job-${jobId}`);
  await expect(homeownerCard).toContainText('Requested time:');
  await expect(jobTime(homeownerCard)).toHaveText(shownWindow(day, slotStart, slotEnd));

  const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL: testInfo.project.use.baseURL });
  try {
    // 2. A plumber in New York (on a phone) works 08:00–17:00 on his own clock, New York's.
    const plumberPage = await phone.newPage();
    await registerByApi(plumberPage.request, 'plumber', PASSWORD);
    const located = await plumberPage.request.put('/api/plumbers/me/location', {
      data: { zip: '10001', serviceRadiusKm: 40 },
      headers: origin,
    });
    expect(located.status(), await located.text()).toBe(200);
    const hours = await plumberPage.request.put('/api/plumbers/me/availability', {
      data: {
        weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '17:00' })),
        daysOff: [],
      },
      headers: origin,
    });
    expect(hours.status(), await hours.text()).toBe(200);

    // He sees the requested time on the job's clock, and quotes another window: 08:00–10:00 in New
    // York the next day (07:00 on the app's clock: outside his hours there, inside them here).
    await plumberPage.goto('/dashboard');
    const nearby = plumberPage.getByTestId(`card-nearby-${jobId}`);
    await expect(jobTime(nearby)).toContainText(shownWindow(day, slotStart, slotEnd));
    await nearby.getByRole('button', { name: 'Quote This Job' }).click();
    const quoteForm = nearby.getByRole('form', { name: 'Your Quote' });
    // The form starts from the homeowner's wish, on the same clock.
    await expect(quoteForm.getByTestId('input-window-date')).toHaveValue(day);
    await expect(quoteForm.getByTestId('input-window-start')).toHaveValue(slotStart);
    const quotedDay = addCalendarDays(day, 1);
    await quoteForm.getByLabel('Min Price').fill('180');
    await quoteForm.getByLabel('Max Price').fill('320');
    await quoteForm.getByTestId('input-window-date').fill(quotedDay);
    await quoteForm.getByTestId('input-window-start').fill('08:00');
    await quoteForm.getByTestId('input-window-end').fill('10:00');
    await quoteForm.getByRole('button', { name: 'Submit Quote' }).click();
    await expectToast(plumberPage, 'Quote Submitted');

    // 3. The homeowner accepts the quote on their card: its window is booked.
    const quoted = shownWindow(quotedDay, '08:00', '10:00');
    await page.reload();
    await homeownerCard
      .getByRole('button', { name: new RegExp(`^Accept ${PLUMBER_BUSINESS}'s quote`) })
      .click();
    await expectToast(page, 'Quote Accepted');
    await expect(homeownerCard).toContainText('Appointment:');
    await expect(jobTime(homeownerCard)).toHaveText(quoted);

    // 4. The plumber's card and his schedule show the same local time.
    await plumberPage.reload();
    const assigned = plumberPage.getByTestId(`card-assigned-${jobId}`);
    await expect(jobTime(assigned)).toHaveText(quoted);
    await expect(
      plumberPage.getByTestId(`card-appointment-${jobId}`).getByTestId('text-appointment-time'),
    ).toHaveText(quoted);

    // 5. The plumber proposes a new time in the job room, on the job's clock.
    const movedDay = addCalendarDays(day, 2);
    const moved = shownWindow(movedDay, '08:30', '10:30');
    await plumberPage.goto(`/jobs/${jobId}`);
    const plumberAppointment = plumberPage.getByTestId('section-appointment');
    await expect(plumberAppointment.getByTestId('text-appointment-window')).toHaveText(quoted);
    await plumberAppointment.getByRole('button', { name: 'Propose a new time' }).click();
    const proposal = plumberAppointment.getByRole('form', { name: 'Propose a new time' });
    await proposal.getByLabel('Date').fill(movedDay);
    await proposal.getByLabel('Start').fill('08:30');
    await proposal.getByLabel('End').fill('10:30');
    await proposal.getByRole('button', { name: 'Send Proposal' }).click();
    await expectToast(plumberPage, 'Proposal Sent');
    await expect(plumberAppointment.getByTestId('text-proposed-window')).toHaveText(moved);

    // 6. The homeowner accepts it; both cards show the new time.
    await page.goto(`/jobs/${jobId}`);
    const homeownerAppointment = page.getByTestId('section-appointment');
    await expect(homeownerAppointment.getByTestId('text-proposed-window')).toHaveText(moved);
    await homeownerAppointment.getByRole('button', { name: /^Accept the new time/ }).click();
    await expectToast(page, 'New Time Accepted');
    await expect(homeownerAppointment.getByTestId('text-appointment-window')).toHaveText(moved);

    await page.goto('/dashboard');
    await expect(jobTime(homeownerCard)).toHaveText(moved);
    await plumberPage.goto('/dashboard');
    await expect(jobTime(assigned)).toHaveText(moved);
  } finally {
    await phone.close();
  }
});
