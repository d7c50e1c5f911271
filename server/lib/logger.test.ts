import { spawn } from 'node:child_process';
import { request } from 'node:http';
import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED_PATHS } from './logger';
import { logRequests } from './request-log';

/**
 * The request log line is written without redaction (docs/performance.md): what keeps secrets out
 * of it is that it copies only its own fields. Every other log call keeps REDACTED_PATHS.
 */

const COOKIE = 'plumbline.sid=s%3Asecret-session-id.secret-signature';
const AUTHORIZATION = 'Bearer secret-bearer-token';
const SET_COOKIE = 'plumbline.sid=s%3Aanother-secret-id.another-signature; Path=/; HttpOnly';
const PASSWORD = 'Request-Line-Password-17';
const PHONE = '(512) 555-0148';
const IMAGE = 'data:image/jpeg;base64,/9j/secret-image-bytes';

function captureLog() {
  const writes: string[] = [];
  return {
    stream: { write: (chunk: string) => void writes.push(chunk) },
    text: () => writes.join(''),
    writes: () => [...writes],
    records: () => writes.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

function appLoggingTo(log: ReturnType<typeof captureLog>) {
  const app = express();
  app.use(logRequests(createLogger('info', log.stream)));
  app.use(express.json());
  app.post('/echo', (req, res) => {
    res.setHeader('Set-Cookie', SET_COOKIE);
    res.json({ received: Object.keys(req.body as object).length });
  });
  app.get('/status/:status', (req, res) => void res.status(Number(req.params.status)).json({}));
  app.get('/healthz', (_req, res) => void res.json({ ok: true }));
  return supertest(app);
}

describe('the request log line', () => {
  it('holds the request, the status and the time, and none of the headers or the body', async () => {
    const log = captureLog();
    const response = await appLoggingTo(log)
      .post('/echo?from=test')
      .set('Cookie', COOKIE)
      .set('Authorization', AUTHORIZATION)
      .send({ password: PASSWORD, phone: PHONE, imageUrls: [IMAGE] });
    expect(response.status).toBe(200);

    const [line] = log.records();
    expect(Object.keys(line)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect(line).toMatchObject({
      level: 30,
      req: { id: expect.any(Number) as unknown, method: 'POST', url: '/echo?from=test' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number) as unknown,
      msg: 'request completed',
    });
    expect(Object.keys(line.req as object)).toEqual(['id', 'method', 'url']);
    expect(Object.keys(line.res as object)).toEqual(['statusCode']);
    const text = log.text();
    for (const secret of [
      COOKIE,
      'secret-session-id',
      AUTHORIZATION,
      'secret-bearer-token',
      'another-secret-id',
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const secret of [PASSWORD, PHONE, IMAGE, 'secret-image-bytes']) expect(text).not.toContain(secret);
  });

  it('is written byte for byte as pino writes the same fields, escapes included', async () => {
    const log = captureLog();
    // Quotes and a backslash as the client sent them (supertest would percent-encode them).
    const url = '/status/200?q="quoted"&path=C:\\temp';
    const server = express().use(logRequests(createLogger('info', log.stream)));
    server.get('/status/:status', (req, res) => void res.status(Number(req.params.status)).json({}));
    const listening = server.listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    try {
      const { port } = listening.address() as { port: number };
      const status = await new Promise<number | undefined>((resolve, reject) =>
        request({ host: '127.0.0.1', port, path: url }, (res) => resolve(res.resume().statusCode))
          .on('error', reject)
          .end(),
      );
      expect(status).toBe(200);
    } finally {
      await new Promise((resolve) => listening.close(resolve));
    }
    const [written] = log.writes();
    const line = JSON.parse(written) as { req: unknown; res: unknown; responseTime: number; time: number };
    const byPino = captureLog();
    createLogger('info', byPino.stream)
      .child({}, { redact: [] })
      .info({ req: line.req, res: line.res, responseTime: line.responseTime }, 'request completed');
    const [pinoWrote] = byPino.writes();
    const withTime = (text: string) => text.replace(/"time":\d+/, `"time":${line.time}`);
    expect(written).toBe(withTime(pinoWrote));
    expect(line.req).toMatchObject({ url });
  });

  it('numbers requests, says errored with an error for 5xx (503 as a warning without one), and skips health checks', async () => {
    const log = captureLog();
    const request = appLoggingTo(log);
    await request.get('/status/404');
    await request.get('/status/500');
    await request.get('/status/503');
    await request.get('/healthz');

    const [notFound, failed, unavailable, ...rest] = log.records();
    expect(rest).toEqual([]);
    expect(notFound).toMatchObject({ level: 30, res: { statusCode: 404 }, msg: 'request completed' });
    expect(failed).toMatchObject({
      level: 50,
      res: { statusCode: 500 },
      err: { type: 'Error', message: 'failed with status code 500' },
      msg: 'request errored',
    });
    expect(unavailable).toMatchObject({
      level: 40,
      res: { statusCode: 503 },
      msg: 'request errored',
    });
    // Load shed on purpose is not a fault: no error and stack to build and write per refused request.
    expect(unavailable).not.toHaveProperty('err');
    const ids = [notFound, failed, unavailable].map((line) => (line.req as { id: number }).id);
    expect(ids[1]).toBe(ids[0] + 1);
    expect(ids[2]).toBe(ids[1] + 1);
  });
});

describe('the logger', () => {
  it('redacts every path of REDACTED_PATHS in what else is logged', () => {
    const log = captureLog();
    const logger = createLogger('info', log.stream);
    logger.info(
      {
        req: {
          method: 'GET',
          headers: { cookie: COOKIE, authorization: AUTHORIZATION, host: 'example.test' },
        },
        res: { statusCode: 200, headers: { 'set-cookie': SET_COOKIE } },
        body: { password: PASSWORD, passwordHash: '$2b$12$secret-hash', phone: PHONE, imageUrls: [IMAGE] },
        err: { message: 'request failed', config: { headers: { authorization: AUTHORIZATION } } },
      },
      'a raw request',
    );
    const [line] = log.records() as [
      {
        req: { headers: Record<string, unknown> };
        res: { headers: Record<string, unknown> };
        body: Record<string, unknown>;
        err: Record<string, unknown>;
      },
    ];
    expect(line.req.headers).toEqual({
      cookie: '[redacted]',
      authorization: '[redacted]',
      host: 'example.test',
    });
    expect(line.res.headers).toEqual({ 'set-cookie': '[redacted]' });
    expect(line.body).toEqual({
      password: '[redacted]',
      passwordHash: '[redacted]',
      phone: '[redacted]',
      imageUrls: '[redacted]',
    });
    expect(line.err.config).toBe('[redacted]');
    // One assertion per path above: a path added to the list needs its line here too.
    expect(REDACTED_PATHS).toHaveLength(8);
    for (const secret of [COOKIE, AUTHORIZATION, SET_COOKIE, PASSWORD, PHONE, IMAGE, 'secret-hash']) {
      expect(log.text()).not.toContain(secret);
    }
  });
});

describe('the log on stdout', () => {
  /** Runs `script` in a Node process that has a logger on stdout (`logger`), collecting what it writes. */
  function runWithLogger(script: string) {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { createLogger } from './server/lib/logger.ts'; const logger = createLogger('info'); ${script}`,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const messages = () =>
      output
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
    return { child, exited, messages };
  }

  it('writes a batch that is not full within a moment, while the process runs on', async () => {
    const run = runWithLogger(`logger.info('first'); logger.info('second'); setTimeout(() => {}, 30_000);`);
    try {
      await expect.poll(run.messages, { timeout: 10_000 }).toEqual(['first', 'second']);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 20_000);

  it('writes many full batches whole and in order', async () => {
    const run = runWithLogger(
      `for (let i = 0; i < 2000; i++) logger.info({ i }, 'line ' + i); setTimeout(() => {}, 30_000);`,
    );
    try {
      const lines = Array.from({ length: 2000 }, (_, i) => `line ${i}`);
      await expect.poll(run.messages, { timeout: 10_000 }).toEqual(lines);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 20_000);

  it('writes what is waiting when the process exits at once or crashes', async () => {
    const lines = Array.from({ length: 5 }, (_, i) => `line ${i}`);
    const logAll = lines.map((line) => `logger.info(${JSON.stringify(line)});`).join(' ');
    const exiting = runWithLogger(`${logAll} process.exit(3);`);
    expect(await exiting.exited).toBe(3);
    expect(exiting.messages()).toEqual(lines);
    const crashing = runWithLogger(`${logAll} throw new Error('boom');`);
    expect(await crashing.exited).toBe(1);
    expect(crashing.messages()).toEqual(lines);
  }, 20_000);
});
