import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromTodayIn } from '@shared/dates';
import { diagnostics, jobMedia, media as mediaTable } from '@shared/schema';
import { DIAGNOSIS_MESSAGES } from '@shared/contracts/diagnosis';
import { BOOKING_MESSAGES } from '@shared/contracts/booking';
import { JOB_PHOTO_MESSAGES, jobPhotoSchema } from '@shared/contracts/jobs';
import { createLocalMediaStore, type MediaStore } from '../../lib/media-store';
import { photoLike } from '../../test/photos';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';
import { IMAGE_MESSAGES } from '../diagnosis/diagnosis.images';
import { createDatabaseMediaStore, purgeExpiredDiagnosisPhotos } from '../media';
import {
  createJob,
  loginAdmin,
  registerActor,
  registerPlumber,
  sendQuote,
  setStatus,
  type Actor,
  type PlumberActor,
} from './marketplace.fixtures';

const ADDRESS = '1701 Wynkoop St, Denver, CO 80202';
const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

let shade = 0;
/**
 * A small real JPEG, a different scene each time (a diagnosis refuses flat, detail-less photos),
 * with a GPS position that cleaning must drop.
 */
async function jpeg(width = 64, height = 48): Promise<Buffer> {
  shade = (shade + 41) % 256;
  return sharp(await photoLike({ width, height, seed: shade, format: 'png' }))
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 45/1 0/1' } })
    .jpeg()
    .toBuffer();
}

describe(`job photos (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  let dataDir: string;
  /** The store the app serves from: the `media` table on PostgreSQL, the folder on the embedded database. */
  let store: MediaStore;
  let homeowner: Actor;
  let otherHomeowner: Actor;
  let plumber: PlumberActor;
  let admin: Actor;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'plumbline-job-photos-'));
    ctx = await createTestContext({ seed: true, env: { DATA_DIR: dataDir } });
    store =
      testDatabaseKind === 'postgres'
        ? createDatabaseMediaStore(ctx.database.db)
        : createLocalMediaStore({ dir: ctx.config.mediaDir });
    homeowner = await registerActor(ctx, 'homeowner');
    otherHomeowner = await registerActor(ctx, 'homeowner');
    plumber = await registerPlumber(ctx);
    admin = await loginAdmin(ctx);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Every photo the store holds, by key. */
  async function storedKeys(): Promise<string[]> {
    if (testDatabaseKind === 'postgres') {
      const rows = await ctx.database.db.select({ key: mediaTable.key }).from(mediaTable);
      return rows.map((row) => row.key).sort();
    }
    return (await readdir(ctx.config.mediaDir).catch(() => [] as string[])).sort();
  }

  /** A diagnosis with these photos, through the API; answers its id and its stored photo URLs. */
  async function diagnose(photos: Buffer[]): Promise<{ id: string; imageUrls: string[] }> {
    const res = await ctx.request.post('/api/diagnose').send({
      description: 'Water is pooling under the kitchen sink cabinet',
      location: 'kitchen',
      urgency: 'routine',
      imageUrls: photos.map((photo) => dataUrl(photo)),
    });
    expect(res.status).toBe(201);
    const [row] = await ctx.database.db.select().from(diagnostics).where(eq(diagnostics.id, res.body.id));
    expect(row.imageUrls).toHaveLength(photos.length);
    return { id: res.body.id, imageUrls: row.imageUrls };
  }

  const ageDiagnosis = (id: string, interval: string) =>
    ctx.database.db.execute(
      sql`update diagnostics set created_at = now() - ${interval}::interval where id = ${id}`,
    );

  function booking(email: string, extra: Record<string, unknown> = {}) {
    return {
      name: 'Jo Homeowner',
      email,
      phone: '(303) 555-0142',
      serviceType: 'Drain Cleaning',
      preferredDate: dayFromTodayIn(ctx.config.appTimeZone, 3),
      urgency: 'routine',
      description: 'Water is pooling under the kitchen sink cabinet.',
      address: ADDRESS,
      issueSlug: 'clogged-drain',
      ...extra,
    };
  }

  /** The homeowner books, logged in, handing over `diagnosisId`; answers the posted job's id. */
  async function bookJob(diagnosisId?: string): Promise<string> {
    const res = await homeowner.agent
      .post('/api/service-requests')
      .send(booking(homeowner.user.email, diagnosisId ? { diagnosisId } : {}));
    expect(res.status).toBe(201);
    expect(res.body.jobId).toEqual(expect.any(String));
    return res.body.jobId;
  }

  async function roomPhotos(jobId: string, actor: Actor = homeowner) {
    const res = await actor.agent.get(`/api/jobs/${jobId}`);
    expect(res.status).toBe(200);
    return res.body.photos as { id: string; url: string }[];
  }

  const addPhotos = (jobId: string, imageUrls: unknown, actor: Actor = homeowner) =>
    actor.agent.post(`/api/jobs/${jobId}/photos`).send({ imageUrls });
  const removePhoto = (jobId: string, photoId: string, actor: Actor = homeowner) =>
    actor.agent.delete(`/api/jobs/${jobId}/photos/${photoId}`);
  const newJob = async (owner: Actor = homeowner) => (await createJob(ctx, owner.user.id)).id;

  describe('a job booked from a diagnosis', () => {
    it('carries the diagnosis’ cleaned photos: the room lists them and the media URL serves them', async () => {
      const diagnosis = await diagnose([await jpeg(), await jpeg()]);
      const jobId = await bookJob(diagnosis.id);

      const photos = await roomPhotos(jobId);
      expect(photos.map((photo) => photo.url)).toEqual(diagnosis.imageUrls);
      for (const photo of photos) {
        expect(jobPhotoSchema.parse(photo)).toEqual(photo);
        const served = await ctx.request.get(photo.url);
        expect(served.status).toBe(200);
        expect(served.type).toBe('image/jpeg');
      }
      const rows = await ctx.database.db.select().from(jobMedia).where(eq(jobMedia.jobId, jobId));
      expect(
        rows.map(({ type, s3Key, url }) => ({ type, s3Key, url })).sort((a, b) => a.url.localeCompare(b.url)),
      ).toEqual(
        diagnosis.imageUrls
          .map((url) => ({ type: 'image', s3Key: url.slice('/media/'.length), url }))
          .sort((a, b) => a.url.localeCompare(b.url)),
      );
      // The plumbers who may quote see the photos too.
      expect((await roomPhotos(jobId, plumber)).map((photo) => photo.url)).toEqual(diagnosis.imageUrls);
    });

    it('ignores a diagnosis older than a day, an unknown one, and one without photos: the booking goes ahead', async () => {
      const stale = await diagnose([await jpeg()]);
      await ageDiagnosis(stale.id, '25 hours');
      expect(await roomPhotos(await bookJob(stale.id))).toEqual([]);

      expect(await roomPhotos(await bookJob(randomUUID()))).toEqual([]);

      const textOnly = await ctx.request.post('/api/diagnose').send({
        description: 'The kitchen sink is blocked and will not drain',
        location: 'kitchen',
        urgency: 'routine',
      });
      expect(textOnly.status).toBe(201);
      expect(await roomPhotos(await bookJob(textOnly.body.id))).toEqual([]);

      // Just under a day old still counts.
      const recent = await diagnose([await jpeg()]);
      await ageDiagnosis(recent.id, '23 hours');
      expect((await roomPhotos(await bookJob(recent.id))).map((photo) => photo.url)).toEqual(
        recent.imageUrls,
      );
    });

    it('refuses a diagnosisId that is not an id (400), and a guest booking posts no job with it', async () => {
      const malformed = await homeowner.agent
        .post('/api/service-requests')
        .send(booking(homeowner.user.email, { diagnosisId: 'not-an-id' }));
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: BOOKING_MESSAGES.diagnosisIdInvalid,
      });

      const diagnosis = await diagnose([await jpeg()]);
      const before = await ctx.database.db.$count(jobMedia);
      const guest = await ctx.request
        .post('/api/service-requests')
        .send(booking(uniqueEmail('guest'), { diagnosisId: diagnosis.id }));
      expect(guest.status).toBe(201);
      expect(guest.body.jobId).toBeNull();
      expect(await ctx.database.db.$count(jobMedia)).toBe(before);
    });

    it('keeps the photos through the retention sweep while the job names them, then lets the sweep take them', async () => {
      const diagnosis = await diagnose([await jpeg(), await jpeg()]);
      const jobId = await bookJob(diagnosis.id);
      await ageDiagnosis(diagnosis.id, '40 days');

      await purgeExpiredDiagnosisPhotos({ db: ctx.database.db, media: store, retentionDays: 30 });
      const photos = await roomPhotos(jobId);
      expect(photos.map((photo) => photo.url)).toEqual(diagnosis.imageUrls);
      for (const url of diagnosis.imageUrls) expect((await ctx.request.get(url)).status).toBe(200);

      // Removed from the job, a photo the diagnosis lists stays for the sweep to judge: while the
      // job names the other one, the diagnosis "became a job" and keeps both.
      const removed = await removePhoto(jobId, photos[0].id);
      expect(removed.status).toBe(200);
      expect((await ctx.request.get(photos[0].url)).status).toBe(200);
      await purgeExpiredDiagnosisPhotos({ db: ctx.database.db, media: store, retentionDays: 30 });
      expect((await ctx.request.get(photos[0].url)).status).toBe(200);

      // Once the job names none of them, the sweep removes both.
      expect((await removePhoto(jobId, photos[1].id)).status).toBe(200);
      await purgeExpiredDiagnosisPhotos({ db: ctx.database.db, media: store, retentionDays: 30 });
      for (const url of diagnosis.imageUrls) expect((await ctx.request.get(url)).status).toBe(404);
    });
  });

  describe('POST /api/jobs/:jobId/photos', () => {
    it('adds cleaned photos for the owner (a body far over 100 kB) and answers all of the job’s photos', async () => {
      const jobId = await newJob();
      const noise = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
        .png()
        .toBuffer();
      const imageUrls = [dataUrl(noise, 'image/png'), dataUrl(await jpeg())];
      expect(JSON.stringify({ imageUrls }).length).toBeGreaterThan(200 * 1024);

      const res = await addPhotos(jobId, imageUrls);
      expect(res.status).toBe(201);
      expect(res.body).toHaveLength(2);
      expect(await roomPhotos(jobId)).toEqual(res.body);
      const sizes: number[] = [];
      for (const photo of res.body as { url: string }[]) {
        expect(photo.url).toMatch(/^\/media\/[0-9a-f-]{36}\.jpg$/);
        const served = await ctx.request.get(photo.url);
        expect(served.status).toBe(200);
        // Re-encoded as JPEG, the GPS position and every other piece of metadata gone.
        const meta = await sharp(served.body as Buffer).metadata();
        expect(meta.format).toBe('jpeg');
        expect(meta.exif).toBeUndefined();
        sizes.push(meta.width);
      }
      // In the order they were sent.
      expect(sizes).toEqual([400, 64]);

      // A quoted job is still open: more photos go after the first ones.
      await sendQuote(plumber, jobId);
      const more = await addPhotos(jobId, [dataUrl(await jpeg())]);
      expect(more.status).toBe(201);
      expect(more.body.slice(0, 2)).toEqual(res.body);
      expect(more.body).toHaveLength(3);
    });

    it('holds at most five photos per job, diagnosis photos included (409), storing nothing refused', async () => {
      const diagnosis = await diagnose([await jpeg(), await jpeg()]);
      const jobId = await bookJob(diagnosis.id);
      const before = await storedKeys();

      const tooMany = await addPhotos(jobId, [
        dataUrl(await jpeg()),
        dataUrl(await jpeg()),
        dataUrl(await jpeg()),
        dataUrl(await jpeg()),
      ]);
      expect(tooMany.status).toBe(409);
      expect(tooMany.body).toMatchObject({ code: 'CONFLICT', error: JOB_PHOTO_MESSAGES.tooMany(2) });
      expect(tooMany.body.error).toBe('A job can have at most 5 photos: you can add 3 more.');
      expect(await storedKeys()).toEqual(before);

      const filled = await addPhotos(jobId, [
        dataUrl(await jpeg()),
        dataUrl(await jpeg()),
        dataUrl(await jpeg()),
      ]);
      expect(filled.status).toBe(201);
      expect(filled.body).toHaveLength(5);

      const sixth = await addPhotos(jobId, [dataUrl(await jpeg())]);
      expect(sixth.status).toBe(409);
      expect(sixth.body.error).toBe('A job can have at most 5 photos. Remove one before adding another.');
      expect(await roomPhotos(jobId)).toEqual(filled.body);
    });

    it('keeps the limit when two additions race, leaving no stored file of the refused one', async () => {
      const jobId = await newJob();
      const before = await storedKeys();
      const three = async () => [dataUrl(await jpeg()), dataUrl(await jpeg()), dataUrl(await jpeg())];
      const [first, second] = await Promise.all([
        addPhotos(jobId, await three()),
        addPhotos(jobId, await three()),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 409]);
      const photos = await roomPhotos(jobId);
      expect(photos).toHaveLength(3);
      const kept = photos.map((photo) => photo.url.slice('/media/'.length));
      expect(await storedKeys()).toEqual([...before, ...kept].sort());
    });

    it.each([
      ['no photos', [], JOB_PHOTO_MESSAGES.photosRequired],
      ['six photos in one request', 'six', DIAGNOSIS_MESSAGES.imagesMax],
      ['a link instead of a photo', ['https://example.com/leak.jpg'], DIAGNOSIS_MESSAGES.imageInvalid],
      ['a string instead of a list', 'data:image/png;base64,AAAA', DIAGNOSIS_MESSAGES.imageInvalid],
    ])('refuses %s with 400 and the exact message', async (_label, imageUrls, message) => {
      const jobId = await newJob();
      const body = imageUrls === 'six' ? Array(6).fill(dataUrl(await jpeg())) : imageUrls;
      const res = await addPhotos(jobId, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
      expect(await roomPhotos(jobId)).toEqual([]);
    });

    it('refuses what is not an image by its bytes, as a diagnosis does (415), storing nothing', async () => {
      const jobId = await newJob();
      const before = await storedKeys();
      const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
      const res = await addPhotos(jobId, [dataUrl(await jpeg()), dataUrl(html)]);
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        error: IMAGE_MESSAGES.unsupportedType,
      });
      expect(await storedKeys()).toEqual(before);
      expect(await roomPhotos(jobId)).toEqual([]);
    });

    it('is the owner’s alone: another homeowner 404, plumbers and admins 403, logged out 401', async () => {
      const jobId = await newJob();
      const photo = [dataUrl(await jpeg())];
      expect((await addPhotos(jobId, photo, otherHomeowner)).status).toBe(404);
      expect((await addPhotos(randomUUID(), photo)).status).toBe(404);
      expect((await addPhotos(jobId, photo, plumber)).status).toBe(403);
      expect((await addPhotos(jobId, photo, admin)).status).toBe(403);
      expect((await ctx.request.post(`/api/jobs/${jobId}/photos`).send({ imageUrls: photo })).status).toBe(
        401,
      );
      expect(await roomPhotos(jobId)).toEqual([]);
    });

    it('refuses photos once the job is no longer open (409)', async () => {
      const jobId = await newJob();
      expect((await setStatus(homeowner, jobId, 'cancelled')).status).toBe(200);
      const res = await addPhotos(jobId, [dataUrl(await jpeg())]);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'CONFLICT', error: JOB_PHOTO_MESSAGES.notOpen });
    });
  });

  describe('DELETE /api/jobs/:jobId/photos/:photoId', () => {
    it('removes the owner’s photo and its file, answering the photos left', async () => {
      const jobId = await newJob();
      const added = await addPhotos(jobId, [dataUrl(await jpeg()), dataUrl(await jpeg())]);
      expect(added.status).toBe(201);
      const [first, second] = added.body as { id: string; url: string }[];

      const res = await removePhoto(jobId, first.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([second]);
      expect(await roomPhotos(jobId)).toEqual([second]);
      // Nothing else named it: the file goes with it.
      expect((await ctx.request.get(first.url)).status).toBe(404);
      expect(await storedKeys()).not.toContain(first.url.slice('/media/'.length));
      expect((await ctx.request.get(second.url)).status).toBe(200);

      // Gone is gone: a second removal, or another job's photo through this job, is not found.
      expect((await removePhoto(jobId, first.id)).status).toBe(404);
      const otherJob = await newJob();
      const other = await addPhotos(otherJob, [dataUrl(await jpeg())]);
      const wrong = await removePhoto(jobId, other.body[0].id);
      expect(wrong.status).toBe(404);
      expect(wrong.body).toMatchObject({ code: 'NOT_FOUND', error: JOB_PHOTO_MESSAGES.photoNotFound });
      expect(await roomPhotos(otherJob)).toEqual(other.body);
    });

    it('is the owner’s alone, and only while the job is open', async () => {
      const jobId = await newJob();
      const added = await addPhotos(jobId, [dataUrl(await jpeg())]);
      const photoId = added.body[0].id as string;
      expect((await removePhoto(jobId, photoId, otherHomeowner)).status).toBe(404);
      expect((await removePhoto(jobId, photoId, plumber)).status).toBe(403);
      expect((await removePhoto(jobId, photoId, admin)).status).toBe(403);
      expect((await ctx.request.delete(`/api/jobs/${jobId}/photos/${photoId}`)).status).toBe(401);
      expect((await removePhoto(jobId, 'not-an-id')).status).toBe(400);

      expect((await setStatus(homeowner, jobId, 'cancelled')).status).toBe(200);
      const closed = await removePhoto(jobId, photoId);
      expect(closed.status).toBe(409);
      expect(closed.body).toMatchObject({ code: 'CONFLICT', error: JOB_PHOTO_MESSAGES.notOpen });
      expect(await roomPhotos(jobId)).toEqual(added.body);
    });
  });
});
