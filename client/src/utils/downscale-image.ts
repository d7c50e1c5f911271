import { LIMITS } from '@shared/constants';

/** The long edge a photo is reduced to before upload (what vision models use anyway). */
export const MAX_PHOTO_EDGE_PX = 1568;
export const PHOTO_JPEG_QUALITY = 0.8;
export const MAX_PHOTOS = LIMITS.maxDiagnosisImages;

export interface PreparedPhoto {
  /** `data:image/jpeg;base64,…`, at most MAX_PHOTO_EDGE_PX on its long edge. */
  dataUrl: string;
  width: number;
  height: number;
  /** The original file name, for the thumbnail's description. */
  name: string;
}

export class UnreadablePhotoError extends Error {
  override readonly name = 'UnreadablePhotoError';
}

export function fitWithin(width: number, height: number, maxEdge = MAX_PHOTO_EDGE_PX) {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

type Drawable = { source: CanvasImageSource; width: number; height: number; release: () => void };

/** Decodes the file, honouring its EXIF orientation (the browser's default for both paths). */
async function decode(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    } catch {
      // Fall through to the <img> path, which some browsers decode more formats with.
    }
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new UnreadablePhotoError('This file could not be read as an image');
  }
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  };
}

/**
 * Reduces a photo on the device before it is sent: long edge ≤ 1568 px, re-encoded as JPEG at
 * quality 0.8 — a 12-megapixel phone photo becomes a few hundred kilobytes. Transparent areas
 * (PNG, WebP) are painted white, since JPEG has no alpha.
 */
export async function downscaleImage(file: File): Promise<PreparedPhoto> {
  if (!file.type.startsWith('image/')) throw new UnreadablePhotoError('Only image files can be uploaded');
  const decoded = await decode(file);
  try {
    if (!decoded.width || !decoded.height)
      throw new UnreadablePhotoError('This file could not be read as an image');
    const { width, height } = fitWithin(decoded.width, decoded.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new UnreadablePhotoError('This browser cannot prepare photos for upload');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(decoded.source, 0, 0, width, height);
    const dataUrl = canvas.toDataURL('image/jpeg', PHOTO_JPEG_QUALITY);
    if (!dataUrl.startsWith('data:image/jpeg')) {
      throw new UnreadablePhotoError('This browser cannot prepare photos for upload');
    }
    return { dataUrl, width, height, name: file.name };
  } finally {
    decoded.release();
  }
}
