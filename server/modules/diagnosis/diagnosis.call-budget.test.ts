import { MemoryStore } from 'express-rate-limit';
import { describe, expect, it } from 'vitest';
import { createDailyCallBudget } from './diagnosis.call-budget';

describe('createDailyCallBudget', () => {
  it('allows `limit` calls per UTC day and starts again the next day', async () => {
    let now = new Date('2026-11-25T23:59:58Z');
    const budget = createDailyCallBudget({ limit: 2, store: new MemoryStore(), now: () => now });
    expect([await budget.tryUse(), await budget.tryUse(), await budget.tryUse()]).toEqual([
      true,
      true,
      false,
    ]);
    now = new Date('2026-11-26T00:00:01Z');
    expect(await budget.tryUse()).toBe(true);
  });

  it('never allows a call with a budget of 0', async () => {
    const store = new MemoryStore();
    const budget = createDailyCallBudget({ limit: 0, store });
    expect(await budget.tryUse()).toBe(false);
  });
});
