import { expect, test, type Page } from '@playwright/test';
import { CATALOG_ITEMS } from '../server/db/seed/catalog';
import { MODIFIERS } from '../server/db/seed/modifiers';
import { REGIONS } from '../server/db/seed/regions';
import {
  DEMO_PASSWORD,
  authDialog,
  chooseOption,
  expectNoSeriousA11yViolations,
  logInByApi,
} from './fixtures';

const ADMIN = 'admin@demo.plumbline.test';
const HOMEOWNER = 'homeowner@demo.plumbline.test';
/** Jobs the demo seed posts (all open); other journeys running beside this one may add more. */
const SEEDED_OPEN_JOBS = 5;

const ADMIN_API = [
  '/api/admin/stats',
  '/api/pricing/catalog',
  '/api/pricing/regions',
  '/api/pricing/modifiers',
  '/api/jobs/all',
];

const main = (page: Page) => page.getByRole('main');
const card = (page: Page, title: string) => main(page).getByRole('group', { name: title });
const tableRows = (page: Page, name: string) => main(page).getByRole('table', { name }).locator('tbody tr');

/** Counts jobs by paging through GET /api/jobs/all with the admin's session, as the cards should. */
async function countJobs(page: Page): Promise<{ active: number; completed: number }> {
  let active = 0;
  let completed = 0;
  for (let pageNumber = 1; ; pageNumber++) {
    const res = await page.request.get(`/api/jobs/all?page=${pageNumber}&pageSize=100`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { items: Array<{ currentStatus: string }>; total: number };
    for (const job of body.items) {
      if (job.currentStatus === 'completed') completed += 1;
      else if (job.currentStatus !== 'cancelled') active += 1;
    }
    if (pageNumber * 100 >= body.total) return { active, completed };
  }
}

async function expectHeaders(page: Page, table: string, headers: string[]) {
  await expect(main(page).getByRole('table', { name: table }).getByRole('columnheader')).toHaveText(headers);
}

test.describe('admin dashboard (/admin) as the demo admin', () => {
  test.beforeEach(async ({ page }) => {
    // Signing in is not what these journeys test (the last journey below and auth.spec.ts do).
    await logInByApi(page, ADMIN, DEMO_PASSWORD);
    await page.goto('/admin');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });

  test('the cards show the counts from the database', async ({ page }) => {
    await expect(card(page, 'Service Types')).toContainText(String(CATALOG_ITEMS.length));
    await expect(card(page, 'Regions')).toContainText(String(REGIONS.length));

    // Other journeys may post or finish jobs meanwhile: compare one consistent reading.
    await expect(async () => {
      await page.reload();
      const activeText = await card(page, 'Active Jobs').getByTestId('stat-activeJobs').innerText();
      const completedText = await card(page, 'Completed Jobs').getByTestId('stat-completedJobs').innerText();
      const counted = await countJobs(page);
      expect(Number(activeText.replace(/,/g, ''))).toBe(counted.active);
      expect(Number(completedText.replace(/,/g, ''))).toBe(counted.completed);
      expect(counted.active).toBeGreaterThanOrEqual(SEEDED_OPEN_JOBS);
    }).toPass({ timeout: 60_000 });
    await expect(card(page, 'Active Jobs')).toContainText('Not completed or cancelled');
  });

  test('the three tabs list the catalog, regions and modifiers with the product columns', async ({
    page,
  }) => {
    const tabs = main(page).getByRole('tab');
    // The product's tabs come first; the admin's tools (Audit, …) follow them.
    await expect(tabs.first()).toHaveText('Pricing Catalog');
    expect((await tabs.allInnerTexts()).slice(0, 4)).toEqual([
      'Pricing Catalog',
      'Regions',
      'Modifiers',
      'Plumbers',
    ]);
    await expect(main(page).getByRole('tab', { name: 'Audit' })).toBeVisible();
    await expect(main(page).getByRole('tab', { name: 'Pricing Catalog' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await expectHeaders(page, 'Pricing catalog', [
      'Issue Type',
      'Category',
      'Base Price Range',
      'Unit',
      'Status',
      'Actions',
    ]);
    await expect(tableRows(page, 'Pricing catalog')).toHaveCount(CATALOG_ITEMS.length);
    const drain = tableRows(page, 'Pricing catalog').filter({ hasText: 'Drain Cleaning' });
    await expect(drain.getByRole('cell')).toHaveText([
      /Drain Cleaning/,
      'Drains',
      '$99 - $350',
      'Job',
      'Active',
      /Edit.*Retire/,
    ]);
    const pipes = tableRows(page, 'Pricing catalog').filter({ hasText: 'Pipe Installation' });
    await expect(pipes.getByRole('cell').nth(2)).toHaveText('$180 - $1,500');

    await main(page).getByRole('tab', { name: 'Regions' }).click();
    await expectHeaders(page, 'Pricing regions', [
      'Region',
      'State',
      'Metro Area',
      'Labor Index',
      'Material Index',
      'Status',
      'Actions',
    ]);
    await expect(tableRows(page, 'Pricing regions')).toHaveCount(REGIONS.length);
    await expect(tableRows(page, 'Pricing regions').first()).toContainText(
      'United States (national average)',
    );
    const nyc = tableRows(page, 'Pricing regions').filter({ hasText: 'New York City' });
    await expect(nyc.getByRole('cell')).toHaveText([
      /New York City/,
      'NY',
      'New York–Newark–Jersey City',
      '1.480',
      '1.120',
      'Active',
      /Edit.*Retire/,
    ]);
    await expect(main(page).getByRole('table', { name: 'Pricing catalog' })).toBeHidden();

    await main(page).getByRole('tab', { name: 'Modifiers' }).click();
    await expectHeaders(page, 'Price modifiers', ['Name', 'Type', 'Description', 'Key', 'Status', 'Actions']);
    await expect(tableRows(page, 'Price modifiers')).toHaveCount(MODIFIERS.length);
    const permit = tableRows(page, 'Price modifiers').filter({ hasText: 'Permit required' });
    await expect(permit.getByRole('cell')).toHaveText([
      'Permit required',
      'Flat',
      /Local plumbing permit/,
      'permit_required',
      'Active',
      /Edit.*Retire/,
    ]);
    const urgency = tableRows(page, 'Price modifiers').filter({ hasText: 'Urgency' });
    await expect(urgency.getByRole('cell').nth(1)).toHaveText('Multiplier');

    // Rows are edited and retired, never deleted (the edits themselves: admin-pricing.spec.ts).
    await expect(main(page).getByRole('button', { name: 'Add Modifier' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Edit Permit required' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: /delete/i })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('a typed filter narrows the catalog, and says so when nothing matches', async ({ page }) => {
    const rows = tableRows(page, 'Pricing catalog');
    await expect(rows).toHaveCount(CATALOG_ITEMS.length);
    const filter = main(page).getByRole('searchbox', { name: 'Filter the catalog' });

    const waterHeaters = CATALOG_ITEMS.filter((item) => {
      const text = [item.issueName, item.issueSlug.replace(/-/g, ' '), item.category, item.unit]
        .join(' ')
        .toLowerCase();
      return text.includes('water') && text.includes('heater');
    });
    expect(waterHeaters.length).toBeGreaterThan(1);
    await filter.fill('Water Heater');
    await expect(rows).toHaveCount(waterHeaters.length);
    for (const text of await rows.allInnerTexts()) expect(text.toLowerCase()).toMatch(/water/);
    await expect(
      main(page).getByText(new RegExp(`^Showing \\d+ of ${CATALOG_ITEMS.length} issue types$`)),
    ).toBeVisible();

    await filter.fill('drains');
    await expect(rows).toHaveCount(CATALOG_ITEMS.filter((item) => item.category === 'Drains').length);

    await filter.fill('no such issue');
    await expect(rows).toHaveCount(1);
    await expect(rows).toHaveText('No pricing catalog items found');

    await main(page).getByRole('button', { name: 'Clear the filter' }).click();
    await expect(filter).toHaveValue('');
    await expect(rows).toHaveCount(CATALOG_ITEMS.length);
  });

  test('the estimate preview shows the pricing engine’s price and breakdown', async ({ page }) => {
    const preview = main(page).getByTestId('estimate-preview');
    await expect(
      preview.getByText('Choose an issue type to see what the pricing engine charges for it.'),
    ).toBeVisible();

    await chooseOption(page, page.getByRole('combobox', { name: 'Issue type' }), 'Drain Cleaning');
    const national = await page.request.get('/api/pricing/estimate?issueSlug=drain-cleaning&urgency=routine');
    expect(national.status()).toBe(200);
    const nationalBody = (await national.json()) as { estimatedCost: string };
    await expect(preview.getByTestId('text-estimate-cost')).toHaveText(nationalBody.estimatedCost);
    await expect(preview.getByTestId('estimate-breakdown')).toContainText('United States (national average)');
    await expect(preview.getByTestId('estimate-breakdown')).toContainText('$99 - $350');

    await chooseOption(page, page.getByRole('combobox', { name: 'Region' }), 'New York City, NY (ZIP 10001)');
    await chooseOption(page, page.getByRole('combobox', { name: 'Urgency' }), 'Emergency');
    const nyc = await page.request.get(
      '/api/pricing/estimate?issueSlug=drain-cleaning&zip=10001&urgency=emergency',
    );
    expect(nyc.status()).toBe(200);
    const nycBody = (await nyc.json()) as {
      estimatedCost: string;
      costBreakdown: { regionalMultiplier: number; formula: string };
    };
    expect(nycBody.estimatedCost).not.toBe(nationalBody.estimatedCost);
    await expect(preview.getByTestId('text-estimate-cost')).toHaveText(nycBody.estimatedCost);
    const breakdown = preview.getByTestId('estimate-breakdown');
    await expect(breakdown).toContainText('New York City');
    await expect(breakdown).toContainText('ZIP 10001');
    await expect(breakdown).toContainText(`×${nycBody.costBreakdown.regionalMultiplier.toFixed(3)}`);
    await expect(breakdown).toContainText('Urgency (emergency) ×1.75');
    await expect(preview.getByTestId('text-estimate-formula')).toHaveText(nycBody.costBreakdown.formula);
    await expectNoSeriousA11yViolations(page);
  });

  test('failures show in place with a way to try again, never as an empty list', async ({ page }) => {
    const isEstimate = (url: URL) => url.pathname === '/api/pricing/estimate';
    await page.route(isEstimate, (route) =>
      route.fulfill({
        status: 503,
        json: {
          error: 'The service is temporarily unavailable, please try again',
          code: 'SERVICE_UNAVAILABLE',
        },
      }),
    );
    const preview = main(page).getByTestId('estimate-preview');
    await chooseOption(page, page.getByRole('combobox', { name: 'Issue type' }), 'Leak Detection');
    const estimateAlert = preview.getByRole('alert');
    await expect(estimateAlert).toContainText('Estimate unavailable');
    await expect(estimateAlert).toContainText('The service is temporarily unavailable, please try again');
    await page.unroute(isEstimate);
    await estimateAlert.getByRole('button', { name: 'Try again' }).click();
    await expect(preview.getByTestId('text-estimate-cost')).toHaveText(/^\$[\d,]+ - \$[\d,]+/);
    await expect(estimateAlert).toBeHidden();

    const isRegions = (url: URL) => url.pathname === '/api/pricing/regions';
    await page.route(isRegions, (route) =>
      route.fulfill({
        status: 500,
        json: { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' },
      }),
    );
    await page.reload();
    const banner = main(page).getByRole('alert').filter({ hasText: 'The admin data could not be loaded.' });
    await expect(banner).toContainText('Something went wrong on our side. Please try again.');
    await main(page).getByRole('tab', { name: 'Regions' }).click();
    await expect(tableRows(page, 'Pricing regions')).toHaveText(['This list could not be loaded.']);
    await expect(main(page).getByText('No regions configured')).toHaveCount(0);

    await page.unroute(isRegions);
    await banner.getByRole('button', { name: 'Try again' }).click();
    await expect(tableRows(page, 'Pricing regions')).toHaveCount(REGIONS.length);
    await expect(banner).toBeHidden();
  });

  test('on a narrow screen the tables scroll sideways and say so', async ({ page }) => {
    const hint = main(page).getByText('Scroll sideways to see every column');
    await main(page).getByRole('tab', { name: 'Regions' }).click();
    const region = main(page).getByRole('region', { name: 'Pricing regions' });
    await expect(region).toBeVisible();
    await expect(hint).toBeHidden();
    // A phone's width (the phone project skips this file: admins work at a desk).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(hint).toBeVisible();
    // The page itself never scrolls sideways; the table region does, and the keyboard can reach it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await expect(region).toHaveAttribute('tabindex', '0');
    const lastHeader = region.getByRole('columnheader', { name: 'Status' });
    await lastHeader.scrollIntoViewIfNeeded();
    await expect(lastHeader).toBeInViewport();
    expect(await region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});

test.describe('admin dashboard (/admin) for everyone else', () => {
  test('the demo homeowner sees "Not Authorized", no admin data, and a way home', async ({ page }) => {
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (ADMIN_API.includes(path))
        adminCalls.push(
          `${request.method()} ${path} (${request.resourceType()}, ${request.frame()?.url() ?? 'no frame'})`,
        );
    });

    await logInByApi(page, HOMEOWNER, DEMO_PASSWORD);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.goto('/admin');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Not Authorized' })).toBeVisible();
    await expect(
      main(page).getByText('The admin dashboard is only available to admin accounts.'),
    ).toBeVisible();
    await expect(main(page).getByRole('table')).toHaveCount(0);
    await expect(main(page).getByRole('tab')).toHaveCount(0);
    await expect(main(page).getByText('Active Jobs')).toHaveCount(0);
    await expect(page.getByRole('region', { name: /notification/i }).getByRole('status')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    expect(adminCalls).toEqual([]);

    // The server refuses this session too, whatever the page shows.
    for (const path of ADMIN_API) expect((await page.request.get(path)).status(), path).toBe(403);

    await main(page).getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a logged-out visitor sees "Please Log In", and logging in as the admin opens the dashboard', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Please Log In' })).toBeVisible();
    await expect(
      main(page).getByText('You need to be logged in with an admin account to view the admin dashboard.'),
    ).toBeVisible();
    await expect(main(page).getByRole('table')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    for (const path of ADMIN_API) expect((await page.request.get(path)).status(), path).toBe(401);

    await main(page).getByRole('button', { name: 'Log In' }).click();
    const dialog = authDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await dialog.getByLabel('Email').fill(ADMIN);
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    const answer = page.waitForResponse(
      (res) => res.url().endsWith('/api/auth/login') && res.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    expect((await answer).status()).toBe(200);
    await expect(dialog).toBeHidden();

    await expect(main(page).getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(card(page, 'Service Types')).toContainText(String(CATALOG_ITEMS.length));
    await expect(tableRows(page, 'Pricing catalog')).toHaveCount(CATALOG_ITEMS.length);
  });
});
