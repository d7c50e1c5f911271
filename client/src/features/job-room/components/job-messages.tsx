import { EyeOff, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { JobRoomViewer } from '@shared/contracts/jobs';
import { MESSAGE_MESSAGES, type MessageThread } from '@shared/contracts/messages';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/utils/cn';
import { useJobMessages } from '../api/get-job-messages';
import { COPY } from '../copy';
import { formatDateTime } from '../utils/format';
import { MessageComposer } from './message-composer';
import { RoomSection } from './room-section';

/**
 * The job's conversations: the homeowner has one thread per plumber (a switch between them when there
 * are several: a plain button group, lighter than a tabs primitive),
 * a plumber only his own; admins read without writing. Contact details are masked while no quote is
 * accepted, and the notice says so.
 */
export function JobMessages({
  jobId,
  viewer,
  jobOpen,
}: {
  jobId: string;
  viewer: JobRoomViewer;
  /** Plumbers may still quote (and so start a conversation). */
  jobOpen: boolean;
}) {
  const messages = useJobMessages({ jobId });

  let body;
  if (messages.isPending) {
    body = (
      <div role="status" className="grid gap-2">
        <span className="sr-only">{COPY.messages.loading}</span>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="ml-auto h-10 w-1/2" />
      </div>
    );
  } else if (messages.isError && !messages.data) {
    body = (
      <div className="grid gap-2">
        <p role="alert" className="text-sm text-destructive">
          {COPY.messages.loadFailed}
        </p>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void messages.refetch()}
        >
          {COPY.retry}
        </Button>
      </div>
    );
  } else {
    const { threads, masking } = messages.data;
    body = (
      <>
        {masking && (
          <p
            className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-200"
            data-testid="text-masking-notice"
          >
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {MESSAGE_MESSAGES.maskingNotice}
          </p>
        )}
        {viewer === 'homeowner' || viewer === 'admin' ? (
          <HomeownerThreads
            jobId={jobId}
            threads={threads}
            canWrite={viewer === 'homeowner'}
            emptyText={jobOpen ? COPY.messages.noThreads : COPY.messages.noThreadsClosed}
          />
        ) : (
          <PlumberThread jobId={jobId} thread={threads[0]} />
        )}
      </>
    );
  }

  return (
    <RoomSection id="job-messages" title={COPY.messages.heading} data-testid="section-messages">
      {body}
    </RoomSection>
  );
}

function HomeownerThreads({
  jobId,
  threads,
  canWrite,
  emptyText,
}: {
  jobId: string;
  threads: MessageThread[];
  canWrite: boolean;
  emptyText: string;
}) {
  const [selected, setSelected] = useState<string>();
  if (threads.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="text-no-threads">
        {emptyText}
      </p>
    );
  }
  if (threads.length === 1) {
    return <ThreadPanel jobId={jobId} thread={threads[0]} writeTo={canWrite ? threads[0].plumberId : null} />;
  }
  const thread = threads.find((candidate) => candidate.plumberId === selected) ?? threads[0];
  return (
    <>
      <div
        role="group"
        aria-label={COPY.messages.threadsLabel}
        className="flex max-w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1"
      >
        {threads.map((candidate) => {
          const current = candidate.plumberId === thread.plumberId;
          return (
            <button
              key={candidate.plumberId}
              type="button"
              aria-pressed={current}
              onClick={() => setSelected(candidate.plumberId)}
              className={cn(
                'inline-flex min-h-9 shrink-0 items-center rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                current
                  ? 'bg-background text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
              data-testid="button-thread"
            >
              {COPY.plumberName(candidate.plumber)}
            </button>
          );
        })}
      </div>
      {/* Keyed: each thread keeps nothing of another's draft or scroll position. */}
      <ThreadPanel
        key={thread.plumberId}
        jobId={jobId}
        thread={thread}
        writeTo={canWrite ? thread.plumberId : null}
      />
    </>
  );
}

/**
 * A plumber's own thread. Before he has written there may be none yet: the composer starts it, and
 * the server says whether he may.
 */
function PlumberThread({ jobId, thread }: { jobId: string; thread: MessageThread | undefined }) {
  if (!thread) {
    return (
      <>
        <p className="text-sm text-muted-foreground">{COPY.messages.noMessages}</p>
        <MessageComposer jobId={jobId} partnerName={COPY.messages.homeowner} open />
      </>
    );
  }
  return <ThreadPanel jobId={jobId} thread={thread} writeTo="own" />;
}

/**
 * One conversation and its composer. `writeTo`: the plumber a homeowner writes to, 'own' for a
 * plumber's own thread, null to only read (admins).
 */
function ThreadPanel({
  jobId,
  thread,
  writeTo,
}: {
  jobId: string;
  thread: MessageThread;
  writeTo: string | 'own' | null;
}) {
  const plumberName = COPY.plumberName(thread.plumber);
  const partnerName = writeTo === 'own' ? COPY.messages.homeowner : plumberName;
  const logRef = useRef<HTMLDivElement>(null);
  const count = thread.messages.length;

  // The newest message is at the bottom: keep it in view when one arrives.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count]);

  return (
    <div className="grid gap-3" data-testid={`thread-${thread.plumberId}`}>
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">{COPY.messages.noMessages}</p>
      ) : (
        <div
          ref={logRef}
          role="log"
          aria-label={COPY.messages.threadLog(partnerName)}
          // A scrollable region must be reachable by keyboard to be scrolled without a pointer.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="max-h-[28rem] overflow-y-auto rounded-md border bg-muted/20 p-3 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ol className="grid gap-3">
            {thread.messages.map((message) => {
              const author = message.mine
                ? COPY.messages.you
                : (message.author.name ??
                  (message.author.role === 'homeowner' ? COPY.messages.homeowner : plumberName));
              return (
                <li
                  key={message.id}
                  className={cn(
                    'flex max-w-[85%] flex-col gap-1',
                    message.mine ? 'items-end justify-self-end' : 'items-start justify-self-start',
                  )}
                  data-testid="message"
                  data-mine={message.mine}
                >
                  <p className="text-xs text-muted-foreground">
                    <span className="font-medium text-foreground">{author}</span>
                    {' · '}
                    <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                  </p>
                  <p
                    className={cn(
                      'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-line',
                      message.mine
                        ? 'rounded-br-sm bg-primary text-primary-foreground'
                        : 'rounded-bl-sm bg-muted text-foreground',
                    )}
                    data-testid="text-message-body"
                  >
                    {message.body}
                  </p>
                  {message.masked && (
                    <p className="flex items-center gap-1 text-xs text-muted-foreground">
                      <EyeOff aria-hidden="true" className="size-3.5" />
                      {COPY.messages.maskedNote}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      )}
      {writeTo !== null && (
        <MessageComposer
          jobId={jobId}
          plumberId={writeTo === 'own' ? undefined : writeTo}
          partnerName={partnerName}
          open={thread.open}
        />
      )}
    </div>
  );
}
