// `npm start` serves the production build and runs the bundled server (docs/decisions/036-server-bundle.md);
// this rebuilds either only when one of its inputs is newer than its output.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
    0,
  );
}

const isStale = (output, inputs) =>
  (existsSync(output) ? statSync(output).mtimeMs : 0) < Math.max(...inputs.map(newestMtime));

if (
  isStale('dist/public/index.html', [
    'client',
    'shared',
    'vite.config.ts',
    'server/lib/precompress.ts',
    'tailwind.config.ts',
    'package-lock.json',
  ])
) {
  console.log('Building the client…');
  execSync('npx vite build', { stdio: 'inherit' });
} else {
  console.log('Client build is up to date.');
}

// One ES module of our own code; packages stay in node_modules (native addons, PGlite's files). It sits
// two folders below the root, as server/db and server/lib do, so their root-relative paths still hold.
const SERVER_BUNDLE = 'dist/server/index.mjs';
if (
  isStale(SERVER_BUNDLE, [
    'server',
    'shared',
    'tsconfig.json',
    'package-lock.json',
    'scripts/build-if-needed.mjs',
  ])
) {
  console.log('Bundling the server…');
  await build({
    entryPoints: ['server/index.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
} else {
  console.log('Server bundle is up to date.');
}
