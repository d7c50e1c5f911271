import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'plumbline-demo';

let counter = 0;
/** A unique e-mail per call and worker, so parallel tests never collide. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.test`;
}

export function authDialog(page: Page) {
  return page.getByRole('dialog');
}

export async function openAuthDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
  await expect(authDialog(page)).toBeVisible();
}

export async function register(
  page: Page,
  email: string,
  password: string,
  options: { plumber?: boolean } = {},
) {
  await openAuthDialog(page);
  const dialog = authDialog(page);
  await dialog.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  if (options.plumber) await dialog.getByLabel("I'm a plumber").check();
  await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(dialog).toBeHidden();
}

export async function logIn(page: Page, email: string, password: string) {
  await openAuthDialog(page);
  const dialog = authDialog(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Picks an option of a Radix select. On the emulated phone a tap can land while the list is still
 * scrolling into place and leave it open without picking (seen in CI on /admin and /book), so the pick
 * is retried until the select shows it.
 */
export async function chooseOption(page: Page, combobox: Locator, option: string | RegExp) {
  await expect(async () => {
    if (await page.getByRole('listbox').isHidden()) await combobox.click({ timeout: 2_000 });
    await page.getByRole('option', { name: option }).click({ timeout: 2_000 });
    await expect(combobox).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu');
}

/** Fails on any serious or critical axe violation, listing them. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}
