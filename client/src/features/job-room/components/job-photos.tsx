import type { JobPhoto } from '@shared/contracts/jobs';
import { COPY } from '../copy';
import { RoomSection } from './room-section';

/** The homeowner's photos of the problem; each opens full size in a new tab. */
export function JobPhotos({ photos }: { photos: JobPhoto[] }) {
  return (
    <RoomSection id="job-photos" title={COPY.photos.heading} data-testid="section-photos">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {photos.map((photo, index) => {
          const label = COPY.photos.photo(index + 1, photos.length);
          return (
            <li key={photo.id}>
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
            </li>
          );
        })}
      </ul>
    </RoomSection>
  );
}
