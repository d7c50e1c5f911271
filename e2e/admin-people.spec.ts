import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '@shared/contracts/account';
import { PEOPLE_MESSAGES } from '@shared/contracts/admin-people';
import {
  DEMO_PASSWORD,
  authDialog,
  chooseOption,
  logInByApi,
  openAuthDialog,
  registerByApi,
} from './fixtures';

const ADMIN = 'admin@demo.plumbline.test';
const MEMBER_PASSWORD = 'e2e-account-password';

const main = (page: Page) => page.getByRole('main');

/** The admin's People tab, searched for one account: its row in the results. */
async function findInPeopleTab(page: Page, email: string) {
  await logInByApi(page, ADMIN, DEMO_PASSWORD);
  await page.goto('/admin');
  await main(page).getByRole('tab', { name: 'People' }).click();
  await main(page).getByRole('searchbox', { name: 'Search accounts' }).fill(email);
  await main(page).getByRole('button', { name: 'Search', exact: true }).click();
  const row = main(page).getByRole('table', { name: 'Accounts' }).getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('the People tab (/admin)', () => {
  test.skip(({ isMobile }) => isMobile, 'admins work at a desk (admin.spec.ts checks phones)');

  test('an admin suspends an account: its open page is logged out, and its login says why', async ({
    page,
    browser,
  }) => {
    // The member, logged in on a browser of their own.
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    const email = await registerByApi(member.request, 'homeowner', MEMBER_PASSWORD);
    await member.goto('/');
    await expect(member.getByRole('button', { name: 'Account menu' })).toBeVisible();

    const row = await findInPeopleTab(page, email);
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByTestId('dialog-person-action');
    await expect(dialog.getByRole('heading', { name: /^Suspend / })).toBeVisible();
    // The reason is required: the form says so before anything is sent.
    await dialog.getByRole('button', { name: 'Suspend Account' }).click();
    await expect(dialog.getByText('Give a reason of at least 3 characters')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Several homeowners reported abusive messages');
    await dialog.getByRole('button', { name: 'Suspend Account' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Suspended');
    await expect(row).toContainText('Several homeowners reported abusive messages');

    // The member's next navigation: logged out.
    await member.reload();
    await expect(member.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(member.getByRole('button', { name: 'Account menu' })).toBeHidden();
    // Logging in again is refused, with the reason it is refused.
    await openAuthDialog(member);
    const login = authDialog(member);
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(MEMBER_PASSWORD);
    await login.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(login.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.suspended);
    await expect(login).toBeVisible();

    // Reinstated: the same login works.
    await row.getByRole('button', { name: 'Reinstate' }).click();
    await dialog.getByLabel('Reason').fill('Cleared after a call with the owner');
    await dialog.getByRole('button', { name: 'Reinstate Account' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Active');
    await login.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(login).toBeHidden();
    await expect(member.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await memberContext.close();
  });

  test('a role change needs the admin’s own password', async ({ page, browser }) => {
    const memberContext = await browser.newContext();
    const email = await registerByApi(memberContext.request, 'homeowner', MEMBER_PASSWORD);
    await memberContext.close();

    const row = await findInPeopleTab(page, email);
    await expect(row).toContainText('Homeowner');
    await row.getByRole('button', { name: 'Change role' }).click();
    const dialog = page.getByTestId('dialog-person-action');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'New role' }), 'Plumber');
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Change Role' }).click();
    await expect(dialog.getByText(ACCOUNT_MESSAGES.passwordWrong)).toBeVisible();
    await expect(dialog.getByLabel('Your password')).toBeFocused();

    await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
    await dialog.getByLabel('Reason (optional)').fill('Joined as a licensed plumber');
    await dialog.getByRole('button', { name: 'Change Role' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Plumber');
  });

  test('shows each account’s last password login, or Never', async ({ page, browser }) => {
    const memberContext = await browser.newContext();
    // Registering signs the account in without a password login.
    const email = await registerByApi(memberContext.request, 'homeowner', MEMBER_PASSWORD);
    // Columns: Account, Role, Status, Activity, Last login, Joined, Actions.
    const lastLoginOf = async () => (await findInPeopleTab(page, email)).getByRole('cell').nth(4);
    await expect(await lastLoginOf()).toHaveText('Never');

    await logInByApi(await memberContext.newPage(), email, MEMBER_PASSWORD);
    await memberContext.close();
    // On the app's clock, with its zone: "Tue, Dec 1 · 9:00 AM CST".
    await expect((await lastLoginOf()).locator('time')).toHaveText(
      /^\w{3}, \w{3} \d{1,2} · \d{1,2}:\d{2} [AP]M \S+$/,
    );
  });
});

test.describe('deleting one’s own account as the last admin', () => {
  test('the account page says why it is refused, and the dialog stays open', async ({ page }) => {
    // The refusal is the server's (server/modules/admin/people.test.ts); deleting the shared demo
    // admin for real could succeed while another journey has made an admin. A throwaway account
    // sees the server's 409 answer, as the last admin would.
    await registerByApi(page.request, 'homeowner', MEMBER_PASSWORD);
    await page.route('**/api/account', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ error: PEOPLE_MESSAGES.lastAdminDeletion, code: 'CONFLICT' }),
          })
        : route.fallback(),
    );
    await page.goto('/account');
    await main(page).getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill(MEMBER_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(PEOPLE_MESSAGES.lastAdminDeletion);
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
  });
});
