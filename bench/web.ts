/**
 * `npx tsx bench/web.ts` (npm run bench:web): what a visitor's phone pays for the public pages.
 *
 * 1. Builds the client (`vite build --manifest`) and prints the gzip bytes of the initial load of `/`
 *    (the entry, its static imports and CSS — what index.html makes the browser fetch — plus the home
 *    route's own chunks), of the pages a phone opens from a link (/diagnose, /book, /dashboard; /admin
 *    for information: the shell plus the page's chunks) and of every lazy chunk; and whether any
 *    browser chunk carries table definitions (drizzle, the tables' column names).
 * 2. Starts the production server on a fresh embedded database and runs Lighthouse (mobile preset,
 *    simulated throttling) three times on `/` and `/services`, printing median scores and metrics.
 *
 * A run that fails to record is retried (see ATTEMPTS_PER_RUN). BENCH_WEB_LHR_DIR=<dir> keeps each
 * run's full Lighthouse report there.
 *
 * It prints figures and whether each target is met; it never fails on a target (exit 0 unless
 * something crashed). It rebuilds dist/public, so do not run it while an e2e run serves that folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium';
import * as schema from '@shared/schema';
import { median } from './lib/fire';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist/public');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 5066);
const BASE_URL = `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PAGES = ['/', '/services'];
const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
/** When set, each recorded run's full report (LHR JSON) is written there, to see what an audit found. */
const LHR_DIR = process.env.BENCH_WEB_LHR_DIR;

const TARGETS = {
  initialJsKb: 150,
  pageJsKb: 200,
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
};

/** Pages opened straight from a link (manifest keys are relative to client/); /admin has no target. */
const LINKED_PAGES = [
  { path: '/diagnose', src: 'src/app/pages/diagnose.tsx', hasTarget: true },
  { path: '/book', src: 'src/app/pages/book.tsx', hasTarget: true },
  { path: '/dashboard', src: 'src/app/pages/dashboard.tsx', hasTarget: true },
  { path: '/admin', src: 'src/app/pages/admin.tsx', hasTarget: false },
];

// ---------------------------------------------------------------------------------------------
// 1. Bundle sizes

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Gzip bytes at zlib's default level: an upper bound of what is sent, as the server sends the build's
 * pre-compressed brotli (or gzip at level 9) to browsers that accept it (ADR 038).
 */
const gzipSizeCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizeCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(DIST, file))).length;
    gzipSizeCache.set(file, size);
  }
  return size;
}

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function filesOf(manifest: Manifest, keys: Iterable<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js, css };
}

const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipSize(file), 0);

/** The chunks a page's module needs beyond the shell (none when the shell itself holds the page). */
function pageChunks(manifest: Manifest, src: string, shellKeys: Set<string>) {
  const pageKey = Object.keys(manifest).find((key) => manifest[key].src === src);
  const keys = pageKey ? [...staticClosure(manifest, pageKey)].filter((key) => !shellKeys.has(key)) : [];
  return filesOf(manifest, keys);
}

/** The assets index.html itself makes the browser fetch (entry script, modulepreloads, stylesheets). */
function htmlAssets(): { js: string[]; css: string[] } {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const js: string[] = [];
  const css: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    if (tag.startsWith('<script') && tag.includes('type="module"')) {
      const src = attr(tag, 'src');
      if (src) js.push(src.replace(/^\//, ''));
    } else if (tag.includes('rel="modulepreload"')) {
      const href = attr(tag, 'href');
      if (href) js.push(href.replace(/^\//, ''));
    } else if (tag.includes('rel="stylesheet"')) {
      const href = attr(tag, 'href');
      if (href) css.push(href.replace(/^\//, ''));
    }
  }
  return { js, css };
}

function reportBundle(): { initialJs: number } {
  console.log('\n# Building the client (vite build --manifest)');
  const build = spawnSync('npx', ['vite', 'build', '--manifest'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error(`vite build exited with ${build.status}`);

  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('No entry chunk in the Vite manifest');

  const shellKeys = staticClosure(manifest, entryKey);
  const shell = filesOf(manifest, shellKeys);
  const fromHtml = htmlAssets();
  const missing = fromHtml.js.filter((file) => !shell.js.has(file));
  if (missing.length > 0)
    console.log(`  note: index.html loads JS the manifest closure does not list: ${missing.join(', ')}`);
  for (const file of fromHtml.js) shell.js.add(file);
  for (const file of fromHtml.css) shell.css.add(file);

  const home = pageChunks(manifest, 'src/app/pages/home.tsx', shellKeys);

  const shellJs = sum(shell.js);
  const homeJs = sum(home.js);
  const initialJs = shellJs + homeJs;
  const initialCss = sum(shell.css) + sum([...home.css].filter((file) => !shell.css.has(file)));

  console.log('\n# Initial load of / (gzip, as served)');
  console.log(
    `  shell JS (entry + modulepreloads): ${kb(shellJs)}  [${[...shell.js].map((f) => path.basename(f)).join(', ')}]`,
  );
  console.log(
    `  home route JS:                     ${kb(homeJs)}  [${[...home.js].map((f) => path.basename(f)).join(', ')}]`,
  );
  console.log(
    `  JS total:  ${kb(initialJs)}   target ≤ ${TARGETS.initialJsKb} KB: ${verdict(initialJs / 1024 <= TARGETS.initialJsKb)}`,
  );
  console.log(`  CSS total: ${kb(initialCss)}`);
  // It carries the prerendered pages (vite.config.ts), which paint before any of the JS above runs.
  console.log(`  index.html: ${kb(gzipSize('index.html'))}`);

  console.log("\n# A phone opening a page from a link (gzip JS: shell + the page's chunks)");
  for (const page of LINKED_PAGES) {
    const pageJs = sum(pageChunks(manifest, page.src, shellKeys).js);
    const total = shellJs + pageJs;
    const target = page.hasTarget
      ? `target ≤ ${TARGETS.pageJsKb} KB: ${verdict(total / 1024 <= TARGETS.pageJsKb)}`
      : '(no target; for information)';
    console.log(
      `  ${page.path.padEnd(11)} ${kb(shellJs)} + ${kb(pageJs).padStart(8)} = ${kb(total).padStart(8)}   ${target}`,
    );
  }

  reportTableDefinitions();

  console.log('\n# Lazy chunks (gzip; "own" = bytes not already in the shell)');
  const lazyKeys = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry)
    .sort((a, b) => a.localeCompare(b));
  for (const key of lazyKeys) {
    const closure = [...staticClosure(manifest, key)].filter((k) => !shellKeys.has(k));
    const files = filesOf(manifest, closure);
    const ownJs = sum(files.js);
    const ownCss = sum([...files.css].filter((file) => !shell.css.has(file)));
    const label = (manifest[key].src ?? key).replace(/^src\//, '');
    console.log(`  ${label.padEnd(48)} JS ${kb(ownJs).padStart(9)}${ownCss ? `   CSS ${kb(ownCss)}` : ''}`);
  }
  return { initialJs };
}

/**
 * Table definitions betray themselves in a chunk by drizzle's symbol keys (`Symbol.for('drizzle:Name')`),
 * its entity kinds (`PgTable`, `PgText`) and the tables' snake_case column names (`password_hash`):
 * the browser never needs any of them, and they describe the database to whoever reads the bundle.
 */
const SNAKE_CASE_COLUMNS = new Set(
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .flatMap((table) => Object.values(getTableColumns(table)).map((column) => column.name))
    .filter((name) => name.includes('_')),
);

/** What of a table definition a chunk holds; all empty when it holds none. */
function tableDefinitionMarkers(code: string) {
  const distinct = (matches: Iterable<string>) => [...new Set(matches)].sort();
  return {
    symbols: distinct([...code.matchAll(/drizzle:[A-Za-z]+/g)].map(([symbol]) => symbol)),
    kinds: distinct([...code.matchAll(/[`'"](Pg[A-Z][A-Za-z]*)[`'"]/g)].map(([, kind]) => kind)),
    columns: distinct(
      [...code.matchAll(/[`'"]([a-z][a-z0-9]*(?:_[a-z0-9]+)+)[`'"]/g)]
        .map(([, name]) => name)
        .filter((name) => SNAKE_CASE_COLUMNS.has(name)),
    ),
  };
}

function reportTableDefinitions(): void {
  console.log('\n# Table definitions (drizzle) in browser chunks');
  const assets = path.join(DIST, 'assets');
  const chunks = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .sort();
  const few = (names: string[]) => `${names.slice(0, 4).join(', ')}${names.length > 4 ? ', …' : ''}`;
  let carriers = 0;
  for (const file of chunks) {
    const { symbols, kinds, columns } = tableDefinitionMarkers(readFileSync(path.join(assets, file), 'utf8'));
    if (symbols.length + kinds.length + columns.length === 0) continue;
    carriers += 1;
    console.log(
      `  ${file}: table definitions — ${symbols.length} drizzle symbols, ${kinds.length} entity kinds (${few(kinds)}),` +
        ` ${columns.length} column names (${few(columns)})`,
    );
  }
  if (carriers === 0)
    console.log(`  no table definitions in any browser chunk (${chunks.length} chunks searched)`);
}

// ---------------------------------------------------------------------------------------------
// 2. Lighthouse against the production server

async function startServer(): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plumbline-bench-web-'));
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const child = spawn(
    existsSync(tsx) ? tsx : 'npx',
    existsSync(tsx) ? ['server/index.ts'] : ['tsx', 'server/index.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(PORT),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  let exited: number | null = null;
  child.on('exit', (code) => {
    exited = code ?? -1;
  });

  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (exited !== null)
      throw new Error(`The server exited with ${exited} before it was ready (is port ${PORT} free?)`);
    try {
      const response = await fetch(`${BASE_URL}/readyz`);
      if (response.ok) return { child, dataDir };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not become ready within 180 s');
}

async function stopServer({ child, dataDir }: { child: ChildProcess; dataDir: string }): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

interface RunFigures {
  /** Lighthouse's measure of this machine's speed during the run (a mid-range desktop is about 1500+). */
  benchmarkIndex: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  failing: string[];
}

function figures(lhr: Result): RunFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = new Set<string>();
  for (const id of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failing.add(`${id}/${ref.id}: ${audit.title}${describeItems(audit.details)}`);
      }
    }
  }
  return {
    benchmarkIndex: lhr.environment.benchmarkIndex,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    failing: [...failing],
  };
}

/** A short hint of what an audit found (its first few items), so a failing audit can be acted on. */
function describeItems(details: unknown): string {
  const items = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const texts = items.slice(0, 3).map((item) => {
    const parts = [
      item.source,
      item.description,
      item.url,
      item.issueType,
      (item.node as { selector?: string })?.selector,
    ]
      .map((part) =>
        typeof part === 'string' ? part : typeof part === 'object' && part ? JSON.stringify(part) : '',
      )
      .filter(Boolean);
    return parts.join(' ').slice(0, 200);
  });
  return texts.length ? ` — ${texts.join(' | ')}` : '';
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/**
 * Attempts per run. A run that fails to record (the LHR's `runtimeError`, e.g. NO_NAVSTART or
 * NO_FCP, or a thrown protocol timeout) is a hiccup of a busy machine, not the page: it usually
 * succeeds on the next try. Three attempts ride out a bad patch; a run failing three times in a row
 * points at something real, so it is reported and left out rather than retried for ever.
 */
const ATTEMPTS_PER_RUN = 3;

type Chrome = Awaited<ReturnType<typeof chromeLauncher.launch>>;
const launchChrome = () => chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });

/** One Lighthouse run: its figures, or why it did not record (never thrown). */
async function lighthouseRun(
  chrome: Chrome,
  url: string,
): Promise<{ figures: RunFigures } | { failure: string; thrown: boolean }> {
  const flags: Flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  };
  try {
    // No config argument: Lighthouse's default config is the mobile preset (Moto G Power, slow 4G, 4× CPU).
    const result = await lighthouse(url, flags);
    if (!result) return { failure: 'Lighthouse returned nothing', thrown: false };
    const { runtimeError } = result.lhr;
    if (runtimeError) return { failure: `${runtimeError.code}: ${runtimeError.message}`, thrown: false };
    if (LHR_DIR) {
      mkdirSync(LHR_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${Date.now()}.json`;
      writeFileSync(path.join(LHR_DIR, name), JSON.stringify(result.lhr));
    }
    return { figures: figures(result.lhr) };
  } catch (error) {
    return { failure: error instanceof Error ? error.message : String(error), thrown: true };
  }
}

async function runLighthouse(): Promise<void> {
  const server = await startServer();
  let chrome = await launchChrome();
  try {
    for (const page of PAGES) {
      const runs: RunFigures[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt += 1) {
          const outcome = await lighthouseRun(chrome, `${BASE_URL}${page}`);
          if ('figures' in outcome) {
            const run_ = outcome.figures;
            runs.push(run_);
            console.log(
              `  ${page} run ${run}${attempt > 1 ? ` (attempt ${attempt})` : ''}: performance ${run_.performance}, accessibility ${run_.accessibility}, best practices ${run_.bestPractices}` +
                ` (FCP ${Math.round(run_.fcp)} ms, LCP ${Math.round(run_.lcp)} ms, TBT ${Math.round(run_.tbt)} ms, CLS ${run_.cls.toFixed(3)}, SI ${Math.round(run_.si)} ms;` +
                ` benchmarkIndex ${Math.round(run_.benchmarkIndex)}, load ${os.loadavg()[0].toFixed(1)})`,
            );
            break;
          }
          const next = attempt < ATTEMPTS_PER_RUN ? 'retrying' : `giving up on run ${run}`;
          console.log(
            `  ${page} run ${run} attempt ${attempt} did not record (${outcome.failure}); ${next}` +
              ` (load ${os.loadavg()[0].toFixed(1)})`,
          );
          // A thrown error may leave the browser wedged: the next attempt gets a fresh one.
          if (outcome.thrown) {
            await chrome.kill();
            chrome = await launchChrome();
          }
        }
      }
      if (runs.length === 0) {
        console.log(`\n  ${page} — no run recorded in ${RUNS} × ${ATTEMPTS_PER_RUN} attempts\n`);
        continue;
      }
      const performance = median(runs.map((r) => r.performance));
      const accessibility = median(runs.map((r) => r.accessibility));
      const bestPractices = median(runs.map((r) => r.bestPractices));
      console.log(
        `\n  ${page} — median of ${runs.length}${runs.length < RUNS ? ` (of ${RUNS} runs; the others did not record)` : ''} (mobile preset)`,
      );
      console.log(
        `    performance    ${String(performance).padStart(3)}   target ≥ ${TARGETS.performance}: ${verdict(performance >= TARGETS.performance)}`,
      );
      console.log(
        `    accessibility  ${String(accessibility).padStart(3)}   target = ${TARGETS.accessibility}: ${verdict(accessibility >= TARGETS.accessibility)}`,
      );
      console.log(
        `    best practices ${String(bestPractices).padStart(3)}   target ≥ ${TARGETS.bestPractices}: ${verdict(bestPractices >= TARGETS.bestPractices)}`,
      );
      console.log(
        `    metrics: FCP ${Math.round(median(runs.map((r) => r.fcp)))} ms, LCP ${Math.round(median(runs.map((r) => r.lcp)))} ms,` +
          ` TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms, CLS ${median(runs.map((r) => r.cls)).toFixed(3)}, SI ${Math.round(median(runs.map((r) => r.si)))} ms`,
      );
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      if (failing.length > 0)
        console.log(`    audits not passed in some run:\n      ${failing.join('\n      ')}`);
      console.log('');
    }
  } finally {
    await chrome.kill();
    await stopServer(server);
  }
}

async function main(): Promise<void> {
  reportBundle();
  console.log(`\n# Lighthouse, mobile preset, ${RUNS} runs per page, ${BASE_URL}`);
  console.log(
    `  (simulated throttling multiplies the CPU time measured here: on a busy machine — ${os.cpus().length} cores,` +
      ` load ${os.loadavg()[0].toFixed(1)} now — performance scores drop; compare runs made under similar load)`,
  );
  await runLighthouse();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
