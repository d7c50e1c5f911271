import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The real entry point (server/index.ts, or its production bundle) as a child process, for tests,
 * benchmarks and the end-to-end server behind nginx (e2e/serve-behind-nginx.ts) that need what an
 * in-process app cannot give: several instances on one database, a process that must
 * survive its database going away, a server pinned to its own core.
 */
export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Sends the signal (default SIGTERM) and resolves with the exit code once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Resolves when the process exits by itself (crash or stop). */
  exited: Promise<number | null>;
}

export interface StartServerProcessOptions {
  /** Merged over the base environment below (DATABASE_URL, DEMO_SEED, rate limits, …). */
  env: Record<string, string>;
  /** Pins the process to this core with `taskset -c` (benchmarks). */
  cpu?: number;
  /** How long to wait for GET /readyz to answer 200; default 60 s. */
  readyTimeoutMs?: number;
  /**
   * Runs the production bundle (dist/server/index.mjs, as `npm start` does; build it first with
   * scripts/build-if-needed.mjs) instead of server/index.ts through tsx.
   */
  bundle?: boolean;
  /** Called with each chunk the process writes to stdout or stderr (it is kept for `output()` too). */
  onOutput?: (chunk: string) => void;
}

const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
/** Longer than the entry point's own 10 s graceful-shutdown limit, so SIGKILL is a last resort. */
const STOP_ESCALATION_MS = 12_000;

/** Every child still running; killed when the test process exits, so none outlives a failed run. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/** A port free right now (listen on 0, close); the tiny reuse race is acceptable in tests. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(options: StartServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    // Booking judges dates in APP_TIME_ZONE, not the process's zone; the test's TZ is passed on so
    // the child runs off the app's zone too, as the tests themselves do (options.env may set another).
    ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
    NODE_ENV: 'test',
    PLUMBLINE_CLIENT: 'none',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    BCRYPT_COST: '4',
    // Tests stop many servers; the drain before closing has a test of its own.
    SHUTDOWN_DRAIN_MS: '0',
    // One process per instance, as the tests and benchmarks count them; server/cluster.postgres.test.ts
    // asks for workers per core (docs/decisions/037-workers-per-core.md).
    WEB_CONCURRENCY: '1',
    SESSION_SECRET: `server-process-${randomBytes(24).toString('hex')}`,
    ...options.env,
  };
  if (options.bundle) env.NODE_COMPILE_CACHE ??= 'node_modules/.cache/plumbline-compile';
  const nodeArgs = options.bundle
    ? ['--enable-source-maps', 'dist/server/index.mjs']
    : ['--import', 'tsx', 'server/index.ts'];
  const [command, args] =
    options.cpu === undefined
      ? [process.execPath, nodeArgs]
      : ['taskset', ['-c', String(options.cpu), process.execPath, ...nodeArgs]];

  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  installExitHook();
  running.add(child);
  let output = '';
  const record = (chunk: string) => {
    output += chunk;
    options.onOutput?.(chunk);
  };
  child.stdout.setEncoding('utf8').on('data', record);
  child.stderr.setEncoding('utf8').on('data', record);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      // Killed by a signal: there is no exit code.
      resolve(signal ? null : code);
    });
    child.once('error', (error) => {
      output += `\n[spawn error] ${error.message}`;
      running.delete(child);
      resolve(null);
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (hasExited) return exited;
    child.kill(signal);
    const escalate = setTimeout(() => child.kill('SIGKILL'), STOP_ESCALATION_MS);
    const code = await exited;
    clearTimeout(escalate);
    return code;
  };

  const url = `http://127.0.0.1:${port}`;
  const timeoutMs = options.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  while (!hasExited) {
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server process not ready within ${timeoutMs} ms; its output:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (hasExited) {
    throw new Error(`server process exited with ${await exited} before it was ready; its output:\n${output}`);
  }

  return { url, pid: child.pid!, output: () => output, stop, exited };
}
