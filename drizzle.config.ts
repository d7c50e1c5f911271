import { defineConfig } from 'drizzle-kit';

// Migrations are generated from shared/schema with `npm run db:generate` and committed;
// the server applies them at start-up (never `drizzle-kit push`).
export default defineConfig({
  dialect: 'postgresql',
  schema: './shared/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
});
