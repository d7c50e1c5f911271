/**
 * Debian's Chromium, not a downloaded browser (this machine cannot download one), for the e2e
 * journeys and the Lighthouse benchmark. The flags keep Chromium from reaching for Google services
 * that a closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
