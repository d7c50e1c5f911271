/**
 * How long a restart of `npm start` takes to answer /readyz with 200 (target ≤ 3 s with the client
 * built), on the embedded database with demo data, as the README's first command runs it. The first
 * start creates the database and is not counted; then BENCH_START_RUNS restarts (default 5) each
 * print the time to ready and where it went, read from the server's own log lines:
 *   process → "database open" (npm, the build check, loading the server's modules, opening PGlite)
 *   → "listening" (the app built) → "ready" (migrations, seed, the slot top-up, the job queue, live
 *   events, the warm-up).
 *
 *   npm run bench -- start
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from './lib/fire';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const PORT = Number(process.env.BENCH_START_PORT ?? 5097);
const TARGET_MS = 3000;
/** The log lines that mark each phase's end. */
const MARKS = {
  databaseOpen: 'database open',
  listening: 'Plumbline listening',
  ready: 'migrated and seeded; ready',
};

interface Run {
  readyMs: number;
  phases: Partial<Record<keyof typeof MARKS, number>>;
}

async function waitUntilReady(deadline: number): Promise<void> {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (performance.now() > deadline) throw new Error(`not ready on port ${PORT} within the time allowed`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** npm may exit before the server it started has closed its port. */
async function waitUntilPortFree(port: number): Promise<void> {
  for (;;) {
    const listening = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => true,
      () => false,
    );
    if (!listening) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts `npm start` in its own process group, waits for /readyz, then stops the whole group. */
async function startOnce(dataDir: string): Promise<Run> {
  const startedAt = performance.now();
  const startedAtEpoch = Date.now();
  const child = spawn('npm', ['start'], {
    detached: true,
    // No drain on SIGTERM: the next start needs the port at once.
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const phases: Run['phases'] = {};
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { time: number; msg?: string };
      for (const [phase, text] of Object.entries(MARKS) as Array<[keyof typeof MARKS, string]>) {
        if (entry.msg?.startsWith(text)) phases[phase] = entry.time - startedAtEpoch;
      }
    }
  });
  child.stderr.resume();
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    await waitUntilReady(startedAt + 120_000);
    return { readyMs: performance.now() - startedAt, phases };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    await waitUntilPortFree(PORT);
  }
}

async function main() {
  console.log(`start-up benchmark, ${new Date().toISOString()}`);
  console.log(
    `  ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
  );
  console.log(
    `  load average at start: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plumbline-bench-start-'));
  try {
    const first = await startOnce(dataDir);
    console.log(`  first start (creates the database, seeds the demo): ${first.readyMs.toFixed(0)} ms`);
    const runs: Run[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await startOnce(dataDir);
      runs.push(result);
      const { databaseOpen, listening, ready } = result.phases;
      console.log(
        `  restart ${run}: ready after ${result.readyMs.toFixed(0)} ms` +
          ` (database open at ${databaseOpen ?? '?'} ms, listening at ${listening ?? '?'} ms, ready logged at ${ready ?? '?'} ms)`,
      );
    }
    const readyMedian = median(runs.map((run) => run.readyMs));
    console.log('\n=== summary');
    console.log(
      `  load average at the end: ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `  restart to /readyz: median ${readyMedian.toFixed(0)} ms of ${RUNS}` +
        ` (min ${Math.min(...runs.map((run) => run.readyMs)).toFixed(0)} ms); target ≤ ${TARGET_MS} ms: ${readyMedian <= TARGET_MS ? 'met' : 'not met'}`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
