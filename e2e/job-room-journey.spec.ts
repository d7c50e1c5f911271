import { devices, expect, test, type Page } from '@playwright/test';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { registerByApi } from './fixtures';

/**
 * The job room live, in two browsers: a homeowner on a desktop keeps the room open and never reloads
 * it, while a plumber on a phone writes, quotes, starts and completes the job. Every change reaches
 * the other side through the live event stream (docs/product.md#constants), so no page here is reloaded.
 */

const PASSWORD = 'job-room-journey-e2e-password';
const PLUMBER_BUSINESS = 'E2E Plumbing Co.';
/** A change pushed by the other browser: the event stream brings it well within this. */
const LIVE = { timeout: 10_000 };

/** Toasts: exact text, since a title such as 'Quote Accepted' also appears inside longer text. */
async function expectToast(page: Page, title: string, description: string) {
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  await expect(page.getByText(description, { exact: true })).toBeVisible();
}

test('a homeowner (desktop) and a plumber (phone) follow one job live in its room', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'opens its own phone context for the plumber');
  // Two browsers and a dozen round trips: minutes on a busy two-core machine.
  test.slow();

  // The homeowner books a job while logged in (the /book page's call) and opens its room.
  const token = `LIVE-${Date.now().toString(36)}`;
  const homeownerEmail = await registerByApi(page.request, 'homeowner', PASSWORD);
  const booking = await page.request.post('/api/service-requests', {
    data: {
      name: 'Hollis Homeowner',
      email: homeownerEmail,
      phone: '5125550188',
      serviceType: 'Drain Cleaning',
      preferredDate: dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 2),
      urgency: 'urgent',
      description: `Shower drain backs up after a few minutes (${token}).`,
      address: '1208 E 11th St, Austin, TX 78702',
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  await page.goto('/dashboard');
  await page
    .getByTestId(/^card-job-/)
    .filter({ hasText: token })
    .getByRole('link', { name: 'Open job: Drain Cleaning' })
    .click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  const jobPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Drain Cleaning' })).toBeVisible();
  await expect(page.getByTestId('badge-status')).toHaveText('Open');
  await expect(page.getByTestId('text-no-threads')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL: testInfo.project.use.baseURL });
  try {
    // A verified plumber on a phone sets his service area and opens the job from the nearby list.
    const plumberPage = await phone.newPage();
    await registerByApi(plumberPage.request, 'plumber', PASSWORD);
    await plumberPage.goto('/dashboard');
    await expect(plumberPage.getByRole('heading', { name: 'Set Your Service Area' })).toBeVisible();
    await plumberPage.getByLabel('ZIP Code').fill('78701');
    await plumberPage.getByLabel('Service Radius (km)').fill('40');
    await plumberPage.getByRole('button', { name: 'Save Service Area' }).click();
    await expect(plumberPage.getByText('Service Area Saved', { exact: true })).toBeVisible();
    const nearbyCard = plumberPage.getByTestId(/^card-nearby-/).filter({ hasText: token });
    await nearbyCard.getByRole('link', { name: 'View job: Drain Cleaning' }).click();
    await expect(plumberPage).toHaveURL(jobPath);
    await expect(plumberPage.getByRole('heading', { level: 1, name: 'Drain Cleaning' })).toBeVisible();

    // He asks a question in Messages.
    const question = `Is the shower on the ground floor? (${token})`;
    await plumberPage.getByLabel('Message to Homeowner').fill(question);
    await plumberPage.getByRole('button', { name: 'Send', exact: true }).click();
    const plumberLog = plumberPage.getByRole('log', { name: 'Messages with Homeowner' });
    await expect(plumberLog.getByText(question)).toBeVisible();

    // The homeowner's open room shows the bell's unread badge and the message, live.
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible(LIVE);
    await expect(page.getByTestId('badge-unread-count')).toHaveText('1');
    const homeownerLog = page.getByRole('log', { name: `Messages with ${PLUMBER_BUSINESS}` });
    await expect(homeownerLog.getByText(question)).toBeVisible(LIVE);

    // The homeowner replies; the plumber's room shows it without a reload.
    const reply = `Yes, ground floor, next to the laundry (${token}).`;
    await page.getByLabel(`Message to ${PLUMBER_BUSINESS}`).fill(reply);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(homeownerLog.getByText(reply)).toBeVisible();
    await expect(plumberLog.getByText(reply)).toBeVisible(LIVE);

    // The plumber quotes from his dashboard; the quote appears in the homeowner's room.
    await plumberPage.getByRole('link', { name: 'Back to Dashboard' }).click();
    await nearbyCard.getByRole('button', { name: 'Quote This Job' }).click();
    await nearbyCard.getByLabel('Min Price').fill('180');
    await nearbyCard.getByLabel('Max Price').fill('320');
    await nearbyCard.getByRole('button', { name: 'Submit Quote' }).click();
    await expectToast(plumberPage, 'Quote Submitted', 'Your quote has been sent to the homeowner');

    const quotes = page.getByTestId('section-quotes');
    await expect(quotes.getByTestId('text-quote-range')).toHaveText('$180 - $320', LIVE);
    await expect(quotes.getByTestId('text-plumber-name')).toHaveText(PLUMBER_BUSINESS);

    // The homeowner accepts it in the room; the plumber's dashboard moves the job to his schedule.
    await quotes.getByRole('button', { name: new RegExp(`^Accept ${PLUMBER_BUSINESS}'s quote`) }).click();
    await expectToast(page, 'Quote Accepted', 'The plumber has been assigned to your job');
    await expect(page.getByTestId('badge-status')).toHaveText('Scheduled');
    await expect(quotes.getByTestId('badge-quote-status')).toHaveText('Accepted');

    const assigned = plumberPage.getByTestId(/^card-assigned-/).filter({ hasText: token });
    await expect(assigned).toContainText('1208 E 11th St', LIVE);
    await expect(nearbyCard).toHaveCount(0);

    // He starts the job: the homeowner's room follows.
    await assigned.getByRole('button', { name: 'Start Job' }).click();
    await expectToast(plumberPage, 'Job Started', 'The homeowner can see the job is in progress');
    await expect(assigned.getByTestId('badge-status')).toHaveText('In Progress');
    await expect(page.getByTestId('badge-status')).toHaveText('In Progress', LIVE);
    await expect(page.getByTestId('section-receipt')).toHaveCount(0);

    // He completes it: the homeowner's room shows the receipt.
    await assigned.getByRole('button', { name: 'Mark Completed' }).click();
    await assigned.getByLabel('Final Amount (optional)').fill('300');
    await assigned.getByRole('button', { name: 'Complete Job' }).click();
    await expectToast(plumberPage, 'Job Completed', 'Your payout of $270 is pending');
    await expect(assigned.getByTestId('badge-status')).toHaveText('Completed');

    const receipt = page.getByTestId('section-receipt');
    await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible(LIVE);
    await expect(receipt.getByTestId('text-receipt-final-amount')).toHaveText('$300');
    await expect(page.getByTestId('badge-status')).toHaveText('Completed');
  } finally {
    await phone.close();
  }
});
