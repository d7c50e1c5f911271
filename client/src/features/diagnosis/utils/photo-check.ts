import {
  analysisSize,
  photoProblemOf,
  photoStatistics,
  photoUnusableDetailsSchema,
  type PhotoProblem,
  type PhotoUnusableDetails,
} from '@shared/photo-quality';
import { isApiError } from '@/lib/api-client';

/**
 * The device's check of a photo already reduced for upload: the same statistics and thresholds as
 * the server's (shared/photo-quality.ts), on a copy drawn at the analysis size. The server judges
 * again and has the last word; when this browser cannot check (no canvas, an image it will not
 * decode), the photo is let through to it.
 */
export async function checkPhoto(dataUrl: string): Promise<PhotoProblem | null> {
  try {
    const image = new Image();
    image.src = dataUrl;
    await image.decode();
    const { width, height } = analysisSize(image.naturalWidth, image.naturalHeight);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    return photoProblemOf(photoStatistics(data, width, height, 4));
  } catch {
    return null;
  }
}

/** The photos the server refused (422 PHOTO_UNUSABLE), by their index in the request; else null. */
export function refusedPhotos(error: unknown): PhotoUnusableDetails['problems'] | null {
  if (!isApiError(error, 422) || error.code !== 'PHOTO_UNUSABLE') return null;
  const details = photoUnusableDetailsSchema.safeParse((error.body as { details?: unknown }).details);
  return details.success ? details.data.problems : null;
}
