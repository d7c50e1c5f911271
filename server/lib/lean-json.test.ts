import express, { type Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { answerJsonLean } from './lean-json';

interface Case {
  name: string;
  status?: number;
  body: unknown;
  before?: (res: express.Response) => void;
}

const CASES: Case[] = [
  { name: 'an object', body: { id: 'a1', name: 'Zoë "Z" O\'Neil \\ ünïcode ✓', list: [1, 2.5, null, true] } },
  { name: 'a date inside', body: { at: new Date('2026-12-02T14:30:00.000Z') } },
  { name: 'an array', body: [{ a: 1 }, { b: '\u2028' }] },
  { name: 'a string', body: 'plain' },
  { name: 'null', body: null },
  { name: 'a number', body: 0 },
  { name: 'an error status', status: 422, body: { error: 'Bad', code: 'VALIDATION_ERROR' } },
  { name: 'a 201', status: 201, body: { created: true } },
  { name: 'no body', body: undefined },
  { name: 'a 204', status: 204, body: { dropped: true } },
  { name: 'a function', body: () => 1 },
  { name: 'a type of its own', body: { a: 1 }, before: (res) => void res.type('application/problem+json') },
  { name: 'an ETag of its own', body: { a: 1 }, before: (res) => void res.setHeader('ETag', '"v1"') },
];

function appAnswering(lean: boolean): Express {
  const app = express();
  app.set('etag', false);
  if (lean) answerJsonLean(app);
  CASES.forEach((each, index) => {
    app.all(`/case/${index}`, (_req, res) => {
      each.before?.(res);
      res.status(each.status ?? 200).json(each.body);
    });
  });
  return app;
}

/** What a client sees of an answer, without the Date header. */
async function seen(app: Express, method: 'get' | 'head', path: string) {
  const client = request(app);
  const answer = await (method === 'get' ? client.get(path) : client.head(path))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    });
  const { date: _date, ...headers } = answer.headers;
  return { status: answer.status, headers, body: answer.body as string };
}

describe('answerJsonLean', () => {
  it("answers every case byte for byte as Express's res.json does, to GET and to HEAD", async () => {
    const lean = appAnswering(true);
    const plain = appAnswering(false);
    for (const [index, each] of CASES.entries()) {
      for (const method of ['get', 'head'] as const) {
        const path = `/case/${index}`;
        expect(await seen(lean, method, path), `${each.name}, ${method}`).toEqual(
          await seen(plain, method, path),
        );
      }
    }
  });

  it('writes plain answers itself, and leaves the rest to Express', async () => {
    // The same bytes would pass if nothing were replaced: Express's json ends in res.send, the lean one does not.
    const app = express();
    app.set('etag', false);
    answerJsonLean(app);
    let sends = 0;
    const send = app.response.send;
    app.response.send = function countedSend(this: express.Response, body?: unknown) {
      sends += 1;
      return send.call(this, body);
    };
    app.get('/plain', (_req, res) => void res.json({ a: 1 }));
    app.get('/empty', (_req, res) => void res.status(204).json({ a: 1 }));
    await request(app).get('/plain').expect(200, { a: 1 });
    expect(sends).toBe(0);
    await request(app).get('/empty').expect(204);
    expect(sends).toBe(1);
  });

  it('refuses an app with ETags or JSON settings it would not honour', () => {
    expect(() => answerJsonLean(express())).toThrow('needs an app without ETags');
    const spaced = express();
    spaced.set('etag', false);
    spaced.set('json spaces', 2);
    expect(() => answerJsonLean(spaced)).toThrow('needs an app without ETags');
  });
});
