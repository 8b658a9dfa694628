import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { emailSchema } from '@lumen/core/auth/schemas';
import { passwordSchema } from '@lumen/core/auth/password-policy';
import { loadEnginesConfig } from '@lumen/engines';
import type { EnginesConfig } from '@lumen/engines';
import { DEFAULT_FREE_JOBS_PER_DAY, DEFAULT_SIGNUPS_PER_IP_PER_HOUR, defaultClientLimits } from './client-limits.ts';
import type { ClientLimits } from './client-limits.ts';
import { loadCryptoConfig } from './nowpayments.ts';
import type { CryptoConfig } from './nowpayments.ts';
import type { S3StorageConfig } from './storage.ts';
import { loadStripeConfig } from './stripe.ts';
import { TRUST_PROXY_MESSAGE, parseTrustProxy } from './trust-proxy.ts';
import type { TrustProxy } from './trust-proxy.ts';
import type { StripeSettings } from './stripe.ts';
import { API_PREFIX } from '../lib/api-prefix.ts';

/** The repository root: two levels above apps/server (this file is apps/server/src/config.ts). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

export const JWT_SECRET_MIN_LENGTH = 32;
/** node-postgres' own default; see bench/RESULTS.md for the sizes measured on two cores. */
const DEFAULT_DATABASE_POOL_SIZE = 10;

/** Empty values (`NAME=` in a .env file) count as absent. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/**
 * A whole number from `min` to `max`. `what` names the unit for a value that is not a number ("a number of runs");
 * `outOfRange` replaces both bound messages (a port: "must be 0-65535").
 */
const wholeNumber = (what: string, min: number, max: number, outOfRange?: string) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int('must be a whole number')
    .min(min, outOfRange ?? (min === 0 ? 'must be 0 (off) or more' : `must be at least ${min}`))
    .max(max, outOfRange ?? `must be at most ${max}`);

const envSchema = z.object({
  NODE_ENV: optional(oneOf(['development', 'production', 'test'])).default('development'),
  PORT: optional(wholeNumber('a port number', 0, 65535, 'must be 0-65535')).default(3000),
  HOST: optional(z.string()).default('0.0.0.0'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })),
  DATABASE_POOL_SIZE: optional(wholeNumber('a number of connections', 1, 500)).default(DEFAULT_DATABASE_POOL_SIZE),
  DATA_DIR: optional(z.string()).default('./data'),
  PUBLIC_URL: optional(httpUrl()),
  PROVIDER_WEBHOOKS: optional(oneOf(['auto', 'on', 'off'])).default('auto'),
  PROVIDER_UNPRICED_RESERVATION_USD: optional(
    z.coerce.number({ error: 'must be a number of dollars' }).min(0, 'must be 0 or more').max(10_000, 'must be at most 10000'),
  ).default(1),
  JWT_SECRET: optional(z.string().min(JWT_SECRET_MIN_LENGTH, `must be at least ${JWT_SECRET_MIN_LENGTH} characters`)),
  ADMIN_EMAIL: optional(emailSchema),
  ADMIN_PASSWORD: optional(passwordSchema),
  LOG_LEVEL: optional(oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
  WEB_DIST_DIR: optional(z.string()).default('apps/web/dist'),
  ANALYTICS_SCRIPT_URL: optional(httpUrl()),
  ANALYTICS_DOMAIN: optional(z.string().max(253)),
  TRUST_PROXY: optional(
    z.string().transform((value, context) => {
      const trustProxy = parseTrustProxy(value);
      if (trustProxy === null) context.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
      return trustProxy ?? false;
    }),
  ).default(false),
  RATE_LIMIT_PER_MINUTE: optional(wholeNumber('a number of requests', 0, 1_000_000)),
  SIGNUPS_PER_IP_PER_HOUR: optional(wholeNumber('a number of sign-ups', 0, 100_000)).default(DEFAULT_SIGNUPS_PER_IP_PER_HOUR),
  FREE_JOBS_PER_DAY: optional(wholeNumber('a number of runs', 0, 100_000)).default(DEFAULT_FREE_JOBS_PER_DAY),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(z.string().min(3).max(320)).default('Lumen Studio <no-reply@lumen.local>'),
  GOOGLE_CLIENT_ID: optional(z.string().max(512)),
  GOOGLE_CLIENT_SECRET: optional(z.string().max(512)),
  GOOGLE_ISSUER: optional(httpUrl()).default('https://accounts.google.com'),
  WORKER_ENABLED: optional(z.stringbool({ error: 'must be true or false' })).default(true),
  WORKER_MAX_RSS_MB: optional(wholeNumber('a number of megabytes', 0, 1_000_000)).default(0),
  FEATURED_POSTS: optional(z.stringbool({ error: 'must be true or false' })),
  TRY_ON_CATALOGUE_SEED: optional(z.stringbool({ error: 'must be true or false' })),
  STORAGE_DRIVER: optional(oneOf(['local', 's3'])).default('local'),
  S3_BUCKET: optional(z.string().min(3, 'must be a bucket name').max(63, 'must be a bucket name')),
  S3_REGION: optional(z.string().min(1).max(64)).default('us-east-1'),
  S3_ENDPOINT: optional(httpUrl()),
  S3_PUBLIC_ENDPOINT: optional(httpUrl()),
  S3_ACCESS_KEY_ID: optional(z.string().max(256)),
  S3_SECRET_ACCESS_KEY: optional(z.string().max(256)),
  S3_FORCE_PATH_STYLE: optional(z.stringbool({ error: 'must be true or false' })).default(false),
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters').max(512)),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })),
  REDIS_KEY_PREFIX: optional(z.string().regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1-64 letters, digits or : . _ -')).default('lumen:'),
  FILE_LINK_TTL_SECONDS: optional(wholeNumber('a number of seconds', 30, 86_400)).default(900),
  SELLER_NAME: optional(z.string().max(200)).default('Lumen Studio'),
  SELLER_ADDRESS: optional(z.string().max(500)).default(''),
  SELLER_EMAIL: optional(emailSchema),
  SELLER_TAX_ID: optional(z.string().max(100)),
  SUPPORT_EMAIL: optional(emailSchema),
  PAYMENTS_SANDBOX: optional(z.stringbool({ error: 'must be true or false' })),
});

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type AppConfig = {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /** PostgreSQL server; when absent the embedded PGlite under `dataDir/db` is used. */
  databaseUrl: string | undefined;
  /** Connections each process's pool opens to PostgreSQL at most (besides the one that listens for change notices). */
  databasePoolSize: number;
  dataDir: string;
  publicUrl: string;
  /**
   * Where hosted providers deliver webhooks (`PUBLIC_URL/api/v1/webhooks/providers`); null when they
   * cannot reach us (PROVIDER_WEBHOOKS=off, or auto with PUBLIC_URL unset or on a local host): workers then poll.
   */
  providerWebhooksUrl: string | null;
  /** What a run on a provider and model without a published price reserves against the daily budget, in dollars. */
  providerUnpricedReservationUsd: number;
  jwtSecret: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: LogLevel;
  webDistDir: string;
  analytics: { scriptUrl: string; domain: string } | null;
  /** Which proxies in front of the server may name the client's address (TRUST_PROXY, config/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** Global per-IP limit on /api; null disables it (RATE_LIMIT_PER_MINUTE=0, and by default under NODE_ENV=test). */
  globalRateLimit: { max: number; timeWindowMs: number } | null;
  /** Sign-ups, code checks and free runs per IP, subnet and account (SIGNUPS_PER_IP_PER_HOUR, FREE_JOBS_PER_DAY). */
  clientLimits: ClientLimits;
  /** SMTP server for outgoing mail; null writes every message to the mail_outbox table only. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Google sign-in (any OpenID provider at `issuer`); null when GOOGLE_CLIENT_ID is unset. */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** Run the job worker inside the API process (`npm run worker` runs it alone). */
  workerEnabled: boolean;
  /** A process that runs jobs restarts itself once its RSS passes this many MB (WORKER_MAX_RSS_MB); null: off. */
  workerMaxRssMb: number | null;
  /** A worker on a database without community posts publishes the team's featured set (FEATURED_POSTS; off under NODE_ENV=test). */
  featuredPosts: boolean;
  /** The process that runs jobs, on an empty try-on catalogue, adds the starter models and garments (TRY_ON_CATALOGUE_SEED; off under NODE_ENV=test). */
  tryOnCatalogueSeed: boolean;
  /** Where files live: 'local' is DATA_DIR/storage, 's3' a bucket (the `s3` settings). */
  storageDriver: 'local' | 's3';
  /** S3_* settings; null unless STORAGE_DRIVER=s3. */
  s3: S3StorageConfig | null;
  /** Bearer token for GET /metrics; null turns the endpoint off (404). */
  metricsToken: string | null;
  /** Lifetime of signed preview links (downloads: 5 minutes). */
  fileLinkTtlSeconds: number;
  /** Shares API key rate limits across processes; null keeps them in memory (one process). */
  redisUrl: string | null;
  /** Starts every Redis key (`<prefix>ratelimit:…`), so environments can share one Redis. */
  redisKeyPrefix: string;
  /** Built-in or remote engine per AI service, and the hosted model providers (REPLICATE_*, OPENAI_*). */
  engines: EnginesConfig;
  /** Stripe (STRIPE_*); absent or null runs cards on the built-in sandbox provider (test mode) if `paymentsSandbox`. */
  stripe?: StripeSettings | null;
  /** Who sells, printed on receipts (SELLER_*); `\n` in the address starts a new line. */
  seller: SellerConfig;
  /** Where /contact messages go when the platform settings name no support address (SUPPORT_EMAIL). */
  supportEmail?: string | null;
  /** NOWPayments (NOWPAYMENTS_*); absent or `nowpayments: null` runs crypto on the built-in sandbox provider (test mode) if `paymentsSandbox`. */
  crypto?: CryptoConfig;
  /**
   * Card or crypto without its provider's keys runs on the built-in sandbox (test mode, credits without money) when
   * true; when false its routes answer 503. PAYMENTS_SANDBOX; by default true except under NODE_ENV=production.
   */
  paymentsSandbox: boolean;
};

export type SellerConfig = { name: string; address: string; email: string | null; taxId: string | null };

/** A bad or missing variable: `message` is the one line to print. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** JWT secret for development and test: generated once, kept in DATA_DIR/secrets.json. */
const DEFAULT_RATE_LIMIT_PER_MINUTE = 300;

function globalRateLimit(perMinute: number): AppConfig['globalRateLimit'] {
  return perMinute === 0 ? null : { max: perMinute, timeWindowMs: 60_000 };
}

function persistedJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    try {
      const parsed = z.object({ jwtSecret: z.string().min(JWT_SECRET_MIN_LENGTH) }).parse(JSON.parse(readFileSync(file, 'utf8')));
      return parsed.jwtSecret;
    } catch {
      throw new ConfigError(`${file} is unreadable: delete it to generate a new JWT secret, or set JWT_SECRET`);
    }
  }
  const jwtSecret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ jwtSecret }, null, 2)}\n`, { mode: 0o600 });
  return jwtSecret;
}

/** Reads every environment variable once; throws ConfigError naming the first bad one. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const value = env[name];
    const problem = value === undefined || value === '' ? 'is required' : (issue?.message ?? 'is invalid');
    throw new ConfigError(`Invalid environment variable ${name}: ${problem}`);
  }
  const vars = result.data;
  const dataDir = resolve(repoRoot, vars.DATA_DIR);
  if (vars.NODE_ENV === 'production' && !vars.JWT_SECRET) {
    throw new ConfigError(
      `Invalid environment variable JWT_SECRET: is required when NODE_ENV=production (at least ${JWT_SECRET_MIN_LENGTH} characters)`,
    );
  }
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  if (vars.GOOGLE_CLIENT_ID && !vars.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError('Invalid environment variable GOOGLE_CLIENT_SECRET: is required when GOOGLE_CLIENT_ID is set');
  }
  if (vars.STORAGE_DRIVER === 's3' && !vars.S3_BUCKET) {
    throw new ConfigError('Invalid environment variable S3_BUCKET: is required when STORAGE_DRIVER=s3');
  }
  if (Boolean(vars.S3_ACCESS_KEY_ID) !== Boolean(vars.S3_SECRET_ACCESS_KEY)) {
    const missing = vars.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError(`Invalid environment variable ${missing}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together`);
  }
  const analytics = vars.ANALYTICS_SCRIPT_URL
    ? { scriptUrl: vars.ANALYTICS_SCRIPT_URL, domain: vars.ANALYTICS_DOMAIN ?? new URL(publicUrl).hostname }
    : null;

  return {
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    dataDir,
    publicUrl,
    providerUnpricedReservationUsd: vars.PROVIDER_UNPRICED_RESERVATION_USD,
    providerWebhooksUrl: providerWebhooksUrlOf(vars.PROVIDER_WEBHOOKS, vars.PUBLIC_URL === undefined ? null : publicUrl),
    jwtSecret: vars.JWT_SECRET ?? persistedJwtSecret(dataDir),
    adminEmail: vars.ADMIN_EMAIL,
    adminPassword: vars.ADMIN_PASSWORD,
    logLevel: vars.LOG_LEVEL,
    webDistDir: resolve(repoRoot, vars.WEB_DIST_DIR),
    analytics,
    trustProxy: vars.TRUST_PROXY,
    globalRateLimit: globalRateLimit(vars.RATE_LIMIT_PER_MINUTE ?? (vars.NODE_ENV === 'test' ? 0 : DEFAULT_RATE_LIMIT_PER_MINUTE)),
    clientLimits: defaultClientLimits({
      signupsPerIpPerHour: vars.SIGNUPS_PER_IP_PER_HOUR,
      freeJobsPerAccountPerDay: vars.FREE_JOBS_PER_DAY,
    }),
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM,
    google:
      vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
        ? { clientId: vars.GOOGLE_CLIENT_ID, clientSecret: vars.GOOGLE_CLIENT_SECRET, issuer: vars.GOOGLE_ISSUER.replace(/\/+$/, '') }
        : null,
    workerEnabled: vars.WORKER_ENABLED,
    workerMaxRssMb: vars.WORKER_MAX_RSS_MB || null,
    featuredPosts: vars.FEATURED_POSTS ?? vars.NODE_ENV !== 'test',
    tryOnCatalogueSeed: vars.TRY_ON_CATALOGUE_SEED ?? vars.NODE_ENV !== 'test',
    storageDriver: vars.STORAGE_DRIVER,
    s3:
      vars.STORAGE_DRIVER === 's3' && vars.S3_BUCKET
        ? {
            bucket: vars.S3_BUCKET,
            region: vars.S3_REGION,
            endpoint: vars.S3_ENDPOINT ?? null,
            publicEndpoint: vars.S3_PUBLIC_ENDPOINT ?? null,
            credentials:
              vars.S3_ACCESS_KEY_ID && vars.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: vars.S3_ACCESS_KEY_ID, secretAccessKey: vars.S3_SECRET_ACCESS_KEY }
                : null,
            forcePathStyle: vars.S3_FORCE_PATH_STYLE,
          }
        : null,
    metricsToken: vars.METRICS_TOKEN ?? null,
    fileLinkTtlSeconds: vars.FILE_LINK_TTL_SECONDS,
    redisUrl: vars.REDIS_URL ?? null,
    redisKeyPrefix: vars.REDIS_KEY_PREFIX,
    engines: loadEnginesConfig(env, (message) => new ConfigError(message)),
    crypto: loadCryptoConfig(env, (message) => new ConfigError(message)),
    stripe: loadStripeConfig(env, (message) => new ConfigError(message)),
    seller: {
      name: vars.SELLER_NAME,
      address: vars.SELLER_ADDRESS.replace(/\\n/g, '\n'),
      email: vars.SELLER_EMAIL ?? null,
      taxId: vars.SELLER_TAX_ID ?? null,
    },
    supportEmail: vars.SUPPORT_EMAIL ?? null,
    paymentsSandbox: vars.PAYMENTS_SANDBOX ?? vars.NODE_ENV !== 'production',
  };
}

/** PUBLIC_URL's webhook endpoint for hosted providers, unless webhooks are off or (auto) PUBLIC_URL is unset or local. */
function providerWebhooksUrlOf(mode: 'auto' | 'on' | 'off', publicUrl: string | null): string | null {
  if (mode === 'off' || publicUrl === null) return null;
  const host = new URL(publicUrl).hostname;
  const isLocal = host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '0.0.0.0' || /^127\./.test(host);
  if (mode === 'auto' && isLocal) return null;
  return `${publicUrl}${API_PREFIX}/webhooks/providers`;
}
