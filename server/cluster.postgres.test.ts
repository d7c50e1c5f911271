import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxMessages } from '@shared/schema';
import { planWorkers, restartDelayMs } from './cluster';
import { startInstances, type Instances } from './test/instances';
import type { ServerProcess } from './test/server-process';
import { uniqueEmail } from './test/test-context';

/**
 * Workers per core (docs/decisions/037-workers-per-core.md): the real entry point with
 * WEB_CONCURRENCY=2 on PostgreSQL is a primary and two workers sharing one port. Which worker
 * answered is read from the log (LOG_LEVEL=info: pino writes each line with its process's pid), so
 * no answer carries a pid.
 */

interface LogLine {
  pid: number;
  msg: string;
  role?: string;
  workerPid?: number;
  restartInMs?: number;
  req?: { url?: string };
  res?: { statusCode?: number };
}

function logLines(server: ServerProcess): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

const linesSaying = (server: ServerProcess, msg: string) =>
  logLines(server).filter((line) => line.msg === msg);

async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

interface Answer {
  status: number;
  body: string;
}

/** One request; `agent: false` opens a connection of its own, which the primary hands to the next worker. */
function send(
  url: string,
  options: { method?: string; body?: unknown; agent?: Agent | false } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        headers: {
          Accept: 'application/json',
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    // A connection handed to a worker as it is killed may never be answered.
    req.setTimeout(5_000, () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Asks the API once and answers which worker's pid logged the request, and the status. */
async function probe(server: ServerProcess, agent: Agent | false = false) {
  const marker = randomUUID();
  const { status } = await send(`${server.url}/api/config/public?probe=${marker}`, { agent });
  const line = await waitFor('the probe in the log', () =>
    logLines(server).find((entry) => entry.req?.url?.includes(marker)),
  );
  return { status, pid: line.pid };
}

/** Probes on fresh connections until `count` different workers have answered 200. */
async function answeringPids(server: ServerProcess, count: number): Promise<Set<number>> {
  const pids = new Set<number>();
  await waitFor(`${count} workers answering`, async () => {
    const answer = await probe(server).catch(() => undefined);
    if (answer?.status === 200) pids.add(answer.pid);
    return pids.size >= count ? pids : undefined;
  });
  return pids;
}

/** The pid of each worker the primary started, by role, in the order it started them. */
function startedWorkers(server: ServerProcess) {
  return linesSaying(server, 'worker started').map((line) => ({ pid: line.workerPid!, role: line.role! }));
}

describe('planWorkers', () => {
  const postgres = 'postgres://u@localhost/db';
  it('forks workers only on a real database, outside the development client, when asked for more than one', () => {
    expect(planWorkers({ databaseUrl: postgres, webConcurrency: 4 }, 'static')).toEqual({ workers: 4 });
    expect(planWorkers({ databaseUrl: postgres, webConcurrency: 4 }, 'none')).toEqual({ workers: 4 });
    expect(planWorkers({ databaseUrl: postgres, webConcurrency: 1 }, 'static')).toEqual({ workers: 1 });
    expect(planWorkers({ databaseUrl: undefined, webConcurrency: 1 }, 'static')).toEqual({ workers: 1 });
    expect(planWorkers({ databaseUrl: undefined, webConcurrency: 4 }, 'static')).toEqual({
      workers: 1,
      singleProcessReason: expect.stringMatching(/embedded database \(PGlite\)/),
    });
    expect(planWorkers({ databaseUrl: postgres, webConcurrency: 4 }, 'vite')).toEqual({
      workers: 1,
      singleProcessReason: expect.stringMatching(/Vite/),
    });
  });

  it('replaces a crashed worker at once, and waits longer each time it crashes again straight after starting', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([
      0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('workers per core on PostgreSQL (WEB_CONCURRENCY=2)', () => {
  let instances: Instances;
  let server: ServerProcess;

  beforeAll(async () => {
    instances = await startInstances({
      database: 'plumbline_cluster',
      count: 1,
      env: { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' },
    });
    [server] = instances.instances;
  }, 120_000);

  afterAll(() => instances?.stop(), 60_000);

  it('answers from two workers; one runs the background work, and jobs sent by the other are worked', async () => {
    const [background, web] = await waitFor('two workers started', () => {
      const workers = startedWorkers(server);
      return workers.length === 2 ? workers : undefined;
    });
    expect([background.role, web.role]).toEqual(['background', 'web']);
    expect(background.pid).not.toBe(server.pid);
    expect(web.pid).not.toBe(server.pid);

    expect(await answeringPids(server, 2)).toEqual(new Set([background.pid, web.pid]));

    // The periodic tasks and the job queue's workers start in the background worker only.
    await waitFor('the web worker ready', () =>
      linesSaying(server, 'ready').find((line) => line.pid === web.pid),
    );
    // Each process writes its log in batches (server/lib/logger.ts): the background worker's may come later.
    await waitFor('the background worker ready', () =>
      linesSaying(server, 'migrated and seeded; ready').find((line) => line.pid === background.pid),
    );
    expect(
      linesSaying(server, 'background work started: periodic tasks and job queue workers').map((l) => l.pid),
    ).toEqual([background.pid]);
    expect(
      linesSaying(
        server,
        'web worker: periodic tasks and job queue workers run in the background worker',
      ).map((l) => l.pid),
    ).toEqual([web.pid]);
    // Only a delivering queue says where its mail goes.
    expect(
      logLines(server)
        .filter((line) => line.msg.startsWith('SMTP_URL is not set'))
        .map((line) => line.pid),
    ).toEqual([background.pid]);

    // A registration on a connection the web worker holds queues the verification mail there; the
    // background worker delivers it (to the mailbox table: no SMTP_URL).
    const agent = await waitFor('a connection held by the web worker', async () => {
      const candidate = new Agent({ keepAlive: true, maxSockets: 1 });
      const answer = await probe(server, candidate);
      if (answer.status === 200 && answer.pid === web.pid) return candidate;
      candidate.destroy();
      return undefined;
    });
    const email = uniqueEmail('cluster');
    const registered = await send(`${server.url}/api/auth/register`, {
      method: 'POST',
      body: { email, password: 'tidy-harbor-lantern-42', role: 'homeowner' },
      agent,
    });
    agent.destroy();
    expect(registered.status).toBe(201);
    const registration = await waitFor('the registration in the log', () =>
      logLines(server).find((line) => line.req?.url?.endsWith('/register')),
    );
    expect(registration.pid).toBe(web.pid);
    await waitFor('the verification mail delivered', async () => {
      const rows = await instances.database.db
        .select({ id: mailboxMessages.id })
        .from(mailboxMessages)
        .where(eq(mailboxMessages.toAddress, email));
      return rows.length > 0 ? rows : undefined;
    });
    // The delivery is logged after its row is committed: the row can be seen before the line is written.
    const delivered = await waitFor('the delivery in the log', () => {
      const lines = linesSaying(server, 'mail delivered');
      return lines.length > 0 ? lines : undefined;
    });
    expect(delivered.map((line) => line.pid)).toEqual([background.pid]);
  }, 60_000);

  it('replaces a killed worker with one of the same role, and keeps answering meanwhile', async () => {
    const [background, web] = startedWorkers(server);
    process.kill(background.pid, 'SIGKILL');

    // The web worker answers while the background worker is being replaced.
    const meanwhile = await waitFor('an answer after the kill', async () => {
      const answer = await probe(server).catch(() => undefined);
      return answer?.status === 200 ? answer : undefined;
    });
    expect(meanwhile.pid).not.toBe(background.pid);

    const replacement = await waitFor('the replacement started', () =>
      startedWorkers(server).find((worker) => worker.pid !== background.pid && worker.pid !== web.pid),
    );
    expect(replacement.role).toBe('background');
    expect(linesSaying(server, 'worker exited; starting a replacement')).toMatchObject([
      { workerPid: background.pid, role: 'background', signal: 'SIGKILL', restartInMs: 0 },
    ]);
    // The background work moved with the role: started once by each background worker, never by the web one.
    await waitFor('the background work restarted', () =>
      linesSaying(server, 'background work started: periodic tasks and job queue workers').find(
        (line) => line.pid === replacement.pid,
      ),
    );
    expect(
      linesSaying(server, 'background work started: periodic tasks and job queue workers').map((l) => l.pid),
    ).toEqual([background.pid, replacement.pid]);
    expect(await answeringPids(server, 2)).toEqual(new Set([replacement.pid, web.pid]));
  }, 60_000);

  it('waits longer before each replacement of a worker that dies again straight after starting', async () => {
    const webPids = () =>
      startedWorkers(server)
        .filter((worker) => worker.role === 'web')
        .map((worker) => worker.pid);
    const exitsBefore = linesSaying(server, 'worker exited; starting a replacement').length;
    const waited: number[] = [];
    // The web worker dies three times in a row, each replacement as soon as the primary started it.
    for (let kill = 0; kill < 3; kill++) {
      const started = webPids();
      const killedAt = Date.now();
      process.kill(started[started.length - 1]!, 'SIGKILL');
      await waitFor('the replacement started', () => (webPids().length > started.length ? true : undefined));
      waited.push(Date.now() - killedAt);
    }
    const exits = linesSaying(server, 'worker exited; starting a replacement').slice(exitsBefore);
    expect(exits.map(({ role, restartInMs }) => ({ role, restartInMs }))).toEqual([
      { role: 'web', restartInMs: 0 },
      { role: 'web', restartInMs: 1_000 },
      { role: 'web', restartInMs: 2_000 },
    ]);
    // The primary really held the replacements back (the timer's own floor, not a speed).
    expect(waited[1]).toBeGreaterThanOrEqual(1_000);
    expect(waited[2]).toBeGreaterThanOrEqual(2_000);
    // The last replacement lived: it answers beside the background worker.
    expect(await answeringPids(server, 2)).toContain(webPids().at(-1));
  }, 60_000);

  it('SIGTERM to the primary drains every worker and exits 0 once all have exited', async () => {
    // The running workers: the last the primary started of each role.
    const workers = ['background', 'web'].map((role) =>
      startedWorkers(server)
        .filter((worker) => worker.role === role)
        .at(-1)!,
    );
    expect(await server.stop('SIGTERM')).toBe(0);
    const draining = linesSaying(server, 'shutting down: draining').map((line) => line.pid);
    expect(new Set(draining)).toEqual(new Set(workers.map((worker) => worker.pid)));
    for (const worker of workers) expect(() => process.kill(worker.pid, 0)).toThrow();
  }, 60_000);
});
