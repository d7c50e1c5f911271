import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The server suites on PostgreSQL (TEST_DATABASE_URL), plus the tests only a real server allows.
 * include/exclude are replaced, not merged: mergeConfig would append to the base lists.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['server/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'server/**/*.faults.test.ts'],
  },
});
