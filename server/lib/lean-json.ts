import type { Express, Response } from 'express';

/**
 * `res.json` for this app without Express's general path, which for every answer re-parses the
 * Content-Type it has just set to add its charset, looks up the JSON settings and weighs a 304
 * (docs/decisions/046-lean-json-answers.md). The answer is the same: the body as `JSON.stringify`
 * writes it, `Content-Type: application/json; charset=utf-8`, its length, and no body to HEAD
 * (Node drops it). What Express does differently — a 204 or 304, an answer with a type, an ETag or a
 * Last-Modified of its own, no body at all — still goes through Express. For an app without ETags:
 * Express would add one to each answer.
 */
export function answerJsonLean(app: Express): void {
  if (
    app.enabled('etag') ||
    app.get('json replacer') ||
    app.get('json spaces') ||
    app.enabled('json escape')
  ) {
    throw new Error('answerJsonLean needs an app without ETags and with the default JSON settings');
  }
  const expressJson = app.response.json;
  app.response.json = function json(this: Response, body?: unknown) {
    if (
      body === undefined ||
      this.statusCode === 204 ||
      this.statusCode === 304 ||
      this.hasHeader('Content-Type') ||
      this.hasHeader('ETag') ||
      this.hasHeader('Last-Modified')
    ) {
      return expressJson.call(this, body);
    }
    const text: string | undefined = JSON.stringify(body);
    // A function or a symbol: no JSON text; Express answers an empty body.
    if (text === undefined) return expressJson.call(this, body);
    this.setHeader('Content-Type', 'application/json; charset=utf-8');
    this.setHeader('Content-Length', Buffer.byteLength(text));
    this.end(text);
    return this;
  };
}
