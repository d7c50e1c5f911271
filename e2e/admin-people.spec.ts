import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '../shared/contracts/account';
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
});
