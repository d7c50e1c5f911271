import type { Request, RequestHandler, Response } from 'express';
import pino from 'pino';
import type { DestinationStream, Logger } from './logger';

/** The health checks a load balancer asks every few seconds: not worth a line each. */
const UNLOGGED_URLS = new Set(['/healthz', '/readyz']);

/** What the line of a request in flight needs once its response closes. */
interface InFlight {
  id: number;
  method: string;
  url: string;
  startedAt: number;
  error?: Error;
}

const inFlight = Symbol('request log');
type LoggedResponse = Response & { [inFlight]?: InFlight };

/**
 * One line per request when its response closes: `req` (id, method, URL), `res` (status),
 * `responseTime` (ms) and, for a failure, `err` — the line the pino-http library used to write, with its messages and
 * levels, at a fraction of its cost: no child logger, no request or response object serialised
 * and then cut down, and no redaction pass. Headers and bodies never reach the line (cookies,
 * `authorization`, `set-cookie`, passwords, phones, photos), because only the fields above are
 * copied, all of them strings and numbers the code here reads itself; so the redaction paths that
 * guard other log calls (REDACTED_PATHS) are left off this one line's logger. The common line, a
 * request answered below 500, is formatted here (infoLineWriter); failures go through pino.
 */
export function logRequests(logger: Logger): RequestHandler {
  const lines = logger.child({}, { redact: [] });
  const writeInfoLine = infoLineWriter(lines);
  let lastId = 0;

  function onError(this: LoggedResponse, error: Error) {
    const request = this[inFlight];
    if (request) request.error ??= error;
  }

  function onClose(this: LoggedResponse) {
    const request = this[inFlight];
    if (!request) return;
    this[inFlight] = undefined;
    this.removeListener('error', onError);
    const { statusCode } = this;
    const responseTime = Date.now() - request.startedAt;
    if (request.error || statusCode >= 500) {
      const req = { id: request.id, method: request.method, url: request.url };
      const res = { statusCode };
      // 503 is the app shedding load or waiting for its database; faults behind it log their own
      // error. Its line carries no `err`: a stack (mapped through source maps) per refused request
      // cost a flood's refusals more than the refusals themselves.
      if (!request.error && statusCode === 503) {
        lines.warn({ req, res, responseTime }, 'request errored');
        return;
      }
      const err = request.error ?? new Error(`failed with status code ${statusCode}`);
      lines.error({ req, res, err, responseTime }, 'request errored');
      return;
    }
    const completed = !(this.req as Request).readableAborted && this.writableEnded;
    if (lines.isLevelEnabled('info'))
      writeInfoLine(request, statusCode, responseTime, completed ? 'request completed' : 'request aborted');
  }

  return (req, res: LoggedResponse, next) => {
    if (UNLOGGED_URLS.has(req.url)) return next();
    lastId = (lastId + 1) & 0x7fffffff;
    res[inFlight] = { id: lastId, method: req.method, url: req.originalUrl, startedAt: Date.now() };
    res.on('error', onError);
    // 'close' comes after 'finish', and also when the client leaves before the answer is sent.
    res.on('close', onClose);
    next();
  };
}

/**
 * Writes the info line of a request exactly as `lines.info({ req, res, responseTime }, msg)` would
 * (pino's level, time and bindings, then the fields), but formatted here: pino's general walk of
 * the same fields cost a trivial request about 6% of its time (docs/performance.md). Every value is a
 * number or a JSON-escaped string.
 */
function infoLineWriter(lines: Logger) {
  const own = lines as unknown as Record<symbol, unknown>;
  const stream = own[pino.symbols.streamSym] as DestinationStream;
  // `,"pid":…,"hostname":"…"` and any bindings of the logger, already in JSON.
  const bindings = own[pino.symbols.chindingsSym] as string;
  const level = lines.levels.values.info;
  return (request: InFlight, statusCode: number, responseTime: number, msg: string) =>
    stream.write(
      `{"level":${level},"time":${Date.now()}${bindings},"req":{"id":${request.id},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(request.url)}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":${JSON.stringify(msg)}}\n`,
    );
}
