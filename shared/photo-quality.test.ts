import { describe, expect, it } from 'vitest';
import {
  PHOTO_QUALITY,
  analysisSize,
  photoProblemMessage,
  photoProblemOf,
  photoStatistics,
  photoUnusableDetailsSchema,
} from './photo-quality';

/** A grey image (one channel) from a function of the pixel's position. */
function grey(width: number, height: number, value: (x: number, y: number) => number) {
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels[y * width + x] = value(x, y);
  return pixels;
}

/** The same grey image as RGBA, the way a canvas hands it over. */
function rgba(pixels: Uint8Array) {
  const out = new Uint8ClampedArray(pixels.length * 4);
  pixels.forEach((value, i) => out.set([value, value, value, 255], i * 4));
  return out;
}

describe('photoStatistics (shared/photo-quality.ts)', () => {
  it('gives a flat image its brightness and no detail at all', () => {
    const stats = photoStatistics(
      grey(20, 10, () => 90),
      20,
      10,
      1,
    );
    expect(stats).toEqual({ meanLuminance: 90, laplacianVariance: 0, edgeSharpness: 0 });
  });

  it('weighs red, green and blue as luma does (Rec. 601)', () => {
    const red = photoStatistics(new Uint8Array([255, 0, 0, 255, 0, 0, 255, 0, 0]), 3, 1, 3);
    const green = photoStatistics(new Uint8Array([0, 255, 0, 255]), 1, 1, 4);
    expect(red.meanLuminance).toBeCloseTo(0.299 * 255, 6);
    expect(green.meanLuminance).toBeCloseTo(0.587 * 255, 6);
  });

  it('scores a hard vertical edge exactly: Laplacian ±200 beside it, sharpness 4', () => {
    // Columns 0–4 black, 5–9 at 200: in each interior row two Laplacian values, +200 and −200,
    // among 8 interior columns; the central differences there are 100 and 100.
    const stats = photoStatistics(
      grey(10, 6, (x) => (x < 5 ? 0 : 200)),
      10,
      6,
      1,
    );
    expect(stats.meanLuminance).toBe(100);
    expect(stats.laplacianVariance).toBeCloseTo((2 * 200 ** 2) / 8, 6);
    expect(stats.edgeSharpness).toBeCloseTo(4, 6);
  });

  it('scores a soft edge (a ramp over 10 pixels) far below the sharpness threshold', () => {
    const stats = photoStatistics(
      grey(40, 6, (x) => Math.min(200, Math.max(0, (x - 15) * 20))),
      40,
      6,
      1,
    );
    expect(stats.edgeSharpness).toBeLessThan(PHOTO_QUALITY.minEdgeSharpness);
    expect(stats.edgeSharpness).toBeGreaterThan(0);
  });

  it('reads grey, RGB and RGBA pixels alike, ignoring alpha', () => {
    const pixels = grey(12, 9, (x, y) => (x * 37 + y * 91) % 256);
    const one = photoStatistics(pixels, 12, 9, 1);
    const four = photoStatistics(rgba(pixels), 12, 9, 4);
    const three = photoStatistics(
      Uint8Array.from(Array.from(pixels).flatMap((value) => [value, value, value])),
      12,
      9,
      3,
    );
    for (const stats of [three, four]) {
      expect(stats.meanLuminance).toBeCloseTo(one.meanLuminance, 6);
      expect(stats.laplacianVariance).toBeCloseTo(one.laplacianVariance, 6);
      expect(stats.edgeSharpness).toBeCloseTo(one.edgeSharpness, 6);
    }
  });

  it('gives an image with no interior pixels no detail, and an empty one nothing', () => {
    expect(
      photoStatistics(
        grey(2, 2, (x) => x * 255),
        2,
        2,
        1,
      ),
    ).toMatchObject({
      laplacianVariance: 0,
      edgeSharpness: 0,
    });
    expect(photoStatistics(new Uint8Array(0), 0, 0, 4)).toEqual({
      meanLuminance: 0,
      laplacianVariance: 0,
      edgeSharpness: 0,
    });
  });
});

describe('photoProblemOf', () => {
  const usable = { meanLuminance: 120, laplacianVariance: 400, edgeSharpness: 2 };

  it('keeps a bright, detailed, sharp photo', () => {
    expect(photoProblemOf(usable)).toBeNull();
    expect(
      photoProblemOf({
        meanLuminance: PHOTO_QUALITY.minMeanLuminance,
        laplacianVariance: PHOTO_QUALITY.minLaplacianVariance,
        edgeSharpness: PHOTO_QUALITY.minEdgeSharpness,
      }),
    ).toBeNull();
  });

  it('calls a photo below the luminance threshold too dark, before anything else', () => {
    expect(photoProblemOf({ ...usable, meanLuminance: PHOTO_QUALITY.minMeanLuminance - 0.1 })).toBe(
      'too-dark',
    );
    expect(photoProblemOf({ meanLuminance: 5, laplacianVariance: 0, edgeSharpness: 0 })).toBe('too-dark');
  });

  it('calls a photo with too little detail, or only soft edges, too blurred', () => {
    expect(photoProblemOf({ ...usable, laplacianVariance: PHOTO_QUALITY.minLaplacianVariance - 0.1 })).toBe(
      'too-blurred',
    );
    expect(photoProblemOf({ ...usable, edgeSharpness: PHOTO_QUALITY.minEdgeSharpness - 0.01 })).toBe(
      'too-blurred',
    );
  });
});

describe('analysisSize', () => {
  it('shrinks the long edge to the analysis size, keeping the aspect ratio, never enlarging', () => {
    expect(analysisSize(1568, 1176)).toEqual({ width: 256, height: 192 });
    expect(analysisSize(1045, 1568)).toEqual({ width: 171, height: 256 });
    expect(analysisSize(200, 100)).toEqual({ width: 200, height: 100 });
    expect(analysisSize(5000, 3)).toEqual({ width: 256, height: 1 });
  });
});

describe('photoProblemMessage', () => {
  it('names the photo by its place and asks for a better one', () => {
    expect(photoProblemMessage('too-dark', 2)).toBe(
      'Photo 2 is too dark to help: take it again with more light (a lamp or the flash), or remove it.',
    );
    expect(photoProblemMessage('too-blurred', 1)).toBe(
      'Photo 1 is too blurred to help: hold the phone still, tap the problem to focus and take it again, or remove it.',
    );
  });

  it('has details naming each refused photo by index', () => {
    expect(
      photoUnusableDetailsSchema.safeParse({ problems: [{ index: 1, problem: 'too-dark' }] }).success,
    ).toBe(true);
    expect(photoUnusableDetailsSchema.safeParse({ problems: [] }).success).toBe(false);
    expect(
      photoUnusableDetailsSchema.safeParse({ problems: [{ index: -1, problem: 'too-dark' }] }).success,
    ).toBe(false);
  });
});
