import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { AppError } from './app-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The headers of every API answer, set at once: JSON and downloads are never pages, so of a page's
 * headers they need only those that stop one being run, framed, sniffed or read cross-origin — a
 * CSP that allows nothing, no framing, `nosniff`, same-origin resource policy, HSTS — and never
 * stored. Far cheaper to set than the document set below, on the requests that are most of
 * the traffic (docs/decisions/044-api-answer-headers.md). `Vary` names what the same-origin check
 * reads (requireSameOrigin).
 */
export function apiHeaders(options: { devServer: boolean }): RequestHandler {
  const headers: [string, string][] = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Cache-Control', 'no-store'],
    ['Vary', 'Origin, Sec-Fetch-Site'],
  ];
  if (!options.devServer) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** Pages and their files: helmet with a strict CSP (no inline or foreign scripts, no framing, no plugins). */
export function documentHeaders(options: { devServer: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Vite's dev server injects an inline React-refresh preamble; the production build has none.
        scriptSrc: options.devServer ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        // Radix injects small <style> elements (scroll locking); styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: options.devServer ? ["'self'", 'ws:'] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: !options.devServer,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * CSRF defence for cookie sessions: a state-changing request must come from our own origin.
 * Browsers send Sec-Fetch-Site (or at least Origin) on such requests; clients without either
 * (curl, server-to-server) carry no ambient browser cookies, so they pass. The answers say they
 * vary by both (apiHeaders).
 */
export const requireSameOrigin: RequestHandler = (req, _res, next) => {
  if (!STATE_CHANGING.has(req.method)) return next();

  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite) {
    if (fetchSite === 'same-origin' || fetchSite === 'none') return next();
    return next(new AppError('CROSS_SITE_REQUEST', 'Cross-site requests are not allowed'));
  }
  const origin = req.get('origin');
  if (origin) {
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    if (originHost && originHost === req.get('host')) return next();
    return next(new AppError('CROSS_SITE_REQUEST', 'Cross-site requests are not allowed'));
  }
  next();
};

/** State-changing requests with a body must send JSON (this also forces a CORS preflight cross-site). */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  if (!STATE_CHANGING.has(req.method)) return next();
  const hasBody = req.get('transfer-encoding') !== undefined || Number(req.get('content-length') ?? 0) > 0;
  if (!hasBody) return next();
  if (req.is('application/json')) return next();
  next(
    new AppError('UNSUPPORTED_MEDIA_TYPE', 'Requests must be sent as JSON (Content-Type: application/json)'),
  );
};
