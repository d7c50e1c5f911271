import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

/**
 * Debian's nginx as the test's own process, in front of server instances, with the configuration
 * docs/operations.md recommends ("Behind nginx"): the template docs/nginx/plumbline.conf, its
 * placeholders filled in, inside a minimal main configuration whose pid file, logs and temp paths
 * are all in a throw-away folder. The system's nginx service is never involved.
 */
export const NGINX_BINARY = '/usr/sbin/nginx';
const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const NGINX_TEMPLATE = path.join(REPO_ROOT, 'docs/nginx/plumbline.conf');

export const nginxAvailable = () => existsSync(NGINX_BINARY);

export interface Nginx {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** nginx's own output and its error log. */
  output(): Promise<string>;
  /** Stops this nginx (its master process, which takes its workers along) and removes its folder. */
  stop(): Promise<void>;
}

/** The template with its placeholders filled in; throws if one is left or missing. */
export function renderNginxSite(template: string, listen: string, upstreams: readonly string[]): string {
  for (const placeholder of ['{{listen}}', '{{upstreams}}']) {
    if (!template.includes(placeholder)) throw new Error(`${NGINX_TEMPLATE} lacks ${placeholder}`);
  }
  const site = template
    .replaceAll('{{listen}}', listen)
    .replaceAll('{{upstreams}}', upstreams.map((upstream) => `server ${upstream};`).join('\n    '));
  const left = site.match(/\{\{\w+\}\}/);
  if (left) throw new Error(`${NGINX_TEMPLATE}: unknown placeholder ${left[0]}`);
  return site;
}

/** Every nginx still running; killed when the test process exits, so none outlives a failed run. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Starts nginx on 127.0.0.1 in front of `upstreams` (`http://host:port` URLs), on `options.port`
 * or else a free port.
 */
export async function startNginx(
  upstreams: readonly string[],
  options: { port?: number } = {},
): Promise<Nginx> {
  const dir = await mkdtemp(path.join(tmpdir(), 'plumbline-nginx-'));
  // nginx's workers run as an unprivileged user when started by root: they must reach the temp paths.
  await chmod(dir, 0o755);
  const port = options.port ?? (await freePort());
  const site = renderNginxSite(
    await readFile(NGINX_TEMPLATE, 'utf8'),
    `127.0.0.1:${port}`,
    upstreams.map((url) => new URL(url).host),
  );
  await writeFile(path.join(dir, 'plumbline.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${path.join(dir, 'plumbline.conf')};`,
      '}',
      '',
    ].join('\n'),
  );

  const child = spawn(NGINX_BINARY, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const nginx of running) nginx.kill('SIGKILL');
    });
  }
  let printed = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  let hasExited = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      printed += `\n[spawn error] ${error.message}`;
      resolve();
    });
  });
  void exited.then(() => {
    hasExited = true;
    running.delete(child);
  });
  const output = async () =>
    `${printed}${await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')}`;

  const stop = async () => {
    if (!hasExited) {
      // SIGTERM: nginx's fast stop, which ends its workers too (a graceful SIGQUIT would wait for
      // held-open event streams); SIGKILL, the last resort, could leave a worker behind.
      child.kill('SIGTERM');
      const escalate = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(escalate);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!hasExited) {
    // Any answer means nginx is listening; /healthz goes through to an instance.
    const up = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      const log = await output();
      await stop();
      throw new Error(`nginx did not listen on ${url} within 10 s; its output:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (hasExited) {
    const log = await output();
    await rm(dir, { recursive: true, force: true });
    throw new Error(`nginx exited before it listened; its output:\n${log}`);
  }
  return { url, pid: child.pid!, output, stop };
}
