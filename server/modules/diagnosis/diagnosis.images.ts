import {
  analysisSize,
  photoProblemMessage,
  photoProblemOf,
  photoStatistics,
  type PhotoStatistics,
  type PhotoUnusableDetails,
} from '@shared/photo-quality';
import { AppError } from '../../lib/app-error';
import { DecodeFailure, type PhotoDecoder } from './diagnosis.decoder';
import type { CleanImage } from './diagnosis.engine';

/**
 * Photos arrive as data URLs. Before anything stores or sends them they are checked (JPEG, PNG or
 * WebP by their bytes, not their label; size and pixel caps) and re-encoded: auto-rotated, every
 * piece of metadata (EXIF, GPS, XMP, ICC) dropped, long edge at most 1568 px, JPEG.
 */
export const IMAGE_LIMITS = {
  /**
   * The client reduces every photo on the device to a long edge of 1568 px at JPEG quality 0.8
   * (client/src/utils/downscale-image.ts): a real photo becomes 0.2–0.6 MB, and
   * even pure noise at 1568 × 1568 (the worst case for JPEG) is about 1.49 MB. 1.5 MiB keeps every
   * photo the client can produce and refuses what only a script sends.
   */
  maxDecodedBytes: 1.5 * 1024 * 1024,
  /**
   * Decompression-bomb guard, checked from the header before any pixel is decoded: 16 MP (a
   * 4000 × 4000 image, more than a 12 MP phone photo) needs ~64 MB to decode; 40 MP needed 160 MB.
   */
  maxInputPixels: 16_000_000,
  /** The long edge vision models work at without further downscaling. */
  maxLongEdge: 1568,
  jpegQuality: 82,
} as const;

export const IMAGE_MESSAGES = {
  tooLarge: 'Photo is too large: each photo must be at most 1.5 MB. Please choose a smaller photo.',
  tooManyPixels:
    'Photo is too large: each photo must be at most 16 megapixels (4000 × 4000). Please choose a smaller photo.',
  unsupportedType: 'Photos must be JPEG, PNG or WebP images',
  unreadable: 'A photo could not be read. Please choose another one.',
} as const;

type ImageKind = 'jpeg' | 'png' | 'webp';

/** The format by its first bytes; anything else (HTML, SVG, PDF, a renamed file) is refused. */
export function sniffImageType(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

const DATA_URL = /^data:[^,;]*(?:;[^,;]*)*;base64,/i;

/** Decoded size of base64 text without decoding it. */
function base64DecodedLength(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/** A photo whose bytes passed the cheap checks, ready for the decoder. */
export interface CheckedImage {
  bytes: Buffer;
  index: number;
}

/**
 * The cheap checks, on the event loop and before any decoding: a data URL, base64, within the size
 * cap, and a JPEG, PNG or WebP by its first bytes. A bad photo is refused without waiting for a turn.
 */
export function checkImage(dataUrl: string, index = 0): CheckedImage {
  const prefix = DATA_URL.exec(dataUrl);
  if (!prefix) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unsupportedType, { index });
  const payload = dataUrl.slice(prefix[0].length).replace(/\s+/g, '');
  if (base64DecodedLength(payload) > IMAGE_LIMITS.maxDecodedBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge, { index });
  }
  const bytes = Buffer.from(payload, 'base64');
  // Node's decoder skips characters outside the alphabet (and stops at misplaced padding), so any
  // such character leaves fewer bytes than the text's length promises: one comparison instead of a
  // pattern run over megabytes of text on the event loop.
  if (bytes.length !== base64DecodedLength(payload))
    throw new AppError('VALIDATION_ERROR', IMAGE_MESSAGES.unreadable, { index });
  if (!sniffImageType(bytes))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unsupportedType, { index });
  return { bytes, index };
}

/** Decodes and re-encodes one checked photo (in the decoder process, diagnosis.decoder.ts). */
export async function reencodeImage(
  { bytes, index }: CheckedImage,
  decoder: PhotoDecoder,
): Promise<CleanImage> {
  try {
    const { data, width, height } = await decoder.reencode({
      bytes,
      maxInputPixels: IMAGE_LIMITS.maxInputPixels,
      maxLongEdge: IMAGE_LIMITS.maxLongEdge,
      jpegQuality: IMAGE_LIMITS.jpegQuality,
    });
    return { data, contentType: 'image/jpeg', width, height };
  } catch (error) {
    // A stopped decoder is the server's trouble, not the photo's: its 503 goes out as it is.
    if (!(error instanceof DecodeFailure)) throw error;
    if (/pixel limit/i.test(error.message))
      throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooManyPixels, { index });
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unreadable, { index });
  }
}

/** Checks and cleans one photo. */
export async function cleanImage(dataUrl: string, decoder: PhotoDecoder, index = 0): Promise<CleanImage> {
  return reencodeImage(checkImage(dataUrl, index), decoder);
}

/**
 * The quality statistics of a cleaned photo (shared/photo-quality.ts), the same the device computes:
 * on a copy of the cleaned JPEG shrunk to the analysis size, which the JPEG decoder mostly does while
 * decoding (shrink-on-load), so it costs a few milliseconds.
 */
export async function cleanImageStatistics(
  image: CleanImage,
  decoder: PhotoDecoder,
): Promise<PhotoStatistics> {
  const pixels = await decoder.rawPixels({
    bytes: image.data,
    ...analysisSize(image.width, image.height),
  });
  return photoStatistics(pixels.data, pixels.width, pixels.height, pixels.channels);
}

export interface CleanImagesOptions {
  /** The app's decoder process (diagnosis.decoder.ts). */
  decoder: PhotoDecoder;
  /**
   * Runs the decoding of one request's photos: the per-process decode gate, so photos are decoded one
   * at a time and a flood is refused (503) instead of queueing without bound. Default: at once.
   */
  runDecoding?: <T>(task: () => Promise<T>) => Promise<T>;
  /**
   * Refuse photos too dark or too blurred to help (PHOTO_UNUSABLE, 422, naming each by its place):
   * a diagnosis' photos. Default false.
   */
  requireUsable?: boolean;
}

/**
 * Checks every photo, then decodes them one after another (never side by side): the caller runs
 * the decoding behind the per-process decode gate, so one photo at a time uses the decoder's CPU.
 * With `requireUsable`, each cleaned photo's quality is judged there too, and if any is unusable
 * none is returned: the error names them all.
 */
export async function cleanImages(
  dataUrls: readonly string[],
  { decoder, runDecoding = (task) => task(), requireUsable = false }: CleanImagesOptions,
): Promise<CleanImage[]> {
  const checked: CheckedImage[] = [];
  for (const [index, url] of dataUrls.entries()) {
    // Decoding a photo's base64 takes a few milliseconds of the event loop: other requests go between.
    if (index > 0) await new Promise((resolve) => setImmediate(resolve));
    checked.push(checkImage(url, index));
  }
  if (checked.length === 0) return [];
  return runDecoding(async () => {
    const images: CleanImage[] = [];
    const problems: PhotoUnusableDetails['problems'] = [];
    for (const image of checked) {
      const clean = await reencodeImage(image, decoder);
      if (requireUsable) {
        const problem = photoProblemOf(await cleanImageStatistics(clean, decoder));
        if (problem) problems.push({ index: image.index, problem });
      }
      images.push(clean);
    }
    if (problems.length > 0) {
      const details: PhotoUnusableDetails = { problems };
      throw new AppError(
        'PHOTO_UNUSABLE',
        problems.map(({ index, problem }) => photoProblemMessage(problem, index + 1)).join(' '),
        details,
      );
    }
    return images;
  });
}
