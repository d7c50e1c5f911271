import { expect, test } from '@playwright/test';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, logInByApi, register, uniqueEmail } from './fixtures';

/**
 * Vetted plumbers (docs/decisions/024-vetted-plumbers.md): a new plumber submits its business
 * details and waits, seeing only how many jobs are near; the demo admin verifies it on /admin;
 * then the plumber sees the jobs.
 */
test('a new plumber onboards, the admin verifies it, and it sees the jobs near it', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'opens its own admin context');
  test.slow();
  const business = `Vetting ${Date.now().toString(36)} Plumbing`;

  // A plumber registers and is asked for its business details before anything else.
  await page.goto('/');
  await register(page, uniqueEmail('vetting'), 'licensed-e2e-password', { plumber: true });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Plumber Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tell Us About Your Business' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Available Jobs' })).toHaveCount(0);
  await page.getByLabel('Business Name').fill(business);
  await page.getByLabel('License Number').fill('M-77120');
  await page.getByLabel('License State').fill('tx');
  await page.getByLabel('Insurance Expiry Date').fill(dayFromTodayIn(DEFAULT_APP_TIME_ZONE, -1));
  await page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByText('Insurance expiry date cannot be in the past', { exact: true })).toBeVisible();
  await page.getByLabel('Insurance Expiry Date').fill(dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 200));
  await page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByText('Details Submitted', { exact: true })).toBeVisible();

  // Under review: it sets its service area and sees how many jobs are near, but not the jobs.
  await expect(page.getByRole('heading', { name: 'Under Review' })).toBeVisible();
  await expect(page.getByTestId('text-vetting-message')).toHaveText(
    'Your plumber account is being reviewed. You can quote once an admin has verified your license and insurance.',
  );
  await page.getByLabel('ZIP Code').fill('78701');
  await page.getByLabel('Service Radius (km)').fill('40');
  await page.getByRole('button', { name: 'Save Service Area' }).click();
  await expect(page.getByTestId('text-nearby-count')).toHaveText(
    /^\d+ open jobs? (is|are) in your service area right now\.$/,
  );
  const nearbyCount = Number((await page.getByTestId('text-nearby-count').innerText()).split(' ')[0]);
  expect(nearbyCount).toBeGreaterThan(0);
  await expect(page.getByTestId(/^card-nearby-/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The demo admin verifies it in the Plumbers tab; the queue refreshes without it.
  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const admin = await adminContext.newPage();
  await logInByApi(admin, 'admin@demo.plumbline.test', DEMO_PASSWORD);
  await admin.goto('/admin');
  await admin.getByRole('main').getByRole('tab', { name: 'Plumbers' }).click();
  const card = admin.getByRole('main').getByRole('group', { name: business });
  await expect(card).toContainText('License M-77120 (TX)');
  await expect(card).toContainText('Works around Austin, TX 78701');
  await expectNoSeriousA11yViolations(admin);
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(admin.getByText('Plumber Verified', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  await adminContext.close();

  // The plumber reloads and sees the jobs near it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Available Jobs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Under Review' })).toHaveCount(0);
  await expect(page.getByTestId(/^card-nearby-/).first()).toBeVisible();
  await expect(page.getByTestId('stat-jobs-nearby')).toHaveText(/^[1-9]\d*$/);
});
