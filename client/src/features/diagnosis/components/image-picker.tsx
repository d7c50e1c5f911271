import { Camera, ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/utils/cn';
import { MAX_PHOTOS } from '@/utils/downscale-image';
import type { PhotoSelection } from '../hooks/use-photo-selection';

/**
 * Optional photos of the problem: pick several from the library (or drop them here), or take one
 * with the phone's camera (`capture` hint). Each is reduced on the device before upload; thumbnails
 * show what will be sent, each with its own remove button.
 */
export function ImagePicker({
  selection,
  disabled = false,
}: {
  selection: PhotoSelection;
  disabled?: boolean;
}) {
  const { photos, preparing, notice, addFiles, remove } = selection;
  const libraryInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
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
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
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
          Add up to {MAX_PHOTOS} photos of the problem (optional). Images only; they are resized on your
          device before upload.
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
            {photos.map((photo, index) => (
              <li key={photo.id} className="relative" data-testid="photo-thumbnail">
                <img
                  src={photo.dataUrl}
                  alt={`${photo.name} (${index + 1} of ${photos.length})`}
                  className="aspect-square w-full rounded-md border object-cover"
                />
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
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
