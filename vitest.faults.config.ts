import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * Fault tests restart the PostgreSQL server named by TEST_DATABASE_URL: nothing else may use that
 * server meanwhile, so they run alone, one file at a time, after the other suites.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ['server/**/*.faults.test.ts'],
      exclude: ['**/node_modules/**'],
      maxWorkers: 1,
      fileParallelism: false,
      testTimeout: 120_000,
    },
  }),
);
