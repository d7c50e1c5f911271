import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';

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

/** The answer to the next POST to `path`, to wait on instead of on time. */
function nextPost(page: Page, path: string): Promise<Response> {
  return page.waitForResponse(
    (res) => new URL(res.url()).pathname === path && res.request().method() === 'POST',
  );
}

/** Fails with the server's answer (a 503 says why), not with a dialog that never closed. */
async function expectAnswer(answer: Promise<Response>, status: number) {
  const res = await answer;
  expect(res.status(), `${res.request().method()} ${res.url()}: ${await res.text()}`).toBe(status);
}

/** Registers through the dialog: for journeys about registering (others use registerByApi). */
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
  const answer = nextPost(page, '/api/auth/register');
  await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expectAnswer(answer, 201);
  await expect(dialog).toBeHidden();
}

/** Logs in through the dialog: for journeys about logging in (others use logInByApi). */
export async function logIn(page: Page, email: string, password: string) {
  await openAuthDialog(page);
  const dialog = authDialog(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  const answer = nextPost(page, '/api/auth/login');
  await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
  await expectAnswer(answer, 200);
  await expect(dialog).toBeHidden();
}

/**
 * The API refuses state-changing calls from another origin; Playwright's request context sends no
 * Origin of its own, so these calls name the app's, as the browser would.
 */
function sameOrigin(): Record<string, string> {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('e2e calls need a baseURL (playwright.config.ts)');
  return { Origin: new URL(baseURL).origin };
}

/**
 * Logs in through the API in the page's browser context (it shares the cookie jar), for journeys
 * that are not about logging in. Load the page afterwards, so the app starts signed in.
 */
export async function logInByApi(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', {
    data: { email, password },
    headers: sameOrigin(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Registers a fresh account through the API; the request context (a page's) is then signed in as it. */
export async function registerByApi(
  request: APIRequestContext,
  role: 'homeowner' | 'plumber',
  password = 'e2e-account-password',
): Promise<string> {
  const email = uniqueEmail(role);
  const res = await request.post('/api/auth/register', {
    data: { email, password, role },
    headers: sameOrigin(),
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

/**
 * Picks an option of a Radix select. On the emulated phone a tap can land while the list is still
 * scrolling into place and leave it open without picking (seen in CI on /admin and /book), so the pick
 * is retried until the select shows it. Each try gets long enough for a busy machine (at a load of
 * ~20 on two cores a 2 s try never finished), and a tap that did land returns at once.
 */
export async function chooseOption(page: Page, combobox: Locator, option: string | RegExp) {
  await expect(async () => {
    if (await page.getByRole('listbox').isHidden()) await combobox.click({ timeout: 10_000 });
    await page.getByRole('option', { name: option }).click({ timeout: 10_000 });
    await expect(combobox).toContainText(option, { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
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
