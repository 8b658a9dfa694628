import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from './index.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lumen-config-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const secret = 'x'.repeat(32);

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      databasePoolSize: 10,
      dataDir,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      webDistDir: resolve(repoRoot, 'apps/web/dist'),
      analytics: null,
      trustProxy: false,
      globalRateLimit: { max: 300, timeWindowMs: 60_000 },
      smtpUrl: null,
      mailFrom: 'Lumen Studio <no-reply@lumen.local>',
      google: null,
    });
  });

  it('reads mail and Google sign-in settings', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMTP_URL: 'smtp://user:pass@mail.example:2525',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:9000/',
    });
    expect(config.smtpUrl).toBe('smtp://user:pass@mail.example:2525');
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret', issuer: 'http://127.0.0.1:9000' });
    expect(loadConfig({ DATA_DIR: dataDir, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).google?.issuer).toBe(
      'https://accounts.google.com',
    );
  });

  it('resolves a relative DATA_DIR against the repository root', () => {
    expect(loadConfig({ DATA_DIR: 'data', JWT_SECRET: secret }).dataDir).toBe(join(repoRoot, 'data'));
  });

  it('generates the JWT secret once and keeps it in DATA_DIR/secrets.json', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).jwtSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(
      /^Invalid environment variable JWT_SECRET: is required when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATA_DIR: dataDir }).jwtSecret).toBe(secret);
  });

  it('runs payments on the sandbox in production only with PAYMENTS_SANDBOX=true', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: secret, DATA_DIR: dataDir };
    expect(loadConfig(production).paymentsSandbox).toBe(false);
    expect(loadConfig({ ...production, PAYMENTS_SANDBOX: 'true' }).paymentsSandbox).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir }).paymentsSandbox).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, PAYMENTS_SANDBOX: 'false' }).paymentsSandbox).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, PAYMENTS_SANDBOX: 'maybe' })).toThrow(
      'Invalid environment variable PAYMENTS_SANDBOX: must be true or false',
    );
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid environment variable PORT: /],
    [{ NODE_ENV: 'staging' }, /^Invalid environment variable NODE_ENV: must be one of development, production, test$/],
    [{ JWT_SECRET: 'short' }, /^Invalid environment variable JWT_SECRET: must be at least 32 characters$/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid environment variable DATABASE_URL: must be a postgres:\/\/ URL$/],
    [{ ADMIN_EMAIL: 'nope' }, /^Invalid environment variable ADMIN_EMAIL: Please enter a valid email address$/],
    [{ ADMIN_PASSWORD: 'short' }, /^Invalid environment variable ADMIN_PASSWORD: Password must be/],
    [
      { TRUST_PROXY: 'maybe' },
      /^Invalid environment variable TRUST_PROXY: must be true \(one proxy\), false, a number of proxies \(1-10\), or a comma-separated list of proxy addresses or CIDR ranges$/,
    ],
    [{ TRUST_PROXY: '11' }, /^Invalid environment variable TRUST_PROXY: must be true \(one proxy\)/],
    [{ TRUST_PROXY: '10.0.0.0/8, proxy.internal' }, /^Invalid environment variable TRUST_PROXY: must be true \(one proxy\)/],
    [{ ANALYTICS_SCRIPT_URL: 'ftp://x' }, /^Invalid environment variable ANALYTICS_SCRIPT_URL: must be an http\(s\) URL$/],
    [{ SMTP_URL: 'http://x' }, /^Invalid environment variable SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL$/],
    [{ GOOGLE_CLIENT_ID: 'id' }, /^Invalid environment variable GOOGLE_CLIENT_SECRET: is required when GOOGLE_CLIENT_ID is set$/],
    [{ STORAGE_DRIVER: 'gcs' }, /^Invalid environment variable STORAGE_DRIVER: must be one of local, s3$/],
    [{ STORAGE_DRIVER: 's3' }, /^Invalid environment variable S3_BUCKET: is required when STORAGE_DRIVER=s3$/],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'k' }, /^Invalid environment variable S3_SECRET_ACCESS_KEY: /],
    [{ S3_ENDPOINT: 'minio:9000' }, /^Invalid environment variable S3_ENDPOINT: must be an http\(s\) URL$/],
    [{ S3_FORCE_PATH_STYLE: 'yes please' }, /^Invalid environment variable S3_FORCE_PATH_STYLE: must be true or false$/],
    [{ METRICS_TOKEN: 'short' }, /^Invalid environment variable METRICS_TOKEN: must be at least 16 characters$/],
    [{ RATE_LIMIT_PER_MINUTE: '-1' }, /^Invalid environment variable RATE_LIMIT_PER_MINUTE: must be 0 \(off\) or more$/],
    [{ RATE_LIMIT_PER_MINUTE: 'lots' }, /^Invalid environment variable RATE_LIMIT_PER_MINUTE: must be a number of requests$/],
    [{ RATE_LIMIT_PER_MINUTE: '2000000' }, /^Invalid environment variable RATE_LIMIT_PER_MINUTE: must be at most 1000000$/],
    [{ PORT: '70000' }, /^Invalid environment variable PORT: must be 0-65535$/],
    [{ FREE_JOBS_PER_DAY: '1.5' }, /^Invalid environment variable FREE_JOBS_PER_DAY: must be a whole number$/],
    [{ FILE_LINK_TTL_SECONDS: '10' }, /^Invalid environment variable FILE_LINK_TTL_SECONDS: must be at least 30$/],
  ])('stops on %o with one line naming the variable', (vars, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir, ...vars });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reads the S3 storage settings and the metrics token', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ storageDriver: 'local', s3: null, metricsToken: null });
    const config = loadConfig({
      DATA_DIR: dataDir,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'lumen-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_PUBLIC_ENDPOINT: 'https://files.example.com',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      METRICS_TOKEN: 'm'.repeat(24),
    });
    expect(config.s3).toEqual({
      bucket: 'lumen-files',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      publicEndpoint: 'https://files.example.com',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(config.metricsToken).toBe('m'.repeat(24));
    // On AWS itself: no endpoint, and the SDK's own credential chain (instance roles).
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE_DRIVER: 's3', S3_BUCKET: 'lumen-files', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      region: 'eu-west-1',
      endpoint: null,
      credentials: null,
      forcePathStyle: false,
    });
  });

  it('gives hosted providers a webhook URL only when PUBLIC_URL can be reached from outside (PROVIDER_WEBHOOKS=auto), or when told', () => {
    const webhooksOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).providerWebhooksUrl;
    expect(webhooksOf({})).toBeNull();
    expect(webhooksOf({ PUBLIC_URL: 'http://localhost:3000' })).toBeNull();
    expect(webhooksOf({ PUBLIC_URL: 'http://127.0.0.1:3000' })).toBeNull();
    expect(webhooksOf({ PUBLIC_URL: 'https://studio.example.com/' })).toBe('https://studio.example.com/api/v1/webhooks/providers');
    expect(webhooksOf({ PUBLIC_URL: 'https://studio.example.com', PROVIDER_WEBHOOKS: 'off' })).toBeNull();
    expect(webhooksOf({ PUBLIC_URL: 'http://localhost:3000', PROVIDER_WEBHOOKS: 'on' })).toBe(
      'http://localhost:3000/api/v1/webhooks/providers',
    );
    expect(() => webhooksOf({ PROVIDER_WEBHOOKS: 'sometimes' })).toThrow(/PROVIDER_WEBHOOKS/);
  });

  it('treats empty values as absent and reads the rest', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '4000',
      TRUST_PROXY: 'true',
      JWT_SECRET: secret,
      ANALYTICS_SCRIPT_URL: 'https://plausible.io/js/script.js',
      NODE_ENV: 'test',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(4000);
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.trustProxy).toEqual({ hops: 1 });
    expect(config.analytics).toEqual({ scriptUrl: 'https://plausible.io/js/script.js', domain: 'localhost' });
    expect(config.globalRateLimit).toBeNull();
  });

  it('reads TRUST_PROXY as no proxy, a number of proxies (true is one) or the addresses of the proxies', () => {
    const trustOf = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    expect(trustOf('false')).toBe(false);
    expect(trustOf('0')).toBe(false);
    expect(trustOf('true')).toEqual({ hops: 1 });
    expect(trustOf('2')).toEqual({ hops: 2 });
    expect(trustOf('10.0.0.0/8, 192.0.2.7,2001:db8::/32')).toEqual({ proxies: ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32'] });
  });

  it('takes the per-IP limit from RATE_LIMIT_PER_MINUTE, where 0 turns it off', () => {
    expect(loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1200' }).globalRateLimit).toEqual({ max: 1200, timeWindowMs: 60_000 });
    expect(loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '0' }).globalRateLimit).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', RATE_LIMIT_PER_MINUTE: '50' }).globalRateLimit).toEqual({
      max: 50,
      timeWindowMs: 60_000,
    });
  });

  it('takes the sign-up and free-run limits from SIGNUPS_PER_IP_PER_HOUR and FREE_JOBS_PER_DAY', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir }).clientLimits;
    expect(defaults.signupsPerIp).toEqual({ max: 10, windowMs: 3_600_000 });
    expect(defaults.signupsPerSubnet.max).toBe(30);
    expect(defaults.freeJobsPerAccount).toEqual({ max: 50, windowMs: 86_400_000 });
    const set = loadConfig({ DATA_DIR: dataDir, SIGNUPS_PER_IP_PER_HOUR: '0', FREE_JOBS_PER_DAY: '5' }).clientLimits;
    expect(set.signupsPerIp.max).toBe(0);
    expect(set.takenEmailAnswersPerSubnet.max).toBe(0);
    expect(set.freeJobsPerIp.max).toBe(10);
    expect(() => loadConfig({ DATA_DIR: dataDir, SIGNUPS_PER_IP_PER_HOUR: '-1' })).toThrow(
      /SIGNUPS_PER_IP_PER_HOUR.*must be 0 \(off\) or more/,
    );
  });

  it('sizes the database pool from DATABASE_POOL_SIZE, refusing nonsense', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE.*must be at least 1/);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: 'many' })).toThrow(
      /DATABASE_POOL_SIZE.*must be a number of connections/,
    );
  });
});
