/**
 * Session cost: how many session-table writes an authenticated request causes (goal: 0 — see
 * docs/decisions/002), and the latency of GET /api/auth/user with and without a session.
 * Run: npx tsx bench/session.ts (embedded database; set TEST_DATABASE_URL for PostgreSQL).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { createTestContext } from '../server/test/test-context';

const REQUESTS = 500;

async function main() {
  const ctx = await createTestContext();
  const email = `bench.${Date.now()}@example.test`;
  const register = await ctx.request
    .post('/api/auth/register')
    .send({ email, password: 'gasket-session-password' });
  const cookie = String(register.headers['set-cookie']?.[0] ?? '').split(';')[0];

  const writes = async () => {
    const { rows } = await ctx.database.pool.query<{ writes: string }>(
      `select coalesce(n_tup_upd + n_tup_ins + n_tup_del, 0)::text as writes
         from pg_stat_user_tables where relname = 'session'`,
    );
    return Number(rows[0]?.writes ?? 0);
  };
  // Statistics are flushed lazily (about once a second per backend): let them settle, then re-read.
  const snapshot = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await ctx.database.pool.query('select pg_stat_clear_snapshot()');
  };

  await snapshot();
  const before = await writes();
  for (let i = 0; i < REQUESTS; i++)
    await ctx.request.get('/api/auth/user').set('Cookie', cookie).expect(200);
  await snapshot();
  const after = await writes();
  console.log(
    `session-table writes per authenticated request: ${((after - before) / REQUESTS).toFixed(3)} (${after - before} in ${REQUESTS})`,
  );

  const server = createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/user`;
  for (const [label, headers] of [
    ['with a session', { cookie }],
    ['without a session (401)', {}],
  ] as const) {
    const result = await autocannon({ url, headers, connections: 10, duration: 5 });
    console.log(
      `GET /api/auth/user ${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
    );
  }
  server.close();
  await ctx.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
