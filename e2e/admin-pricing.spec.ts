import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, chooseOption, expectNoSeriousA11yViolations, logInByApi } from './fixtures';

/**
 * The admin's pricing edits (docs/decisions/031-admin-operations.md): the admin reprices an issue
 * type, sees the impact preview and gives a reason; a homeowner's new diagnosis is priced with the
 * new range at once; the Audit tab shows the change with its before and after.
 */

const ADMIN = 'admin@demo.plumbline.test';
/** An issue type no other journey prices, so repricing it changes nothing they check. */
const ISSUE = { slug: 'backflow-testing', name: 'Backflow Testing' };
const DESCRIPTION =
  'The water utility sent a letter: our backflow preventer on the irrigation sprinkler system is due for its annual backflow test';

const main = (page: Page) => page.getByRole('main');

async function nationalEstimate(page: Page): Promise<string> {
  const res = await page.request.get(`/api/pricing/estimate?issueSlug=${ISSUE.slug}&urgency=routine`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { estimatedCost: string }).estimatedCost;
}

test.describe('admin pricing edits', () => {
  test.skip(({ isMobile }) => isMobile, 'admins work at a desk (admin.spec.ts checks phones)');

  test('reprice with preview and reason → a new diagnosis shows the new price → the Audit tab shows the change', async ({
    page,
  }) => {
    test.slow();
    await logInByApi(page, ADMIN, DEMO_PASSWORD);
    const catalog = await page.request.get('/api/pricing/catalog');
    const item = ((await catalog.json()) as Array<{ issueSlug: string; baseMax: string }>).find(
      (entry) => entry.issueSlug === ISSUE.slug,
    )!;
    // A new maximum each run (a reused server keeps the last one).
    const newMax = String(Math.round(Number(item.baseMax)) + 10);
    const before = await nationalEstimate(page);

    await page.goto('/admin');
    await main(page).getByRole('searchbox', { name: 'Filter the catalog' }).fill('Backflow');
    await main(page)
      .getByRole('button', { name: `Edit ${ISSUE.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit ${ISSUE.name}` });
    await expect(dialog.getByLabel('Slug')).toHaveValue(ISSUE.slug);
    await expect(dialog.getByLabel('Slug')).toHaveAttribute('readonly', '');

    // Save waits for a preview of the change as it stands.
    await dialog.getByLabel('Base maximum ($)').fill(newMax);
    await expect(dialog.getByRole('button', { name: 'Save Change' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Preview Impact' }).click();
    const preview = dialog.getByRole('table', { name: 'Estimates before and after the change' });
    const national = preview
      .getByRole('row')
      .filter({ hasText: 'United States (national average)' })
      .filter({ hasText: 'Routine' });
    await expect(national.getByRole('cell').nth(2)).toHaveText(before);
    const previewedAfter = (await national.getByRole('cell').nth(3).innerText()).trim();
    expect(previewedAfter).not.toBe(before);
    // Only the maximum moved: the minimum's change is 0%.
    await expect(national.getByRole('cell').nth(4)).toHaveText(/^0% to \+[\d.]+%$/);
    await expectNoSeriousA11yViolations(page);

    // A reason is required.
    await dialog.getByRole('button', { name: 'Save Change' }).click();
    await expect(dialog.getByText('Give a reason of at least 3 characters')).toBeVisible();
    const reason = `Certified testers charge more this year (${newMax})`;
    await dialog.getByLabel('Reason for the change').fill(reason);
    const saved = page.waitForResponse(
      (res) =>
        new URL(res.url()).pathname === `/api/admin/pricing/catalog/${ISSUE.slug}` &&
        res.request().method() === 'PATCH',
    );
    await dialog.getByRole('button', { name: 'Save Change' }).click();
    expect((await saved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Change Saved', { exact: true })).toBeVisible();
    // The estimate API agrees with the preview.
    expect(await nationalEstimate(page)).toBe(previewedAfter);

    // A homeowner's new diagnosis is priced with the new range.
    await page.goto('/diagnose');
    await page.getByLabel('Describe your plumbing issue').fill(DESCRIPTION);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await chooseOption(page, page.getByRole('combobox', { name: 'Location' }), 'Outdoor');
    const diagnosed = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/diagnose');
    await page.getByRole('button', { name: 'Get AI Diagnosis' }).click();
    const answer = (await (await diagnosed).json()) as { issueSlug: string };
    expect(answer.issueSlug).toBe(ISSUE.slug);
    await expect(page.getByTestId('text-estimated-cost')).toHaveText(previewedAfter);

    // The Audit tab shows who changed what, when and why; the row opens to the price before and after.
    await page.goto('/admin');
    await main(page).getByRole('tab', { name: 'Audit' }).click();
    await chooseOption(page, main(page).getByRole('combobox', { name: 'Changed' }), 'Issue type');
    await main(page).getByRole('button', { name: 'Show', exact: true }).click();
    const log = main(page).getByRole('table', { name: 'Audit log' });
    const entry = log.getByRole('row').filter({ hasText: reason });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(ADMIN);
    await expect(entry).toContainText('pricing.catalog.update');
    await expect(entry).toContainText(`Issue type ${ISSUE.slug}`);
    await entry.getByRole('button', { name: /^Changes of pricing\.catalog\.update/ }).click();
    const changes = log.getByTestId('table-audit-changes');
    const baseMax = changes.getByRole('row').filter({ hasText: 'baseMax' });
    await expect(baseMax).toContainText(item.baseMax);
    await expect(baseMax).toContainText(`${newMax}.00`);
    await expectNoSeriousA11yViolations(page);
  });
});
