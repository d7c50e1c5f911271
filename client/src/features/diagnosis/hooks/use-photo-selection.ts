import { useCallback, useRef, useState } from 'react';
import {
  MAX_PHOTOS,
  UnreadablePhotoError,
  downscaleImage,
  type PreparedPhoto,
} from '@/utils/downscale-image';
import { COPY } from '../copy';

export interface SelectedPhoto extends PreparedPhoto {
  id: number;
}

export interface PhotoSelection {
  photos: SelectedPhoto[];
  /** Photos still being decoded and reduced. */
  preparing: number;
  /** A message about the last addition (too many photos, an unreadable file), or null. */
  notice: string | null;
  addFiles: (files: Iterable<File>) => Promise<void>;
  remove: (id: number) => void;
  clear: () => void;
}

/** The wizard's photos: downscaled one at a time as they are picked, at most MAX_PHOTOS. */
export function usePhotoSelection(): PhotoSelection {
  const [photos, setPhotos] = useState<SelectedPhoto[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const nextId = useRef(1);
  // Counts photos already kept plus those being prepared, so quick successive picks respect the limit.
  const reserved = useRef(0);
  // Bumped by clear(): photos still being prepared for an abandoned selection are dropped.
  const generation = useRef(0);

  const addFiles = useCallback(async (files: Iterable<File>) => {
    const picked = Array.from(files);
    if (picked.length === 0) return;
    const room = Math.max(0, MAX_PHOTOS - reserved.current);
    const accepted = picked.slice(0, room);
    const problems: string[] = [];
    if (picked.length > room) problems.push(COPY.tooManyPhotos);
    reserved.current += accepted.length;
    setNotice(null);
    const startedIn = generation.current;

    for (const file of accepted) {
      setPreparing((count) => count + 1);
      try {
        const prepared = await downscaleImage(file);
        if (generation.current !== startedIn) return;
        const id = nextId.current++;
        setPhotos((current) => [...current, { ...prepared, id }]);
      } catch (error) {
        if (generation.current !== startedIn) return;
        reserved.current -= 1;
        const reason =
          error instanceof UnreadablePhotoError ? error.message : 'This file could not be read as an image';
        problems.push(`${file.name}: ${reason}.`);
      } finally {
        if (generation.current === startedIn) setPreparing((count) => count - 1);
      }
    }
    if (problems.length > 0) setNotice(problems.join(' '));
  }, []);

  const remove = useCallback(
    (id: number) => {
      if (!photos.some((photo) => photo.id === id)) return;
      reserved.current -= 1;
      setPhotos((current) => current.filter((photo) => photo.id !== id));
      setNotice(null);
    },
    [photos],
  );

  const clear = useCallback(() => {
    generation.current += 1;
    reserved.current = 0;
    setPhotos([]);
    setPreparing(0);
    setNotice(null);
  }, []);

  return { photos, preparing, notice, addFiles, remove, clear };
}
