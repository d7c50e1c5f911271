import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, startFakeOpenAi, type FakeOpenAi } from './test/fake-openai';
import { startServerProcess } from './test/server-process';

const DRAIN_MS = 4_000;
/** The model answers after the drain ended, so the diagnosis is still in flight when the listener closes. */
const MODEL_DELAY_MS = 7_000;

/**
 * On SIGTERM a load balancer must first see the instance leave (readiness fails) while requests
 * keep being answered; only then does the listener close, and requests in flight still finish.
 */
describe('shutdown', () => {
  let fake: FakeOpenAi;
  let dataDir: string;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    dataDir = await mkdtemp(path.join(tmpdir(), 'plumbline-drain-'));
  });
  afterAll(async () => {
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('fails readiness for SHUTDOWN_DRAIN_MS, keeps serving, then finishes requests in flight', async () => {
    fake.respond(() => ({ json: chatCompletion('not the expected shape'), delayMs: MODEL_DELAY_MS }));
    const server = await startServerProcess({
      env: {
        DATA_DIR: dataDir,
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: fake.url,
        OPENAI_MODEL: 'fake-model',
      },
      readyTimeoutMs: 120_000,
    });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    const inFlight = fetch(`${server.url}/api/diagnose`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        description: 'The kitchen sink is blocked and will not drain',
        location: 'kitchen',
        urgency: 'routine',
      }),
    });
    while (fake.requests.length === 0) await sleep(20);
    const exited = server.stop('SIGTERM');

    await sleep(100);
    const readiness = await fetch(`${server.url}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ error: 'Shutting down', code: 'SERVICE_UNAVAILABLE' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/config/public`)).status).toBe(200);

    const diagnosis = await inFlight;
    expect(diagnosis.status).toBe(201);
    expect(await diagnosis.json()).toMatchObject({ isPlumbingRelated: true });
    expect(await exited).toBe(0);
    // Closed after the drain: nothing listens any more.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  }, 180_000);
});
