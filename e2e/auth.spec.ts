import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  authDialog,
  expectNoSeriousA11yViolations,
  logIn,
  openAccountMenu,
  openAuthDialog,
  register,
  uniqueEmail,
} from './fixtures';

test.describe('sign-in journey', () => {
  test('register through the dialog, see the account menu, log out and log in again', async ({ page }) => {
    const email = uniqueEmail('journey');
    const password = 'a-good-password';
    await page.goto('/');

    // The toast shows for five seconds while the profile step is filled in, which can take longer on
    // a busy machine: watch for it from the start.
    const registeredToast = page
      .getByRole('status')
      .filter({ hasText: 'Account created!' })
      .filter({ hasText: "You've successfully registered" })
      .waitFor();
    await register(page, email, password);
    await registeredToast;

    let menu = await openAccountMenu(page);
    await expect(menu.getByText(email)).toBeVisible();
    await expect(menu.getByText('Homeowner', { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeVisible();

    await logIn(page, email, password);
    await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
    await expect(page.getByText("You've successfully logged in", { exact: true })).toBeVisible();
    menu = await openAccountMenu(page);
    await expect(menu.getByText(email)).toBeVisible();

    // The session survives a reload (cookie + GET /api/auth/user).
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('the dialog shows both modes with their exact texts and validation messages', async ({ page }) => {
    await page.goto('/');
    await openAuthDialog(page);
    const dialog = authDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(dialog.getByText('Enter your credentials to access your account')).toBeVisible();
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();

    await dialog.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(dialog.getByText('Get started with a new account')).toBeVisible();
    await expect(dialog.getByText('At least 8 characters')).toBeVisible();
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(dialog.getByText('Invalid email address')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Already have an account? Log in' }).click();
    await expect(dialog.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('a wrong password shows the server message in an error toast', async ({ page }) => {
    await page.goto('/');
    await openAuthDialog(page);
    const dialog = authDialog(page);
    await dialog.getByLabel('Email').fill('homeowner@demo.plumbline.test');
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('registering an e-mail that exists shows the conflict message', async ({ page }) => {
    await page.goto('/');
    await openAuthDialog(page);
    const dialog = authDialog(page);
    await dialog.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await dialog.getByLabel('Email').fill('homeowner@demo.plumbline.test');
    await dialog.getByLabel('Password').fill('whatever-password');
    await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(
      page.getByText('An account with this email already exists. Log in instead.', { exact: true }),
    ).toBeVisible();
  });

  test('a plumber can register and is shown as Plumber', async ({ page }) => {
    const email = uniqueEmail('plumber');
    await page.goto('/');
    await register(page, email, 'pipe-wrench-password', { plumber: true });
    const menu = await openAccountMenu(page);
    await expect(menu.getByText('Plumber', { exact: true })).toBeVisible();
  });

  test('the demo admin logs in and the Dashboard link appears', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await logIn(page, 'admin@demo.plumbline.test', DEMO_PASSWORD);
    const menu = await openAccountMenu(page);
    await expect(menu.getByText('Admin', { exact: true })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('shell', () => {
  test('the theme choice persists across a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(html).not.toHaveClass(/dark/);
  });

  test('an unknown route shows Page Not Found with the header and footer', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Plumbline`);
  });

  test('navigation highlights the current route and the footer shows the contact details', async ({
    page,
  }) => {
    await page.goto('/services');
    const isMobile = (page.viewportSize()?.width ?? 1280) < 768;
    if (isMobile) {
      await page.getByRole('button', { name: 'Toggle menu' }).click();
      const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
      await expect(mobileNav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
      await expect(mobileNav.getByRole('link', { name: 'Post a Job' })).toBeVisible();
      await mobileNav.getByRole('link', { name: 'AI Diagnosis' }).click();
      await expect(page).toHaveURL(/\/diagnose$/);
      await expect(mobileNav).toBeHidden();
    } else {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Post a Job' })).toBeVisible();
    }
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '(555) 010-7586' })).toHaveAttribute('href', /^tel:/);
    await expect(footer.getByRole('link', { name: 'help@plumbline.test' })).toHaveAttribute(
      'href',
      'mailto:help@plumbline.test',
    );
    for (const item of [
      'Emergency Repairs',
      'Installations',
      'Maintenance',
      'Inspections',
      'About Us',
      'Our Team',
      'Careers',
      'Contact',
    ]) {
      await expect(footer.getByRole('link', { name: item, exact: true })).toHaveAttribute('href', '/');
    }
  });
});
