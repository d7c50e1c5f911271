import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An OpenAI-compatible chat-completions server for tests (node:http, 127.0.0.1, random port).
 * The real SDK talks to it through OPENAI_BASE_URL; each test says how it should answer.
 */
export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface FakeReply {
  status?: number;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as-is (for broken bodies). */
  raw?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
}

export type FakeHandler = (request: FakeRequest, attempt: number) => FakeReply;

export interface FakeOpenAi {
  /** Base URL for the SDK, ending in /v1. */
  url: string;
  requests: FakeRequest[];
  /** How the next requests are answered (until changed). */
  respond(handler: FakeHandler): void;
  reset(): void;
  close(): Promise<void>;
}

/** A chat.completion whose message content is `content` (a string, or an object sent as JSON text). */
export function chatCompletion(
  content: unknown,
  options: { refusal?: string; finishReason?: 'stop' | 'length' | 'content_filter' } = {},
): unknown {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'fake-model',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: options.refusal ? null : typeof content === 'string' ? content : JSON.stringify(content),
          refusal: options.refusal ?? null,
        },
        finish_reason: options.finishReason ?? 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeRequest[] = [];
  let handler: FakeHandler = () => ({ status: 500, json: { error: { message: 'no handler set' } } });
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // Keep the raw text.
      }
      const request: FakeRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
      };
      requests.push(request);
      const reply = handler(request, requests.length);
      const send = () => {
        if (res.destroyed) return;
        const payload = reply.raw ?? JSON.stringify(reply.json ?? {});
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(payload);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    respond(next) {
      handler = next;
    },
    reset() {
      requests.length = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
