import { expect, test, type Page } from '@playwright/test';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { expectNoSeriousA11yViolations, registerByApi } from './fixtures';

/**
 * The job room on one side: a homeowner opens a job from My Jobs, a stranger and a malformed link get
 * the not-found page, and the notification settings on /account are kept. The two-browser journey
 * (a plumber's message and quote arriving live, the bell) is another spec.
 */

const PASSWORD = 'job-room-e2e-password';

/** Books a job as the signed-in homeowner of `page` (the /book page's call) and returns its token. */
async function bookJob(page: Page): Promise<string> {
  const token = `ROOM-${Date.now().toString(36)}`;
  const booking = await page.request.post('/api/service-requests', {
    data: {
      name: 'Rory Roomtest',
      email: `rory.${token.toLowerCase()}@example.test`,
      phone: '5125550166',
      serviceType: 'Drain Cleaning',
      preferredDate: dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 2),
      urgency: 'urgent',
      description: `Bathroom sink drains slowly and gurgles (${token}).`,
      address: '1208 E 11th St, Austin, TX 78702',
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  return token;
}

test.describe('job room', () => {
  test('a homeowner opens a job from My Jobs; anyone else gets the not-found page', async ({
    page,
    browser,
  }, testInfo) => {
    await registerByApi(page.request, 'homeowner', PASSWORD);
    const token = await bookJob(page);

    await page.goto('/dashboard');
    const card = page.getByTestId(/^card-job-/).filter({ hasText: token });
    await card.getByRole('link', { name: 'Open job: Drain Cleaning' }).click();
    await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
    const jobUrl = new URL(page.url()).pathname;

    await expect(page.getByRole('heading', { level: 1, name: 'Drain Cleaning' })).toBeVisible();
    await expect(page).toHaveTitle('Drain Cleaning | Plumbline');
    await expect(page.getByTestId('badge-status')).toHaveText('Open');
    await expect(page.getByTestId('badge-urgency')).toContainText('Same Day');
    await expect(page.getByTestId('text-job-description')).toContainText(token);
    await expect(page.getByTestId('text-job-location')).toHaveText('1208 E 11th St, Austin, TX 78702');
    await expect(page.getByTestId('text-waiting-quotes')).toHaveText('Waiting for plumber quotes...');
    await expect(page.getByTestId('text-no-threads')).toBeVisible();
    await expect(page.getByTestId('text-masking-notice')).toHaveText(
      'Phone numbers and e-mail addresses are hidden until a quote is accepted. Keep the conversation on Plumbline.',
    );
    await expect(page.getByTestId('text-timeline-status').first()).toHaveText('Open');
    await page.getByRole('button', { name: 'How we priced this' }).click();
    await expect(page.getByTestId('cost-breakdown')).toBeVisible();
    await expect(page.getByTestId('section-receipt')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Another homeowner, in a browser of their own, may not see it: the app's 404 page.
    const stranger = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const strangerPage = await stranger.newPage();
      await registerByApi(strangerPage.request, 'homeowner', PASSWORD);
      await strangerPage.goto(jobUrl);
      await expect(strangerPage.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
      await expect(strangerPage).toHaveTitle('Page Not Found | Plumbline');
    } finally {
      await stranger.close();
    }

    // A link that cannot name a job is not found either, without asking the server.
    await page.goto('/jobs/not-a-job');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });

  test('a visitor is asked to log in', async ({ page }) => {
    await page.goto('/jobs/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Please Log In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(2);
    await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
  });

  test('the bell and the notification settings of a new homeowner', async ({ page }) => {
    await registerByApi(page.request, 'homeowner', PASSWORD);
    await page.goto('/account');

    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.click();
    await expect(page.getByRole('menu').getByTestId('text-no-notifications')).toBeVisible();
    await page.keyboard.press('Escape');

    const settings = page.getByTestId('section-notification-preferences');
    await expect(settings.getByRole('group', { name: 'Email me about' })).toBeVisible();
    // Jobs near you are for plumbers only.
    await expect(settings.getByLabel('New jobs near you')).toHaveCount(0);
    const messages = settings.getByLabel('New messages');
    await expect(messages).toBeChecked();
    await messages.uncheck();
    await settings.getByRole('button', { name: 'Save Notification Settings' }).click();
    await expect(page.getByText('Notification settings saved', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect(settings.getByLabel('New messages')).not.toBeChecked();
    await expect(settings.getByLabel('New quotes')).toBeChecked();
  });
});
