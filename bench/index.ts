/**
 * `npm run bench`: runs every benchmark in this folder one after another. Benchmarks print
 * figures and compare them with their targets; they never fail a build on a timing.
 * Run one alone with `npx tsx bench/<name>.ts` or `npm run bench -- <name>` (e.g. `npm run bench -- load`).
 *
 * bench/load.ts (autocannon against the production server, 1M jobs) needs PostgreSQL — DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/postgres — and takes about 4 minutes; without PostgreSQL it
 * says so and is skipped. See docs/performance.md.
 * bench/diagnose-flood.ts (login and nearby p99 beside 20 clients posting maximum photo diagnoses) takes
 * about a minute on the embedded database, or on PostgreSQL when DATABASE_URL is set.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && !file.endsWith('.test.ts'))
  .filter((file) => only.length === 0 || only.includes(path.basename(file, '.ts')))
  .sort();

let crashed = 0;
for (const file of benches) {
  console.log(`\n=== bench/${file} (${new Date().toISOString()})`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    crashed += 1;
    console.log(`bench/${file} exited with ${result.status}`);
  }
}
process.exit(crashed > 0 ? 1 : 0);
