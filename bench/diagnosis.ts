/**
 * Diagnosis benchmark: prints figures, never fails on targets.
 *   npx tsx bench/diagnosis.ts            (npm run bench -- diagnosis)
 * For each part of the labelled phrasings — the tuning part (phrasings.json, the engine is tuned on
 * it) and the report part (phrasings-held-out.json, held out: never used for tuning) — top-1, top-2,
 * safety recall, not-plumbing precision and recall, false alarms, and accuracy and latency per kind of
 * description and per catalogue category. Targets on the report part: top-1 ≥ 95%, safety recall
 * 100%, not-plumbing recall ≥ 95% with ≤ 2% false alarms.
 * Then POST /api/diagnose on a freshly started app, the first request after start included:
 * target p99 ≤ 30 ms without photos. BENCH_REQUESTS changes the number of requests (default 300).
 * Last, the real entry point (server/index.ts) as a child process, started afresh BENCH_FRESH_STARTS
 * times (default 3): the first request the moment /readyz says ready, then the rest of
 * BENCH_FRESH_REQUESTS sequential requests (default 200), each start's p50/p99 and all of them together.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { LIMITS } from '@shared/constants';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { seedDatabase } from '../server/db/seed';
import { CATALOG_ITEMS } from '../server/db/seed/catalog';
import { createLogger } from '../server/lib/logger';
import { createOfflineEngine } from '../server/modules/diagnosis';
import {
  describeMiss,
  figuresOf,
  phrasingFixtureSchema,
  runPhrasings,
  type PhrasingOutcome,
} from '../server/modules/diagnosis/diagnosis.evaluation';
import fixture from '../server/modules/diagnosis/fixtures/phrasings.json';
import heldOut from '../server/modules/diagnosis/fixtures/phrasings-held-out.json';
import { createPricingService } from '../server/modules/pricing';
import { startServerProcess } from '../server/test/server-process';
import { percentile } from './lib/fire';

const ms = (value: number) => `${value.toFixed(2)} ms`;
const pct = (share: number) => `${(100 * share).toFixed(1)}%`;

function summarize(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} n=${String(samples.length).padStart(4)}  p50 ${ms(percentile(sorted, 50)).padStart(10)}  p99 ${ms(percentile(sorted, 99)).padStart(10)}  max ${ms(sorted.at(-1)!).padStart(10)}`,
  );
}

const categoryOf = new Map(CATALOG_ITEMS.map((item) => [item.issueSlug, item.category]));

/** One line per group: how many, top-1, top-2 and the engine's latency. */
function printGroups(
  title: string,
  outcomes: readonly PhrasingOutcome[],
  groupOf: (o: PhrasingOutcome) => string,
) {
  const groups = new Map<string, PhrasingOutcome[]>();
  for (const outcome of outcomes)
    groups.set(groupOf(outcome), [...(groups.get(groupOf(outcome)) ?? []), outcome]);
  console.log(`  ${title.padEnd(22)}    n   top-1   top-2        p50        p99        max`);
  for (const [group, members] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const figures = figuresOf(members);
    const times = members.map((o) => o.ms).sort((a, b) => a - b);
    console.log(
      `  ${group.padEnd(22)} ${String(members.length).padStart(4)} ${pct(figures.top1).padStart(7)} ${pct(figures.top2).padStart(7)} ${ms(percentile(times, 50)).padStart(10)} ${ms(percentile(times, 99)).padStart(10)} ${ms(times.at(-1)!).padStart(10)}`,
    );
  }
}

async function knowledgeBaseAccuracy() {
  const engine = createOfflineEngine();
  for (const [name, file, phrasings] of [
    [
      'TUNING part (the engine is tuned on it)',
      'phrasings.json',
      phrasingFixtureSchema.parse(fixture).phrasings,
    ],
    [
      'REPORT part (held out, never used for tuning)',
      'phrasings-held-out.json',
      phrasingFixtureSchema.parse(heldOut).phrasings,
    ],
  ] as const) {
    const outcomes = await runPhrasings(engine, phrasings);
    const f = figuresOf(outcomes);
    const np = f.notPlumbing;
    const plumbingCount = f.count - np.count;
    console.log(`\n${name}: ${file}, ${f.count} descriptions`);
    console.log(
      `  top-1 ${pct(f.top1)}   top-2 ${pct(f.top2)}   safety recall ${pct(f.safety.recall)} of ${f.safety.count} hazards`,
    );
    console.log(
      `  not plumbing: recall ${pct(np.recall)} of ${np.count}, precision ${pct(np.precision)}, false alarms ${pct(np.falseAlarmRate)} of ${plumbingCount} plumbing descriptions`,
    );
    printGroups('by kind of description', outcomes, (o) => o.phrasing.kind);
    printGroups(
      'by catalogue category',
      outcomes,
      (o) => categoryOf.get(o.phrasing.expected) ?? 'not plumbing',
    );
    summarize(
      '  offline engine per description',
      outcomes.map((o) => o.ms),
    );
    for (const miss of outcomes.filter((o) => o.got !== o.phrasing.expected))
      console.log(`    miss: ${describeMiss(miss)}`);
  }
}

/** The largest photo the client sends: 1568 px long edge, pure noise (JPEG's worst case), about 1.35 MB. */
async function largestClientPhoto(): Promise<Buffer> {
  const width = 1568;
  const height = 1400;
  const noise = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = seed >> 16;
  }
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function endpointLatency() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'plumbline-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DIAGNOSIS_RATE_LIMIT: '1000000',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({});
  await runMigrations(database.pool);
  await seedDatabase(database.db, { demo: false, bcryptCost: 4, timeZone: config.appTimeZone });
  const { app, close, warmUp } = await createApp({
    config,
    database,
    logger: createLogger('silent'),
    sessionSecret: 'bench-secret-'.padEnd(40, 'x'),
    client: 'none',
  });
  // What server/index.ts awaits before /readyz says ready.
  await warmUp();
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/diagnose`;
  const post = async (body: unknown) => {
    const started = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`unexpected ${res.status}`);
    return performance.now() - started;
  };

  try {
    console.log(
      `\nPOST /api/diagnose, offline engine, ${database.kind} database, in-process server on 127.0.0.1`,
    );
    const descriptions = [...fixture.phrasings, ...heldOut.phrasings]
      .map((p) => p.text)
      .filter((text) => text.length >= LIMITS.diagnosisDescriptionMin);
    const body = (i: number) => ({
      description: descriptions[i % descriptions.length],
      location: 'kitchen',
      urgency: 'routine',
      zip: '78701',
    });
    // This process's own fetch (undici) loads lazily too: warmed on /healthz, which is answered before
    // the API, so the first figure is the server's. No warm-up request to the API: the app has just
    // started, and its first answer counts like every other.
    await fetch(url.replace('/api/diagnose', '/healthz')).then((res) => res.arrayBuffer());
    const n = Number(process.env.BENCH_REQUESTS ?? 300);
    const plain: number[] = [];
    for (let i = 0; i < n; i++) plain.push(await post(body(i)));
    console.log(`first request after start                     ${ms(plain[0])}`);
    summarize('without photos, first included (target p99 ≤ 30 ms)', plain);

    const photo = await largestClientPhoto();
    const photoUrl = `data:image/jpeg;base64,${photo.toString('base64')}`;
    for (let i = 0; i < 2; i++) await post({ ...body(i), imageUrls: [photoUrl] });
    const withPhoto: number[] = [];
    for (let i = 0; i < 30; i++) withPhoto.push(await post({ ...body(i), imageUrls: [photoUrl] }));
    summarize(
      `with one ${(photo.length / 1024 / 1024).toFixed(1)}-MB photo (${photoUrl.length} chars)`,
      withPhoto,
    );

    console.log('\npricing reference data (catalogue, regions, modifiers): cached vs loaded per call');
    for (const [label, ttl] of [
      ['pricing.estimate, 30 s cache (the default)', undefined],
      ['pricing.estimate, loaded per call (ttl 0)', 0],
    ] as const) {
      const pricing = createPricingService(database.db, { cacheTtlMs: ttl });
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        await pricing.estimate({ issueSlug: 'clogged-drain', zip: '78701', urgency: 'routine' });
        times.push(performance.now() - started);
      }
      summarize(label, times.slice(10));
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The production entry point started afresh (migrations, seed, the start-up warm-up), asked the moment
 * /readyz answers 200: nothing the first homeowner needs may still be built on first use.
 */
async function freshServerLatency() {
  const starts = Number(process.env.BENCH_FRESH_STARTS ?? 3);
  const n = Number(process.env.BENCH_FRESH_REQUESTS ?? 200);
  const descriptions = [...fixture.phrasings, ...heldOut.phrasings]
    .map((p) => p.text)
    .filter((text) => text.length >= LIMITS.diagnosisDescriptionMin);
  const [load1] = os.loadavg();
  console.log(
    `\nPOST /api/diagnose without photos, server/index.ts as a child process (NODE_ENV=production, embedded database), ${starts} fresh starts × ${n} sequential requests; load average ${load1.toFixed(2)}`,
  );
  const all: number[] = [];
  const firsts: number[] = [];
  for (let start = 0; start < starts; start++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'plumbline-bench-fresh-'));
    const launched = performance.now();
    const server = await startServerProcess({
      env: {
        NODE_ENV: 'production',
        BCRYPT_COST: '12',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DIAGNOSIS_RATE_LIMIT: '1000000',
      },
      readyTimeoutMs: 180_000,
    });
    const readyAfter = performance.now() - launched;
    try {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/diagnose`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            description: descriptions[i % descriptions.length],
            location: 'kitchen',
            urgency: 'routine',
            zip: '78701',
          }),
        });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`unexpected ${res.status}`);
        times.push(performance.now() - started);
      }
      firsts.push(times[0]);
      all.push(...times);
      console.log(
        `  start ${start + 1}: ready after ${(readyAfter / 1000).toFixed(1)} s, first request ${ms(times[0])}`,
      );
      summarize(`    start ${start + 1}, first included`, times);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`first request after each start: ${firsts.map(ms).join(', ')}`);
  summarize('all starts, firsts included (target p99 ≤ 30 ms)', all);
  const [after1] = os.loadavg();
  console.log(`load average at the end ${after1.toFixed(2)} (${os.availableParallelism()} cores)`);
}

await knowledgeBaseAccuracy();
await endpointLatency();
await freshServerLatency();
