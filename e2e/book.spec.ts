import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  DEMO_PASSWORD,
  chooseOption,
  expectNoSeriousA11yViolations,
  logInByApi,
  uniqueEmail,
} from './fixtures';
import { dayFromTodayIn, todayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';

/**
 * A date `offset` days ahead in the app's time zone (the e2e server runs with the default). The
 * desktop and phone projects run side by side against one server, so each books on its own days
 * and never takes the other's slot.
 */
function day(testInfo: TestInfo, offset: number): string {
  const shift = testInfo.project.name === 'phone' ? 1 : 0;
  return dayFromTodayIn(DEFAULT_APP_TIME_ZONE, offset + shift);
}

const isSlotList = (url: URL) => url.pathname === '/api/availability-slots';

async function fillContact(
  page: Page,
  contact: { name: string; phone: string; email: string; address: string },
) {
  await page.getByLabel('Full Name').fill(contact.name);
  await page.getByLabel('Phone').fill(contact.phone);
  await page.getByLabel('Email').fill(contact.email);
  await page.getByLabel('Service Address').fill(contact.address);
}

const slotButtons = (page: Page) => page.getByTestId('slot-list').getByRole('button');
const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit Booking Request' });

test.describe('booking (/book)', () => {
  test('a guest fills the form, watches the slot picker, picks a time and lands on the dashboard', async ({
    page,
  }, testInfo) => {
    await page.goto('/book');
    await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Service Details' })).toBeVisible();
    for (const tile of ['Quick Confirmation', 'Licensed Pros', 'Local Service']) {
      await expect(page.getByText(tile, { exact: true })).toBeVisible();
    }
    await expect(
      page.getByText("We'll confirm your appointment within 1 hour.", { exact: true }),
    ).toBeVisible();

    await fillContact(page, {
      name: 'Jordan Rivers',
      phone: '(512) 555-0188',
      email: uniqueEmail('guest-book'),
      address: '1200 S Congress Ave, Austin, TX 78704',
    });
    await chooseOption(page, page.getByRole('combobox', { name: 'Service Type' }), /^Drain Cleaning$/);
    await page.getByRole('combobox', { name: 'Urgency' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'Routine - Flexible scheduling',
      'Urgent - Within 24 hours',
      'Emergency - Immediate attention',
    ]);
    await chooseOption(page, page.getByRole('combobox', { name: 'Urgency' }), 'Urgent - Within 24 hours');

    // Before a date: the picker asks for one. Past dates cannot be picked.
    await expect(page.getByText('Please select a date first to see available time slots')).toBeVisible();
    const dateInput = page.getByLabel('Preferred Date');
    await expect(dateInput).toHaveAttribute('min', todayIn(DEFAULT_APP_TIME_ZONE));

    // While loading: 8 placeholders (the answer is held back until we have looked).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isSlotList, async (route) => {
      await held;
      await route.continue();
    });
    const firstDate = day(testInfo, 2);
    await dateInput.fill(firstDate);
    await expect(page.getByTestId('slot-skeleton')).toHaveCount(8);
    release();

    // Open slots: one button per start time with its count.
    await expect(slotButtons(page).first()).toBeVisible();
    await page.unroute(isSlotList);
    const buttonCount = await slotButtons(page).count();
    expect(buttonCount).toBeGreaterThan(1);
    await expect(slotButtons(page).first()).toContainText(/^\d{1,2}:\d{2} (AM|PM)\d+ slot\(s\) available$/);
    await expectNoSeriousA11yViolations(page);

    await slotButtons(page).nth(1).click();
    await expect(slotButtons(page).nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[aria-pressed="true"]')).toHaveCount(1);

    // Changing the date clears the chosen slot.
    await dateInput.fill(day(testInfo, 3));
    await expect(slotButtons(page).first()).toBeVisible();
    await dateInput.fill(firstDate);
    await expect(slotButtons(page).first()).toBeVisible();
    await expect(page.locator('[aria-pressed="true"]')).toHaveCount(0);

    // A day with nothing free (beyond the 30-day window).
    await dateInput.fill(day(testInfo, 60));
    await expect(page.getByText('No available time slots for this date', { exact: true })).toBeVisible();
    await expect(page.getByText('Please try another date', { exact: true })).toBeVisible();

    // A failed fetch.
    await page.route(isSlotList, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"boom","code":"INTERNAL_ERROR"}',
      }),
    );
    await dateInput.fill(day(testInfo, 45));
    await expect(page.getByText('Failed to fetch slots', { exact: true })).toBeVisible();
    await page.unroute(isSlotList);

    await dateInput.fill(firstDate);
    const chosen = slotButtons(page).first();
    const chosenTime = (await chosen.textContent())?.match(/^\d{1,2}:\d{2} (AM|PM)/)?.[0];
    await chosen.click();
    await expect(chosen).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Problem Description').fill('The kitchen sink drains slowly and gurgles.');

    const created = page.waitForResponse(
      (res) => res.url().endsWith('/api/service-requests') && res.request().method() === 'POST',
    );
    await submitButton(page).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const body = await response.json();
    expect(body.slot.date).toBe(firstDate);
    expect(body.jobId).toBeNull();
    expect(chosenTime).toBeTruthy();

    await expect(page.getByText('Booking Submitted', { exact: true })).toBeVisible();
    await expect(
      page.getByText("We'll contact you shortly to confirm your appointment", { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('submitting the empty form shows every validation message at its field', async ({ page }) => {
    await page.goto('/book');
    await submitButton(page).click();
    for (const message of [
      'Name must be at least 2 characters',
      'Invalid email address',
      'Phone number must be at least 10 digits',
      'Service type is required',
      'Preferred date is required',
      'Description must be at least 10 characters',
      'Address is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Full Name')).toHaveAccessibleDescription(
      'Name must be at least 2 characters',
    );
    await expect(page.getByRole('combobox', { name: 'Service Type' })).toHaveAccessibleDescription(
      'Service type is required',
    );
    await expect(page).toHaveURL(/\/book$/);
    await expectNoSeriousA11yViolations(page);

    // Fixing a field clears its message on the next submit.
    await page.getByLabel('Full Name').fill('Jo Rivers');
    await submitButton(page).click();
    await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);
  });

  test('a diagnosis handed over in the URL prefills service type, urgency and description', async ({
    page,
  }) => {
    const description = 'Water is pooling under the kitchen sink after every use.';
    await page.goto(
      `/book?serviceType=Drain%20Cleaning&urgency=urgent&description=${encodeURIComponent(description)}&issueSlug=clogged-drain`,
    );
    await expect(page.getByRole('combobox', { name: 'Service Type' })).toHaveText('Drain Cleaning');
    await expect(page.getByRole('combobox', { name: 'Urgency' })).toHaveText('Urgent - Within 24 hours');
    await expect(page.getByLabel('Problem Description')).toHaveValue(description);
    // A guest's contact fields stay empty.
    await expect(page.getByLabel('Email')).toHaveValue('');
  });

  test('a slot taken meanwhile shows the server message and refreshes the picker', async ({
    page,
  }, testInfo) => {
    const date = day(testInfo, 5);
    await page.goto('/book');
    await fillContact(page, {
      name: 'Sam Late',
      phone: '5125550177',
      email: uniqueEmail('late'),
      address: '500 W 2nd St, Austin, TX 78701',
    });
    await chooseOption(page, page.getByRole('combobox', { name: 'Service Type' }), /^Leak Detection$/);
    await page.getByLabel('Problem Description').fill('A damp patch keeps growing on the ceiling.');
    await page.getByLabel('Preferred Date').fill(date);
    const first = slotButtons(page).first();
    await expect(first).toBeVisible();
    const countBefore = Number((await first.textContent())?.match(/(\d+) slot\(s\) available/)?.[1]);
    await first.click();

    // Someone else books exactly that slot first (the picker books the first slot of a time).
    const slots = await (await page.request.get(`/api/availability-slots?date=${date}`)).json();
    const other = await page.request.post('/api/service-requests', {
      data: {
        name: 'Quick Booker',
        email: uniqueEmail('quick'),
        phone: '5125550166',
        serviceType: 'Leak Detection',
        preferredDate: date,
        urgency: 'routine',
        description: 'Booked a moment earlier than Sam.',
        address: '500 W 2nd St, Austin, TX 78701',
        slotId: slots[0].id,
      },
    });
    expect(other.status()).toBe(201);

    await submitButton(page).click();
    await expect(page.getByText('Booking Failed', { exact: true })).toBeVisible();
    await expect(
      page.getByText('That time was just booked — please pick another', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/book$/);
    await expect(page.locator('[aria-pressed="true"]')).toHaveCount(0);
    if (countBefore > 1) {
      await expect(slotButtons(page).first()).toContainText(`${countBefore - 1} slot(s) available`);
    }
  });

  test('the logged-in demo homeowner books with ZIP 78704 and a job is posted', async ({
    page,
  }, testInfo) => {
    const description = `Burst pipe under the sink, water everywhere (${testInfo.project.name} ${Date.now()}).`;
    await logInByApi(page, 'homeowner@demo.plumbline.test', DEMO_PASSWORD);
    await page.goto(
      `/book?serviceType=Emergency%20Repair&urgency=emergency&issueSlug=burst-pipe&description=${encodeURIComponent(description)}`,
    );
    await expect(page.getByLabel('Email')).toHaveValue('homeowner@demo.plumbline.test');
    await expect(page.getByLabel('Full Name')).toHaveValue('Dana Homeowner');
    await expect(page.getByLabel('Phone')).toHaveValue('5125550101');
    await expect(page.getByRole('combobox', { name: 'Urgency' })).toHaveText(
      'Emergency - Immediate attention',
    );

    await page.getByLabel('Preferred Date').fill(day(testInfo, 1));
    // Without a ZIP code plumbers could not find the job: the server says so at the address.
    await page.getByLabel('Service Address').fill('1200 S Congress Ave, Austin TX');
    await submitButton(page).click();
    const zipMessage = page.getByText(
      'Add a valid US ZIP code to the address so nearby plumbers can find it',
      {
        exact: true,
      },
    );
    await expect(zipMessage).toBeVisible();
    await expect(page.getByLabel('Service Address')).toBeFocused();
    await expect(page).toHaveURL(/\/book/);

    await page.getByLabel('Service Address').fill('1200 S Congress Ave, Austin, TX 78704');
    const created = page.waitForResponse(
      (res) => res.url().endsWith('/api/service-requests') && res.request().method() === 'POST',
    );
    await submitButton(page).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const { jobId } = await response.json();
    expect(jobId).toEqual(expect.any(String));
    await expect(page.getByText('Booking Submitted', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    const jobs = await page.request.get('/api/jobs');
    expect(jobs.status()).toBe(200);
    const posted = JSON.stringify(await jobs.json());
    expect(posted).toContain(jobId);
    expect(posted).toContain(description);
  });
});
