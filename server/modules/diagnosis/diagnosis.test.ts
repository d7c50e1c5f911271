import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { diagnostics, media as mediaTable } from '@shared/schema';
import { FIELD_MESSAGES } from '@shared/contracts/common';
import { DIAGNOSIS_MESSAGES } from '@shared/contracts/diagnosis';
import { diagnosisResponseSchema } from '@shared/contracts/diagnosis';
import { formatUsdRange } from '@shared/money';
import { photoProblemMessage } from '@shared/photo-quality';
import { chatCompletion, startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai';
import { photoLike, photoLikeDataUrl } from '../../test/photos';
import { createTestContext, testDatabaseKind, type TestContext } from '../../test/test-context';
import { BUDGET_SPENT_NOTE } from './diagnosis.call-budget';
import { IMAGE_LIMITS, IMAGE_MESSAGES } from './diagnosis.images';
import {
  DIAGNOSIS_BODY_LIMIT_BYTES,
  DIAGNOSIS_RATE_LIMIT_MESSAGE,
  IMAGE_DECODE_BUSY_MESSAGE,
} from './diagnosis.routes';

const VALID = {
  description: 'The kitchen sink is blocked and will not drain',
  location: 'kitchen',
  urgency: 'routine',
};
const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

/** A photo-like JPEG with a GPS position, a camera make and orientation 6 (rotate 90° to view). */
async function jpegWithGps(width = 300, height = 200): Promise<Buffer> {
  return sharp(await photoLike({ width, height, format: 'png' }))
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snapper 12', Copyright: 'Jo Homeowner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '30/1 16/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '97/1 44/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

/**
 * Random pixels as a JPEG: as hard to compress as a photo gets. 1568 × 1400 at quality 80 is
 * ~1.35 MB, just under the per-photo cap, like the largest photo the client can send.
 */
async function noiseJpeg(width = 1568, height = 1400): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function withDataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'plumbline-diagnosis-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

describe(`POST /api/diagnose (${testDatabaseKind} database, offline engine)`, () => {
  let ctx: TestContext;
  let data: Awaited<ReturnType<typeof withDataDir>>;
  beforeAll(async () => {
    data = await withDataDir();
    ctx = await createTestContext({ seed: true, env: { DATA_DIR: data.dir, DIAGNOSIS_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => {
    await ctx?.close();
    await data?.cleanup();
  });

  it('answers 201 with the diagnosis, priced by the pricing engine, and stores it', async () => {
    const res = await ctx.request.post('/api/diagnose').send(VALID);
    expect(res.status).toBe(201);
    expect(diagnosisResponseSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({
      isPlumbingRelated: true,
      issueSlug: 'clogged-drain',
      severity: 'medium',
      estimatedCost: '$100 - $300',
      engine: 'offline',
      safety: null,
    });
    expect(res.body.costBreakdown).toMatchObject({
      issueSlug: 'clogged-drain',
      region: { code: 'US', source: 'default' },
    });
    const [row] = await ctx.database.db.select().from(diagnostics).where(eq(diagnostics.id, res.body.id));
    expect(row).toMatchObject({
      description: VALID.description,
      location: 'kitchen',
      urgency: 'routine',
      imageUrls: [],
    });
    const { id: _id, ...stored } = res.body;
    expect(row.aiDiagnosis).toEqual(stored);
  });

  it('prices for the ZIP and urgency given', async () => {
    const res = await ctx.request.post('/api/diagnose').send({ ...VALID, urgency: 'urgent', zip: '94103' });
    expect(res.status).toBe(201);
    expect(res.body.costBreakdown.region).toMatchObject({ code: 'SFO', source: 'zip', zip: '94103' });
    expect(res.body.costBreakdown.modifiers).toEqual([
      { key: 'urgency', name: 'Urgency (urgent)', type: 'multiplier', value: 1.25 },
    ]);
    const estimate = await ctx.request
      .get('/api/pricing/estimate')
      .query({ issueSlug: 'clogged-drain', zip: '94103', urgency: 'urgent' });
    expect(res.body.estimatedCost).toBe(estimate.body.estimatedCost);
  });

  it('answers a not-plumbing problem with nothing to price', async () => {
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, description: 'my car makes a grinding noise when I brake' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      isPlumbingRelated: false,
      issueSlug: null,
      costBreakdown: null,
      estimatedCost: 'Not applicable',
      severity: 'low',
    });
  });

  it('raises the safety notice for a gas smell', async () => {
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, description: 'I smell gas near the stove in the kitchen' });
    expect(res.body).toMatchObject({
      issueSlug: 'gas-line-leak',
      severity: 'critical',
      safety: { level: 'danger' },
    });
  });

  it('shows a typical total beside a per-foot price, from the pricing engine’s own range', async () => {
    const res = await ctx.request.post('/api/diagnose').send({
      description: 'we want a new gas line run out to the back patio for a grill',
      location: 'outdoor',
      urgency: 'routine',
      zip: '94103',
    });
    expect(res.status).toBe(201);
    const estimate = await ctx.request
      .get('/api/pricing/estimate')
      .query({ issueSlug: 'gas-line-installation', zip: '94103', urgency: 'routine' });
    const { min, max } = estimate.body.costBreakdown.total;
    expect(res.body).toMatchObject({
      issueSlug: 'gas-line-installation',
      estimatedCost: estimate.body.estimatedCost,
      typicalTotal: { quantity: 25, unit: 'linear_ft', estimatedCost: formatUsdRange(min * 25, max * 25) },
    });
    expect(res.body.estimatedCost).toMatch(/ per linear ft$/);
    // A job-priced answer has none.
    expect((await ctx.request.post('/api/diagnose').send(VALID)).body.typicalTotal).toBeNull();
  });

  it('names a close second choice with its own price from the pricing engine', async () => {
    const res = await ctx.request.post('/api/diagnose').send({
      description: 'the relief valve on the water heater keeps dripping',
      location: 'basement',
      urgency: 'urgent',
    });
    expect(res.status).toBe(201);
    const estimate = await ctx.request
      .get('/api/pricing/estimate')
      .query({ issueSlug: 'expansion-tank-installation', urgency: 'urgent' });
    expect(res.body).toMatchObject({
      issueSlug: 'water-heater-leak',
      alternative: {
        issueSlug: 'expansion-tank-installation',
        issue: 'Expansion tank for the water heater',
        estimatedCost: estimate.body.estimatedCost,
        typicalTotal: null,
      },
    });
    const [row] = await ctx.database.db.select().from(diagnostics).where(eq(diagnostics.id, res.body.id));
    expect(row.aiDiagnosis).toMatchObject({ alternative: { issueSlug: 'expansion-tank-installation' } });
  });

  it.each([
    [{ ...VALID, description: 'leak' }, DIAGNOSIS_MESSAGES.descriptionMin],
    [{ ...VALID, description: '          short     ' }, DIAGNOSIS_MESSAGES.descriptionMin],
    [{ location: 'kitchen', urgency: 'routine' }, DIAGNOSIS_MESSAGES.descriptionMin],
    [{ ...VALID, location: 'attic' }, DIAGNOSIS_MESSAGES.locationInvalid],
    [{ ...VALID, urgency: 'asap' }, FIELD_MESSAGES.urgencyInvalid],
    [{ ...VALID, imageUrls: ['https://example.com/a.jpg'] }, DIAGNOSIS_MESSAGES.imageInvalid],
    [{ ...VALID, imageUrls: 'data:image/png;base64,AAAA' }, DIAGNOSIS_MESSAGES.imageInvalid],
    [{ ...VALID, zip: '9410' }, FIELD_MESSAGES.zip],
  ])('refuses %o with 400 and the exact message', async (body, message) => {
    const res = await ctx.request.post('/api/diagnose').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
  });

  it('refuses six photos with 400', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, imageUrls: Array(6).fill(dataUrl(png, 'image/png')) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: 'You can upload at most 5 photos' });
  });

  it.each([
    ['HTML labelled image/jpeg', Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
    [
      'SVG labelled image/jpeg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj')],
  ])('refuses %s with 415 and stores nothing', async (_label, bytes) => {
    const before = await ctx.database.db.$count(diagnostics);
    const res = await ctx.request.post('/api/diagnose').send({ ...VALID, imageUrls: [dataUrl(bytes)] });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: IMAGE_MESSAGES.unsupportedType });
    expect(await ctx.database.db.$count(diagnostics)).toBe(before);
  });

  it('refuses a truncated JPEG that cannot be decoded', async () => {
    const jpeg = await jpegWithGps();
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, imageUrls: [dataUrl(jpeg.subarray(0, 200))] });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe(IMAGE_MESSAGES.unreadable);
  });

  it('refuses a photo over 1.5 MB with 413', async () => {
    const big = Buffer.alloc(IMAGE_LIMITS.maxDecodedBytes + 16, 0x41);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await ctx.request.post('/api/diagnose').send({ ...VALID, imageUrls: [dataUrl(big)] });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: IMAGE_MESSAGES.tooLarge });
  });

  // A small file can hold a huge image: 4100 × 4100 of one colour is a few kilobytes of PNG and
  // ~67 MB decoded. It used to pass (the cap was 40 MP).
  it('refuses an image over 16 megapixels with a JSON 413 that says so, storing nothing', async () => {
    const huge = await sharp({ create: { width: 4100, height: 4100, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const before = await ctx.database.db.$count(diagnostics);
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, imageUrls: [dataUrl(huge, 'image/png')] });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      error: IMAGE_MESSAGES.tooManyPixels,
      details: { index: 0 },
    });
    expect(res.body.error).toMatch(/^Photo is too large/);
    expect(await ctx.database.db.$count(diagnostics)).toBe(before);
  });

  it('accepts five photos at the size cap, which fit within the body limit', async () => {
    const photos = await Promise.all([1, 2, 3, 4, 5].map(() => noiseJpeg()));
    for (const photo of photos) expect(photo.length).toBeLessThanOrEqual(IMAGE_LIMITS.maxDecodedBytes);
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, imageUrls: photos.map((p) => dataUrl(p)) });
    expect(res.status).toBe(201);
    expect(res.body.engine).toBe('offline');
  });

  // The limit used to be five 8 MB photos: ~53 MB of JSON was read and parsed.
  it('refuses a body over the diagnosis body limit with a JSON 413, unread', async () => {
    expect(DIAGNOSIS_BODY_LIMIT_BYTES).toBeLessThan(11 * 1024 * 1024);
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, padding: 'x'.repeat(DIAGNOSIS_BODY_LIMIT_BYTES) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', error: 'The request body is too large' });
  });

  it('stores a re-encoded copy of a GPS-tagged JPEG: no EXIF, no GPS, upright, URL only in the database', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneCo');
    expect(before.orientation).toBe(6);

    const res = await ctx.request.post('/api/diagnose').send({ ...VALID, imageUrls: [dataUrl(original)] });
    expect(res.status).toBe(201);
    const [row] = await ctx.database.db.select().from(diagnostics).where(eq(diagnostics.id, res.body.id));
    expect(row.imageUrls).toHaveLength(1);
    expect(row.imageUrls[0]).toMatch(/^\/media\/[0-9a-f-]{36}\.jpg$/);
    expect(JSON.stringify(row)).not.toContain('base64');

    // Read back through the app's media store (a folder on the embedded database, a table on PostgreSQL).
    const stored = (await ctx.request.get(row.imageUrls[0])).body as Buffer;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(stored.toString('latin1')).not.toMatch(/PhoneCo|Jo Homeowner|GPS/);
  });

  it('downscales the long edge to 1568 px', async () => {
    const large = await sharp(await photoLike({ width: 3000, height: 2000, format: 'png' }))
      .webp()
      .toBuffer();
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, imageUrls: [dataUrl(large, 'image/webp')] });
    expect(res.status).toBe(201);
    const [row] = await ctx.database.db.select().from(diagnostics).where(eq(diagnostics.id, res.body.id));
    const meta = await sharp((await ctx.request.get(row.imageUrls[0])).body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([1568, 1045]);
  });

  it('serves stored photos through the media router, and nothing else', async () => {
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, imageUrls: [dataUrl(await jpegWithGps())] });
    const [row] = await ctx.database.db.select().from(diagnostics).where(eq(diagnostics.id, res.body.id));
    const media = ctx.request;
    const image = await media.get(row.imageUrls[0]);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(image.body as Buffer).metadata()).exif).toBeUndefined();
    expect((await media.get('/media/00000000-0000-0000-0000-000000000000.jpg')).status).toBe(404);
    expect((await media.get('/media/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await media.get('/media/session-secret')).body).toEqual({
      error: 'Image not found',
      code: 'NOT_FOUND',
    });
    // Only keyed files in the folder; on PostgreSQL photos live in the database and never touch the disk.
    const files = await readdir(ctx.config.mediaDir).catch(() => []);
    expect(files.every((f) => /^[0-9a-f-]{36}\.jpg$/.test(f))).toBe(true);
    if (testDatabaseKind === 'postgres') expect(files).toEqual([]);
  });

  /** Rows and files a diagnosis leaves: its row, and its photos in the folder or the media table. */
  async function storedCounts() {
    const files = await readdir(ctx.config.mediaDir).catch(() => []);
    return {
      diagnostics: await ctx.database.db.$count(diagnostics),
      photos: files.length + (await ctx.database.db.$count(mediaTable)),
    };
  }

  it('refuses a photo too dark to help with a 422 naming it, and runs and stores nothing', async () => {
    const before = await storedCounts();
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, imageUrls: [await photoLikeDataUrl(), await photoLikeDataUrl({ light: 0.1 })] });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'PHOTO_UNUSABLE',
      error: photoProblemMessage('too-dark', 2),
      details: { problems: [{ index: 1, problem: 'too-dark' }] },
    });
    expect(res.body.error).toMatch(/^Photo 2 is too dark to help: take it again with more light/);
    expect(await storedCounts()).toEqual(before);
  });

  it('refuses an all-black photo as too dark', async () => {
    const black = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const res = await ctx.request.post('/api/diagnose').send({ ...VALID, imageUrls: [dataUrl(black)] });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ problems: [{ index: 0, problem: 'too-dark' }] });
  });

  it('refuses a blurred photo with a 422 naming it, and names every unusable photo at once', async () => {
    const before = await storedCounts();
    const blurred = await photoLikeDataUrl({ blur: 8 });
    const one = await ctx.request.post('/api/diagnose').send({ ...VALID, imageUrls: [blurred] });
    expect(one.status).toBe(422);
    expect(one.body).toEqual({
      code: 'PHOTO_UNUSABLE',
      error: photoProblemMessage('too-blurred', 1),
      details: { problems: [{ index: 0, problem: 'too-blurred' }] },
    });
    expect(one.body.error).toMatch(/^Photo 1 is too blurred to help/);

    const three = await ctx.request.post('/api/diagnose').send({
      ...VALID,
      imageUrls: [blurred, await photoLikeDataUrl({ seed: 3 }), await photoLikeDataUrl({ light: 0.1 })],
    });
    expect(three.status).toBe(422);
    expect(three.body.details.problems).toEqual([
      { index: 0, problem: 'too-blurred' },
      { index: 2, problem: 'too-dark' },
    ]);
    expect(three.body.error).toBe(
      `${photoProblemMessage('too-blurred', 1)} ${photoProblemMessage('too-dark', 3)}`,
    );
    expect(await storedCounts()).toEqual(before);
  });

  it('accepts a usable photo, keeps it, and says plainly it was not analysed without a model', async () => {
    const before = await storedCounts();
    const res = await ctx.request.post('/api/diagnose').send({
      ...VALID,
      imageUrls: [await photoLikeDataUrl(), await photoLikeDataUrl({ seed: 3, blur: 3 })],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      engine: 'offline',
      photoNote: DIAGNOSIS_MESSAGES.photosNotAnalysed(2),
    });
    expect(res.body.photoNote).toBe(
      'Your 2 photos were kept for the plumber but not analysed: this diagnosis is based on your description only.',
    );
    expect(await storedCounts()).toEqual({
      diagnostics: before.diagnostics + 1,
      photos: before.photos + 2,
    });
    const single = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, imageUrls: [await photoLikeDataUrl({ seed: 5 })] });
    expect(single.body.photoNote).toMatch(/^Your photo was kept for the plumber but not analysed/);
    // Without photos there is nothing to say.
    expect((await ctx.request.post('/api/diagnose').send(VALID)).body.photoNote).toBeNull();
  });
});

describe(`POST /api/diagnose photo decoding (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let data: Awaited<ReturnType<typeof withDataDir>>;
  beforeAll(async () => {
    data = await withDataDir();
    // One decoding at a time and no queue: while one diagnosis decodes its photos, the next is refused.
    ctx = await createTestContext({
      seed: true,
      env: { DATA_DIR: data.dir, DIAGNOSIS_RATE_LIMIT: '1000', IMAGE_DECODE_QUEUE: '0' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await data?.cleanup();
  });

  // Without the gate every one of them decoded at once, side by side with the rest of the server.
  it('decodes one diagnosis at a time and refuses the overflow with a friendly 503, never text-only ones', async () => {
    const photos = (await Promise.all([1, 2, 3, 4, 5].map(() => noiseJpeg()))).map((p) => dataUrl(p));
    const withPhotos = Array.from({ length: 6 }, () =>
      ctx.request.post('/api/diagnose').send({ ...VALID, imageUrls: photos }),
    );
    const textOnly = ctx.request.post('/api/diagnose').send(VALID);
    const answers = await Promise.all(withPhotos);
    const statuses = answers.map((res) => res.status);
    expect(
      statuses.every((status) => status === 201 || status === 503),
      statuses.join(','),
    ).toBe(true);
    expect(statuses).toContain(201);
    expect(statuses).toContain(503);
    const refused = answers.find((res) => res.status === 503)!;
    expect(refused.body).toEqual({ code: 'SERVICE_UNAVAILABLE', error: IMAGE_DECODE_BUSY_MESSAGE });
    expect((await textOnly).status).toBe(201);
    // Once the decoder is free, photos are accepted again.
    const later = await ctx.request.post('/api/diagnose').send({ ...VALID, imageUrls: photos.slice(0, 1) });
    expect(later.status).toBe(201);
  });
});

describe('POST /api/diagnose rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { DIAGNOSIS_RATE_LIMIT: '2', DIAGNOSIS_RATE_WINDOW_MS: '60000' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 429 with a clear message after the limit', async () => {
    for (let i = 0; i < 2; i++)
      expect((await ctx.request.post('/api/diagnose').send({ description: 'x' })).status).toBe(400);
    const limited = await ctx.request.post('/api/diagnose').send(VALID);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: DIAGNOSIS_RATE_LIMIT_MESSAGE, code: 'RATE_LIMITED' });
  });
});

describe(`POST /api/diagnose with the OpenAI engine (${testDatabaseKind} database, fake server)`, () => {
  let ctx: TestContext;
  let fake: FakeOpenAi;
  let data: Awaited<ReturnType<typeof withDataDir>>;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    data = await withDataDir();
    ctx = await createTestContext({
      seed: true,
      env: {
        DATA_DIR: data.dir,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.url,
        OPENAI_MODEL: 'fake-vision',
        OPENAI_TIMEOUT_MS: '500',
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
    await data?.cleanup();
  });
  beforeEach(() => fake.reset());

  const answer = {
    issueSlug: 'water-heater-leak',
    severity: 'medium',
    confidence: 'medium',
    explanation: 'The photo shows water under the tank. Replacing it costs about $1,200.',
    conclusionBasis: 'The photo and the words "puddle" and "tank".',
    recommendedAction: 'Turn off the heater and close the cold water valve. Budget $900 for the job.',
  };

  it("prices the model's choice with the pricing engine and ignores any price it names", async () => {
    fake.respond(() => ({ json: chatCompletion(answer) }));
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, location: 'basement', description: 'puddle under the hot water tank', zip: '78701' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      engine: 'openai',
      issueSlug: 'water-heater-leak',
      confidence: 'medium',
    });
    // Leaking water heater is 'high' at least: the model said medium, alarming words or urgency did not lower it.
    const estimate = await ctx.request
      .get('/api/pricing/estimate')
      .query({ issueSlug: 'water-heater-leak', zip: '78701', urgency: 'routine' });
    expect(res.body.estimatedCost).toBe(estimate.body.estimatedCost);
    expect(res.body.costBreakdown).toEqual(estimate.body.costBreakdown);
    expect(JSON.stringify(res.body)).not.toMatch(/1,200|\$900/);
    expect(fake.requests[0].body.model).toBe('fake-vision');
    // The ZIP is for pricing only: it is not sent.
    expect(JSON.stringify(fake.requests[0].body)).not.toContain('78701');
  });

  it('sends the photos re-encoded, without metadata', async () => {
    fake.respond(() => ({ json: chatCompletion(answer) }));
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, imageUrls: [dataUrl(await jpegWithGps(2400, 1600))] });
    expect(res.status).toBe(201);
    const parts = fake.requests[0].body.messages[1].content;
    expect(parts).toHaveLength(2);
    const url: string = parts[1].image_url.url;
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const sent = Buffer.from(url.slice('data:image/jpeg;base64,'.length), 'base64');
    const meta = await sharp(sent).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1045, 1568]);
    expect(sent.toString('latin1')).not.toMatch(/PhoneCo|GPS/);
    // The model saw the photo: no note says otherwise.
    expect(res.body).toMatchObject({ engine: 'openai', photoNote: null });
  });

  it('refuses an unusable photo before calling the model', async () => {
    fake.respond(() => ({ json: chatCompletion(answer) }));
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, imageUrls: [await photoLikeDataUrl({ blur: 8 })] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('PHOTO_UNUSABLE');
    expect(fake.requests).toHaveLength(0);
  });

  it('says the photos were not analysed when the model fails and the offline engine answers', async () => {
    fake.respond(() => ({ status: 400, json: { error: { message: 'bad request' } } }));
    const res = await ctx.request
      .post('/api/diagnose')
      .send({ ...VALID, imageUrls: [await photoLikeDataUrl()] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ engine: 'offline', photoNote: DIAGNOSIS_MESSAGES.photosNotAnalysed(1) });
  });

  it('falls back to the offline engine when the model fails', async () => {
    fake.respond(() => ({
      status: 503,
      json: { error: { message: 'overloaded' } },
      headers: { 'retry-after-ms': '5' },
    }));
    const res = await ctx.request.post('/api/diagnose').send(VALID);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      engine: 'offline',
      issueSlug: 'clogged-drain',
      estimatedCost: '$100 - $300',
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('falls back on a timeout', async () => {
    fake.respond(() => ({ json: chatCompletion(answer), delayMs: 2_000 }));
    const res = await ctx.request.post('/api/diagnose').send(VALID);
    expect(res.body.engine).toBe('offline');
  });
});

describe(`POST /api/diagnose with a daily model-call budget (${testDatabaseKind} database, fake server)`, () => {
  let ctx: TestContext;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ctx = await createTestContext({
      seed: true,
      env: {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.url,
        OPENAI_TIMEOUT_MS: '2000',
        OPENAI_DAILY_CALL_BUDGET: '1',
        DIAGNOSIS_RATE_LIMIT: '1000',
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('calls the model once, then answers offline with a note saying the day’s limit is reached', async () => {
    fake.respond(() => ({
      json: chatCompletion({
        issueSlug: 'clogged-drain',
        severity: 'medium',
        confidence: 'high',
        explanation: 'Food and grease have built up in the trap.',
        conclusionBasis: 'The words "blocked" and "drain".',
        recommendedAction: 'Stop using the sink and book a plumber.',
      }),
    }));
    const first = await ctx.request.post('/api/diagnose').send(VALID);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ engine: 'openai', note: null });

    const second = await ctx.request.post('/api/diagnose').send(VALID);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      engine: 'offline',
      issueSlug: 'clogged-drain',
      note: BUDGET_SPENT_NOTE,
    });
    expect(diagnosisResponseSchema.parse(second.body).note).toBe(BUDGET_SPENT_NOTE);
    expect(fake.requests).toHaveLength(1);
    // The counter lives in PostgreSQL, so every instance on the database shares it.
    const { rows } = await ctx.database.pool.query<{ key: string; hits: number }>(
      "select key, hits from rate_limits where key like 'openai-calls:%'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({ key: expect.stringMatching(/^openai-calls:\d{4}-\d{2}-\d{2}$/), hits: 2 });
  });
});
