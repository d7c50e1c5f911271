import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where cleaned images live. A small interface so an object store (S3 and friends) can replace
 * the local folder without touching the modules that store images.
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
  remove(key: string): Promise<void>;
}

const EXTENSIONS: Record<MediaContentType, string> = { 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const CONTENT_TYPES: Record<string, MediaContentType> = { jpg: 'image/jpeg', webp: 'image/webp' };
/** Keys are random UUIDs with our extension: nothing else (no paths) is ever read from disk. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|webp)$/;

export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

/** Files in one local folder (default `DATA_DIR/media`), served under `urlPrefix`. */
export function createLocalMediaStore(options: { dir: string; urlPrefix?: string }): MediaStore {
  const dir = path.resolve(options.dir);
  const urlPrefix = options.urlPrefix ?? '/media';
  let ready: Promise<unknown> | undefined;

  return {
    async put(data, contentType) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const key = `${randomUUID()}.${EXTENSIONS[contentType]}`;
      await writeFile(path.join(dir, key), data, { flag: 'wx', mode: 0o640 });
      return { key, url: `${urlPrefix}/${key}` };
    },
    async get(key) {
      const match = KEY.exec(key);
      if (!match) return null;
      try {
        return { data: await readFile(path.join(dir, key)), contentType: CONTENT_TYPES[match[1]] };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      if (KEY.test(key)) await rm(path.join(dir, key), { force: true });
    },
  };
}
