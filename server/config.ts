import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_APP_TIME_ZONE, isTimeZone } from '@shared/time-zone';
import { FRESH_READS_AFTER_WRITE_MS } from '@shared/constants';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const TRUST_PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4 or IPv6 address, optionally with a CIDR prefix length. */
function isAddressOrCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which hops may set X-Forwarded-For. `false` (default), a hop count, or a
 * comma-separated list of proxy addresses, CIDRs and Express's named ranges. Never `true`: it would
 * believe any client's X-Forwarded-For, and every per-address rate limit would be theirs to pick.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !TRUST_PROXY_PRESETS.has(entry) && !isAddressOrCidr(entry));
    if (value === 'true' || invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          value === 'true'
            ? "true would trust any client's X-Forwarded-For; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.5,10.0.1.0/24)"
            : `not a hop count, an address, a CIDR or one of loopback, linklocal, uniquelocal: ${invalid.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Up to two bcrypt checks at once, and fewer than the cores this process may use so that one stays
 * for the event loop; at least one (availableParallelism honours `taskset` and a container's cpuset).
 */
export function defaultPasswordCheckConcurrency(cores: number): number {
  return Math.max(1, Math.min(2, cores - 1));
}

/** The window MESSAGE_RATE_LIMIT counts in. */
const MESSAGE_RATE_WINDOW_MS = 10 * 60 * 1000;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
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
    /**
     * Server processes on a real database, one per core by default (docs/decisions/037-workers-per-core.md);
     * the embedded database and the development client always run in one.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(Math.min(64, availableParallelism())),
    /** Password checks allowed to wait; beyond that, login and register answer 503 at once. */
    PASSWORD_CHECK_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
    /** How long a password check may wait for its turn before login or register answers 503. */
    PASSWORD_CHECK_MAX_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /** Attempts per client per window on login and on register. */
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /**
     * Per account (normalised e-mail) per window, from any address: failed logins, and also
     * password-reset requests and verification resends.
     */
    LOGIN_ACCOUNT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** After SIGTERM, /readyz answers 503 this long before the listener closes, so load balancers move away. */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
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
    /**
     * How long a session read may be served from this process's memory (docs/decisions/042-session-cache.md);
     * 0 reads every session from the database. Default 5 s; 0 under tests, which change accounts
     * and read them back at once.
     */
    SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
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
    /** Job-room messages one account may send per 10 minutes (MESSAGE_RATE_WINDOW_MS). */
    MESSAGE_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /** Open slot bookings one e-mail, phone, address or account may hold on one day (anti-hoarding). */
    BOOKING_DAILY_CAP: z.coerce.number().int().min(1).max(100).default(3),
    /** The business's clock: "today", booking windows and slot start times are judged in this zone. */
    APP_TIME_ZONE: z
      .string()
      .trim()
      .default(DEFAULT_APP_TIME_ZONE)
      .refine(isTimeZone, { error: 'must be an IANA time-zone name such as America/Chicago' }),
    OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(20_000),
    /** Model calls per UTC day over all instances (counted in PostgreSQL); 0 never calls the model. */
    OPENAI_DAILY_CALL_BUDGET: z.coerce.number().int().min(0).max(10_000_000).default(1000),
    /** Diagnoses waiting for their photos to be decoded (one at a time); beyond that, 503 at once. */
    IMAGE_DECODE_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
    /** How long a diagnosis may wait for its photos' turn before it answers 503. */
    IMAGE_DECODE_MAX_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    /**
     * The nice value of photo work (the body parser thread and the decoder process): 19, the lowest
     * priority, so photos use only CPU nothing else wants. Unset under NODE_ENV=test it is 0: a test
     * run keeps every core busy, and photo work at 19 would wait out the tests' time limits.
     */
    IMAGE_DECODE_NICE: z.coerce.number().int().min(0).max(19).optional(),
    /** Plumbline's fee on a completed job's gross amount, in percent. */
    PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(10),
    /** Photos of a diagnosis that never became a job are removed after this many days. */
    MEDIA_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Outgoing mail goes through this SMTP server (smtp:// or smtps://); unset, mail stays in the dev mailbox. */
    SMTP_URL: optionalString.pipe(z.url({ error: 'must be an smtp:// or smtps:// URL' }).optional()),
    /** The sender of every mail. */
    MAIL_FROM: z.string().trim().min(3).default('Plumbline <no-reply@plumbline.test>'),
    /** Shows kept mail at /dev/mailbox even off the default (embedded database on loopback). */
    DEV_MAILBOX: optionalString.pipe(booleanFromEnv.optional()),
    /** A comment line on every open event stream this often, so proxies do not close it as idle. */
    LIVE_EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(25_000),
    /** Event streams one process keeps open; beyond that, GET /api/events answers 503. */
    LIVE_EVENTS_MAX_STREAMS: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
    /** The address people open the app at; links in mail start with it. Default: http://HOST:PORT. */
    PUBLIC_URL: optionalString.pipe(
      z.url({ error: 'must be a URL such as https://plumbline.example' }).optional(),
    ),
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

/** Whether HOST only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

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
    /**
     * Demo accounts have published passwords: by default only on the embedded database listening on
     * loopback. Anywhere else only when DEMO_SEED=true says so (start-up then warns).
     */
    demoSeed: env.DEMO_SEED ?? (embedded && isLoopbackHost(env.HOST)),
    /** Demo accounts on a server other machines can reach: the operator asked, start-up warns. */
    demoSeedExposed: env.DEMO_SEED === true && !isLoopbackHost(env.HOST),
    /** Cleaned diagnosis photos (local media store). */
    mediaDir: path.join(env.DATA_DIR, 'media'),
    mediaRetentionDays: env.MEDIA_RETENTION_DAYS,
    openai: {
      apiKey: env.OPENAI_API_KEY,
      baseUrl: env.OPENAI_BASE_URL,
      model: env.OPENAI_MODEL,
      timeoutMs: env.OPENAI_TIMEOUT_MS,
      dailyCallBudget: env.OPENAI_DAILY_CALL_BUDGET,
    },
    imageDecode: {
      maxQueued: env.IMAGE_DECODE_QUEUE,
      maxWaitMs: env.IMAGE_DECODE_MAX_WAIT_MS,
      nice: env.IMAGE_DECODE_NICE ?? (env.NODE_ENV === 'test' ? 0 : 19),
    },
    diagnosisRateLimit: { limit: env.DIAGNOSIS_RATE_LIMIT, windowMs: env.DIAGNOSIS_RATE_WINDOW_MS },
    bookingRateLimit: { limit: env.BOOKING_RATE_LIMIT, windowMs: env.BOOKING_RATE_WINDOW_MS },
    messageRateLimit: { limit: env.MESSAGE_RATE_LIMIT, windowMs: MESSAGE_RATE_WINDOW_MS },
    bookingDailyCap: env.BOOKING_DAILY_CAP,
    appTimeZone: env.APP_TIME_ZONE,
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
    loginAccountRateLimit: { limit: env.LOGIN_ACCOUNT_RATE_LIMIT, windowMs: env.AUTH_RATE_WINDOW_MS },
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    webConcurrency: env.WEB_CONCURRENCY,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      /** Kept mail is readable at /dev/mailbox: only where nobody else can read it, unless asked. */
      devMailbox: env.DEV_MAILBOX ?? (embedded && isLoopbackHost(env.HOST)),
    },
    publicUrl: (
      env.PUBLIC_URL ?? `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`
    ).replace(/\/+$/, ''),
    liveEvents: { heartbeatMs: env.LIVE_EVENTS_HEARTBEAT_MS, maxStreams: env.LIVE_EVENTS_MAX_STREAMS },
    sessionMaxAgeMs: env.SESSION_MAX_AGE_MS,
    sessionIdleTimeoutMs: env.SESSION_IDLE_TIMEOUT_MS,
    sessionCacheTtlMs: env.SESSION_CACHE_TTL_MS ?? (env.NODE_ENV === 'test' ? 0 : FRESH_READS_AFTER_WRITE_MS),
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
