import type { z } from 'zod';
import { pathOf, type HttpMethod, type ResponseOf, type RouteContract } from '@shared/contracts/http';
import type { ErrorCode } from '@shared/errors';
import { FRESH_READS_AFTER_WRITE_MS } from '@shared/constants';

/**
 * The one way the client talks to the API (docs/product.md#how-the-client-calls-the-api): cookies are always sent, payloads are JSON,
 * and any non-OK answer becomes an `ApiError` whose message is "<status>: <body text or status text>".
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's machine-readable `code` (see `shared/errors.ts`), when the body carries one. */
  readonly code: ErrorCode | undefined;
  /** The parsed JSON body, or the raw text when the body is not JSON (empty string when there is none). */
  readonly body: unknown;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.body = parseJson(bodyText) ?? bodyText;
    this.code = readStringField(this.body, 'code') as ErrorCode | undefined;
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function readStringField(value: unknown, field: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = (value as Record<string, unknown>)[field];
  return typeof candidate === 'string' ? candidate : undefined;
}

/**
 * The server's human message for a failed call (`{ error: "…" }`), else `fallback`.
 * Also understands a plain `Error` whose message is "<status>: <json body>".
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    return readStringField(error.body, 'error') || fallback;
  }
  if (error instanceof Error) {
    const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
    if (match) return readStringField(parseJson(match[1]), 'error') || fallback;
  }
  return fallback;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** When this browser last got an answer to a write: reads soon after it ask for fresh data. */
let lastWriteAnsweredAt = Number.NEGATIVE_INFINITY;

interface RequestOptions {
  signal?: AbortSignal;
}

/**
 * Sends a request and resolves with the parsed JSON answer (`undefined` when the body is empty).
 * State-changing methods always send `Content-Type: application/json` and a body (`{}` if none).
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const isRead = method === 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!isRead) headers['Content-Type'] = 'application/json';
  // Read your own writes on every instance, even one whose copy the write's notice has not reached yet.
  if (isRead && Date.now() - lastWriteAnsweredAt < FRESH_READS_AFTER_WRITE_MS)
    headers['Cache-Control'] = 'no-cache';

  const response = await fetch(url, {
    method,
    headers,
    body: isRead ? undefined : JSON.stringify(body ?? {}),
    credentials: 'include',
    signal: options.signal,
  });

  if (!isRead) lastWriteAnsweredAt = Date.now();
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  if (!text) return undefined as T;
  return JSON.parse(text) as T;
}

type QueryValue = string | number | boolean | null | undefined;
type ContractInput<S> = S extends z.ZodType ? z.input<S> | z.output<S> : undefined;

export interface CallOptions<C extends RouteContract> {
  params?: C['params'] extends z.ZodType ? z.input<C['params']> : undefined;
  query?: C['query'] extends z.ZodType ? Partial<Record<keyof z.input<C['query']>, QueryValue>> : undefined;
  body?: ContractInput<C['body']>;
  signal?: AbortSignal;
}

/**
 * Calls the route a contract describes: builds its URL from the path params and query, sends the
 * body, and parses the answer with the contract's response schema, so a screen never reads a shape
 * the server did not promise.
 */
export async function callApi<C extends RouteContract>(
  contract: C,
  { params, query, body, signal }: CallOptions<C> = {},
): Promise<ResponseOf<C>> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const path = pathOf(contract, params as Record<string, string> | undefined);
  const queryString = search.toString();
  const url = queryString ? `${path}?${queryString}` : path;
  const answer = await apiRequest(contract.method, url, body, { signal });
  return contract.response.parse(answer) as ResponseOf<C>;
}
