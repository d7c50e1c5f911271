import type { z } from 'zod';

/**
 * A route's contract: its method and full path, the schemas of what it reads (path params, query
 * string, JSON body) and of what it answers on success, and that success status. The server parses
 * its input and types its answer with it; the client builds the URL and parses the answer with it.
 * Nothing here may import drizzle: browser bundles load these files.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContract {
  method: HttpMethod;
  /** Express-style, e.g. `/api/jobs/:jobId/status`. */
  path: `/api/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** The success status; 200 unless said (202: accepted, the work happens after the answer). */
  status?: 200 | 201 | 202;
}

export const defineRoute = <const C extends RouteContract>(contract: C): C => contract;

/** What a route answers, as the client reads it after parsing. */
export type ResponseOf<C extends RouteContract> = z.output<C['response']>;
/** What a route's body accepts before parsing (form values, a fetcher's argument). */
export type BodyOf<C extends RouteContract> = C['body'] extends z.ZodType ? z.input<C['body']> : undefined;
/** A route's path params before parsing. */
export type ParamsOf<C extends RouteContract> = C['params'] extends z.ZodType
  ? z.input<C['params']>
  : undefined;

/** `/api/jobs/:jobId/status` + `{ jobId }` → `/api/jobs/<escaped id>/status`. */
export function pathOf(contract: RouteContract, params: Record<string, string> = {}): string {
  return contract.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${contract.path}`);
    return encodeURIComponent(value);
  });
}
