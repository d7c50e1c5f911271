import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where cleaned images live. A small interface so the store can change (a folder on the embedded
 * database, the `media` table on PostgreSQL, an object store later) without touching the modules
 * that store images.
 */
export type MediaContentType = 'image/jpeg' | 'image/webp';

export interface StoredMedia {
  /** Opaque file name, e.g. `3f2c….jpg`. */
  key: string;
  /** Where the app serves it, e.g. `/media/3f2c….jpg`. */
  url: string;
}

export interface MediaStore {
  put(data: Buffer, contentType: MediaContentType): Promise<StoredMedia>;
  /** null for a malformed or unknown key. */
  get(key: string): Promise<{ data: Buffer; contentType: MediaContentType } | null>;
  /** Idempotent: removing an unknown or malformed key does nothing. */
  remove(key: string): Promise<void>;
}

/** Where the app serves stored media (server/app.ts mounts the media router here). */
export const MEDIA_URL_PREFIX = '/media';

const EXTENSIONS: Record<MediaContentType, string> = { 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const CONTENT_TYPES: Record<string, MediaContentType> = { jpg: 'image/jpeg', webp: 'image/webp' };
/** Keys are random UUIDs with our extension: nothing else (no paths) is ever read from disk. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|webp)$/;

export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

/** A fresh random key for content of this type; every store names its media this way. */
export function newMediaKey(contentType: MediaContentType): string {
  return `${randomUUID()}.${EXTENSIONS[contentType]}`;
}

/** The content type a key's extension stands for; null for a malformed key. */
export function contentTypeOfKey(key: string): MediaContentType | null {
  const match = KEY.exec(key);
  return match ? CONTENT_TYPES[match[1]] : null;
}

/** The key in a URL a store returned (`/media/<key>`); null for anything else. */
export function mediaKeyFromUrl(url: string): string | null {
  const key = url.slice(url.lastIndexOf('/') + 1);
  return isMediaKey(key) ? key : null;
}

/** Files in one local folder (default `DATA_DIR/media`), served under `urlPrefix`. */
export function createLocalMediaStore(options: { dir: string; urlPrefix?: string }): MediaStore {
  const dir = path.resolve(options.dir);
  const urlPrefix = options.urlPrefix ?? MEDIA_URL_PREFIX;
  let ready: Promise<unknown> | undefined;

  return {
    async put(data, contentType) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const key = newMediaKey(contentType);
      await writeFile(path.join(dir, key), data, { flag: 'wx', mode: 0o640 });
      return { key, url: `${urlPrefix}/${key}` };
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      try {
        return { data: await readFile(path.join(dir, key)), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      if (isMediaKey(key)) await rm(path.join(dir, key), { force: true });
    },
  };
}
