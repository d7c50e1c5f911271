import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { ErrorCode } from '@shared/errors';

/**
 * The one way the client talks to the API (docs/product.md §7): cookies are always sent, payloads are JSON,
 * and any non-OK answer becomes an `ApiError` whose message is "<status>: <body text or status text>".
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

  const response = await fetch(url, {
    method,
    headers,
    body: isRead ? undefined : JSON.stringify(body ?? {}),
    credentials: 'include',
    signal: options.signal,
  });

  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  if (!text) return undefined as T;
  return JSON.parse(text) as T;
}

type QueryParams = Record<string, string | number | boolean | null | undefined>;

/**
 * Turns a path-style query key into a URL: string/number segments are joined with "/", and a
 * trailing plain object becomes the query string — `['/api/availability-slots', { date }]` →
 * `/api/availability-slots?date=…`. See `queryKeys` in `lib/react-query.ts`.
 */
export function queryKeyToUrl(queryKey: QueryKey): string {
  const segments: string[] = [];
  const search = new URLSearchParams();
  for (const part of queryKey) {
    if (typeof part === 'string' || typeof part === 'number') {
      segments.push(encodeSegment(part, segments.length === 0));
    } else if (part && typeof part === 'object') {
      for (const [key, value] of Object.entries(part as QueryParams)) {
        if (value !== undefined && value !== null) search.set(key, String(value));
      }
    }
  }
  const query = search.toString();
  return query ? `${segments.join('/')}?${query}` : segments.join('/');
}

function encodeSegment(part: string | number, isFirst: boolean): string {
  // The first segment is the route itself ("/api/jobs"); later ones are ids and must be escaped.
  return isFirst ? String(part) : encodeURIComponent(String(part));
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * A react-query `queryFn` that GETs the URL described by the query key. Reads raise on 401 by
 * default; `on401: 'returnNull'` resolves with `null` instead (docs/product.md §7).
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options?: { on401?: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({
  on401 = 'throw',
}: { on401?: UnauthorizedBehavior } = {}): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      return await apiRequest<T>('GET', queryKeyToUrl(queryKey), undefined, { signal });
    } catch (error) {
      if (on401 === 'returnNull' && isApiError(error, 401)) return null;
      throw error;
    }
  };
}
