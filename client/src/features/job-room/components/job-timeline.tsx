import type { TimelineEntry } from '@shared/contracts/jobs';
import { formatDateTime } from '../utils/format';
import { COPY } from '../copy';
import { RoomSection } from './room-section';

/** The job's history, oldest first: each status it went through, when, and any note. */
export function JobTimeline({ timeline }: { timeline: TimelineEntry[] }) {
  return (
    <RoomSection id="job-timeline" title={COPY.timeline.heading} data-testid="section-timeline">
      {timeline.length === 0 ? (
        <p className="text-sm text-muted-foreground">{COPY.timeline.empty}</p>
      ) : (
        <ol className="grid gap-4 border-l pl-4">
          {timeline.map((entry, index) => (
            <li key={`${entry.createdAt}-${index}`} className="relative grid gap-0.5 text-sm">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full border-2 border-background bg-primary"
              />
              <span className="font-medium" data-testid="text-timeline-status">
                {entry.statusLabel}
              </span>
              <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
                {formatDateTime(entry.createdAt)}
              </time>
              {entry.notes && (
                <p className="break-words whitespace-pre-line text-muted-foreground">{entry.notes}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </RoomSection>
  );
}
