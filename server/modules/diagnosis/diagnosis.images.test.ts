import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PHOTO_QUALITY, photoProblemOf } from '@shared/photo-quality';
import { AppError } from '../../lib/app-error';
import { photoLike, type PhotoOptions } from '../../test/photos';
import { createPhotoDecoder } from './diagnosis.decoder';
import { cleanImage, cleanImages, cleanImageStatistics } from './diagnosis.images';

const decoder = createPhotoDecoder({ nice: 0 });
afterAll(() => decoder.close());

const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;
const FIXTURES = path.resolve(import.meta.dirname, '../../../e2e/fixtures');

/** The statistics and verdict the server reaches for a photo, after cleaning it as a diagnosis does. */
async function judge(bytes: Buffer, type?: string) {
  const stats = await cleanImageStatistics(await cleanImage(dataUrl(bytes, type), decoder), decoder);
  return { stats, problem: photoProblemOf(stats) };
}
const judgeScene = async (options: PhotoOptions) => judge(await photoLike(options));

describe('photo check on the server (shared/photo-quality.ts thresholds, generated photos)', () => {
  it('refuses an all-black photo and a scene with a tenth of its light as too dark', async () => {
    const black = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect(await judge(black)).toMatchObject({ stats: { meanLuminance: 0 }, problem: 'too-dark' });
    const dark = await judgeScene({ light: 0.1 });
    expect(dark.stats.meanLuminance).toBeLessThan(PHOTO_QUALITY.minMeanLuminance);
    expect(dark.problem).toBe('too-dark');
  });

  it('keeps a dim but visible scene (a quarter of its light)', async () => {
    expect((await judgeScene({ light: 0.25 })).problem).toBeNull();
  });

  it('keeps sharp scenes at the sizes the device sends', async () => {
    for (const options of [
      {},
      { seed: 3 },
      { width: 1568, height: 1176, seed: 11 },
      { width: 900, height: 1600 },
      { width: 320, height: 240, seed: 5 },
      { width: 48, height: 32 },
    ]) {
      const { stats, problem } = await judgeScene(options);
      expect(problem, `${JSON.stringify(options)}: ${JSON.stringify(stats)}`).toBeNull();
    }
  });

  it('refuses the same scenes blurred with .blur(8) as too blurred, and keeps a slightly soft one', async () => {
    for (const options of [{}, { seed: 3 }, { width: 1568, height: 1176, seed: 11 }]) {
      const sharpStats = (await judgeScene(options)).stats;
      const blurred = await judgeScene({ ...options, blur: 8 });
      expect(blurred.problem, JSON.stringify(blurred.stats)).toBe('too-blurred');
      // The blur costs most of the fine detail, not the light.
      expect(blurred.stats.laplacianVariance).toBeLessThan(sharpStats.laplacianVariance / 10);
      expect(blurred.stats.meanLuminance).toBeCloseTo(sharpStats.meanLuminance, -1);
    }
    expect((await judgeScene({ width: 1568, height: 1176, blur: 3 })).problem).toBeNull();
  });

  it('refuses a flat colour (nothing to see) as too blurred', async () => {
    const flat = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    expect(await judge(flat, 'image/png')).toMatchObject({
      stats: { laplacianVariance: 0, edgeSharpness: 0 },
      problem: 'too-blurred',
    });
  });

  it('judges a greyscale JPEG like a colour one', async () => {
    const greyscale = await sharp(await photoLike())
      .toColourspace('b-w')
      .jpeg()
      .toBuffer();
    expect((await sharp(greyscale).metadata()).channels).toBe(1);
    expect((await judge(greyscale)).problem).toBeNull();
    const blurredGrey = await sharp(await photoLike({ blur: 8 }))
      .toColourspace('b-w')
      .jpeg()
      .toBuffer();
    expect((await judge(blurredGrey)).problem).toBe('too-blurred');
  });

  it('keeps the e2e fixtures, simple drawings with sharp edges', async () => {
    expect((await judge(await readFile(path.join(FIXTURES, 'leak-under-sink.jpg')))).problem).toBeNull();
    const png = await readFile(path.join(FIXTURES, 'clogged-drain.png'));
    expect((await judge(png, 'image/png')).problem).toBeNull();
  });
});

describe('cleanImages with requireUsable', () => {
  it('refuses unusable photos with PHOTO_UNUSABLE naming each, 1-based in the message', async () => {
    const urls = [
      dataUrl(await photoLike()),
      dataUrl(await photoLike({ light: 0.1 })),
      dataUrl(await photoLike({ blur: 8 })),
    ];
    const error = await cleanImages(urls, { decoder, requireUsable: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'PHOTO_UNUSABLE',
      details: {
        problems: [
          { index: 1, problem: 'too-dark' },
          { index: 2, problem: 'too-blurred' },
        ],
      },
    });
    expect((error as AppError).message).toMatch(/^Photo 2 is too dark to help: .* Photo 3 is too blurred/);
  });

  it('decodes and judges inside the decode gate it is given', async () => {
    let inside = 0;
    let calls = 0;
    const runDecoding = async <T>(task: () => Promise<T>) => {
      calls += 1;
      inside += 1;
      try {
        return await task();
      } finally {
        inside -= 1;
      }
    };
    const images = await cleanImages([dataUrl(await photoLike())], {
      decoder,
      runDecoding,
      requireUsable: true,
    });
    expect(images).toHaveLength(1);
    expect(calls).toBe(1);
    expect(inside).toBe(0);
  });

  it('keeps the photos of other uses (a job’s photos) without judging them', async () => {
    const flat = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect(await cleanImages([dataUrl(flat)], { decoder })).toHaveLength(1);
  });
});
