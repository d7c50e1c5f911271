import { expect, test, type Page } from '@playwright/test';
import { photoLike, type PhotoOptions } from '../server/test/photos';
import { DIAGNOSIS_MESSAGES } from '@shared/contracts/diagnosis';
import { photoProblemMessage } from '@shared/photo-quality';
import { expectNoSeriousA11yViolations } from './fixtures';

/**
 * Photos that cannot help (docs/product.md#screens-and-routes "Diagnose"): checked on the device before upload (too
 * dark, too blurred: shared/photo-quality.ts), the message beside the photo, no diagnosis until it is
 * replaced or removed; the server's own refusal lands on the photo it names. The e2e server has no
 * OpenAI key, so the result says the photos were kept but not analysed.
 */

const file = async (name: string, options: PhotoOptions) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await photoLike(options),
});

async function pickFiles(page: Page, open: () => Promise<void>, files: Awaited<ReturnType<typeof file>>[]) {
  const chooser = page.waitForEvent('filechooser');
  await open();
  await (await chooser).setFiles(files);
}

async function toPhotos(page: Page) {
  await page.goto('/diagnose');
  await page
    .getByLabel('Describe your plumbing issue')
    .fill('Water drips from the pipe under my kitchen sink');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Upload Photos' })).toBeVisible();
}

test('a dark photo is refused on the device, replaced, and the result says photos were not analysed', async ({
  page,
}) => {
  // Each photo is reduced, decoded again and checked in the browser: slow on a busy two-core box.
  test.slow();
  await toPhotos(page);
  const next = page.getByRole('button', { name: 'Next', exact: true });
  const thumbnails = page.getByTestId('photo-thumbnail');
  const problems = page.getByTestId('photo-problem');
  const choose = () => page.getByRole('button', { name: 'Choose Photos' }).click();

  // A photo taken in the dark: the message sits beside it, and the wizard waits.
  await pickFiles(page, choose, [await file('dark-cupboard.jpg', { light: 0.1 })]);
  await expect(thumbnails).toHaveCount(1);
  await expect(problems).toHaveText(photoProblemMessage('too-dark', 1));
  await expect(thumbnails.first().getByRole('img')).toHaveAccessibleDescription(
    photoProblemMessage('too-dark', 1),
  );
  await expect(page.getByText('Replace or remove the photos marked above to continue.')).toBeVisible();
  await expect(next).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // A blurred one next to it is refused too, and removed.
  await pickFiles(page, choose, [await file('shaky.jpg', { blur: 8, seed: 3 })]);
  await expect(thumbnails).toHaveCount(2);
  await expect(problems).toHaveText([
    photoProblemMessage('too-dark', 1),
    photoProblemMessage('too-blurred', 2),
  ]);
  await page.getByRole('button', { name: 'Remove photo 2' }).click();
  await expect(thumbnails).toHaveCount(1);
  await expect(next).toBeDisabled();

  // Replaced by a good photo in the same place: the message goes, and the wizard goes on.
  await pickFiles(page, () => page.getByRole('button', { name: 'Replace photo 1' }).click(), [
    await file('cupboard-with-light.jpg', { seed: 5 }),
  ]);
  await expect(problems).toHaveCount(0);
  await expect(thumbnails).toHaveCount(1);
  await expect(thumbnails.first().getByRole('img')).toHaveAccessibleName('cupboard-with-light.jpg (1 of 1)');
  await expect(page.getByText('Replace or remove the photos marked above to continue.')).toHaveCount(0);
  await expect(next).toBeEnabled();
  await next.click();

  await expect(page.getByRole('heading', { level: 2, name: 'Additional Details' })).toBeVisible();
  const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/diagnose'));
  await page.getByRole('button', { name: 'Get AI Diagnosis' }).click();
  const response = await responsePromise;
  expect(response.status()).toBe(201);
  expect((response.request().postDataJSON() as { imageUrls: string[] }).imageUrls).toHaveLength(1);

  await expect(page.getByRole('heading', { level: 2, name: 'Your Diagnosis' })).toBeVisible();
  await expect(page.getByTestId('text-photo-note')).toHaveText(DIAGNOSIS_MESSAGES.photosNotAnalysed(1));
  await expect(page.getByTestId('text-photo-note')).toContainText('kept for the plumber but not analysed');
});

test('a photo the server refuses is marked where it is, and the diagnosis waits for it', async ({ page }) => {
  test.slow();
  await toPhotos(page);
  const choose = () => page.getByRole('button', { name: 'Choose Photos' }).click();
  await pickFiles(page, choose, [
    await file('pipe.jpg', { seed: 11 }),
    await file('puddle.jpg', { seed: 12 }),
  ]);
  await expect(page.getByTestId('photo-thumbnail')).toHaveCount(2);
  await expect(page.getByTestId('photo-problem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // The server has the last word: here it judges the second photo too blurred.
  const refusal = photoProblemMessage('too-blurred', 2);
  await page.route('**/api/diagnose', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        error: refusal,
        code: 'PHOTO_UNUSABLE',
        details: { problems: [{ index: 1, problem: 'too-blurred' }] },
      }),
    }),
  );
  await page.getByRole('button', { name: 'Get AI Diagnosis' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Upload Photos' })).toBeVisible();
  await expect(page.getByText('Photo Cannot Help', { exact: true })).toBeVisible();
  await expect(page.getByTestId('photo-problem')).toHaveText(refusal);
  await expect(page.getByTestId('photo-thumbnail').nth(1).getByRole('img')).toHaveAccessibleDescription(
    refusal,
  );
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();

  // Removing it lets the diagnosis go ahead with the other photo.
  await page.unroute('**/api/diagnose');
  await page.getByRole('button', { name: 'Remove photo 2' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('text-diagnosis-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Get AI Diagnosis' }).click();
  await expect(page.getByTestId('text-photo-note')).toHaveText(DIAGNOSIS_MESSAGES.photosNotAnalysed(1));
});
