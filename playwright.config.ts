import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 5055);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Debian's Chromium, not a downloaded browser (this machine cannot download one). The flags keep
// Chromium from reaching for Google services that a closed network refuses.
const launchOptions = {
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs ~30% of the suite's CPU even when it is thrown away; CI keeps no
    // artifacts, so it records none (rerun a failure locally, where traces are kept).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions },
      // Admins work at a desk; admin.spec.ts checks the narrow-screen layout itself.
      testIgnore: /admin\.spec\.ts$/,
    },
  ],
  webServer: {
    // The production build on a fresh embedded database, exactly as `npm start` serves it.
    command: `rm -rf .data-test/e2e-${PORT} && node scripts/build-if-needed.mjs && NODE_ENV=production tsx server/index.ts`,
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: `.data-test/e2e-${PORT}`,
      DEMO_SEED: 'true',
      AUTH_RATE_LIMIT: '1000',
      BOOKING_RATE_LIMIT: '1000',
      DIAGNOSIS_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
