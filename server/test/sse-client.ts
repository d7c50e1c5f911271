import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

/** One Server-Sent Event as a browser's EventSource dispatches it. */
export interface ReceivedEvent {
  /** The `id:` field (the stream's Last-Event-ID from then on), if it had one. */
  id: string | undefined;
  /** The `event:` field; `message` when absent, as EventSource names it. */
  type: string;
  data: string;
}

/**
 * A reader of one `text/event-stream` answer, for tests and benchmarks: what the browser's
 * EventSource would see, without its reconnecting (a test reconnects itself, with `lastEventId`).
 */
export interface EventStreamReader {
  status: number;
  headers: Headers;
  /** A non-200 answer's JSON body (the stream itself has none). */
  body: unknown;
  /** Events received so far, in order. */
  events: ReceivedEvent[];
  /** Comment lines received so far (`: ping` → `ping`). */
  comments: string[];
  /** The last `retry:` value received. */
  retryMs: number | undefined;
  /** True once the server ended the stream (or it broke). */
  ended: boolean;
  /** Everything received, as text. */
  text(): string;
  /**
   * Resolves once `check()` holds (checked now and after each chunk received), or rejects after
   * `timeoutMs` naming `what` and what was received: a bound for a failing test, never a timing.
   */
  until(what: string, check: () => boolean, timeoutMs?: number): Promise<void>;
  /** Resolves once the server has ended the stream. */
  untilEnded(timeoutMs?: number): Promise<void>;
  /** Closes the connection, as a page that goes away. */
  close(): void;
}

export interface OpenEventStreamOptions {
  /** The `Cookie` header (the session). */
  cookie?: string;
  /** Sent as the Last-Event-ID header, as EventSource does when it reconnects. */
  lastEventId?: string | number;
  headers?: Record<string, string>;
}

const DEFAULT_WAIT_MS = 10_000;

/** Opens `url` as EventSource would and reads it as it comes; resolves once the headers are in. */
export async function openEventStream(
  url: string,
  options: OpenEventStreamOptions = {},
): Promise<EventStreamReader> {
  const controller = new AbortController();
  const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.lastEventId !== undefined) headers['Last-Event-ID'] = String(options.lastEventId);
  const res = await fetch(url, { headers, signal: controller.signal });

  let received = '';
  let pending = '';
  let waiters: (() => void)[] = [];
  const wake = () => {
    const current = waiters;
    waiters = [];
    for (const waiter of current) waiter();
  };

  const reader: EventStreamReader = {
    status: res.status,
    headers: res.headers,
    body: undefined,
    events: [],
    comments: [],
    retryMs: undefined,
    ended: false,
    text: () => received,
    until(what, check, timeoutMs = DEFAULT_WAIT_MS) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== test);
          reject(new Error(`gave up waiting for ${what}; received so far:\n${received}`));
        }, timeoutMs);
        const test = () => {
          if (check()) {
            clearTimeout(timer);
            resolve();
          } else if (reader.ended && !check()) {
            clearTimeout(timer);
            reject(new Error(`the stream ended before ${what}; received:\n${received}`));
          } else {
            waiters.push(test);
          }
        };
        test();
      });
    },
    untilEnded(timeoutMs = DEFAULT_WAIT_MS) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the stream did not end; received:\n${received}`)),
          timeoutMs,
        );
        const test = () => {
          if (!reader.ended) return void waiters.push(test);
          clearTimeout(timer);
          resolve();
        };
        test();
      });
    },
    close: () => controller.abort(),
  };

  /** One block (the lines before a blank line), per the Server-Sent Events parsing rules. */
  const dispatch = (block: string) => {
    let id: string | undefined;
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        reader.comments.push(line.slice(1).trimStart());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry' && /^\d+$/.test(value)) reader.retryMs = Number(value);
    }
    if (data.length > 0) reader.events.push({ id, type, data: data.join('\n') });
  };

  const isStream = res.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
  if (!isStream || !res.body) {
    const text = await res.text();
    received = text;
    try {
      reader.body = JSON.parse(text);
    } catch {
      reader.body = text;
    }
    reader.ended = true;
    return reader;
  }

  const decoder = new TextDecoder();
  const body = res.body.getReader();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await body.read();
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        received += chunk;
        pending += chunk.replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = pending.indexOf('\n\n')) !== -1) {
          dispatch(pending.slice(0, end));
          pending = pending.slice(end + 2);
        }
        wake();
      }
    } catch {
      // Aborted by close(), or the connection broke: either way the stream is over.
    }
    reader.ended = true;
    wake();
  })();
  return reader;
}

/** The app on an ephemeral port of 127.0.0.1 (streams need a real connection; supertest waits for the end). */
export async function listenOnEphemeralPort(app: Express): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A supertest parser (`request.buffer(true).parse(readEventStreamStart)`) for a route that may
 * answer with an event stream, which never ends by itself: a stream is read up to its first blank
 * line (`res.text`) and its connection closed; any other answer (a refusal) whole, as JSON (`res.body`).
 */
export function readEventStreamStart(res: unknown, done: (error: Error | null, body: unknown) => void) {
  const message = res as IncomingMessage & { text?: string };
  const isStream = String(message.headers['content-type']).startsWith('text/event-stream');
  let text = '';
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    message.text = text;
    try {
      done(null, isStream ? {} : (JSON.parse(text) as unknown));
    } catch (error) {
      done(error as Error, undefined);
    }
  };
  message.setEncoding('utf8');
  message.on('data', (chunk: string) => {
    text += chunk;
    if (!isStream || !text.includes('\n\n')) return;
    finish();
    message.destroy();
  });
  message.on('end', finish);
}
