import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { diagnostics, jobMedia, jobs, media as mediaTable, users } from '@shared/schema';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { createLogger } from '../../lib/logger';
import { createLocalMediaStore, mediaKeyFromUrl, type MediaStore } from '../../lib/media-store';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';
import { createDatabaseMediaStore, purgeExpiredDiagnosisPhotos, startMediaRetention } from './index';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|webp)$/;

let ctx: TestContext;
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'plumbline-media-'));
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
  await rm(folder, { recursive: true, force: true });
});

const stores: [string, () => MediaStore][] = [
  ['folder', () => createLocalMediaStore({ dir: path.join(folder, 'media') })],
  ['database', () => createDatabaseMediaStore(ctx.database.db)],
];

let shade = 0;
/** A small real JPEG, a different colour each time so no two photos have the same bytes. */
async function jpeg(): Promise<Buffer> {
  shade = (shade + 37) % 256;
  return sharp({ create: { width: 16, height: 12, channels: 3, background: { r: shade, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();
}

/** A stored diagnosis with these photos, `ageDays` old (set back in the database, as time would). */
async function addDiagnosis(db: Database, imageUrls: string[], ageDays = 0): Promise<string> {
  const [row] = await db
    .insert(diagnostics)
    .values({
      description: 'Water under the kitchen sink',
      location: 'kitchen',
      urgency: 'routine',
      imageUrls,
      aiDiagnosis: {},
    })
    .returning({ id: diagnostics.id });
  await db.execute(
    sql`update diagnostics set created_at = now() - make_interval(days => ${ageDays}) where id = ${row.id}`,
  );
  return row.id;
}

async function addJob(db: Database): Promise<string> {
  const [customer] = await db
    .insert(users)
    .values({ email: uniqueEmail('media'), passwordHash: 'x', role: 'homeowner' })
    .returning({ id: users.id });
  const [job] = await db
    .insert(jobs)
    .values({
      customerId: customer.id,
      issueSlug: 'clogged-drain',
      issueDescription: 'Kitchen sink drains slowly.',
      address: '1200 S Congress Ave, Austin, TX 78704',
    })
    .returning({ id: jobs.id });
  return job.id;
}

const imageUrlsOf = async (id: string) =>
  (await ctx.database.db.select().from(diagnostics).where(eq(diagnostics.id, id)))[0]?.imageUrls;

describe.each(stores)('the %s media store', (_name, makeStore) => {
  it('keeps what it is given under a random key, serves it back and removes it', async () => {
    const store = makeStore();
    const bytes = await jpeg();
    const stored = await store.put(bytes, 'image/jpeg');
    expect(stored.key).toMatch(KEY);
    expect(stored.key.endsWith('.jpg')).toBe(true);
    expect(stored.url).toBe(`/media/${stored.key}`);
    expect(await store.get(stored.key)).toEqual({ data: bytes, contentType: 'image/jpeg' });

    const webp = await sharp(bytes).webp().toBuffer();
    const other = await store.put(webp, 'image/webp');
    expect(other.key).not.toBe(stored.key);
    expect(other.key.endsWith('.webp')).toBe(true);
    expect(await store.get(other.key)).toEqual({ data: webp, contentType: 'image/webp' });

    await store.remove(stored.key);
    expect(await store.get(stored.key)).toBeNull();
    // Removing twice, or something that was never there, is not an error.
    await store.remove(stored.key);
    await store.remove('../../package.json');
    expect(await store.get(other.key)).not.toBeNull();
  });

  it('answers null for malformed and unknown keys, reading nothing outside its keys', async () => {
    const store = makeStore();
    for (const key of [
      '',
      'session-secret',
      '../../package.json',
      '00000000-0000-0000-0000-000000000000.png',
    ]) {
      expect(await store.get(key), key).toBeNull();
    }
    expect(await store.get('00000000-0000-0000-0000-000000000000.jpg')).toBeNull();
  });
});

describe('the database media store', () => {
  it('keeps the photo, its type and size in the media table, not on disk', async () => {
    const bytes = await jpeg();
    const stored = await createDatabaseMediaStore(ctx.database.db).put(bytes, 'image/jpeg');
    const [row] = await ctx.database.db.select().from(mediaTable).where(eq(mediaTable.key, stored.key));
    expect(row).toMatchObject({ contentType: 'image/jpeg', byteSize: bytes.length, data: bytes });
    const files = await readdir(path.join(folder, 'media')).catch(() => []);
    expect(files).not.toContain(stored.key);
  });
});

describe.each(stores)(
  `diagnosis photo retention with the %s store (${testDatabaseKind} database)`,
  (_name, makeStore) => {
    it('removes the photos of an old diagnosis that never became a job, and nothing else', async () => {
      const store = makeStore();
      const db = ctx.database.db;
      const put = async () => store.put(await jpeg(), 'image/jpeg');
      const [oldA, oldB, recent, byUrl, byKey, partly, partlyOther] = await Promise.all(
        Array.from({ length: 7 }, put),
      );

      const expired = await addDiagnosis(db, [oldA.url, oldB.url], 31);
      const young = await addDiagnosis(db, [recent.url], 29);
      const jobByUrl = await addDiagnosis(db, [byUrl.url], 45);
      const jobByKey = await addDiagnosis(db, [byKey.url], 45);
      // One of its photos went into a job: the diagnosis became a job, all its photos stay.
      const jobPartly = await addDiagnosis(db, [partly.url, partlyOther.url], 45);
      const jobId = await addJob(db);
      await db.insert(jobMedia).values([
        { jobId, type: 'photo', s3Key: 'elsewhere/1.jpg', url: byUrl.url },
        { jobId, type: 'photo', s3Key: byKey.key, url: `https://cdn.example.test/${byKey.key}` },
        { jobId, type: 'photo', s3Key: 'elsewhere/2.jpg', url: partly.url },
      ]);

      const result = await purgeExpiredDiagnosisPhotos({ db, media: store, retentionDays: 30 });
      expect(result).toEqual({ diagnoses: 1, photos: 2, skipped: false });

      expect(await store.get(oldA.key)).toBeNull();
      expect(await store.get(oldB.key)).toBeNull();
      // The diagnosis stays (its answer is still worth having); only the photo references go.
      expect(await imageUrlsOf(expired)).toEqual([]);
      for (const photo of [recent, byUrl, byKey, partly, partlyOther]) {
        expect(await store.get(photo.key), photo.url).not.toBeNull();
      }
      expect(await imageUrlsOf(young)).toEqual([recent.url]);
      expect(await imageUrlsOf(jobByUrl)).toEqual([byUrl.url]);
      expect(await imageUrlsOf(jobByKey)).toEqual([byKey.url]);
      expect(await imageUrlsOf(jobPartly)).toEqual([partly.url, partlyOther.url]);

      // Nothing left to do: a second sweep changes nothing.
      expect(await purgeExpiredDiagnosisPhotos({ db, media: store, retentionDays: 30 })).toEqual({
        diagnoses: 0,
        photos: 0,
        skipped: false,
      });
      // A shorter retention reaches the 29-day-old one.
      expect(await purgeExpiredDiagnosisPhotos({ db, media: store, retentionDays: 7 })).toMatchObject({
        diagnoses: 1,
        photos: 1,
      });
      expect(await store.get(recent.key)).toBeNull();
    });

    it('works through more expired diagnoses than one batch holds', async () => {
      const store = makeStore();
      const db = ctx.database.db;
      const photos = await Promise.all(
        Array.from({ length: 5 }, async () => store.put(await jpeg(), 'image/jpeg')),
      );
      const ids = await Promise.all(photos.map((photo) => addDiagnosis(db, [photo.url], 60)));

      const result = await purgeExpiredDiagnosisPhotos({ db, media: store, retentionDays: 30, batchSize: 2 });
      expect(result).toEqual({ diagnoses: 5, photos: 5, skipped: false });
      for (const photo of photos) expect(await store.get(photo.key)).toBeNull();
      const rows = await db.select().from(diagnostics).where(inArray(diagnostics.id, ids));
      expect(rows.map((row) => row.imageUrls)).toEqual(ids.map(() => []));
    });
  },
);

describe('the retention runner', () => {
  it('sweeps shortly after start, and stops cleanly', async () => {
    const store = createDatabaseMediaStore(ctx.database.db);
    const photo = await store.put(await jpeg(), 'image/jpeg');
    await addDiagnosis(ctx.database.db, [photo.url], 40);

    const runner = startMediaRetention({
      db: ctx.database.db,
      media: store,
      logger: createLogger('silent'),
      retentionDays: 30,
      firstRunDelayMs: 0,
    });
    try {
      await vi.waitFor(async () => expect(await store.get(photo.key)).toBeNull(), { timeout: 10_000 });
      // Joins the first sweep if it is still finishing (runs never overlap); then there is nothing left.
      await runner.runOnce();
      expect(await runner.runOnce()).toEqual({ diagnoses: 0, photos: 0, skipped: false });
    } finally {
      await runner.stop();
    }
  });

  it('reads MEDIA_RETENTION_DAYS: 30 by default, a whole number of days from 1', () => {
    expect(loadConfig({}).mediaRetentionDays).toBe(30);
    expect(loadConfig({ MEDIA_RETENTION_DAYS: '90' }).mediaRetentionDays).toBe(90);
    for (const bad of ['0', '-1', '1.5', 'forever']) {
      expect(() => loadConfig({ MEDIA_RETENTION_DAYS: bad }), bad).toThrow(/MEDIA_RETENTION_DAYS/);
    }
  });

  it('finds the key in the URLs the stores hand out, and nothing else', () => {
    const key = '3f2c0d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f.jpg';
    expect(mediaKeyFromUrl(`/media/${key}`)).toBe(key);
    expect(mediaKeyFromUrl('/media/../../etc/passwd')).toBeNull();
    expect(mediaKeyFromUrl('data:image/jpeg;base64,AAAA')).toBeNull();
  });
});
