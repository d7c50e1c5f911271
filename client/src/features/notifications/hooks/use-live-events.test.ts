import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/react-query';
import { createLiveEventListener } from './use-live-events';

const JOB = '0b6f1f5e-8f0a-4c4e-9d55-3f1d2f7a9a01';
const OTHER_JOB = '6a3c1a8e-2b7d-4f1e-8c3a-5d9e0f1b2c03';
const NOTIFICATION = '9d2e4b6a-1c3f-4a5b-8e7d-2f1a0b9c8d07';

/** A client holding an answer under every key an event could touch, none of them stale. */
function seededClient() {
  const client = new QueryClient();
  const keys: QueryKey[] = [
    queryKeys.notifications.list,
    queryKeys.jobs.room(JOB),
    queryKeys.jobs.messages(JOB),
    queryKeys.jobs.room(OTHER_JOB),
    queryKeys.jobs.messages(OTHER_JOB),
    queryKeys.jobs.mine,
    queryKeys.quotes.ofJob(JOB),
    queryKeys.quotes.ofJob(OTHER_JOB),
    queryKeys.jobs.nearby,
    queryKeys.jobs.nearbyCount,
    queryKeys.jobs.assigned,
    queryKeys.quotes.ofPlumber('plumber-1'),
    queryKeys.auth.user,
  ];
  for (const key of keys) client.setQueryData(key, { seeded: true });
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => JSON.stringify(query.queryKey))
      .sort();
  const freshen = () => {
    for (const key of keys) client.setQueryData(key, { seeded: true });
  };
  return { client, stale, freshen };
}

const message = (id: string, event: object) => ({ lastEventId: id, data: JSON.stringify(event) });
const keyText = (...keys: QueryKey[]) => keys.map((key) => JSON.stringify(key)).sort();

describe('live events', () => {
  const notification = { type: 'notification', jobId: JOB, notificationId: NOTIFICATION, kind: 'new_quote' };

  it("a homeowner's notification refreshes the bell, that job's room and messages, My Jobs and that job's quotes", () => {
    const { client, stale } = seededClient();
    createLiveEventListener(client, 'homeowner')(message('1', notification));
    expect(stale()).toEqual(
      keyText(
        queryKeys.notifications.list,
        queryKeys.jobs.room(JOB),
        queryKeys.jobs.messages(JOB),
        queryKeys.jobs.mine,
        queryKeys.quotes.ofJob(JOB),
      ),
    );
  });

  it("a plumber's job change refreshes that job's room and messages and his lists, not the bell", () => {
    const { client, stale } = seededClient();
    createLiveEventListener(client, 'plumber')(message('7', { type: 'job_changed', jobId: JOB }));
    expect(stale()).toEqual(
      keyText(
        queryKeys.jobs.room(JOB),
        queryKeys.jobs.messages(JOB),
        queryKeys.jobs.nearby,
        queryKeys.jobs.nearbyCount,
        queryKeys.jobs.assigned,
        queryKeys.quotes.ofPlumber('plumber-1'),
      ),
    );
  });

  it('ignores an event it has already handled (a replay after reconnecting), not a new one', () => {
    const { client, stale, freshen } = seededClient();
    const listen = createLiveEventListener(client, 'homeowner');
    listen(message('1', notification));
    freshen();
    listen(message('1', notification));
    expect(stale()).toEqual([]);
    // Without an id line, EventSource repeats the previous id: different data is a new event.
    listen(message('1', { type: 'job_changed', jobId: OTHER_JOB }));
    expect(stale()).toContain(JSON.stringify(queryKeys.jobs.room(OTHER_JOB)));
  });

  it('ignores what is not a live event', () => {
    const { client, stale } = seededClient();
    const listen = createLiveEventListener(client, 'homeowner');
    listen({ lastEventId: '1', data: 'not json' });
    listen(message('2', { type: 'job_changed', jobId: 'not-a-uuid' }));
    listen(message('3', { type: 'something_else', jobId: JOB }));
    expect(stale()).toEqual([]);
  });
});
