import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures';

/**
 * The public pages as docs/product.md describes them: home content, footer and claims (docs/product.md#who-it-is-for-and-the-public-pages),
 * the Services page (docs/product.md#screens-and-routes), the six services (docs/product.md#data), the urgency badges
 * (docs/product.md#states) and the calls the public pages make (docs/product.md#how-the-client-calls-the-api). The expectations are written from docs/product.md, not
 * imported from the app, so a drift in the app's data fails here.
 */
const PRODUCT_SERVICES = [
  {
    title: 'Emergency Repairs',
    badge: '24/7',
    price: 'From $150',
    features: ['Available 24/7', 'Rapid response time', 'Fully equipped trucks', 'Licensed technicians'],
  },
  {
    title: 'Drain Cleaning',
    badge: 'Scheduled',
    price: 'From $99',
    features: ['Camera inspection', 'Hydro jetting', 'Root removal', 'Preventive maintenance'],
  },
  {
    title: 'Water Heater Service',
    badge: 'Scheduled',
    price: 'From $200',
    features: ['Tank & tankless', 'Energy efficient', 'Same-day service', 'Warranty included'],
  },
  {
    title: 'Leak Detection',
    badge: 'Same Day',
    price: 'From $120',
    features: ['Non-invasive methods', 'Thermal imaging', 'Acoustic detection', 'Detailed reporting'],
  },
  {
    title: 'Pipe Installation',
    badge: 'Scheduled',
    price: 'From $180',
    features: ['Copper & PEX', 'Trenchless methods', 'Code compliant', 'Long-term warranty'],
  },
  {
    title: 'Fixture Replacement',
    badge: 'Scheduled',
    price: 'From $90',
    features: ['Wide selection', 'Professional install', 'Quality brands', 'Satisfaction guaranteed'],
  },
] as const;

/** The shell's own calls (header session, footer contact); the pages themselves make none. */
const SHELL_API_CALLS = ['/api/auth/user', '/api/config/public'];

function main(page: Page) {
  return page.getByRole('main');
}

async function metaDescription(page: Page): Promise<string> {
  return (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
}

/** The computed colour `var(--destructive)` resolves to in the current theme. */
async function destructiveColor(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.backgroundColor = 'var(--destructive)';
    document.body.append(probe);
    const color = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return color;
  });
}

async function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}

/** Scrolls to the bottom in steps, so lazy images and anything below the fold load, then waits for the images. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((image) => image.complete)))
    .toBe(true);
}

async function expectFooter(page: Page) {
  const footer = page.getByRole('contentinfo');
  const services = footer.getByRole('navigation', { name: 'Services' });
  for (const item of ['Emergency Repairs', 'Installations', 'Maintenance', 'Inspections', 'AI Diagnosis']) {
    await expect(services.getByRole('link', { name: item, exact: true })).toHaveAttribute('href', '/');
  }
  const company = footer.getByRole('navigation', { name: 'Company' });
  for (const item of ['About Us', 'Our Team', 'Careers', 'Contact']) {
    await expect(company.getByRole('link', { name: item, exact: true })).toHaveAttribute('href', '/');
  }
  await expect(footer.getByRole('link', { name: '(555) 010-7586' })).toHaveAttribute('href', /^tel:\+?\d+$/);
  await expect(footer.getByRole('link', { name: 'help@plumbline.test' })).toHaveAttribute(
    'href',
    'mailto:help@plumbline.test',
  );
  for (const claim of [
    'Licensed Professionals',
    'Fully Insured',
    '10,000+ Homes Serviced',
    '24/7 Availability',
    'Transparent Pricing',
  ]) {
    await expect(footer.getByText(claim, { exact: true })).toBeVisible();
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Plumbline`);
}

test.describe('home page', () => {
  test('shows every element of docs/product.md#who-it-is-for-and-the-public-pages in order, with the right link targets', async ({
    page,
  }) => {
    await page.goto('/');
    const content = main(page);

    await expect(content.getByText('AI-powered plumbing technology', { exact: true })).toBeVisible();
    await expect(
      content.getByRole('heading', { level: 1, name: 'Plumbing Problems? Get Instant AI Diagnosis' }),
    ).toBeVisible();
    await expect(content.getByRole('link', { name: 'Start Free Diagnosis' })).toHaveAttribute(
      'href',
      '/diagnose',
    );
    await expect(content.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/services');

    // Marketing claims (docs/product.md#who-it-is-for-and-the-public-pages): licensed, insured, background-checked; 24/7; 10,000+ homes.
    const claims = content.getByRole('list', { name: 'Why homeowners trust us' });
    await expect(claims.getByRole('listitem')).toHaveText([
      'Licensed, insured & background-checked',
      '24/7 emergency service',
      '10,000+ homes served',
    ]);

    // The sections, in the product's order.
    await expect(content.getByRole('heading', { level: 2 })).toHaveText([
      'How it works',
      'Why choose Plumbline',
      'Services and starting prices',
      'Not sure what is wrong? Find out in seconds.',
    ]);

    const how = content.getByRole('region', { name: 'How it works' });
    await expect(how.getByRole('listitem')).toHaveText([
      /^1\s*Describe & Upload/,
      /^2\s*AI Analyzes/,
      /^3\s*Book Service/,
    ]);

    const why = content.getByRole('region', { name: 'Why choose Plumbline' });
    await expect(why.getByRole('heading', { level: 3 })).toHaveText([
      'AI-Powered Diagnosis',
      'Licensed Professionals',
      '24/7 Availability',
      'Transparent Pricing',
    ]);
    await expect(why).toContainText('licensed, insured and background-checked');
    await expect(why).toContainText('Upfront price ranges');

    const teaser = content.getByRole('region', { name: 'Services and starting prices' });
    const items = teaser.getByRole('listitem');
    await expect(items).toHaveCount(PRODUCT_SERVICES.length);
    for (const [index, service] of PRODUCT_SERVICES.entries()) {
      const item = items.nth(index);
      await expect(item.getByRole('heading', { level: 3 })).toHaveText(service.title);
      await expect(item.getByText(service.price, { exact: true })).toBeVisible();
      await expect(item.getByText(service.badge, { exact: true })).toBeVisible();
    }
    await expect(teaser.getByRole('link', { name: 'View All Services' })).toHaveAttribute(
      'href',
      '/services',
    );

    const closing = content.getByRole('region', { name: 'Not sure what is wrong? Find out in seconds.' });
    await expect(closing.getByRole('link', { name: 'Get Free AI Diagnosis' })).toHaveAttribute(
      'href',
      '/diagnose',
    );

    await expectFooter(page);
  });

  test('has its own title and meta description', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Instant AI Plumbing Diagnosis | Plumbline');
    const description = await metaDescription(page);
    expect(description).toContain('AI diagnosis');
    expect(description).toContain('licensed, insured plumber');
    expect(description).toContain('10,000+ homes');
  });

  test('the calls to action navigate to the diagnosis and the services', async ({ page }) => {
    await page.goto('/');
    await main(page).getByRole('link', { name: 'Browse Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
    // The meta description follows the route on client-side navigation too.
    await expect.poll(() => metaDescription(page)).toContain('Upfront prices from $90');

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await main(page).getByRole('link', { name: 'Start Free Diagnosis' }).click();
    await expect(page).toHaveURL(/\/diagnose$/);
  });
});

test.describe('services page', () => {
  test('shows the six services exactly as docs/product.md lists them, with badges, images and Book Service', async ({
    page,
  }) => {
    await page.goto('/services');
    const content = main(page);
    await expect(content.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
    const intro = content.getByText(/Transparent, upfront pricing on every job/);
    await expect(intro).toContainText('licensed, insured technicians');

    const cards = content.getByRole('article');
    await expect(cards).toHaveCount(PRODUCT_SERVICES.length);

    for (const [index, service] of PRODUCT_SERVICES.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { name: service.title, exact: true })).toBeVisible();
      await expect(card).toHaveAccessibleName(service.title);
      await expect(card.locator('svg').first()).toBeVisible(); // the service icon
      await expect(card.getByText(service.badge, { exact: true })).toBeVisible();
      await expect(card.getByRole('listitem')).toHaveText([...service.features]);
      await expect(card.getByText(service.price, { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: 'Book Service' })).toHaveAttribute('href', '/diagnose');

      // A description, and an image shipped with the app that reserves its space and actually loads.
      await expect(card.locator('p').first()).not.toBeEmpty();
      const image = card.getByRole('img');
      await expect(image).toHaveAttribute('alt', /\w{3,}/);
      await expect(image).toHaveAttribute('src', /^\/images\//);
      await expect(image).toHaveAttribute('width', /^\d+$/);
      await expect(image).toHaveAttribute('height', /^\d+$/);
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }

    // Below the fold, images wait until they are scrolled to.
    for (const index of [3, 4, 5]) {
      await expect(cards.nth(index).getByRole('img')).toHaveAttribute('loading', 'lazy');
    }
  });

  test('the urgency badge follows docs/product.md#states: destructive 24/7 for emergency only', async ({
    page,
  }) => {
    await page.goto('/services');
    const destructive = await destructiveColor(page);
    expect(destructive).not.toBe('rgba(0, 0, 0, 0)');

    const badgeOf = (title: string) =>
      page.getByRole('article', { name: title }).getByText(/^(24\/7|Same Day|Scheduled)$/);

    await expect(badgeOf('Emergency Repairs')).toHaveText('24/7');
    expect(await backgroundOf(badgeOf('Emergency Repairs'))).toBe(destructive);

    await expect(badgeOf('Leak Detection')).toHaveText('Same Day');
    expect(await backgroundOf(badgeOf('Leak Detection'))).not.toBe(destructive);

    for (const title of [
      'Drain Cleaning',
      'Water Heater Service',
      'Pipe Installation',
      'Fixture Replacement',
    ]) {
      await expect(badgeOf(title)).toHaveText('Scheduled');
      expect(await backgroundOf(badgeOf(title))).not.toBe(destructive);
    }

    // The home teaser uses the same badges.
    await page.goto('/');
    const teaser = main(page).getByRole('region', { name: 'Services and starting prices' });
    const emergency = teaser
      .getByRole('listitem')
      .filter({ hasText: 'Emergency Repairs' })
      .getByText('24/7', { exact: true });
    expect(await backgroundOf(emergency)).toBe(destructive);
  });

  test('shows the Why Choose block, the help call to action and the footer', async ({ page }) => {
    await page.goto('/services');
    const content = main(page);

    const why = content.getByRole('region', { name: 'Why Choose Plumbline' });
    await expect(why.getByRole('heading', { level: 3 })).toHaveText([
      'Licensed & Insured',
      'Transparent Pricing',
      'Quality Guarantee',
      '24/7 Availability',
    ]);

    const help = content.getByRole('region', { name: 'Need Help Choosing a Service?' });
    await expect(help.getByRole('heading', { level: 2 })).toHaveText('Need Help Choosing a Service?');
    await expect(help.getByRole('link', { name: 'Start Free AI Diagnosis' })).toHaveAttribute(
      'href',
      '/diagnose',
    );
    await help.getByRole('link', { name: 'Start Free AI Diagnosis' }).click();
    await expect(page).toHaveURL(/\/diagnose$/);

    await page.goto('/services');
    await expectFooter(page);
  });

  test('has its own title and meta description', async ({ page }) => {
    await page.goto('/services');
    await expect(page).toHaveTitle('Plumbing Services & Upfront Pricing | Plumbline');
    const description = await metaDescription(page);
    expect(description).toContain('Emergency repairs, drain cleaning');
    expect(description).toContain('Upfront prices from $90');
  });
});

test.describe('public pages make no calls of their own', () => {
  test('home and services request only the shell calls and nothing from another host', async ({
    page,
    baseURL,
  }) => {
    const apiCalls: string[] = [];
    const foreign: string[] = [];
    const origin = new URL(baseURL ?? 'http://localhost').origin;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'data:' || url.protocol === 'blob:') return;
      if (url.origin !== origin) foreign.push(request.url());
      else if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
    });

    await page.goto('/');
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    await scrollThrough(page);

    // Client-side navigation to /services, then a direct load of it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await main(page).getByRole('link', { name: 'Browse Services' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
    await scrollThrough(page);
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
    await scrollThrough(page);
    // Give a late effect the chance to fire (a page call would go out right after rendering).
    await page.waitForTimeout(500);

    expect(foreign).toEqual([]);
    expect(apiCalls.filter((call) => !SHELL_API_CALLS.some((allowed) => call === `GET ${allowed}`))).toEqual(
      [],
    );
    // The shell's calls did happen (the recorder works).
    expect(apiCalls).toContain('GET /api/auth/user');
  });
});

test.describe('pages drawn at build time', () => {
  test('in a later year than the build, the footer shows the visitor’s year and hydration finds no mismatch', async ({
    page,
  }) => {
    const later = new Date().getFullYear() + 5;
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      // React reports a hydration mismatch as a console error (minified in production: #418–#425).
      if (message.type() === 'error' && /hydrat|#41[89]|#42[0-5]/i.test(message.text()))
        problems.push(message.text());
    });
    await page.clock.setFixedTime(new Date(`${later}-01-02T12:00:00Z`));
    for (const path of ['/', '/services']) {
      await page.goto(path);
      // The build's year is in the page as sent; the app replaces it once it has hydrated.
      await expect(page.getByRole('contentinfo')).toContainText(`© ${later} Plumbline`);
    }
    expect(problems).toEqual([]);
  });
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    // The account pages without a token show their "link can't be used" state.
    for (const path of ['/', '/services', '/forgot-password', '/reset-password', '/verify-email']) {
      test(`${path} has no serious or critical axe violations (${theme})`, async ({ page }) => {
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
        await page.goto(path);
        await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
        else await expect(page.locator('html')).not.toHaveClass(/dark/);
        await scrollThrough(page);
        await expectNoSeriousA11yViolations(page);
      });
    }
  }
});
