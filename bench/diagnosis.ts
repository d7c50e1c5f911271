/**
 * Diagnosis benchmark: prints figures, never fails on targets.
 *   npx tsx bench/diagnosis.ts            (npm run bench runs it too)
 * Targets: knowledge-base top-1 ≥ 90% on the fixture; POST /api/diagnose p99 ≤ 30 ms without photos.
 * Set BENCH_REQUESTS to change the number of requests without photos (default 300).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { DiagnosisLocation } from '@shared/constants';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { seedDatabase } from '../server/db/seed';
import { createLogger } from '../server/lib/logger';
import { createOfflineEngine } from '../server/modules/diagnosis';
import fixture from '../server/modules/diagnosis/fixtures/phrasings.json';
import heldOut from '../server/modules/diagnosis/fixtures/phrasings-held-out.json';
import { createPricingService } from '../server/modules/pricing';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value: number) => `${value.toFixed(2)} ms`;

function summarize(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} n=${String(samples.length).padStart(4)}  p50 ${ms(percentile(sorted, 50)).padStart(10)}  p99 ${ms(percentile(sorted, 99)).padStart(10)}  max ${ms(sorted.at(-1)!).padStart(10)}`,
  );
}

async function knowledgeBaseAccuracy() {
  const engine = createOfflineEngine();
  for (const [name, set] of [
    ['fixture (phrasings.json)', fixture.phrasings],
    ['held-out (phrasings-held-out.json)', heldOut.phrasings],
  ] as const) {
    let correct = 0;
    let plumbingCorrect = 0;
    let plumbingTotal = 0;
    const times: number[] = [];
    const misses: string[] = [];
    for (const p of set.slice(0, 20))
      await engine.diagnose({
        description: p.text,
        location: 'other',
        urgency: 'routine',
        images: [],
        issues: [],
      });
    for (const p of set) {
      const started = performance.now();
      const result = await engine.diagnose({
        description: p.text,
        location: p.location as DiagnosisLocation,
        urgency: 'routine',
        images: [],
        issues: [],
      });
      times.push(performance.now() - started);
      const got = result.isPlumbingRelated ? result.issueSlug : 'not-plumbing';
      if (p.expected !== 'not-plumbing') plumbingTotal++;
      if (got === p.expected) {
        correct++;
        if (p.expected !== 'not-plumbing') plumbingCorrect++;
      } else misses.push(`    miss: expected ${p.expected}, got ${got}: "${p.text}"`);
    }
    const unrelated = set.length - plumbingTotal;
    console.log(
      `knowledge base top-1, ${name}: ${((100 * correct) / set.length).toFixed(1)}% (${correct}/${set.length}; plumbing ${plumbingCorrect}/${plumbingTotal}, not-plumbing ${correct - plumbingCorrect}/${unrelated})`,
    );
    for (const miss of misses) console.log(miss);
    summarize(`  offline engine per description`, times);
  }
}

async function threeMegabytePhoto(): Promise<Buffer> {
  // Random noise compresses badly, so a 2200×1650 JPEG at quality 92 weighs about 3 MB, like a phone photo.
  const width = 2200;
  const height = 1650;
  const noise = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = seed >> 16;
  }
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
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
  const { app, close } = await createApp({
    config,
    database,
    logger: createLogger('silent'),
    sessionSecret: 'bench-secret-'.padEnd(40, 'x'),
    client: 'none',
  });
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
    const descriptions = fixture.phrasings.map((p) => p.text);
    const body = (i: number) => ({
      description: descriptions[i % descriptions.length],
      location: 'kitchen',
      urgency: 'routine',
      zip: '78701',
    });
    for (let i = 0; i < 20; i++) await post(body(i));
    const n = Number(process.env.BENCH_REQUESTS ?? 300);
    const plain: number[] = [];
    for (let i = 0; i < n; i++) plain.push(await post(body(i)));
    summarize('without photos (target p99 ≤ 30 ms)', plain);

    const photo = await threeMegabytePhoto();
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

await knowledgeBaseAccuracy();
await endpointLatency();
