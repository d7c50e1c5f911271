import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { createErrorHandler } from './error-handler';
import { createLogger } from './logger';
import { createOffThreadJsonParser, largeJsonBody } from './off-thread-json';

const parser = createOffThreadJsonParser({ nice: 0 });
afterAll(() => parser.close());

/** Bodies the thread parsed, across the echo apps. */
let threadParses = 0;
const countingParser = {
  ...parser,
  parse: (bytes: Buffer) => {
    threadParses += 1;
    return parser.parse(bytes);
  },
};

/** An app whose one route answers with what the parser made of the body (and its type). */
function echoApp() {
  const app = express();
  app.post(
    '/echo',
    largeJsonBody({ limit: 200_000, inlineBytes: 1_000, parser: countingParser }),
    (req, res) => {
      res.json({ body: req.body ?? null, type: typeof req.body });
    },
  );
  app.use(createErrorHandler(createLogger('silent')));
  return app;
}

/** A body above the inline size, so it goes to the worker thread. */
const large = { description: 'x'.repeat(5_000), list: [1, 2, 3], nested: { ok: true, none: null } };

describe('createOffThreadJsonParser', () => {
  it('parses objects and arrays, and an empty body as {} (as express.json does)', async () => {
    await expect(parser.parse(Buffer.from(JSON.stringify(large)))).resolves.toEqual(large);
    await expect(parser.parse(Buffer.from(' \n[1,"two",{"three":3}]'))).resolves.toEqual([
      1,
      'two',
      { three: 3 },
    ]);
    await expect(parser.parse(Buffer.alloc(0))).resolves.toEqual({});
    // A Buffer sharing Node's pool is copied, not moved: the pool stays usable.
    const pooled = Buffer.from('{"a":1}');
    await expect(parser.parse(pooled)).resolves.toEqual({ a: 1 });
    expect(pooled.toString()).toBe('{"a":1}');
  });

  it('refuses what is not JSON, and scalars (strict), with INVALID_JSON', async () => {
    for (const text of ['{"a":', 'not json', '"a string"', '42', 'null', '\uFEFF{}']) {
      const parsed = parser.parse(Buffer.from(text));
      await expect(parsed).rejects.toBeInstanceOf(AppError);
      await expect(parsed).rejects.toMatchObject({ code: 'INVALID_JSON' });
    }
  });

  it('starts a new thread after its thread was stopped', async () => {
    const own = createOffThreadJsonParser({ nice: 0 });
    await expect(own.parse(Buffer.from('{"first":1}'))).resolves.toEqual({ first: 1 });
    await own.close();
    await expect(own.parse(Buffer.from('{"second":2}'))).resolves.toEqual({ second: 2 });
    await own.close();
  });

  it.runIf(process.platform === 'linux')(
    'runs on a thread at the lower priority it is given, the event loop keeping its own',
    async () => {
      const niceOfThreads = async () => {
        const tasks = await readdir('/proc/self/task');
        return Promise.all(
          tasks.map(async (task) => {
            const stat = await readFile(`/proc/self/task/${task}/stat`, 'utf8').catch(() => '');
            // Field 19 (nice) counted after the command name, which is in parentheses and may hold spaces.
            return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
          }),
        );
      };
      const own = createOffThreadJsonParser({ nice: 17 });
      const before = await niceOfThreads();
      await own.parse(Buffer.from('{}'));
      const after = await niceOfThreads();
      await own.close();
      expect(after.filter((nice) => nice === 17).length).toBe(
        before.filter((nice) => nice === 17).length + 1,
      );
      // The event loop's own thread (the first task, the process itself) keeps its priority.
      const mainThread = (await readFile('/proc/self/stat', 'utf8')).split(') ')[1]!.split(' ')[16];
      expect(mainThread).toBe('0');
    },
  );
});

describe('largeJsonBody', () => {
  it('parses a small body inline and a large one on the thread, with the same result', async () => {
    const before = threadParses;
    const small = await request(echoApp()).post('/echo').send({ a: 1 });
    expect(small.status).toBe(200);
    expect(small.body).toEqual({ body: { a: 1 }, type: 'object' });
    expect(threadParses).toBe(before);
    const big = await request(echoApp()).post('/echo').send(large);
    expect(big.status).toBe(200);
    expect(big.body).toEqual({ body: large, type: 'object' });
    expect(threadParses).toBe(before + 1);
  });

  it('reads a gzip body and a body of unknown length (chunked)', async () => {
    // Random text barely compresses: the gzip body stays above the inline size, so the thread inflates nothing itself.
    const noisy = { description: randomBytes(3_000).toString('hex') };
    const gzipped = gzipSync(Buffer.from(JSON.stringify(noisy)));
    expect(gzipped.length).toBeGreaterThan(1_000);
    const zipped = await request(echoApp())
      .post('/echo')
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      // superagent would otherwise JSON-encode the Buffer; its typing says string, it sends what it gets.
      .serialize((body: Buffer) => body as unknown as string)
      .send(gzipped);
    expect(zipped.status).toBe(200);
    expect(zipped.body.body).toEqual(noisy);

    const app = echoApp();
    const chunked = request(app).post('/echo').set('content-type', 'application/json');
    chunked.write(JSON.stringify(large).slice(0, 10));
    chunked.write(JSON.stringify(large).slice(10));
    const res = await chunked;
    expect(res.status).toBe(200);
    expect(res.body.body).toEqual(large);
  });

  it('answers bad and oversized large bodies as express.json does: INVALID_JSON 400, PAYLOAD_TOO_LARGE 413', async () => {
    const broken = await request(echoApp())
      .post('/echo')
      .set('content-type', 'application/json')
      .send(`{"description":"${'x'.repeat(5_000)}"`);
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: 'The request body is not valid JSON', code: 'INVALID_JSON' });

    const scalar = await request(echoApp())
      .post('/echo')
      .set('content-type', 'application/json')
      .send(JSON.stringify('x'.repeat(5_000)));
    expect(scalar.status).toBe(400);
    expect(scalar.body.code).toBe('INVALID_JSON');

    const tooLarge = await request(echoApp())
      .post('/echo')
      .send({ description: 'x'.repeat(300_000) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('leaves other content types and charsets to express.json: unparsed, or 415', async () => {
    const text = await request(echoApp())
      .post('/echo')
      .set('content-type', 'text/plain')
      .send('x'.repeat(5_000));
    expect(text.status).toBe(200);
    expect(text.body).toEqual({ body: null, type: 'undefined' });

    const latin = await request(echoApp())
      .post('/echo')
      .set('content-type', 'application/json; charset=iso-8859-1')
      .send(JSON.stringify(large));
    expect(latin.status).toBe(415);
    expect(latin.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const utf8 = await request(echoApp())
      .post('/echo')
      .set('content-type', 'application/json; charset="UTF-8"')
      .send(JSON.stringify(large));
    expect(utf8.status).toBe(200);
    expect(utf8.body.body).toEqual(large);
  });
});
