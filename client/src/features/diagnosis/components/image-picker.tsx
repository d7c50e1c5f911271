import { Camera, ImagePlus, RefreshCw, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { photoProblemMessage } from '@shared/photo-quality';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/utils/cn';
import { MAX_PHOTOS } from '@/utils/downscale-image';
import { COPY } from '../copy';
import type { PhotoSelection } from '../hooks/use-photo-selection';

/**
 * Optional photos of the problem: pick several from the library (or drop them here), or take one
 * with the phone's camera (`capture` hint). Each is reduced and checked on the device before upload;
 * thumbnails show what will be sent, each with its own remove button. A photo too dark or too blurred
 * to help shows why beside it, with a button to replace it.
 */
export function ImagePicker({
  selection,
  disabled = false,
}: {
  selection: PhotoSelection;
  disabled?: boolean;
}) {
  const { photos, preparing, notice, addFiles, remove, replace } = selection;
  const libraryInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  // The photo the next pick of replaceInput takes the place of.
  const replacing = useRef<number | null>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  // After a removal, focus goes to the next thumbnail's remove button (or back to "Choose Photos").
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove-photo]') ?? [];
    const target = buttons[Math.min(index, buttons.length - 1)] ?? chooseButton.current;
    target?.focus();
  }, [photos]);
  const full = photos.length + preparing >= MAX_PHOTOS;
  const cannotAdd = disabled || full;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Reset so picking the same file again (after removing it) fires `change` once more.
    event.target.value = '';
    void addFiles(files);
  };

  const onReplacePick = (event: ChangeEvent<HTMLInputElement>) => {
    const [file] = Array.from(event.target.files ?? []);
    event.target.value = '';
    const id = replacing.current;
    replacing.current = null;
    if (file && id !== null) void replace(id, file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (cannotAdd) return;
    void addFiles(Array.from(event.dataTransfer.files).filter((file) => file.type.startsWith('image/')));
  };

  return (
    <div className="grid gap-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!cannotAdd) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-input/60 px-4 py-8 text-center transition-colors',
          dragging && 'border-primary bg-accent',
        )}
      >
        <ImagePlus className="size-10 text-muted-foreground" aria-hidden="true" />
        <p id={hintId} className="max-w-sm text-sm text-muted-foreground">
          Add up to {MAX_PHOTOS} photos of the problem (optional). Images only; they are resized and checked
          on your device before upload.
        </p>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button
            ref={chooseButton}
            variant="outline"
            onClick={() => libraryInput.current?.click()}
            disabled={cannotAdd}
            aria-describedby={hintId}
            data-testid="button-choose-photos"
          >
            <ImagePlus aria-hidden="true" />
            Choose Photos
          </Button>
          <Button
            variant="outline"
            // Only useful where there is a camera to hand: phones and tablets.
            className="hidden pointer-coarse:inline-flex"
            onClick={() => cameraInput.current?.click()}
            disabled={cannotAdd}
            aria-describedby={hintId}
            data-testid="button-take-photo"
          >
            <Camera aria-hidden="true" />
            Take Photo
          </Button>
        </div>
        <input
          ref={libraryInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={onPick}
          data-testid="input-photos"
        />
        <input
          ref={cameraInput}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          onChange={onPick}
          data-testid="input-camera"
        />
        <input
          ref={replaceInput}
          type="file"
          accept="image/*"
          hidden
          onChange={onReplacePick}
          data-testid="input-replace-photo"
        />
      </div>

      <div aria-live="polite" className="grid gap-2 empty:hidden">
        {preparing > 0 && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Preparing {preparing === 1 ? 'photo' : `${preparing} photos`}…
          </p>
        )}
        {notice && (
          <p className="text-sm font-medium text-destructive" data-testid="photo-notice">
            {notice}
          </p>
        )}
      </div>

      {photos.length > 0 && (
        <div className="grid gap-2">
          <p className="text-sm font-medium">
            {photos.length} of {MAX_PHOTOS} photos added
          </p>
          <ul ref={listRef} className="grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label="Selected photos">
            {photos.map((photo, index) => {
              const problemId = `photo-problem-${photo.id}`;
              const removeButton = (
                <Button
                  variant="secondary"
                  size="icon"
                  onClick={() => {
                    focusAfterRemove.current = index;
                    remove(photo.id);
                  }}
                  disabled={disabled}
                  aria-label={`Remove photo ${index + 1}`}
                  className="absolute -right-2 -top-2 size-8 rounded-full border shadow-sm"
                  data-remove-photo
                >
                  <X aria-hidden="true" />
                </Button>
              );
              return photo.problem ? (
                // Beside the photo: why it cannot help, and a way to take or choose another.
                <li
                  key={photo.id}
                  className="col-span-full flex items-start gap-3 rounded-md border border-destructive/60 bg-destructive/5 p-2"
                  data-testid="photo-thumbnail"
                >
                  <div className="relative w-20 shrink-0 sm:w-24">
                    <img
                      src={photo.dataUrl}
                      alt={`${photo.name} (${index + 1} of ${photos.length})`}
                      aria-describedby={problemId}
                      className="aspect-square w-full rounded-md border border-destructive object-cover"
                    />
                    {removeButton}
                  </div>
                  <div className="grid min-w-0 gap-2">
                    <p
                      id={problemId}
                      role="status"
                      className="text-sm font-medium text-destructive"
                      data-testid="photo-problem"
                    >
                      {photoProblemMessage(photo.problem, index + 1)}
                    </p>
                    <Button
                      variant="outline"
                      size="sm"
                      className="w-fit"
                      disabled={disabled || preparing > 0}
                      onClick={() => {
                        replacing.current = photo.id;
                        replaceInput.current?.click();
                      }}
                      data-testid="button-replace-photo"
                    >
                      <RefreshCw aria-hidden="true" />
                      {COPY.replacePhoto(index + 1)}
                    </Button>
                  </div>
                </li>
              ) : (
                <li key={photo.id} className="relative" data-testid="photo-thumbnail">
                  <img
                    src={photo.dataUrl}
                    alt={`${photo.name} (${index + 1} of ${photos.length})`}
                    className="aspect-square w-full rounded-md border object-cover"
                  />
                  {removeButton}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
