import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FRESH_READS_AFTER_WRITE_MS } from '@shared/constants';
import { apiRequest } from './api-client';

describe('apiRequest after a write (fresh reads on every instance)', () => {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await new Promise((resolve) => server.close(resolve));
  });
  const cacheControlOfLast = () => seen[seen.length - 1]?.['cache-control'];

  it('asks for fresh data only on reads soon after a write was answered', async () => {
    await apiRequest('GET', `${base}/api/auth/user`);
    expect(cacheControlOfLast()).toBeUndefined();

    await apiRequest('PATCH', `${base}/api/account`, { name: 'Ana' });
    expect(cacheControlOfLast()).toBeUndefined();
    await apiRequest('GET', `${base}/api/auth/user`);
    expect(cacheControlOfLast()).toBe('no-cache');

    const later = Date.now() + FRESH_READS_AFTER_WRITE_MS;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await apiRequest('GET', `${base}/api/auth/user`);
    expect(cacheControlOfLast()).toBeUndefined();
  });
});
