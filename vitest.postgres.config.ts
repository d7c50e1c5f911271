import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * Test files that touch a database (a test context, a server process, the database client): only
 * these can behave differently on PostgreSQL, so only these run again there. A file that uses none
 * of these has nothing to learn from a second run.
 */
const USES_DATABASE =
  /createTestContext|TEST_DATABASE_URL|testDatabaseKind|startServerProcess|server-process|openDatabase|instances/;
const databaseTestFiles = globSync('server/**/*.test.ts').filter(
  (file) => !file.endsWith('.faults.test.ts') && USES_DATABASE.test(readFileSync(file, 'utf8')),
);

/**
 * The server suites on PostgreSQL (TEST_DATABASE_URL), plus the tests only a real server allows.
 * include/exclude are replaced, not merged: mergeConfig would append to the base lists.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: databaseTestFiles,
    exclude: ['**/node_modules/**', 'server/**/*.faults.test.ts'],
    // A worker keeps the modules it has loaded from one test file to the next: loading the server again
    // for every file was a third of this suite's CPU, and every file builds its own app and database.
    // Only here: the embedded suite creates and drops a PGlite WebAssembly instance per test context,
    // and that churn in one long-lived process aborted Node 24 in V8's JIT page bookkeeping
    // ("jit_page_->allocations_.erase(addr) == 1") during a CI run; one process per file never has.
    isolate: false,
  },
});
