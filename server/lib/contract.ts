import type { RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { routeKey } from '@shared/contracts';
import type { RouteContract } from '@shared/contracts/http';
import type { ErrorBody } from '@shared/errors';
import type { Logger } from './logger';

/** A value as `res.json` receives it: a `Date` wherever the wire carries its ISO string. */
export type JsonInput<T> = T extends string
  ? T | Date
  : T extends readonly (infer Item)[]
    ? JsonInput<Item>[]
    : T extends object
      ? { [K in keyof T]: JsonInput<T[K]> }
      : T;

/** Answers with the contract's success status and a body its response schema describes. */
export function reply<C extends RouteContract>(
  res: Response,
  contract: C,
  body: JsonInput<z.output<C['response']>>,
): void {
  res.status(contract.status ?? 200).json(body);
}

export const CONTRACT_VIOLATION_MESSAGE = 'The answer does not match its contract';

/**
 * Checks every successful JSON answer under /api against its route's contract: the status, and the
 * body as the client will read it (after JSON). An answer that does not match, or a route without a
 * contract, becomes a 500 and an error log, so the API tests fail on it. Turned on in tests.
 * Only `res.json` answers are checked: an event stream (GET /api/events, `text/event-stream`) is
 * written with `res.write` and passes untouched; its contract's `response` is one event, which the
 * stream's own tests parse (docs/decisions/027-live-events.md).
 */
export function checkResponseContracts(contracts: readonly RouteContract[], logger: Logger): RequestHandler {
  const byKey = new Map(contracts.map((contract) => [routeKey(contract), contract]));
  return (req, res, next) => {
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 300 || !req.route) return send(body);
      const routePath = String((req.route as { path: string }).path);
      // A router's '/' route is its mount path itself: POST /api/quotes, not /api/quotes/.
      const key = `${req.method} ${routePath === '/' ? req.baseUrl : req.baseUrl + routePath}`;
      const problem = findViolation(byKey.get(key), res.statusCode, body);
      if (!problem) return send(body);
      logger.error({ route: key, problem }, CONTRACT_VIOLATION_MESSAGE);
      const error: ErrorBody = {
        error: CONTRACT_VIOLATION_MESSAGE,
        code: 'INTERNAL_ERROR',
        details: problem,
      };
      res.status(500);
      return send(error);
    };
    next();
  };
}

function findViolation(contract: RouteContract | undefined, status: number, body: unknown): unknown {
  if (!contract) return 'no contract for this route';
  const expectedStatus = contract.status ?? 200;
  if (status !== expectedStatus) return `status ${status}, the contract says ${expectedStatus}`;
  const result = contract.response.safeParse(JSON.parse(JSON.stringify(body ?? null)) as unknown);
  return result.success ? undefined : result.error.issues;
}
