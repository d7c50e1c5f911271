import { useCallback, useRef, useState } from 'react';
import type { PhotoProblem } from '@shared/photo-quality';
import {
  MAX_PHOTOS,
  UnreadablePhotoError,
  downscaleImage,
  type PreparedPhoto,
} from '@/utils/downscale-image';
import { COPY } from '../copy';
import { checkPhoto } from '../utils/photo-check';

export interface SelectedPhoto extends PreparedPhoto {
  id: number;
  /** Too dark or too blurred to help (the device's check, or the server's refusal); null when usable. */
  problem: PhotoProblem | null;
}

export interface PhotoSelection {
  photos: SelectedPhoto[];
  /** Photos still being decoded, reduced and checked. */
  preparing: number;
  /** A message about the last addition (too many photos, an unreadable file), or null. */
  notice: string | null;
  /** Some photo is too dark or too blurred: the diagnosis waits until it is replaced or removed. */
  hasUnusable: boolean;
  addFiles: (files: Iterable<File>) => Promise<void>;
  /** Puts another file in the place of a photo (the usual answer to "too dark" or "too blurred"). */
  replace: (id: number, file: File) => Promise<void>;
  /** Marks the photos the server refused (by id), with its reason. */
  markUnusable: (refused: readonly { id: number; problem: PhotoProblem }[]) => void;
  remove: (id: number) => void;
  clear: () => void;
}

const unreadableReason = (error: unknown) =>
  error instanceof UnreadablePhotoError ? error.message : 'This file could not be read as an image';

/**
 * The wizard's photos: downscaled and checked (too dark, too blurred: shared/photo-quality.ts) one
 * at a time as they are picked, at most MAX_PHOTOS.
 */
export function usePhotoSelection(): PhotoSelection {
  const [photos, setPhotos] = useState<SelectedPhoto[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const nextId = useRef(1);
  // Counts photos already kept plus those being prepared, so quick successive picks respect the limit.
  const reserved = useRef(0);
  // Bumped by clear(): photos still being prepared for an abandoned selection are dropped.
  const generation = useRef(0);

  /** Reduces and checks one file; the photo is placed by `place` unless the selection was cleared. */
  const prepare = useCallback(
    async (file: File, place: (photo: SelectedPhoto) => void): Promise<string | null> => {
      const startedIn = generation.current;
      setPreparing((count) => count + 1);
      try {
        const prepared = await downscaleImage(file);
        const problem = await checkPhoto(prepared.dataUrl);
        if (generation.current === startedIn) place({ ...prepared, id: nextId.current++, problem });
        return null;
      } catch (error) {
        return `${file.name}: ${unreadableReason(error)}.`;
      } finally {
        if (generation.current === startedIn) setPreparing((count) => count - 1);
      }
    },
    [],
  );

  const addFiles = useCallback(
    async (files: Iterable<File>) => {
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
        const failure = await prepare(file, (photo) => setPhotos((current) => [...current, photo]));
        if (generation.current !== startedIn) return;
        if (failure) {
          reserved.current -= 1;
          problems.push(failure);
        }
      }
      if (problems.length > 0) setNotice(problems.join(' '));
    },
    [prepare],
  );

  const replace = useCallback(
    async (id: number, file: File) => {
      setNotice(null);
      const failure = await prepare(file, (photo) =>
        setPhotos((current) => current.map((kept) => (kept.id === id ? photo : kept))),
      );
      if (failure) setNotice(failure);
    },
    [prepare],
  );

  const markUnusable = useCallback((refused: readonly { id: number; problem: PhotoProblem }[]) => {
    const byId = new Map(refused.map(({ id, problem }) => [id, problem]));
    setPhotos((current) =>
      current.map((photo) => (byId.has(photo.id) ? { ...photo, problem: byId.get(photo.id)! } : photo)),
    );
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

  return {
    photos,
    preparing,
    notice,
    hasUnusable: photos.some((photo) => photo.problem !== null),
    addFiles,
    replace,
    markUnusable,
    remove,
    clear,
  };
}
