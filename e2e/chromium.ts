/**
 * Debian's Chromium, not a downloaded browser (this machine cannot download one). The flags keep
 * Chromium from reaching for Google services that a closed network refuses.
 */

/**
 * The journeys' browser: Debian's headless shell (package chromium-headless-shell), the same engine
 * without the full browser's windowing layers. The same journeys took a third less CPU in it than in
 * /usr/bin/chromium on two cores. Another binary via CHROMIUM_PATH.
 */
export const JOURNEY_BROWSER_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Lighthouse measures the full browser (package chromium), as a phone's browser renders. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
