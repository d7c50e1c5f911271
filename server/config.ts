import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** TRUST_PROXY: false (default), true, a hop count, or an Express trust-proxy string such as 'loopback'. */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value): boolean | number | string => {
    if (value === undefined || value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') return true;
    return /^\d+$/.test(value) ? Number(value) : value;
  });

/**
 * Up to two bcrypt checks at once, and fewer than the cores this process may use so that one stays
 * for the event loop; at least one (availableParallelism honours `taskset` and a container's cpuset).
 */
export function defaultPasswordCheckConcurrency(cores: number): number {
  return Math.max(1, Math.min(2, cores - 1));
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalString.pipe(z.url({ error: 'must be a postgres:// connection URL' }).optional()),
    DATA_DIR: z.string().default('./data'),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    DEMO_SEED: optionalString.pipe(booleanFromEnv.optional()),
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalString.pipe(z.url({ error: 'must be a URL' }).optional()),
    OPENAI_MODEL: z.string().default('gpt-4o-mini'),
    SUPPORT_PHONE: z.string().default('(555) 010-7586'),
    SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('help@plumbline.test'),
    TRUST_PROXY: trustProxy,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
    /** Password hashes/checks (bcrypt) running at once; more wait in a bounded queue (lib/concurrency-gate.ts). */
    PASSWORD_CHECK_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(defaultPasswordCheckConcurrency(availableParallelism())),
    /** Password checks allowed to wait; beyond that, login and register answer 503 at once. */
    PASSWORD_CHECK_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
    /** How long a password check may wait for its turn before login or register answers 503. */
    PASSWORD_CHECK_MAX_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /** Attempts per client per window on login and on register. */
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    AUTH_RATE_WINDOW_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(15 * 60 * 1000),
    SESSION_MAX_AGE_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(7 * 24 * 60 * 60 * 1000),
    SESSION_IDLE_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(12 * 60 * 60 * 1000),
    /** Diagnoses per client per window. */
    DIAGNOSIS_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    DIAGNOSIS_RATE_WINDOW_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(10 * 60 * 1000),
    /** Booking requests (a guest-writable endpoint) per client per window. */
    BOOKING_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    BOOKING_RATE_WINDOW_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(60 * 60 * 1000),
    OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(20_000),
    /** Plumbline's fee on a completed job's gross amount, in percent. */
    PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(10),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production on a real database (at least 32 random characters)',
      });
    }
    if (env.NODE_ENV !== 'test' && env.BCRYPT_COST < 12) {
      ctx.addIssue({ code: 'custom', path: ['BCRYPT_COST'], message: 'must be at least 12 outside tests' });
    }
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof envSchema>) {
  const embedded = !env.DATABASE_URL;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    sessionSecret: env.SESSION_SECRET,
    demoSeed: env.DEMO_SEED ?? embedded,
    /** Cleaned diagnosis photos (local media store). */
    mediaDir: path.join(env.DATA_DIR, 'media'),
    openai: {
      apiKey: env.OPENAI_API_KEY,
      baseUrl: env.OPENAI_BASE_URL,
      model: env.OPENAI_MODEL,
      timeoutMs: env.OPENAI_TIMEOUT_MS,
    },
    diagnosisRateLimit: { limit: env.DIAGNOSIS_RATE_LIMIT, windowMs: env.DIAGNOSIS_RATE_WINDOW_MS },
    bookingRateLimit: { limit: env.BOOKING_RATE_LIMIT, windowMs: env.BOOKING_RATE_WINDOW_MS },
    platformFeePercent: env.PLATFORM_FEE_PERCENT,
    support: { phone: env.SUPPORT_PHONE, email: env.SUPPORT_EMAIL },
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    bcryptCost: env.BCRYPT_COST,
    passwordChecks: {
      concurrency: env.PASSWORD_CHECK_CONCURRENCY,
      maxQueued: env.PASSWORD_CHECK_QUEUE,
      maxWaitMs: env.PASSWORD_CHECK_MAX_WAIT_MS,
    },
    authRateLimit: { limit: env.AUTH_RATE_LIMIT, windowMs: env.AUTH_RATE_WINDOW_MS },
    sessionMaxAgeMs: env.SESSION_MAX_AGE_MS,
    sessionIdleTimeoutMs: env.SESSION_IDLE_TIMEOUT_MS,
  };
}

export class ConfigError extends Error {}

/** Parses the environment once at start-up; a bad value stops the process with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}\nSee .env.example.`);
  }
  return toConfig(parsed.data);
}
