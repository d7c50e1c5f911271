import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, JOURNEY_BROWSER_PATH } from './e2e/chromium';

const PORT = Number(process.env.E2E_PORT ?? 5055);
const launchOptions = { executablePath: JOURNEY_BROWSER_PATH, args: CHROMIUM_FLAGS };
/**
 * With a PostgreSQL server named, the desktop journeys run through nginx in front of two instances on
 * it (e2e/serve-behind-nginx.ts) and the phone journeys on the embedded database, so every journey
 * runs on both databases in one pass; without it, both on the embedded database (README's `npm test`).
 */
const DATABASE_URL = process.env.E2E_DATABASE_URL;
const NGINX_PORT = Number(process.env.E2E_NGINX_PORT ?? PORT + 1);
const EMBEDDED_URL = `http://localhost:${PORT}`;
const DESKTOP_URL = DATABASE_URL ? `http://localhost:${NGINX_PORT}` : EMBEDDED_URL;

/**
 * The server's settings in the journeys, on either database. NODE_ENV=test only so that BCRYPT_COST
 * may drop below 12 (server/config.ts refuses that anywhere else): at cost 12 each login took 3–7 s on
 * a busy machine and journeys timed out.
 */
const SERVER_ENV = {
  NODE_ENV: 'test',
  DEMO_SEED: 'true',
  BCRYPT_COST: '4',
  // Journeys sign in side by side; on a busy machine a check must wait rather than answer 503.
  PASSWORD_CHECK_QUEUE: '100',
  PASSWORD_CHECK_MAX_WAIT_MS: '60000',
  AUTH_RATE_LIMIT: '1000',
  BOOKING_RATE_LIMIT: '1000',
  DIAGNOSIS_RATE_LIMIT: '1000',
  LOG_LEVEL: 'warn',
  // As in production (NODE_ENV=test turns it off): session reads kept between changes (ADR 042).
  SESSION_CACHE_TTL_MS: '5000',
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Upper bounds, not waits: a green run never waits them out. On a busy two-core machine (load ~20)
  // a journey took over a minute and the admin dashboard over 20 s to render, so the bounds leave room.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: EMBEDDED_URL,
    // Recording a trace costs ~30% of the suite's CPU even when it is thrown away; CI keeps no
    // artifacts, so it records none (rerun a failure locally, where traces are kept).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions,
        baseURL: DESKTOP_URL,
      },
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions },
      // Admins work at a desk; admin.spec.ts and admin-narrow.spec.ts check narrow screens themselves.
      testIgnore: /admin(-[a-z]+)?\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      // The production build and the server bundle (PLUMBLINE_CLIENT=static, as `npm start` runs them,
      // docs/decisions/036-server-bundle.md) on a fresh embedded database.
      command: `rm -rf .data-test/e2e-${PORT} && node scripts/build-if-needed.mjs && NODE_COMPILE_CACHE=node_modules/.cache/plumbline-compile node --enable-source-maps dist/server/index.mjs`,
      url: `${EMBEDDED_URL}/readyz`,
      reuseExistingServer: !process.env.CI,
      timeout: 300_000,
      // Warnings (a 503 from a refused password check, say) show beside the failing journey.
      stdout: 'pipe',
      env: {
        ...SERVER_ENV,
        PLUMBLINE_CLIENT: 'static',
        PORT: String(PORT),
        DATA_DIR: `.data-test/e2e-${PORT}`,
      },
    },
    ...(DATABASE_URL
      ? [
          {
            // The same build (made by the entry above), two instances on a throw-away PostgreSQL
            // database, nginx from docs/nginx/plumbline.conf in front: as docs/operations.md deploys it.
            command: 'node --import tsx e2e/serve-behind-nginx.ts',
            url: `${DESKTOP_URL}/readyz`,
            reuseExistingServer: !process.env.CI,
            timeout: 300_000,
            stdout: 'pipe' as const,
            // SIGTERM, so that it stops the instances and drops its database (SIGKILL would leave both).
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
            env: {
              E2E_DATABASE_URL: DATABASE_URL,
              PORT: String(NGINX_PORT),
              E2E_INSTANCE_ENV: JSON.stringify(SERVER_ENV),
            },
          },
        ]
      : []),
  ],
});
