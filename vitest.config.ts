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
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Each API test file starts its own database; two cores, so keep the pool small.
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
  },
});
