import { inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnostics } from '@shared/schema';
import type { DatabaseHandle } from '../../db/client';
import type { StoredMedia } from '../../lib/media-store';
import { openDatabaseHandles, type DatabaseHandles } from '../../test/instances';
import { createDatabaseMediaStore, purgeExpiredDiagnosisPhotos } from './index';
import { tryLockMediaRetention } from './media.repository';

/**
 * Several instances on one PostgreSQL each run the retention sweep on their own timer: the sweep
 * takes a cluster-wide advisory lock, so at any moment one instance sweeps and the others skip.
 */
describe('diagnosis photo retention across instances (PostgreSQL)', () => {
  let databases: DatabaseHandles;
  let one: DatabaseHandle;
  let two: DatabaseHandle;

  beforeAll(async () => {
    databases = await openDatabaseHandles({ database: 'plumbline_retention', count: 2 });
    [one, two] = databases.handles;
  });
  afterAll(() => databases?.close());

  /** `count` old diagnoses, one stored photo each, none of them part of a job. */
  async function expiredDiagnoses(count: number): Promise<{ ids: string[]; photos: StoredMedia[] }> {
    const store = createDatabaseMediaStore(one.db);
    const photos: StoredMedia[] = [];
    for (let i = 0; i < count; i++) {
      const bytes = await sharp({
        create: { width: 8, height: 8, channels: 3, background: { r: i, g: 0, b: 0 } },
      })
        .jpeg()
        .toBuffer();
      photos.push(await store.put(bytes, 'image/jpeg'));
    }
    const rows = await one.db
      .insert(diagnostics)
      .values(
        photos.map((photo) => ({
          description: 'Old photo',
          location: 'basement',
          urgency: 'routine' as const,
          imageUrls: [photo.url],
          aiDiagnosis: {},
        })),
      )
      .returning({ id: diagnostics.id });
    const ids = rows.map((row) => row.id);
    await one.db
      .update(diagnostics)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(inArray(diagnostics.id, ids));
    return { ids, photos };
  }

  it('skips while another instance holds the sweep, and sweeps once it is free', async () => {
    const { ids, photos } = await expiredDiagnoses(2);
    const media = createDatabaseMediaStore(two.db);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let lockTaken!: (taken: boolean) => void;
    const taken = new Promise<boolean>((resolve) => (lockTaken = resolve));
    // "Instance one" is in the middle of a sweep: it holds the lock until told to let go.
    const holder = one.db.transaction(async (tx) => {
      lockTaken(await tryLockMediaRetention(tx));
      await released;
    });
    expect(await taken).toBe(true);

    try {
      expect(await purgeExpiredDiagnosisPhotos({ db: two.db, media, retentionDays: 30 })).toEqual({
        diagnoses: 0,
        photos: 0,
        skipped: true,
      });
      for (const photo of photos) expect(await media.get(photo.key)).not.toBeNull();
    } finally {
      release();
      await holder;
    }

    expect(await purgeExpiredDiagnosisPhotos({ db: two.db, media, retentionDays: 30 })).toEqual({
      diagnoses: 2,
      photos: 2,
      skipped: false,
    });
    for (const photo of photos) expect(await media.get(photo.key)).toBeNull();
    const rows = await one.db.select().from(diagnostics).where(inArray(diagnostics.id, ids));
    expect(rows.every((row) => row.imageUrls.length === 0)).toBe(true);
  });

  it('two instances sweeping at once remove every expired photo exactly once between them', async () => {
    const { photos } = await expiredDiagnoses(12);
    const sweeps = await Promise.all(
      [one, two].map((instance) =>
        purgeExpiredDiagnosisPhotos({
          db: instance.db,
          media: createDatabaseMediaStore(instance.db),
          retentionDays: 30,
          batchSize: 3,
        }),
      ),
    );
    expect(sweeps.reduce((sum, sweep) => sum + sweep.diagnoses, 0)).toBe(12);
    expect(sweeps.reduce((sum, sweep) => sum + sweep.photos, 0)).toBe(12);
    const store = createDatabaseMediaStore(one.db);
    for (const photo of photos) expect(await store.get(photo.key)).toBeNull();
  });
});
