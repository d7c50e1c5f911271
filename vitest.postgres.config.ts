import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

/** The server suites on PostgreSQL (TEST_DATABASE_URL), plus the tests only a real server allows. */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ['server/**/*.test.ts'],
      exclude: ['**/node_modules/**', 'server/**/*.faults.test.ts'],
    },
  }),
);
