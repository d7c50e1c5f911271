import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * Fault tests restart the PostgreSQL server named by TEST_DATABASE_URL: nothing else may use that
 * server meanwhile, so they run alone, one file at a time, after the other suites. include/exclude
 * are replaced, not merged: mergeConfig would append to the base lists.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['server/**/*.faults.test.ts'],
    exclude: ['**/node_modules/**'],
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
  },
});
