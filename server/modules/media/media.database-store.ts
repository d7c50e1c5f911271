import type { Database } from '../../db/client';
import {
  contentTypeOfKey,
  isMediaKey,
  MEDIA_URL_PREFIX,
  newMediaKey,
  type MediaStore,
} from '../../lib/media-store';
import { deleteMediaByKeys, findMediaByKey, insertMedia } from './media.repository';

/**
 * Photos in the `media` table, so every instance on one PostgreSQL serves every photo (a folder
 * would hold only what its own instance stored). Same keys and URLs as the folder store.
 */
export function createDatabaseMediaStore(db: Database, options: { urlPrefix?: string } = {}): MediaStore {
  const urlPrefix = options.urlPrefix ?? MEDIA_URL_PREFIX;
  return {
    async put(data, contentType) {
      const key = newMediaKey(contentType);
      await insertMedia(db, { key, contentType, data });
      return { key, url: `${urlPrefix}/${key}` };
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      const row = await findMediaByKey(db, key);
      // The key's extension names the type, as in the folder store: one rule for both.
      return row ? { data: row.data, contentType } : null;
    },
    async remove(key) {
      if (isMediaKey(key)) await deleteMediaByKeys(db, [key]);
    },
  };
}
