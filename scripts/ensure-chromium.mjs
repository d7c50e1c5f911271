// `npm test` runs the Playwright journeys in Debian's Chromium headless shell (Playwright cannot
// download its own browser here; e2e/chromium.ts says why the shell). On a fresh machine, install it
// when we may; otherwise say exactly what is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
if (!existsSync(browser)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH) {
    console.log("Chromium's headless shell is missing: installing Debian's chromium-headless-shell package…");
    execSync(
      'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium-headless-shell',
      { stdio: 'inherit' },
    );
  } else {
    console.error(
      `No Chromium at ${browser}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
}
