/**
 * Whether a diagnosis photo can help at all (docs/product.md#screens-and-routes "Diagnose"): one that is too dark or
 * too blurred to show anything is refused — on the device before upload, and by the server, which has
 * the last word. Both sides compute the same statistics, with this code, on a copy of the photo
 * already reduced for upload (long edge ≤ 1568 px) and shrunk again to PHOTO_QUALITY.analysisEdgePx:
 * a few thousand pixels, so the check costs about a millisecond.
 */
import { z } from './contracts/zod';

export const PHOTO_QUALITY = {
  /**
   * The long edge of the copy the statistics are computed on. Small enough to be cheap in the browser
   * and on the server and to average away sensor noise and JPEG blocks; large enough that a photo
   * blurred by half a percent of its width (`.blur(8)` at 1568 px) is told from a sharp one.
   */
  analysisEdgePx: 256,
  /**
   * Mean luma (0–255) below this is too dark. Phones expose for the scene, so a dim cupboard still
   * averages 40–60; a covered lens or an unlit room averages under 20. Generated test photos: all
   * black 0, a scene at 15% of its light 24 (refused), at 25% 40 (kept), in full light 150–160.
   */
  minMeanLuminance: 30,
  /**
   * Laplacian variance below this: next to no fine detail at all, too blurred. Generated photos,
   * reduced to 1568 px as the device does: a flat colour 0; sparse scenes (a few shapes on a plain
   * wall) 50–230 sharp, 3–8 blurred with sigma 8 px; busy scenes 1,150 sharp.
   */
  minLaplacianVariance: 15,
  /**
   * Edge sharpness below this: what detail there is has only soft edges, too blurred. Needed beside
   * the variance, which grows with the amount of detail: a busy scene blurred with sigma 8 px keeps
   * 73, more than a sharp sparse one (50). The ratio does not depend on it. Generated scenes at
   * 1568 px: sharp 2.0–5.0 (noise 15); sigma 3 px 1.3–2.8 and 5 px 0.8–1.4, kept (a slightly soft
   * photo still helps); sigma 8 px 0.36–0.60, refused. At 1200 px sigma 6 px already scores 0.4–0.7.
   */
  minEdgeSharpness: 0.75,
} as const;

export const PHOTO_PROBLEMS = ['too-dark', 'too-blurred'] as const;
export type PhotoProblem = (typeof PHOTO_PROBLEMS)[number];

/**
 * `details` of a PHOTO_UNUSABLE answer (422): every refused photo by its index in `imageUrls`
 * (0 for the first), so the form can show each message beside its photo.
 */
export const photoUnusableDetailsSchema = z.object({
  problems: z.array(z.object({ index: z.number().int().min(0), problem: z.enum(PHOTO_PROBLEMS) })).min(1),
});
export type PhotoUnusableDetails = z.infer<typeof photoUnusableDetailsSchema>;

export interface PhotoStatistics {
  /** Mean luma (Rec. 601 weights of the sRGB values), 0–255. */
  meanLuminance: number;
  /** Variance of the 4-neighbour Laplacian of the luma: how much sharp detail (edges) the photo holds. */
  laplacianVariance: number;
  /**
   * Mean squared Laplacian over mean squared gradient: about 1/(2σ²) for an edge blurred by σ
   * pixels, whatever the edge's contrast and however many edges there are; 0 without any gradient.
   */
  edgeSharpness: number;
}

/** The size of the analysis copy: the long edge at most PHOTO_QUALITY.analysisEdgePx, never enlarged. */
export function analysisSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_QUALITY.analysisEdgePx / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The statistics of interleaved 8-bit pixels (`channels` per pixel: 1 grey, 2 grey + alpha, 3 RGB,
 * 4 RGBA as a canvas gives them; alpha is ignored), over the interior pixels (the border has no
 * neighbours): an image narrower or lower than 3 pixels scores 0 for both measures of detail.
 */
export function photoStatistics(
  pixels: ArrayLike<number>,
  width: number,
  height: number,
  channels: number,
): PhotoStatistics {
  const count = width * height;
  if (count === 0) return { meanLuminance: 0, laplacianVariance: 0, edgeSharpness: 0 };
  const luma = new Float64Array(count);
  let sum = 0;
  for (let i = 0, p = 0; i < count; i++, p += channels) {
    const value =
      channels >= 3 ? 0.299 * pixels[p] + 0.587 * pixels[p + 1] + 0.114 * pixels[p + 2] : pixels[p];
    luma[i] = value;
    sum += value;
  }
  let lapSum = 0;
  let lapSquares = 0;
  let gradientSquares = 0;
  let interior = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
      const laplacian = luma[i - 1] + luma[i + 1] + luma[i - width] + luma[i + width] - 4 * luma[i];
      const dx = (luma[i + 1] - luma[i - 1]) / 2;
      const dy = (luma[i + width] - luma[i - width]) / 2;
      lapSum += laplacian;
      lapSquares += laplacian * laplacian;
      gradientSquares += dx * dx + dy * dy;
      interior += 1;
    }
  }
  if (interior === 0) return { meanLuminance: sum / count, laplacianVariance: 0, edgeSharpness: 0 };
  const laplacianVariance = Math.max(0, lapSquares / interior - (lapSum / interior) ** 2);
  return {
    meanLuminance: sum / count,
    laplacianVariance,
    edgeSharpness: gradientSquares > 0 ? lapSquares / gradientSquares : 0,
  };
}

/** What makes the photo useless, darkness first (a dark photo also looks flat); null when it is usable. */
export function photoProblemOf(stats: PhotoStatistics): PhotoProblem | null {
  if (stats.meanLuminance < PHOTO_QUALITY.minMeanLuminance) return 'too-dark';
  if (
    stats.laplacianVariance < PHOTO_QUALITY.minLaplacianVariance ||
    stats.edgeSharpness < PHOTO_QUALITY.minEdgeSharpness
  ) {
    return 'too-blurred';
  }
  return null;
}

/** What the homeowner reads, naming the photo by its place in the list (1 for the first). */
export function photoProblemMessage(problem: PhotoProblem, position: number): string {
  return problem === 'too-dark'
    ? `Photo ${position} is too dark to help: take it again with more light (a lamp or the flash), or remove it.`
    : `Photo ${position} is too blurred to help: hold the phone still, tap the problem to focus and take it again, or remove it.`;
}
