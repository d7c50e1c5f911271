import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, logIn, openAccountMenu, register, uniqueEmail } from './fixtures';

/** On the phone: the profile step after registering, then /account (docs/decisions/025-accounts.md). */
test.describe('account settings on the phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'A phone journey: the phone project runs it.');

  test('register, give a name and phone, edit the name, change the password, log in with the new one', async ({
    page,
  }) => {
    const email = uniqueEmail('settings');
    const password = 'first-e2e-password';
    const newPassword = 'a-fresher-e2e-password';
    await page.goto('/');
    // The fixture takes the profile step that follows registering.
    await register(page, email, password, { profile: { name: 'Avery Settings', phone: '(512) 555-0123' } });

    let menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page).toHaveTitle('Account Settings | Plumbline');
    await expect(page.getByLabel('Full Name')).toHaveValue('Avery Settings');
    await expect(page.getByLabel('Phone')).toHaveValue('(512) 555-0123');
    await expect(page.getByTestId('text-account-email')).toHaveText(email);
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Full Name').fill('Avery Renamed');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Your name and phone number are saved.', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Full Name')).toHaveValue('Avery Renamed');

    // A wrong current password is refused at its field, and nothing changes.
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Your current password is not correct.', { exact: true })).toBeVisible();

    await page.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(
      page.getByText('You stay logged in here; your other devices are logged out.', { exact: true }),
    ).toBeVisible();

    menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeVisible();
    await logIn(page, email, newPassword);
    menu = await openAccountMenu(page);
    await expect(menu.getByText(email)).toBeVisible();
  });
});
