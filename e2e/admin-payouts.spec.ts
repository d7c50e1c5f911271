import { readFile } from 'node:fs/promises';
import { expect, request as apiRequests, test, type Page } from '@playwright/test';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import {
  DEMO_PASSWORD,
  E2E_PROFILE,
  callApi,
  chooseOption,
  expectNoSeriousA11yViolations,
  logInByApi,
  registerByApi,
} from './fixtures';

/**
 * The Payouts tab: a job completed through the API writes a pending payout; the demo admin marks it
 * paid with the transfer's reference in the ledger, and exports the day's payouts as CSV.
 */

const ADMIN = 'admin@demo.plumbline.test';
const PASSWORD = 'payouts-e2e-password';
const main = (page: Page) => page.getByRole('main');

/**
 * A homeowner's job near a verified plumber, quoted, accepted and completed: its payout is pending.
 * Answers the job and the plumber's e-mail (its password is PASSWORD).
 */
async function completedJob(token: string): Promise<{ jobId: string; plumberEmail: string }> {
  const baseURL = test.info().project.use.baseURL;
  const homeowner = await apiRequests.newContext({ baseURL });
  const plumber = await apiRequests.newContext({ baseURL });
  try {
    const homeownerEmail = await registerByApi(homeowner, 'homeowner', PASSWORD);
    await callApi(homeowner, 'post', '/api/service-requests', {
      name: 'Pat Payout',
      email: homeownerEmail,
      phone: '5125550188',
      serviceType: 'Drain Cleaning',
      preferredDate: dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 1),
      urgency: 'routine',
      description: `The bathroom sink drains slowly and smells (${token}).`,
      address: '1208 E 11th St, Austin, TX 78702',
    });
    const mine = (await (await homeowner.get('/api/jobs')).json()) as Array<{
      id: string;
      issueDescription: string;
    }>;
    const job = mine.find((candidate) => candidate.issueDescription.includes(token));
    expect(job, 'the booking posted a job').toBeDefined();
    const jobId = job!.id;

    const plumberEmail = await registerByApi(plumber, 'plumber', PASSWORD);
    await callApi(plumber, 'put', '/api/plumbers/me/location', { zip: '78701', serviceRadiusKm: 40 });
    const quote = (await callApi(plumber, 'post', '/api/quotes', {
      jobId,
      minTotal: 180,
      maxTotal: 260,
    })) as {
      id: string;
    };
    await callApi(homeowner, 'post', `/api/jobs/${jobId}/accept-quote`, { quoteId: quote.id });
    await callApi(plumber, 'patch', `/api/jobs/${jobId}/status`, { status: 'in_progress' });
    await callApi(plumber, 'patch', `/api/jobs/${jobId}/status`, { status: 'completed', finalAmount: 240 });
    return { jobId, plumberEmail };
  } finally {
    await homeowner.dispose();
    await plumber.dispose();
  }
}

test.describe('payouts (/admin → Payouts) as the demo admin', () => {
  test('marks a completed job’s payout paid with a reference, and exports the day as CSV; the plumber is told', async ({
    page,
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'admins work at a desk (admin.spec.ts checks phones)');
    const token = `PAYOUT-${Date.now().toString(36)}`;
    const { jobId, plumberEmail } = await completedJob(token);

    await logInByApi(page, ADMIN, DEMO_PASSWORD);
    // Other journeys may complete jobs meanwhile: this job's payout is found by its job.
    const ledger = await page.request.get('/api/admin/payouts?status=pending&pageSize=200');
    expect(ledger.status()).toBe(200);
    const payout = (
      (await ledger.json()) as { items: Array<{ id: string; job: { id: string } }> }
    ).items.find((item) => item.job.id === jobId);
    expect(payout, 'the completed job has a pending payout').toBeDefined();
    const payoutId = payout!.id;

    await page.goto('/admin');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    // The figures below the cards.
    await expect(main(page).getByRole('group', { name: 'Jobs by Status' })).toContainText('Completed');
    await expect(main(page).getByRole('group', { name: 'Revenue' })).toBeVisible();
    await main(page).getByRole('tab', { name: 'Payouts' }).click();

    const table = main(page).getByRole('table', { name: 'Payouts' });
    await expect(page.getByTestId(`text-payout-status-${payoutId}`)).toHaveText('Pending');
    const row = table.locator('tbody tr').filter({ has: page.getByTestId(`button-mark-paid-${payoutId}`) });
    await expect(row).toContainText('E2E Plumbing Co.');
    await expect(row).toContainText(E2E_PROFILE.name);
    await expect(row).toContainText('$240');
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId(`button-mark-paid-${payoutId}`).click();
    const dialog = page.getByRole('dialog', { name: 'Mark Payout Paid' });
    await expect(dialog).toContainText('E2E Plumbing Co.');
    // The contract's rule, before any request: a reference is required.
    await dialog.getByRole('button', { name: 'Mark Paid' }).click();
    await expect(dialog.getByText('Enter the transfer’s reference')).toBeVisible();
    const reference = `BANK ${token}`;
    await dialog.getByLabel('Transfer Reference').fill(`  ${reference}  `);
    await dialog.getByRole('button', { name: 'Mark Paid' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Payout Marked Paid', { exact: true })).toBeVisible();

    // The tab opens on the pending payouts: this one has left them, and is listed paid.
    await expect(page.getByTestId(`text-payout-status-${payoutId}`)).toHaveCount(0);
    await chooseOption(page, page.getByTestId('select-payout-status'), 'Paid');
    await expect(page.getByTestId(`text-payout-status-${payoutId}`)).toHaveText('Paid');
    await expect(page.getByTestId(`text-payout-reference-${payoutId}`)).toHaveText(reference);
    await expect(page.getByTestId(`button-mark-paid-${payoutId}`)).toHaveCount(0);

    // Export today's payouts (days on the app's clock: the e2e server runs in the default zone).
    const today = dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 0);
    await main(page).getByLabel('From', { exact: true }).fill(today);
    await main(page).getByLabel('To', { exact: true }).fill(today);
    await main(page).getByRole('button', { name: 'Apply' }).click();
    const exportLink = main(page).getByRole('link', { name: 'Export CSV' });
    await expect(exportLink).toBeVisible();
    const download = page.waitForEvent('download');
    await exportLink.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`payouts-${today}-${today}.csv`);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.startsWith(`Payout ID,Created (${DEFAULT_APP_TIME_ZONE}),Job ID,Issue,`)).toBe(true);
    const line = csv.split('\r\n').find((candidate) => candidate.startsWith(payoutId));
    expect(line).toBeDefined();
    expect(line).toContain(`,${jobId},Drain Cleaning,`);
    expect(line).toContain(`,240.00,24.00,216.00,paid,`);
    expect(line!.endsWith(`,${reference}`)).toBe(true);

    // The plumber's bell says so, and their dashboard shows the payout paid, with the day.
    const plumberContext = await browser.newContext();
    try {
      const plumber = await plumberContext.newPage();
      await logInByApi(plumber, plumberEmail, PASSWORD);
      await plumber.goto('/dashboard');
      await plumber.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      const notice = plumber.getByTestId('notification-item').filter({ hasText: 'Your payout was paid' });
      await expect(notice).toHaveCount(1);
      await expect(notice).toContainText(
        `Payout of $216 for Drain Cleaning was paid (reference ${reference}).`,
      );
      await plumber.keyboard.press('Escape');
      const card = plumber.getByTestId(`card-assigned-${jobId}`);
      await expect(card.getByTestId('text-payout')).toContainText('(after a $24 fee) · Paid');
      await expect(card.getByTestId('text-payout-paid-at')).toHaveText(/^Paid on \w{3} \d{1,2}, \d{4}$/);
    } finally {
      await plumberContext.close();
    }
  });
});
