import { expect, test, type Page } from '@playwright/test';
import { chooseOption, expectNoSeriousA11yViolations, mailedLinks, uniqueEmail } from './fixtures';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';

/**
 * A guest's booking waits for the link mailed to its e-mail (docs/decisions/026-guest-booking-confirmation.md),
 * read here from the developer mailbox (GET /api/dev/mailbox, present on the e2e server).
 */

/** The newest /confirm-booking link mailed to `to`. */
async function confirmationLink(page: Page, to: string): Promise<URL> {
  const [link] = await mailedLinks(page, to, '/confirm-booking');
  return new URL(link);
}

test.describe('guest booking confirmation', () => {
  test.skip(({ isMobile }) => isMobile, 'A desktop journey: the desktop project runs it.');

  test('a guest books, opens the mailed link and sees the booking confirmed; the link then fails', async ({
    page,
  }) => {
    const email = uniqueEmail('confirm-booking');
    // Days no other desktop journey books on, so the slot picker always offers this one.
    const date = dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 9);
    await page.goto('/book');
    await page.getByLabel('Full Name').fill('Avery Guest');
    await page.getByLabel('Phone').fill('(512) 555-0142');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Service Address').fill('900 E 6th St, Austin, TX 78702');
    await chooseOption(page, page.getByRole('combobox', { name: 'Service Type' }), /^Drain Cleaning$/);
    await page.getByLabel('Problem Description').fill('The shower drain backs up within a minute.');
    await page.getByLabel('Preferred Date').fill(date);
    const slot = page.getByTestId('slot-list').getByRole('button').first();
    await expect(slot).toBeVisible();
    const chosenTime = (await slot.textContent())?.match(/^\d{1,2}:\d{2} (AM|PM)/)?.[0];
    expect(chosenTime).toBeTruthy();
    await slot.click();
    await page.getByRole('button', { name: 'Submit Booking Request' }).click();

    await expect(page.getByText('Booking Submitted', { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        `Check your e-mail (${email}) and confirm the booking within 30 minutes, or its time slot is released.`,
        { exact: true },
      ),
    ).toBeVisible();

    const link = await confirmationLink(page, email);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The link's origin is PUBLIC_URL's; the app under test may listen elsewhere.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Booking Confirmed' })).toBeVisible();
    await expect(page.getByTestId('confirmed-time')).toHaveText(
      new RegExp(`^Your time: ${date}, ${chosenTime} – \\d{1,2}:\\d{2} (AM|PM)\\.$`),
    );
    await expectNoSeriousA11yViolations(page);

    // A link works once.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Booking Not Confirmed' })).toBeVisible();
    await expect(page.getByText(/^This confirmation link is invalid or has expired\./)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book Again' })).toHaveAttribute('href', '/book');
  });
});
