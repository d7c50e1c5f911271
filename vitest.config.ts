import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  resolve: {
    alias: {
      '@shared': path.join(root, 'shared'),
      '@': path.join(root, 'client/src'),
    },
  },
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'client/src/**/*.test.{ts,tsx}'],
    // Tests that need a PostgreSQL server (several processes on one database, a server restart) have
    // their own configs: vitest.postgres.config.ts and vitest.faults.config.ts.
    exclude: ['**/node_modules/**', 'server/**/*.postgres.test.ts', 'server/**/*.faults.test.ts'],
    environment: 'node',
    // Writes a migrated embedded database once, which every embedded test context starts from.
    globalSetup: ['server/test/embedded-starting-point.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Each API test file starts its own database; two cores, so keep the pool small.
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
  },
});
