import { expect, test, type APIRequestContext } from '@playwright/test';
import { NEARBY_PAGE_SIZE } from '@shared/contracts/jobs';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { expectNoSeriousA11yViolations, registerByApi } from './fixtures';

/**
 * The plumber's nearby jobs in pages (docs/decisions/035-nearby-pages.md), on a phone: the first
 * NEARBY_PAGE_SIZE jobs, "Load more" for the next ones until there are none, and a job posted
 * meanwhile still shows up live. The jobs are in Seattle, where no other journey's plumber works.
 */

const PASSWORD = 'nearby-pages-e2e-password';
const JOBS = NEARBY_PAGE_SIZE + 5;

async function bookInSeattle(request: APIRequestContext, origin: string, email: string, text: string) {
  const booking = await request.post('/api/service-requests', {
    data: {
      name: 'Nia Nearby',
      email,
      phone: '2065550142',
      serviceType: 'Drain Cleaning',
      preferredDate: dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 2),
      urgency: 'routine',
      description: `The kitchen sink drains slowly (${text}).`,
      address: '1420 5th Ave, Seattle, WA 98101',
    },
    headers: { Origin: origin },
  });
  expect(booking.status(), await booking.text()).toBe(201);
}

test('a plumber on a phone sees the first page of nearby jobs, then more with "Load more"', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone journey; one run keeps the count exact');
  test.slow();
  const origin = new URL(testInfo.project.use.baseURL!).origin;
  const token = `PAGES-${Date.now().toString(36)}`;

  // More open jobs in the area than one page holds, booked by a homeowner through the API.
  const homeownerEmail = await registerByApi(request, 'homeowner', PASSWORD);
  for (let i = 0; i < JOBS; i++) await bookInSeattle(request, origin, homeownerEmail, `${token} #${i}`);

  // A verified plumber working 10 km around downtown Seattle.
  await registerByApi(page.request, 'plumber', PASSWORD);
  const area = await page.request.put('/api/plumbers/me/location', {
    data: { zip: '98101', serviceRadiusKm: 10 },
    headers: { Origin: origin },
  });
  expect(area.status(), await area.text()).toBe(200);

  await page.goto('/dashboard');
  const section = page.getByTestId('section-available-jobs');
  const cards = section.getByTestId(/^card-nearby-/);
  const loadMore = section.getByRole('button', { name: 'Load more' });
  // Every open job in the area, as the stat card counts them (a rerun on the same server adds more).
  const stat = page.getByTestId('stat-jobs-nearby');
  await expect(stat).toHaveText(/^\d+$/);
  const total = Number(await stat.innerText());
  expect(total).toBeGreaterThanOrEqual(JOBS);

  await expect(cards).toHaveCount(NEARBY_PAGE_SIZE);
  await expect(loadMore).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await loadMore.click();
  await expect(cards).toHaveCount(Math.min(total, 2 * NEARBY_PAGE_SIZE));

  // A job posted now reaches the open list through the live events: every page loaded so far is
  // fetched again, with the new job at the top of its spot (newest first) and nothing lost.
  await bookInSeattle(request, origin, homeownerEmail, `${token} late`);
  await expect(cards.filter({ hasText: `${token} late` })).toBeVisible();
  await expect(cards.first()).toContainText(`${token} late`);
  await expect(cards).toHaveCount(Math.min(total + 1, 2 * NEARBY_PAGE_SIZE));

  // To the end: the button goes once the last page is in.
  while (await loadMore.isVisible()) {
    const before = await cards.count();
    await loadMore.click();
    await expect(cards).not.toHaveCount(before);
  }
  await expect(cards).toHaveCount(total + 1);
  await expect(loadMore).toHaveCount(0);
  const texts = await cards.allInnerTexts();
  expect(new Set(texts).size).toBe(texts.length);
});
