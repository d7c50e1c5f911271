import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { photoLike } from '../server/test/photos';
import { serviceTypeForIssueSlug } from '@shared/booking-handover';
import type { DiagnosisResponse } from '@shared/contracts/diagnosis';
import { chooseOption, expectNoSeriousA11yViolations } from './fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
const JPEG = path.join(here, 'fixtures', 'leak-under-sink.jpg'); // 2400 × 1600
const PNG = path.join(here, 'fixtures', 'clogged-drain.png'); // 320 × 240

const SEVERITY_LABELS: Record<DiagnosisResponse['severity'], string> = {
  critical: 'Critical',
  high: 'High Priority',
  medium: 'Medium',
  low: 'Low',
};

interface SentDiagnosis {
  description: string;
  location: string;
  urgency: string;
  imageUrls: string[];
  zip?: string;
}

function wizard(page: Page) {
  return {
    description: page.getByLabel('Describe your plumbing issue'),
    next: page.getByRole('button', { name: 'Next', exact: true }),
    back: page.getByRole('button', { name: 'Back', exact: true }),
    submit: page.getByRole('button', { name: 'Get AI Diagnosis' }),
    location: page.getByRole('combobox', { name: 'Location' }),
    urgency: page.getByRole('combobox', { name: 'Urgency' }),
    zip: page.getByRole('textbox', { name: 'ZIP code (optional)' }),
    thumbnails: page.getByTestId('photo-thumbnail'),
    result: page.getByTestId('diagnosis-result'),
  };
}

async function expectStep(page: Page, n: number, title: string) {
  await expect(page.getByText(`Step ${n} of 3`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

async function choosePhotos(
  page: Page,
  files: string[] | Parameters<import('@playwright/test').FileChooser['setFiles']>[0],
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose Photos' }).click();
  await (await chooser).setFiles(files);
}

/** Fills step 1 and walks to step 3 without photos. */
async function reachDetails(page: Page, description: string) {
  const w = wizard(page);
  await w.description.fill(description);
  await w.next.click();
  await expectStep(page, 2, 'Upload Photos');
  await w.next.click();
  await expectStep(page, 3, 'Additional Details');
}

function parseBody(request: Request): SentDiagnosis {
  return request.postDataJSON() as SentDiagnosis;
}

test.describe('AI diagnosis wizard', () => {
  test('quick-fill, photos, details, result, explanation and New Diagnosis', async ({ page }) => {
    // The whole wizard with two photos decoded and shrunk in the browser: ~15 s on an idle 2-core box.
    test.slow();
    const w = wizard(page);
    await page.goto('/diagnose');
    await expect(page).toHaveTitle('AI Diagnosis | Plumbline');

    // Step 1: progress, titles, quick-fill buttons.
    await expectStep(page, 1, 'Describe Issue');
    const progress = page.getByRole('progressbar', { name: 'Step 1 of 3' });
    await expect(progress).toHaveAttribute('aria-valuenow', '1');
    const steps = page.getByTestId('wizard-progress').getByRole('listitem');
    await expect(steps).toContainText(['Describe Issue', 'Upload Photos', 'Additional Details']);
    await expect(steps.first()).toHaveAttribute('aria-current', 'step');
    for (const label of [
      'Leaky faucet or pipe',
      'Clogged drain or toilet',
      'Water heater not working',
      'Low water pressure',
      'Running toilet',
      'Burst pipe emergency',
    ]) {
      await expect(page.getByRole('button', { name: label, exact: true })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Leaky faucet or pipe', exact: true }).click();
    await expect(w.description).toHaveValue('Leaky faucet or pipe');
    await w.description.fill(
      'Water keeps dripping from the pipe under my kitchen sink and the cabinet is wet',
    );
    await w.next.click();

    // Step 2: focus lands on the new step's heading; upload, check, remove, upload again.
    await expectStep(page, 2, 'Upload Photos');
    await expect(page.getByRole('heading', { level: 2, name: 'Upload Photos' })).toBeFocused();
    await expect(page.getByRole('progressbar', { name: 'Step 2 of 3' })).toHaveAttribute(
      'aria-valuenow',
      '2',
    );
    const fileInput = page.getByTestId('input-photos');
    await expect(fileInput).toHaveAttribute('accept', 'image/*');
    await expect(page.getByTestId('input-camera')).toHaveAttribute('capture', 'environment');

    await choosePhotos(page, [JPEG]);
    await expect(w.thumbnails).toHaveCount(1);
    const thumbnail = w.thumbnails.first().getByRole('img');
    await expect(thumbnail).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    // The 2400 × 1600 photo was shrunk on the device to 1568 px on its long edge.
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1568);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(1045);

    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await expect(w.thumbnails).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose Photos' })).toBeFocused();

    await choosePhotos(page, [JPEG, PNG]);
    await expect(w.thumbnails).toHaveCount(2);
    await expect(page.getByText('2 of 5 photos added')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove photo 2' })).toBeVisible();

    // Back keeps what was typed; Next again keeps the photos.
    await w.back.click();
    await expectStep(page, 1, 'Describe Issue');
    await expect(w.description).toHaveValue(/dripping from the pipe/);
    await w.next.click();
    await expect(w.thumbnails).toHaveCount(2);
    await w.next.click();

    // Step 3: defaults, then choose.
    await expectStep(page, 3, 'Additional Details');
    await expect(page.getByRole('heading', { level: 2, name: 'Additional Details' })).toBeFocused();
    await expect(w.location).toHaveText('Bathroom');
    await expect(w.urgency).toHaveText(/Can wait a few days/);
    await w.location.click();
    await expect(page.getByRole('option')).toHaveText([
      'Kitchen',
      'Bathroom',
      'Basement',
      'Outdoor',
      'Other',
    ]);
    await chooseOption(page, w.location, 'Kitchen');
    await expect(w.location).toHaveText('Kitchen');
    await w.urgency.click();
    await expect(page.getByRole('option', { name: /Can wait a few days/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /Need help today/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /Immediate attention/ })).toBeVisible();
    await chooseOption(page, w.urgency, /Need help today/);
    await expect(w.urgency).toHaveText(/Need help today/);
    await expect(w.zip).toHaveValue('');
    await w.zip.fill('60614');

    // Hold the request until 'Analyzing...' has been seen; the server itself answers.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/diagnose', async (route) => {
      await gate;
      await route.fallback();
    });
    const requestPromise = page.waitForRequest(
      (r) => r.url().endsWith('/api/diagnose') && r.method() === 'POST',
    );
    const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/diagnose'));
    await w.submit.click();
    const request = await requestPromise;
    await expect(page.getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
    release();
    const response = await responsePromise;
    expect(response.status()).toBe(201);
    const answer = (await response.json()) as DiagnosisResponse;

    const sent = parseBody(request);
    expect(sent.location).toBe('kitchen');
    expect(sent.urgency).toBe('urgent');
    expect(sent.zip).toBe('60614');
    expect(sent.description).toContain('dripping from the pipe');
    expect(sent.imageUrls).toHaveLength(2);
    for (const url of sent.imageUrls) expect(url).toMatch(/^data:image\/jpeg;base64,/);
    expect(request.postData()!.length).toBeLessThan(1_000_000);

    // Step 4: the result.
    await expect(page.getByText('Diagnosis Complete', { exact: true })).toBeVisible();
    await expect(page.getByText('AI has analyzed your plumbing issue', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your Diagnosis' })).toBeFocused();
    await expect(page.getByText(/Step \d of 3/)).toHaveCount(0);
    expect(answer.isPlumbingRelated).toBe(true);
    await expect(page.getByTestId('badge-severity')).toHaveText(
      `Severity: ${SEVERITY_LABELS[answer.severity]}`,
    );
    await expect(w.result.getByRole('heading', { name: 'Identified Issue' })).toBeVisible();
    await expect(page.getByTestId('text-issue')).toHaveText(answer.issue);
    await expect(page.getByTestId('text-confidence')).toHaveText(
      `Confidence: ${answer.confidence[0].toUpperCase()}${answer.confidence.slice(1)}`,
    );
    await expect(w.result.getByRole('heading', { name: 'Estimated Cost' })).toBeVisible();
    // A dripping pipe is hourly general plumbing; other answers are priced per job or per foot.
    expect(answer.estimatedCost).toMatch(/^\$\d[\d,]* - \$\d[\d,]*(?: per (?:hour|linear ft))?$/);
    await expect(page.getByTestId('text-estimated-cost')).toHaveText(answer.estimatedCost);
    await expect(w.result.getByRole('heading', { name: 'Recommended Action' })).toBeVisible();
    await expect(page.getByTestId('text-recommended-action')).toHaveText(answer.recommendedAction);
    if (answer.safety)
      await expect(page.getByRole('alert').filter({ hasText: answer.safety.title })).toBeVisible();
    else await expect(page.getByTestId('banner-safety')).toHaveCount(0);
    await expect(page.getByTestId('card-not-plumbing')).toHaveCount(0);
    await expect(page.getByTestId('text-disclaimer')).toContainText('not a replacement');
    await expect(page.getByTestId('text-disclaimer')).toContainText('licensed plumber');
    await expect(page.getByTestId('text-engine')).toContainText('Diagnosed by');

    // The price breakdown, folded away until asked for.
    await expect(page.getByTestId('cost-breakdown')).toBeHidden();
    await page.getByRole('button', { name: 'How we priced this' }).click();
    const breakdown = page.getByTestId('cost-breakdown');
    await expect(breakdown).toBeVisible();
    await expect(breakdown).toContainText('Base price');
    await expect(breakdown).toContainText('Regional index');
    await expect(breakdown).toContainText('Modifiers');
    await expect(breakdown).toContainText('Formula');
    await expect(breakdown).toContainText(answer.costBreakdown!.formula);
    // The ZIP code priced the estimate for the homeowner's region.
    expect(answer.costBreakdown!.region).toMatchObject({ source: 'zip', zip: '60614' });
    await expect(breakdown).toContainText(`${answer.costBreakdown!.region.name} ×`);
    await expect(breakdown).toContainText('from ZIP code 60614');

    // 'How We Diagnosed This' expands to the explanation.
    const explain = page.getByRole('button', { name: 'How We Diagnosed This' });
    await expect(explain).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('text-explanation')).toBeHidden();
    await explain.click();
    await expect(explain).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('text-explanation')).toBeVisible();
    await expect(page.getByTestId('text-explanation')).toHaveText(answer.explanation);
    expect(answer.conclusionBasis).toBeTruthy();
    await expect(page.getByTestId('text-conclusion-basis')).toHaveText(
      `Analysis based on: ${answer.conclusionBasis}`,
    );
    await expectNoSeriousA11yViolations(page);

    // 'New Diagnosis' clears everything.
    await page.getByRole('button', { name: 'New Diagnosis' }).click();
    await expectStep(page, 1, 'Describe Issue');
    await expect(page.getByRole('heading', { level: 2, name: 'Describe Issue' })).toBeFocused();
    await expect(w.description).toHaveValue('');
    await w.description.fill('The bathroom sink drains very slowly');
    await w.next.click();
    await expect(w.thumbnails).toHaveCount(0);
    await w.next.click();
    await expect(w.location).toHaveText('Bathroom');
    await expect(w.urgency).toHaveText(/Can wait a few days/);
    await expect(w.zip).toHaveValue('');
  });

  test('an invalid ZIP code is refused before anything is sent; an empty one is fine', async ({ page }) => {
    const w = wizard(page);
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/diagnose')) requests += 1;
    });
    await page.goto('/diagnose');
    await reachDetails(page, 'Low water pressure in every shower of the house');
    await w.zip.fill('123');
    await w.submit.click();
    await expect(page.getByText('Enter a 5-digit ZIP code')).toBeVisible();
    await expect(w.zip).toHaveAttribute('aria-invalid', 'true');
    await expect(w.zip).toBeFocused();
    expect(requests).toBe(0);

    await w.zip.fill('');
    const requestPromise = page.waitForRequest((r) => r.url().endsWith('/api/diagnose'));
    await w.submit.click();
    expect(parseBody(await requestPromise).zip).toBeUndefined();
    await expect(page.getByRole('heading', { name: 'Your Diagnosis' })).toBeVisible();
  });

  test('Next on step 1 is refused under 10 characters with a toast', async ({ page }) => {
    const w = wizard(page);
    await page.goto('/diagnose');
    await w.next.click();
    await expect(page.getByText('Description Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Please describe your issue in detail', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Please describe the issue in detail (at least 10 characters)'),
    ).toBeVisible();
    await expectStep(page, 1, 'Describe Issue');

    await w.description.fill('  leak    ');
    await w.next.click();
    await expectStep(page, 1, 'Describe Issue');
    await expect(w.description).toBeFocused();
    await expect(w.description).toHaveAttribute('aria-invalid', 'true');

    await w.description.fill('A leak here');
    await w.next.click();
    await expectStep(page, 2, 'Upload Photos');
  });

  test('a problem that is not plumbing shows the Not Plumbing-Related card', async ({ page }) => {
    await page.goto('/diagnose');
    await reachDetails(page, 'My car makes a grinding noise when I brake hard');
    await wizard(page).submit.click();
    await expect(page.getByText('Diagnosis Complete', { exact: true })).toBeVisible();
    const card = page.getByTestId('card-not-plumbing');
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Not Plumbing-Related' })).toBeVisible();
    await expect(card).toContainText('may not show plumbing issues');
    await expect(page.getByRole('button', { name: 'New Diagnosis' })).toBeVisible();
  });

  test('a close second choice and a per-foot job show their own prices', async ({ page }) => {
    const w = wizard(page);
    await page.goto('/diagnose');
    await reachDetails(page, 'the relief valve on the water heater keeps dripping');
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/diagnose'));
    await w.submit.click();
    const diagnosis = (await (await answered).json()) as DiagnosisResponse;
    expect(diagnosis.alternative).toBeTruthy();
    const alternative = page.getByTestId('text-alternative');
    await expect(alternative).toContainText('Could also be:');
    await expect(page.getByTestId('text-alternative-issue')).toHaveText(diagnosis.alternative!.issue);
    await expect(page.getByTestId('text-alternative-cost')).toHaveText(diagnosis.alternative!.estimatedCost);
    await expect(page.getByTestId('text-typical-total')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'New Diagnosis' }).click();
    await reachDetails(page, 'we need a new gas line run to the back patio for a grill');
    await w.submit.click();
    await expect(page.getByTestId('text-estimated-cost')).toContainText('per linear ft');
    await expect(page.getByTestId('text-typical-total')).toHaveText(
      /^Typical job \(25 ft\): \$[\d,]+ - \$[\d,]+$/,
    );
  });

  test('Book a Professional hands the diagnosis over to /book', async ({ page }) => {
    const w = wizard(page);
    const description = 'A pipe burst in the basement and water is spraying everywhere';
    await page.goto('/diagnose');
    await page.getByRole('button', { name: 'Burst pipe emergency', exact: true }).click();
    await w.description.fill(description);
    await w.next.click();
    await w.next.click();
    await chooseOption(page, w.location, 'Basement');
    await chooseOption(page, w.urgency, 'Immediate attention');
    const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/diagnose'));
    await w.submit.click();
    const answer = (await (await responsePromise).json()) as {
      issueSlug: string | null;
      safety: { title: string; message: string } | null;
    };
    await expect(page.getByRole('heading', { name: 'Your Diagnosis' })).toBeVisible();
    // A burst pipe is a safety stop: the engine's banner is shown as an alert.
    expect(answer.safety).not.toBeNull();
    const banner = page.getByRole('alert').filter({ hasText: answer.safety!.title });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(answer.safety!.message);

    const book = page.getByRole('link', { name: 'Book a Professional' });
    await book.click();
    await expect(page).toHaveURL(/\/book\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('description')).toBe(description);
    expect(params.get('urgency')).toBe('emergency');
    expect(answer.issueSlug).toBeTruthy();
    expect(params.get('issueSlug')).toBe(answer.issueSlug);
    expect(params.get('serviceType')).toBe(serviceTypeForIssueSlug(answer.issueSlug!));

    // The booking form reads the handover: description, service type and urgency are prefilled.
    await expect(page.getByRole('textbox', { name: /description/i })).toHaveValue(description);
    await expect(page.getByRole('combobox', { name: /service type/i })).toHaveText(
      params.get('serviceType')!,
    );
    await expect(page.getByRole('combobox', { name: /urgency/i })).toContainText('Immediate attention');
  });

  test('a 12-megapixel photo is reduced on the device to well under 1 MB', async ({ page }) => {
    const w = wizard(page);
    // A busy 4000 × 3000 photo (a scene with sensor grain), so it does not compress to nothing and
    // passes the device's photo check (a flat field of blurred noise is refused as too blurred): ~2.9 MB.
    const big = await photoLike({ width: 4000, height: 3000, grain: 6, quality: 92 });
    expect(big.length).toBeGreaterThan(1_500_000);

    await page.goto('/diagnose');
    await w.description.fill('Water stain spreading on the ceiling under the bathroom');
    await w.next.click();
    await choosePhotos(page, { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: big });
    await expect(w.thumbnails).toHaveCount(1);
    await w.next.click();
    const requestPromise = page.waitForRequest((r) => r.url().endsWith('/api/diagnose'));
    await w.submit.click();
    const request = await requestPromise;
    const body = request.postData()!;
    expect(body.length).toBeLessThan(1_000_000);
    const [dataUrl] = parseBody(request).imageUrls;
    const sentBytes = Buffer.from(dataUrl.split(',')[1], 'base64');
    const meta = await sharp(sentBytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(1568);
    expect(meta.height).toBe(1176);
    await expect(page.getByRole('heading', { name: 'Your Diagnosis' })).toBeVisible();
  });

  test('at most 5 photos, and non-images are refused', async ({ page }) => {
    const w = wizard(page);
    await page.goto('/diagnose');
    await w.description.fill('The kitchen faucet drips all night');
    await w.next.click();
    await choosePhotos(page, [PNG, PNG, PNG, PNG, PNG, PNG]);
    await expect(w.thumbnails).toHaveCount(5);
    await expect(page.getByText('You can upload at most 5 photos')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose Photos' })).toBeDisabled();

    await page.getByRole('button', { name: 'Remove photo 5' }).click();
    await expect(w.thumbnails).toHaveCount(4);
    await choosePhotos(page, [
      { name: 'notes.html', mimeType: 'text/html', buffer: Buffer.from('<p>hi</p>') },
    ]);
    await expect(page.getByTestId('photo-notice')).toContainText('notes.html');
    await expect(w.thumbnails).toHaveCount(4);
  });
});

test.describe('AI diagnosis wizard when the network fails', () => {
  test('a failed request shows Diagnosis Failed and keeps the answers', async ({ page }) => {
    const w = wizard(page);
    // The phone loses its connection: the request never reaches the server.
    await page.route('**/api/diagnose', (route) => route.abort('internetdisconnected'));
    await page.goto('/diagnose');
    await reachDetails(page, 'The toilet keeps running after every flush');
    await w.submit.click();
    await expect(page.getByText('Diagnosis Failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Please try again or contact support', { exact: true })).toBeVisible();
    await expectStep(page, 3, 'Additional Details');
    await expect(w.submit).toBeEnabled();
  });
});
