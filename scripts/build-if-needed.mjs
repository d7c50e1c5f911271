// `npm start` serves the production build; this rebuilds it only when a client input is newer.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const output = 'dist/public/index.html';
const inputs = ['client', 'shared', 'vite.config.ts', 'tailwind.config.ts', 'package-lock.json'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
    0,
  );
}

const built = existsSync(output) ? statSync(output).mtimeMs : 0;
const changed = Math.max(...inputs.map(newestMtime));
if (built < changed) {
  console.log('Building the client…');
  execSync('npx vite build', { stdio: 'inherit' });
} else {
  console.log('Client build is up to date.');
}
