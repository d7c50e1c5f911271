import AxeBuilder from '@axe-core/playwright';
import { dayFromTodayIn } from '@shared/dates';
import type { DevMailboxMessage } from '@shared/contracts/dev';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import {
  expect,
  request as apiRequests,
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
function nextPost(page: Page, path: string, method = 'POST'): Promise<Response> {
  return page.waitForResponse(
    (res) => new URL(res.url()).pathname === path && res.request().method() === method,
  );
}

/** Fails with the server's answer (a 503 says why), not with a dialog that never closed. */
async function expectAnswer(answer: Promise<Response>, status: number) {
  const res = await answer;
  expect(res.status(), `${res.request().method()} ${res.url()}: ${await res.text()}`).toBe(status);
}

/** The name and phone the profile step is given unless a journey names its own. */
export const E2E_PROFILE = { name: 'Sam Endtoend', phone: '(512) 555-0199' };

/**
 * Registers through the dialog, then takes the profile step that follows (name and phone): for
 * journeys about registering (others use registerByApi).
 */
export async function register(
  page: Page,
  email: string,
  password: string,
  options: { plumber?: boolean; profile?: { name: string; phone: string } } = {},
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
  // The profile step's dialog follows at once: the auth dialog's own heading tells them apart.
  await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeHidden();

  const profile = options.profile ?? E2E_PROFILE;
  const profileDialog = page.getByTestId('profile-dialog');
  await expect(profileDialog.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await profileDialog.getByLabel('Full Name').fill(profile.name);
  await profileDialog.getByLabel('Phone').fill(profile.phone);
  const saved = nextPost(page, '/api/account', 'PATCH');
  await profileDialog.getByRole('button', { name: 'Save Profile' }).click();
  await expectAnswer(saved, 200);
  await expect(profileDialog).toBeHidden();
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

/** A state-changing API call a journey makes on the side; fails the test unless it succeeds. */
export async function callApi(
  request: APIRequestContext,
  method: 'post' | 'put' | 'patch',
  path: string,
  data: object,
) {
  const res = await request[method](path, { data, headers: sameOrigin() });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
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

/**
 * Registers a fresh account through the API; the request context (a page's) is then signed in as it.
 * A plumber has also submitted its business details and the demo admin has verified it (as on
 * /admin), so it sees nearby jobs and quotes, unless `vetting` is 'none'.
 */
export async function registerByApi(
  request: APIRequestContext,
  role: 'homeowner' | 'plumber',
  password = 'e2e-account-password',
  { vetting = 'verified' }: { vetting?: 'verified' | 'none' } = {},
): Promise<string> {
  const email = uniqueEmail(role);
  const res = await request.post('/api/auth/register', {
    data: { email, password, role },
    headers: sameOrigin(),
  });
  expect(res.status(), await res.text()).toBe(201);
  // The profile step, which comes before a first job post or quote.
  const profile = await request.patch('/api/account', { data: E2E_PROFILE, headers: sameOrigin() });
  expect(profile.status(), await profile.text()).toBe(200);
  if (role === 'plumber' && vetting === 'verified') {
    const onboarded = await request.put('/api/plumbers/me/onboarding', {
      data: {
        businessName: 'E2E Plumbing Co.',
        licenseNumber: 'M-24680',
        licenseState: 'TX',
        // The e2e server runs in the default zone: a year of insurance on its clock.
        insuranceExpiresOn: dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 365),
      },
      headers: sameOrigin(),
    });
    expect(onboarded.status(), await onboarded.text()).toBe(200);
    await verifyAsDemoAdmin(((await onboarded.json()) as { id: string }).id);
  }
  return email;
}

/** The demo admin verifies a plumber, in a request context of its own (the caller's stays signed in). */
async function verifyAsDemoAdmin(plumberId: string) {
  const admin = await apiRequests.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const login = await admin.post('/api/auth/login', {
      data: { email: 'admin@demo.plumbline.test', password: DEMO_PASSWORD },
      headers: sameOrigin(),
    });
    expect(login.status(), await login.text()).toBe(200);
    const verified = await admin.post(`/api/admin/plumbers/${plumberId}/verify`, { headers: sameOrigin() });
    expect(verified.status(), await verified.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
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

/**
 * The links to `pathname` in the mail sent to `to`, newest first, once there are at least `count`:
 * mail leaves through a queue after the answer, so the box is polled, within a bound.
 */
export async function mailedLinks(page: Page, to: string, pathname: string, count = 1): Promise<string[]> {
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        expect(res.status(), await res.text()).toBe(200);
        const entries = (await res.json()) as DevMailboxMessage[];
        links = entries.flatMap((entry) => entry.links).filter((link) => new URL(link).pathname === pathname);
        return links.length;
      },
      { timeout: 60_000, message: `a mail to ${to} with a ${pathname} link` },
    )
    .toBeGreaterThanOrEqual(count);
  return links;
}
