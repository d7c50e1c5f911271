import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { dayFromTodayIn } from '@shared/dates';
import { DEFAULT_APP_TIME_ZONE } from '@shared/time-zone';
import { expectNoSeriousA11yViolations, registerByApi } from './fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
const PNG = path.join(here, 'fixtures', 'clogged-drain.png'); // 320 × 240

/** The homeowner's photos of an open job, in the job room (docs/product.md#the-job-room-messages-and-notifications). */
test('the homeowner adds a photo to an open job in the room, sees it, and removes it', async ({ page }) => {
  await registerByApi(page.request, 'homeowner', 'job-photos-e2e-password');
  const booking = await page.request.post('/api/service-requests', {
    data: {
      name: 'Pat Photos',
      email: `pat.${Date.now().toString(36)}@example.test`,
      phone: '5125550177',
      serviceType: 'Drain Cleaning',
      preferredDate: dayFromTodayIn(DEFAULT_APP_TIME_ZONE, 2),
      urgency: 'routine',
      description: 'The kitchen sink drains slowly and gurgles.',
      address: '1208 E 11th St, Austin, TX 78702',
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  const { jobId } = (await booking.json()) as { jobId: string };

  await page.goto(`/jobs/${jobId}`);
  const section = page.getByTestId('section-photos');
  await expect(section.getByTestId('text-no-photos')).toHaveText('No photos yet.');
  await expect(section.getByTestId('input-job-photos')).toHaveAttribute('accept', 'image/*');

  const chooser = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Add Photos' }).click();
  await (await chooser).setFiles([PNG]);
  await expect(page.getByText('Photos Added', { exact: true })).toBeVisible();
  const photos = section.getByTestId('job-photo');
  await expect(photos).toHaveCount(1);
  // Reduced on the device and cleaned on the server: served from the media store as a JPEG.
  const image = photos.first().getByRole('img', { name: 'Photo 1 of 1' });
  await expect(image).toHaveAttribute('src', /^\/media\/[0-9a-f-]{36}\.jpg$/);
  // Loaded lazily: on a phone the section is below the fold.
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expectNoSeriousA11yViolations(page);

  await section.getByRole('button', { name: 'Remove photo 1 of 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this photo?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove Photo' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(photos).toHaveCount(0);
  await expect(section.getByTestId('text-no-photos')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Add Photos' })).toBeFocused();
});
