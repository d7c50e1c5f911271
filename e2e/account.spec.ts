import { expect, test, type Page } from '@playwright/test';
import {
  authDialog,
  chooseOption,
  expectNoSeriousA11yViolations,
  openAccountMenu,
  openAuthDialog,
  register,
  registerByApi,
  mailedLinks,
  uniqueEmail,
} from './fixtures';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';

/**
 * On the phone: e-mail verification and password reset, read from the developer mailbox
 * (GET /api/dev/mailbox, present on the embedded database on loopback, as the e2e server runs).
 */

/** Opens a mailed link in the app under test (the link's origin is PUBLIC_URL's, the test's may differ). */
async function openMailedLink(page: Page, link: string) {
  const url = new URL(link);
  expect(url.searchParams.get('token')).toBeTruthy();
  await page.goto(`${url.pathname}${url.search}`);
}

const banner = (page: Page) => page.getByRole('region', { name: 'E-mail verification' });

test.describe('accounts on the phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'A phone journey: the phone project runs it.');

  test('register, verify the e-mail from the mailed link, post a job and find it on the dashboard', async ({
    page,
  }) => {
    const email = uniqueEmail('verify');
    await page.goto('/');
    await register(page, email, 'a-verified-password');

    // Unverified: the banner says where the link went; a new link replaces the first.
    await expect(banner(page)).toContainText(
      `Please verify your e-mail address. We sent a link to ${email}.`,
    );
    const [firstLink] = await mailedLinks(page, email, '/verify-email');
    await banner(page).getByRole('button', { name: 'Resend link' }).click();
    await expect(
      page.getByText(`We sent a new verification link to ${email}.`, { exact: true }),
    ).toBeVisible();
    const [newestLink, replacedLink] = await mailedLinks(page, email, '/verify-email', 2);
    expect(replacedLink).toBe(firstLink);
    expect(newestLink).not.toBe(firstLink);

    await openMailedLink(page, firstLink!);
    await expect(page.getByRole('heading', { level: 1, name: "This link can't be used" })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'This verification link is invalid' })).toHaveText(
      'This verification link is invalid or has expired. Request a new one.',
    );
    await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await openMailedLink(page, newestLink!);
    const verified = page.getByRole('heading', { level: 1, name: 'E-mail verified' });
    await expect(verified).toBeVisible();
    await expect(verified).toBeFocused();
    await expect(page.getByText(`Thanks! ${email} is confirmed.`)).toBeVisible();
    await expect(page).toHaveTitle('Verify Your E-mail | Plumbline');
    await expectNoSeriousA11yViolations(page);

    // The link works once.
    await openMailedLink(page, newestLink!);
    await expect(page.getByText('Your e-mail address is already verified.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Jobs' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);

    // Post a job through the booking form, as a logged-in homeowner.
    const description = `Water heater makes a banging noise (${email}).`;
    await page.goto('/book');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Full Name').fill('Riley Verified');
    await page.getByLabel('Phone').fill('5125550142');
    await page.getByLabel('Service Address').fill('1200 S Congress Ave, Austin, TX 78704');
    await chooseOption(page, page.getByRole('combobox', { name: 'Service Type' }), /^Water Heater Service$/);
    await page.getByLabel('Problem Description').fill(description);
    // Days of its own, apart from book.spec.ts, so no daily cap is shared.
    await page.getByLabel('Preferred Date').fill(dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 9));
    const created = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/service-requests' && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit Booking Request' }).click();
    const response = await created;
    expect(response.status(), await response.text()).toBe(201);
    const { jobId } = (await response.json()) as { jobId: string | null };
    expect(jobId).toEqual(expect.any(String));

    await expect(page).toHaveURL(/\/dashboard$/);
    const card = page.getByTestId(`card-job-${jobId}`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(description);
  });

  test('forgot password, reset it from the mailed link, and log in with the new one only', async ({
    page,
    request,
  }) => {
    const oldPassword = 'the-forgotten-password';
    const newPassword = 'a-brand-new-password';
    // Registered from another cookie jar: the page stays logged out, as someone who forgot would be.
    const email = await registerByApi(request, 'homeowner', oldPassword);

    await page.goto('/');
    await openAuthDialog(page);
    await authDialog(page).getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(authDialog(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await expect(page).toHaveTitle('Forgot Password | Plumbline');

    const sent = "If an account exists for that address, we've sent a link to reset your password.";
    const sendLink = page.getByRole('button', { name: 'Send Reset Link' });
    await sendLink.click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // An address nobody has gets the very same answer.
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await sendLink.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeFocused();
    await expect(page.getByText(sent)).toBeVisible();

    await page.reload();
    await page.getByLabel('Email').fill(email.toUpperCase());
    await sendLink.click();
    await expect(page.getByText(sent)).toBeVisible();
    const [resetLink] = await mailedLinks(page, email, '/reset-password');

    await openMailedLink(page, resetLink!);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expect(page).toHaveTitle('Reset Password | Plumbline');
    const setPassword = page.getByRole('button', { name: 'Set New Password' });
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('different');
    await setPassword.click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByLabel('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await setPassword.click();
    await expect(page.getByText('Log in with your new password.', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();

    // The login dialog opens by itself: the old password no longer works, the new one does.
    const dialog = authDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(oldPassword);
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
    await dialog.getByLabel('Password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("You've successfully logged in", { exact: true })).toBeVisible();
    const menu = await openAccountMenu(page);
    await expect(menu.getByText(email)).toBeVisible();
    await page.keyboard.press('Escape');
    // The reset link reached the inbox, so the address counts as verified.
    await expect(banner(page)).toHaveCount(0);

    // The link works once.
    await openMailedLink(page, resetLink!);
    await page.getByLabel('New password', { exact: true }).fill('yet-another-password');
    await page.getByLabel('Confirm new password').fill('yet-another-password');
    await setPassword.click();
    await expect(page.getByRole('heading', { level: 1, name: "This link can't be used" })).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'password reset link' })).toHaveText(
      'This password reset link is invalid or has expired. Request a new one.',
    );
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
