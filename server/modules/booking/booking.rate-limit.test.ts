import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testDatabaseKind, uniqueEmail, type TestContext } from '../../test/test-context';

describe(`booking rate limit (${testDatabaseKind} database)`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { BOOKING_RATE_LIMIT: '2', BOOKING_RATE_WINDOW_MS: '60000' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 429 JSON once a client has sent too many booking requests', async () => {
    const book = () =>
      ctx.request.post('/api/service-requests').send({
        name: 'Jordan Rivers',
        email: uniqueEmail('limited'),
        phone: '(512) 555-0188',
        serviceType: 'Drain Cleaning',
        preferredDate: '2999-01-15',
        urgency: 'routine',
        description: 'The kitchen sink drains very slowly and gurgles.',
        address: '1200 S Congress Ave, Austin, TX 78704',
      });
    expect((await book()).status).toBe(201);
    expect((await book()).status).toBe(201);
    const limited = await book();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'You have sent a lot of booking requests in a short time. Please call us or try again later.',
      code: 'RATE_LIMITED',
    });
  });
});
