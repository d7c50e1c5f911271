import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/contracts/account';
import { users } from '@shared/schema';
import { startInstances, TestBrowser, type Instances } from './test/instances';
import type { ServerProcess } from './test/server-process';
import { uniqueEmail } from './test/test-context';

const PASSWORD = 'brass-valve-copper-elbow';

/**
 * A suspension made on one instance ends the account's sessions on every instance at once: the
 * sessions live in the database, and each request re-reads its account there
 * (docs/decisions/031-admin-operations.md).
 */
describe('suspending an account on one instance (two server processes, one PostgreSQL database)', () => {
  let cluster: Instances;
  let a: ServerProcess;
  let b: ServerProcess;
  const adminEmail = uniqueEmail('suspension-admin');

  beforeAll(async () => {
    cluster = await startInstances({
      database: 'plumbline_suspension',
      count: 2,
      env: { SESSION_SECRET: 'suspension-shared-session-secret-0123456789' },
    });
    [a, b] = cluster.instances;
    await cluster.database.db
      .insert(users)
      .values({ email: adminEmail, role: 'admin', passwordHash: await bcrypt.hash(PASSWORD, 4) });
  }, 120_000);

  afterAll(() => cluster?.stop(), 60_000);

  it('refuses on B, right away, the session of a user an admin on A has just suspended', async () => {
    const member = new TestBrowser();
    const email = uniqueEmail('suspension-member');
    const registered = await member.call(b, 'POST', '/api/auth/register', { email, password: PASSWORD });
    expect(registered.status).toBe(201);
    // Logged in on B, and seen by both instances.
    expect((await member.call(b, 'GET', '/api/auth/user')).status).toBe(200);
    expect((await member.call(a, 'GET', '/api/auth/user')).status).toBe(200);

    const admin = new TestBrowser();
    expect(
      (await admin.call(a, 'POST', '/api/auth/login', { email: adminEmail, password: PASSWORD })).status,
    ).toBe(200);
    const suspended = await admin.call(a, 'POST', `/api/admin/users/${registered.body.id}/suspend`, {
      reason: 'Suspended while we check a payment dispute',
    });
    expect(suspended.status).toBe(200);

    // The very next request on B, with no wait: the session is gone there too.
    const onB = await member.call(b, 'GET', '/api/jobs');
    expect(onB.status).toBe(401);
    expect(onB.body.code).toBe('UNAUTHENTICATED');
    expect((await member.call(b, 'GET', '/api/auth/user')).status).toBe(401);

    // Logging in again, on either instance, says why.
    for (const instance of [b, a]) {
      const again = await new TestBrowser().call(instance, 'POST', '/api/auth/login', {
        email,
        password: PASSWORD,
      });
      expect(again.status).toBe(403);
      expect(again.body).toEqual({ error: ACCOUNT_MESSAGES.suspended, code: 'ACCOUNT_SUSPENDED' });
    }

    // Reinstated on B: the account logs in on A.
    const adminOnB = new TestBrowser();
    expect(
      (await adminOnB.call(b, 'POST', '/api/auth/login', { email: adminEmail, password: PASSWORD })).status,
    ).toBe(200);
    expect(
      (
        await adminOnB.call(b, 'POST', `/api/admin/users/${registered.body.id}/reinstate`, {
          reason: 'The dispute is settled',
        })
      ).status,
    ).toBe(200);
    const back = new TestBrowser();
    expect((await back.call(a, 'POST', '/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect((await back.call(b, 'GET', '/api/auth/user')).body.id).toBe(registered.body.id);
  });
});
