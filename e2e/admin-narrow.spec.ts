import { expect, request as apiRequests, test, type Locator, type Page } from '@playwright/test';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { DEMO_PASSWORD, callApi, expectNoSeriousA11yViolations, logInByApi, registerByApi } from './fixtures';

/**
 * The admin's People, Queues, Audit and Payouts tabs on a phone's width, in the light theme and the
 * dark one: the page never scrolls sideways (wide tables scroll inside their own region), and axe
 * finds no serious violation (colour contrast included). ADMIN_SCREENSHOTS=<dir> also writes a
 * full-page screenshot of each tab there, to look at.
 */

const ADMIN = 'admin@demo.plumbline.test';
const PASSWORD = 'admin-narrow-e2e-password';
const PHONE = { width: 390, height: 844 };
/** Each tab, and what shows once its lists have loaded. */
const TABS = {
  People: (panel: Locator) => panel.getByRole('table', { name: 'Accounts' }).locator('tbody tr').first(),
  Queues: (panel: Locator) => panel.getByTestId(/^card-report-/).first(),
  Audit: (panel: Locator) => panel.getByTestId('table-audit').locator('tbody tr').first(),
  Payouts: (panel: Locator) => panel.getByRole('table', { name: 'Payouts' }).locator('tbody tr').first(),
};
const main = (page: Page) => page.getByRole('main');

/**
 * Something in every tab: a booked job, quoted, accepted and completed (a pending payout), with a
 * problem report waiting for an answer, and a change in the audit log.
 */
async function fillTheTabs(baseURL: string | undefined) {
  const homeowner = await apiRequests.newContext({ baseURL });
  const plumber = await apiRequests.newContext({ baseURL });
  const admin = await apiRequests.newContext({ baseURL });
  try {
    const homeownerEmail = await registerByApi(homeowner, 'homeowner', PASSWORD);
    const { jobId } = (await callApi(homeowner, 'post', '/api/service-requests', {
      name: 'Nora Narrow',
      email: homeownerEmail,
      phone: '5125550166',
      serviceType: 'Water Heater Service',
      preferredDate: dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 2),
      urgency: 'urgent',
      description: 'The water heater makes a loud banging noise and the water is only lukewarm.',
      address: '1208 E 11th St, Austin, TX 78702',
    })) as { jobId: string };
    await registerByApi(plumber, 'plumber', PASSWORD);
    await callApi(plumber, 'put', '/api/plumbers/me/location', { zip: '78701', serviceRadiusKm: 40 });
    const quote = (await callApi(plumber, 'post', '/api/quotes', {
      jobId,
      minTotal: 320,
      maxTotal: 480,
    })) as {
      id: string;
    };
    await callApi(homeowner, 'post', `/api/jobs/${jobId}/accept-quote`, { quoteId: quote.id });
    await callApi(plumber, 'patch', `/api/jobs/${jobId}/status`, { status: 'in_progress' });
    await callApi(plumber, 'patch', `/api/jobs/${jobId}/status`, { status: 'completed', finalAmount: 450 });
    await callApi(homeowner, 'post', `/api/jobs/${jobId}/reports`, {
      reason: 'billing',
      details: 'The final amount was higher than the plumber said on the phone before starting.',
    });

    await callApi(admin, 'post', '/api/auth/login', { email: ADMIN, password: DEMO_PASSWORD });
    const [person] = (await (
      await admin.get(`/api/admin/users?query=${encodeURIComponent(homeownerEmail)}`)
    ).json()) as Array<{ id: string }>;
    await callApi(admin, 'post', `/api/admin/users/${person.id}/suspend`, {
      reason: 'Checking how the audit log reads on a phone',
    });
    await callApi(admin, 'post', `/api/admin/users/${person.id}/reinstate`, {
      reason: 'Checked: the account may log in again',
    });
  } finally {
    await homeowner.dispose();
    await plumber.dispose();
    await admin.dispose();
  }
}

test.describe('admin tabs at a phone’s width', () => {
  // The desktop project, narrowed: the phone project's own width is not the one checked here.
  test.skip(({ isMobile }) => isMobile, 'sets its own 390 px viewport');
  // One worker, so the tabs are filled once for both themes.
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    await fillTheTabs(test.info().project.use.baseURL);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`People, Queues, Audit and Payouts fit and read well (${theme})`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.setViewportSize(PHONE);
      await logInByApi(page, ADMIN, DEMO_PASSWORD);
      await page.goto('/admin');
      await expect(main(page).getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);

      for (const [tab, loaded] of Object.entries(TABS)) {
        await main(page).getByRole('tab', { name: tab }).click();
        const panel = main(page).getByRole('tabpanel', { name: tab });
        await expect(loaded(panel)).toBeVisible();
        await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
        // The page itself never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(
          PHONE.width,
        );
        // Nor does anything stick out of the panel (a long e-mail widening its card), except inside a
        // table's own scroll region.
        const sticking = await panel.evaluate((element) => {
          const edge = element.getBoundingClientRect().right + 0.5;
          return [...element.querySelectorAll('*')]
            .filter(
              (child) => !child.closest('[role="region"]') && child.getBoundingClientRect().right > edge,
            )
            .map((child) => `${child.tagName} ${child.textContent?.slice(0, 40)}`);
        });
        expect(sticking, tab).toEqual([]);
        await expectNoSeriousA11yViolations(page);
        const dir = process.env.ADMIN_SCREENSHOTS;
        if (dir) {
          // The tab strip and the panel, without the sticky header over them.
          await main(page).getByRole('tablist').scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${dir}/${theme}-${tab.toLowerCase()}-top.png` });
          await panel.screenshot({ path: `${dir}/${theme}-${tab.toLowerCase()}.png` });
        }
      }
    });
  }
});
