import { expect, test, type Browser, type Page } from '@playwright/test';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import {
  DEMO_PASSWORD,
  chooseOption,
  expectNoSeriousA11yViolations,
  logInByApi,
  mailedLinks,
  registerByApi,
  uniqueEmail,
} from './fixtures';

/**
 * The admins' Queues tab (docs/decisions/031-admin-operations.md): a homeowner reports a problem in
 * the job room and reads the admin's answer and refund there; an admin cancels a guest's booking with
 * a reason, which frees its slot and mails the guest.
 */

const ADMIN = 'admin@demo.plumbline.test';
const PASSWORD = 'admin-queues-e2e-password';

/** The demo admin's Queues tab, in a browser context of its own. */
async function openQueues(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await logInByApi(page, ADMIN, DEMO_PASSWORD);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Queues' }).click();
  return page;
}

test.describe('admin queues', () => {
  // Admins work at a desk (admin.spec.ts checks the dashboard's narrow layout).
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  test('a homeowner reports a problem; the admin answers with a refund; the homeowner reads the answer', async ({
    page,
    browser,
  }, testInfo) => {
    await registerByApi(page.request, 'homeowner', PASSWORD);
    const token = `REPORT-${Date.now().toString(36)}`;
    const booking = await page.request.post('/api/service-requests', {
      data: {
        name: 'Remy Reporter',
        email: uniqueEmail('reporter'),
        phone: '5125550177',
        serviceType: 'Toilet Repair',
        preferredDate: dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 3),
        urgency: 'routine',
        description: 'The toilet keeps running after every flush.',
        address: '1208 E 11th St, Austin, TX 78702',
      },
    });
    expect(booking.status(), await booking.text()).toBe(201);
    const { jobId } = (await booking.json()) as { jobId: string };

    await page.goto(`/jobs/${jobId}`);
    const section = page.getByTestId('section-reports');
    await section.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(dialog.getByText('Describe the problem in at least 10 characters')).toBeVisible();
    await chooseOption(page, dialog.getByRole('combobox', { name: 'What is it about?' }), 'No-show');
    await dialog.getByLabel('What happened?').fill(`Nobody came on the agreed morning (${token}).`);
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(dialog).toBeHidden();
    const mine = section.getByTestId(/^report-/).filter({ hasText: token });
    await expect(mine.getByTestId('badge-report-status')).toHaveText('Waiting for an answer');
    await expectNoSeriousA11yViolations(page);

    const admin = await openQueues(browser, testInfo.project.use.baseURL);
    try {
      const card = admin.getByTestId(/^card-report-/).filter({ hasText: token });
      await expect(card.getByTestId('badge-report-status')).toHaveText('Open');
      await expect(card).toContainText('No-show · Toilet Repair');
      await card.getByRole('button', { name: 'Answer' }).click();
      const form = card.getByRole('form', { name: 'Answer' });
      await form
        .getByLabel('Answer for the reporter')
        .fill('We are sorry: a plumber will come tomorrow at 9.');
      await form.getByLabel('Refund (optional)').fill('25.50');
      await form.getByRole('button', { name: 'Send Answer' }).click();
      await expect(card.getByTestId('badge-report-status')).toHaveText('Answered');
      await expect(card.getByTestId('text-report-refund')).toHaveText('Refund: $25.50');
      await expectNoSeriousA11yViolations(admin);
    } finally {
      await admin.context().close();
    }

    await page.reload();
    await expect(mine.getByTestId('badge-report-status')).toHaveText('Answered');
    await expect(mine.getByTestId('text-report-answer')).toHaveText(
      'Plumbline: We are sorry: a plumber will come tomorrow at 9.',
    );
    await expect(mine.getByTestId('text-report-refund')).toHaveText('Refund: $25.50');
  });

  test('an admin cancels a guest booking with a reason: the slot is free again and the guest is mailed', async ({
    page,
    browser,
  }, testInfo) => {
    // A day far enough out that the other journeys leave its slots alone.
    const date = dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 20);
    const slots = (await (await page.request.get(`/api/availability-slots?date=${date}`)).json()) as {
      id: string;
    }[];
    expect(slots.length).toBeGreaterThan(0);
    const slot = slots[Math.floor(Math.random() * slots.length)];
    const name = `Gale Guest ${Date.now().toString(36)}`;
    const email = uniqueEmail('guest');
    const booking = await page.request.post('/api/service-requests', {
      data: {
        name,
        email,
        phone: '(512) 555-0188',
        serviceType: 'Drain Cleaning',
        preferredDate: date,
        urgency: 'urgent',
        description: 'The shower drains very slowly.',
        address: '2009 S 1st St, Austin, TX 78704',
        slotId: slot.id,
      },
    });
    expect(booking.status(), await booking.text()).toBe(201);
    const openSlots = async () =>
      (
        (await (await page.request.get(`/api/availability-slots?date=${date}`)).json()) as { id: string }[]
      ).map((open) => open.id);
    expect(await openSlots()).not.toContain(slot.id);

    const admin = await openQueues(browser, testInfo.project.use.baseURL);
    try {
      const card = admin.getByTestId(/^card-request-/).filter({ hasText: name });
      await expect(card.getByTestId('badge-request-status')).toHaveText('Pending');
      await expect(card.getByRole('link', { name: 'Call (512) 555-0188' })).toHaveAttribute(
        'href',
        'tel:5125550188',
      );
      await expect(card.getByTestId('text-request-confirmation')).toHaveText(
        "Waiting for the guest's confirmation link",
      );
      await card.getByRole('button', { name: 'Cancel Request' }).click();
      const form = card.getByRole('form', { name: 'Cancel Request' });
      await form.getByRole('button', { name: 'Cancel Request' }).click();
      await expect(form.getByText('Give the requester a reason of at least 3 characters')).toBeVisible();
      await form.getByLabel('Reason for the requester').fill('No technician is free that day, sorry.');
      await form.getByRole('button', { name: 'Cancel Request' }).click();
      // Cancelled requests leave the pending queue.
      await expect(card).toHaveCount(0);
    } finally {
      await admin.context().close();
    }

    await expect.poll(openSlots).toContain(slot.id);
    const links = await mailedLinks(page, email, '/book');
    expect(links.length).toBeGreaterThan(0);
  });
});
