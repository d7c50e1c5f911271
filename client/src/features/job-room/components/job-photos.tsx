import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { MAX_JOB_PHOTOS, type JobPhoto } from '@shared/contracts/jobs';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { UnreadablePhotoError, downscaleImage } from '@/utils/downscale-image';
import { useAddJobPhotos } from '../api/add-job-photos';
import { useRemoveJobPhoto } from '../api/remove-job-photo';
import { COPY } from '../copy';
import { RoomSection } from './room-section';

/**
 * The photos of the problem; each opens full size in a new tab. The homeowner of an open job adds
 * photos (reduced on the device, as in the diagnosis wizard) and removes them, after a confirmation
 * (docs/product.md#the-job-room-messages-and-notifications).
 */
export function JobPhotos({
  jobId,
  photos,
  canEdit,
}: {
  jobId: string;
  photos: JobPhoto[];
  canEdit: boolean;
}) {
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [preparing, setPreparing] = useState(false);
  /** What went wrong preparing the last pick (too many, an unreadable file), or null. */
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ photo: JobPhoto; index: number } | null>(null);
  // After a removal the photo's own button is gone: focus goes back to "Add Photos".
  const removed = useRef(false);

  const add = useAddJobPhotos({
    mutationConfig: {
      onSuccess: (_photos, { imageUrls }) =>
        toast({ title: COPY.photos.addedTitle, description: COPY.photos.added(imageUrls.length) }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: COPY.errorTitle,
          description: getErrorMessage(error, COPY.photos.addFailure),
        }),
    },
  });
  const remove = useRemoveJobPhoto({
    mutationConfig: {
      onSuccess: () => {
        removed.current = true;
        setConfirming(null);
        toast({ title: COPY.photos.removedTitle });
      },
      onError: (error) => {
        setConfirming(null);
        toast({
          variant: 'destructive',
          title: COPY.errorTitle,
          description: getErrorMessage(error, COPY.photos.removeFailure),
        });
      },
    },
  });

  const room = MAX_JOB_PHOTOS - photos.length;
  const busy = preparing || add.isPending;

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Reset so picking the same file again fires `change` once more.
    event.target.value = '';
    if (files.length === 0 || room <= 0) return;
    const problems: string[] = [];
    if (files.length > room) problems.push(COPY.photos.tooMany(room));
    setNotice(null);
    setPreparing(true);
    const imageUrls: string[] = [];
    try {
      // One at a time: a phone decodes one full-size photo at once, not five.
      for (const file of files.slice(0, room)) {
        try {
          imageUrls.push((await downscaleImage(file)).dataUrl);
        } catch (error) {
          const reason = error instanceof UnreadablePhotoError ? error.message : COPY.photos.unreadable;
          problems.push(`${file.name}: ${reason}.`);
        }
      }
    } finally {
      setPreparing(false);
    }
    if (problems.length > 0) setNotice(problems.join(' '));
    if (imageUrls.length > 0) add.mutate({ jobId, imageUrls });
  };

  return (
    <RoomSection
      id="job-photos"
      title={COPY.photos.heading}
      data-testid="section-photos"
      action={
        canEdit && (
          <Button
            ref={addButton}
            variant="outline"
            size="sm"
            onClick={() => input.current?.click()}
            disabled={busy || room <= 0}
            aria-busy={busy}
            aria-describedby={hintId}
            data-testid="button-add-photos"
          >
            {busy ? <Spinner /> : <ImagePlus aria-hidden="true" />}
            {COPY.photos.add}
          </Button>
        )
      }
    >
      {canEdit && (
        <>
          <p id={hintId} className="text-sm text-muted-foreground">
            {room > 0 ? COPY.photos.hint(MAX_JOB_PHOTOS) : COPY.photos.full(MAX_JOB_PHOTOS)}
          </p>
          <input
            ref={input}
            type="file"
            accept="image/*"
            multiple
            hidden
            onChange={(event) => void onPick(event)}
            data-testid="input-job-photos"
          />
          <div aria-live="polite" className="grid gap-1 empty:hidden">
            {busy && (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner />
                {preparing ? COPY.photos.preparing : COPY.photos.uploading}
              </p>
            )}
            {notice && (
              <p className="text-sm font-medium text-destructive" data-testid="text-photo-notice">
                {notice}
              </p>
            )}
          </div>
        </>
      )}
      {photos.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="text-no-photos">
          {COPY.photos.none}
        </p>
      ) : (
        <>
          {canEdit && (
            <p className="text-sm font-medium">{COPY.photos.count(photos.length, MAX_JOB_PHOTOS)}</p>
          )}
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {photos.map((photo, index) => {
              const label = COPY.photos.photo(index + 1, photos.length);
              return (
                <li key={photo.id} className="relative" data-testid="job-photo">
                  <a
                    href={photo.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block overflow-hidden rounded-md border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    <img
                      src={photo.url}
                      alt={label}
                      loading="lazy"
                      decoding="async"
                      className="aspect-square w-full bg-muted object-cover"
                    />
                  </a>
                  {canEdit && (
                    <Button
                      variant="secondary"
                      size="icon"
                      onClick={() => setConfirming({ photo, index })}
                      disabled={remove.isPending}
                      aria-label={COPY.photos.remove(index + 1, photos.length)}
                      className="absolute -top-2 -right-2 size-8 rounded-full border shadow-sm"
                      data-testid="button-remove-photo"
                    >
                      <X aria-hidden="true" />
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}

      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setConfirming(null);
        }}
      >
        <DialogContent
          closeLabel={COPY.photos.cancel}
          onCloseAutoFocus={(event) => {
            if (!removed.current) return;
            removed.current = false;
            event.preventDefault();
            addButton.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{COPY.photos.confirmTitle}</DialogTitle>
            <DialogDescription>{COPY.photos.confirmDescription}</DialogDescription>
          </DialogHeader>
          {confirming && (
            <img
              src={confirming.photo.url}
              alt={COPY.photos.photo(confirming.index + 1, photos.length)}
              className="max-h-48 w-full rounded-md border bg-muted object-contain"
            />
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={remove.isPending}>
              {COPY.photos.cancel}
            </Button>
            <Button
              variant="destructive"
              onClick={() => confirming && remove.mutate({ jobId, photoId: confirming.photo.id })}
              disabled={remove.isPending}
              aria-busy={remove.isPending}
              data-testid="button-confirm-remove-photo"
            >
              {remove.isPending && <Spinner />}
              {COPY.photos.confirmRemove}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </RoomSection>
  );
}
