import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPasswordCheckConcurrency, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database with demo data on port 5000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      databaseUrl: undefined,
      dataDir: './data',
      demoSeed: true,
      bcryptCost: 12,
      trustProxy: false,
      support: { phone: '(555) 010-7586', email: 'help@plumbline.test' },
    });
  });

  it('turns demo data off by default on a real database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).demoSeed).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db', DEMO_SEED: 'true' }).demoSeed).toBe(true);
  });

  it('requires SESSION_SECRET in production on a real database, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@localhost/db' })).toThrow(
      /SESSION_SECRET: is required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).not.toThrow();
  });

  it('refuses bad values with one line per variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DEMO_SEED: 'maybe', SUPPORT_EMAIL: 'nope', SESSION_SECRET: 'short' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}DEMO_SEED: must be true or false/m);
    expect(message).toMatch(/^ {2}SUPPORT_EMAIL: must be an e-mail address/m);
    expect(message).toMatch(/^ {2}SESSION_SECRET: must be at least 32 characters/m);
  });

  it('keeps bcrypt at cost 12 or more outside tests', () => {
    expect(() => loadConfig({ BCRYPT_COST: '4' })).toThrow(/BCRYPT_COST: must be at least 12/);
    expect(loadConfig({ NODE_ENV: 'test', BCRYPT_COST: '4' }).bcryptCost).toBe(4);
  });

  it('runs up to two password checks at once, always leaving one core to the event loop', () => {
    expect([1, 2, 3, 4, 16].map(defaultPasswordCheckConcurrency)).toEqual([1, 1, 2, 2, 2]);
    expect(loadConfig({}).passwordChecks).toMatchObject({ maxQueued: 16, maxWaitMs: 5000 });
    const configured = loadConfig({
      PASSWORD_CHECK_CONCURRENCY: '4',
      PASSWORD_CHECK_QUEUE: '0',
      PASSWORD_CHECK_MAX_WAIT_MS: '2500',
    });
    expect(configured.passwordChecks).toEqual({ concurrency: 4, maxQueued: 0, maxWaitMs: 2500 });
    expect(() => loadConfig({ PASSWORD_CHECK_CONCURRENCY: '0' })).toThrow(/PASSWORD_CHECK_CONCURRENCY/);
  });

  it('decodes photos at the lowest priority (nice 19), at 0 under tests unless told, and 0 to 19 when set', () => {
    expect(loadConfig({}).imageDecode.nice).toBe(19);
    expect(loadConfig({ NODE_ENV: 'production' }).imageDecode.nice).toBe(19);
    expect(loadConfig({ NODE_ENV: 'test' }).imageDecode.nice).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', IMAGE_DECODE_NICE: '19' }).imageDecode.nice).toBe(19);
    expect(loadConfig({ IMAGE_DECODE_NICE: '5' }).imageDecode.nice).toBe(5);
    for (const value of ['-1', '20', 'low']) {
      expect(() => loadConfig({ IMAGE_DECODE_NICE: value })).toThrow(/^ {2}IMAGE_DECODE_NICE: /m);
    }
  });

  it('keeps session reads 5 s, none under tests unless told, and 0 to 60 s when set', () => {
    expect(loadConfig({}).sessionCacheTtlMs).toBe(5_000);
    expect(loadConfig({ NODE_ENV: 'test' }).sessionCacheTtlMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', SESSION_CACHE_TTL_MS: '2000' }).sessionCacheTtlMs).toBe(2_000);
    expect(loadConfig({ SESSION_CACHE_TTL_MS: '0' }).sessionCacheTtlMs).toBe(0);
    for (const value of ['-1', '60001', 'soon', '1.5']) {
      expect(() => loadConfig({ SESSION_CACHE_TTL_MS: value })).toThrow(/^ {2}SESSION_CACHE_TTL_MS: /m);
    }
  });

  it('runs one server process per core by default, and 1 to 64 when WEB_CONCURRENCY says so', () => {
    expect(loadConfig({}).webConcurrency).toBe(Math.min(64, availableParallelism()));
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '64' }).webConcurrency).toBe(64);
    for (const value of ['0', '65', '2.5', 'many']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: value })).toThrow(/^ {2}WEB_CONCURRENCY: /m);
    }
  });

  it('parses TRUST_PROXY as a hop count or a list of proxy addresses, CIDRs and named ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses TRUST_PROXY=true, which would let any client pick its address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust any client/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,everyone' })).toThrow(
      /TRUST_PROXY: not a hop count.*everyone/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('listens on loopback by default, and seeds demo accounts only there unless told to', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({}).demoSeed).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ demoSeed: false, demoSeedExposed: false });
    expect(loadConfig({ HOST: '192.0.2.10' }).demoSeed).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEMO_SEED: 'true' })).toMatchObject({
      demoSeed: true,
      demoSeedExposed: true,
    });
    expect(loadConfig({ HOST: 'localhost', DEMO_SEED: 'true' }).demoSeedExposed).toBe(false);
  });
});
