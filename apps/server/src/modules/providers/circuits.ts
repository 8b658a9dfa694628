import { like, sql } from 'drizzle-orm';
import { providerNames } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';
import { defaultCircuitOptions } from '@lumen/engines';
import type { CircuitOptions, CircuitState } from '@lumen/engines';
import type { SharedCircuits } from '../jobs/index.ts';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/result-rows.ts';
import { providerCircuits } from './tables.ts';

/**
 * The hosted providers' circuit breakers shared by every API and worker process (decision 086): in Redis when
 * REDIS_URL is set, else in PostgreSQL (provider_circuits). Every change is one atomic step (a Lua script, or one
 * statement), so two processes never both take the one trial call of a circuit whose open period passed.
 */

const isProvider = (name: string): name is ProviderName => (providerNames as readonly string[]).includes(name);
const isoOf = (value: Date | string | number | null | undefined) =>
  value === null || value === undefined || value === 0 || value === '0'
    ? null
    : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value).toISOString();

/** Breakers in provider_circuits, one row per provider, each change one statement. */
export function createPostgresCircuits(db: Db, options: CircuitOptions & { prefix?: string } = {}): SharedCircuits {
  const { failuresToOpen, openForMs } = { ...defaultCircuitOptions, ...options };
  const prefix = options.prefix ?? '';
  const openFor = sql`${`${openForMs} milliseconds`}::interval`;
  const c = providerCircuits;
  return {
    async isOpen(provider) {
      const key = `${prefix}${provider}`;
      // The trial is claimed by the one statement that moves trial_until forward; a concurrent one then sees it taken.
      const [row] = await db
        .execute(
          sql`with current as (select failures from provider_circuits where key = ${key}),
            trial as (
              update provider_circuits set trial_until = now() + ${openFor}
              where key = ${key} and failures >= ${failuresToOpen} and open_until <= now()
                and (trial_until is null or trial_until <= now())
              returning 1)
            select coalesce((select failures from current), 0)::int as failures, exists(select 1 from trial) as trial`,
        )
        .then((result) => rowsOf<{ failures: number; trial: boolean }>(result));
      return Number(row?.failures ?? 0) >= failuresToOpen && !row?.trial;
    },
    async failed(provider) {
      await db
        .insert(c)
        .values({
          key: `${prefix}${provider}`,
          failures: 1,
          openUntil: failuresToOpen <= 1 ? sql`now() + ${openFor}` : null,
          lastFailureAt: sql`now()`,
        })
        .onConflictDoUpdate({
          target: c.key,
          set: {
            failures: sql`${c.failures} + 1`,
            openUntil: sql`case when ${c.failures} + 1 >= ${failuresToOpen} then now() + ${openFor} else null end`,
            trialUntil: null,
            lastFailureAt: sql`now()`,
          },
        });
    },
    async succeeded(provider) {
      const closed = { failures: 0, openUntil: null, trialUntil: null, lastSuccessAt: sql`now()` };
      await db
        .insert(c)
        .values({ key: `${prefix}${provider}`, ...closed })
        .onConflictDoUpdate({ target: c.key, set: closed });
    },
    async states() {
      const rows = await db
        .select()
        .from(c)
        .where(like(c.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`));
      return rows.flatMap((row): CircuitState[] => {
        const provider = row.key.slice(prefix.length);
        if (!isProvider(provider)) return [];
        const open = row.failures >= failuresToOpen;
        return [
          {
            provider,
            failures: row.failures,
            open,
            openUntil: open ? isoOf(row.openUntil) : null,
            lastFailureAt: isoOf(row.lastFailureAt),
            lastSuccessAt: isoOf(row.lastSuccessAt),
          },
        ];
      });
    },
    close: async () => undefined,
  };
}

/** Redis's own clock in milliseconds, so that every process judges a circuit by the same time. */
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;
const KEEP = `redis.call('PEXPIRE', KEYS[1], 86400000)`;
const IS_OPEN = `${NOW}
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures') or '0')
if failures < tonumber(ARGV[1]) then return 0 end
local openUntil = tonumber(redis.call('HGET', KEYS[1], 'openUntil') or '0')
local trialUntil = tonumber(redis.call('HGET', KEYS[1], 'trialUntil') or '0')
if now < openUntil or now < trialUntil then return 1 end
redis.call('HSET', KEYS[1], 'trialUntil', now + tonumber(ARGV[2]))
return 0`;
const FAILED = `${NOW}
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
if failures >= tonumber(ARGV[1]) then redis.call('HSET', KEYS[1], 'openUntil', now + tonumber(ARGV[2])) end
redis.call('HSET', KEYS[1], 'trialUntil', 0, 'lastFailureAt', now)
${KEEP}
return failures`;
const SUCCEEDED = `${NOW}
redis.call('HSET', KEYS[1], 'failures', 0, 'openUntil', 0, 'trialUntil', 0, 'lastSuccessAt', now)
${KEEP}
return 0`;

/** Breakers as Redis hashes (`<prefix><provider>`), each change one Lua script; a circuit untouched for a day expires. */
export async function createRedisCircuits(options: CircuitOptions & { url: string; prefix: string }): Promise<SharedCircuits> {
  const { failuresToOpen, openForMs } = { ...defaultCircuitOptions, ...options };
  const { Redis } = await import('ioredis');
  const redis = new Redis(options.url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', () => undefined); // reported through the failing command instead
  const run = (script: string, provider: ProviderName) =>
    redis.eval(script, 1, `${options.prefix}${provider}`, String(failuresToOpen), String(openForMs));
  return {
    isOpen: async (provider) => Number(await run(IS_OPEN, provider)) === 1,
    failed: async (provider) => void (await run(FAILED, provider)),
    succeeded: async (provider) => void (await run(SUCCEEDED, provider)),
    async states() {
      const pipeline = redis.pipeline();
      for (const provider of providerNames) pipeline.hgetall(`${options.prefix}${provider}`);
      const answers = (await pipeline.exec()) ?? [];
      return providerNames.flatMap((provider, index): CircuitState[] => {
        const hash = (answers[index]?.[1] ?? {}) as Record<string, string>;
        if (Object.keys(hash).length === 0) return [];
        const failures = Number(hash.failures ?? 0);
        const open = failures >= failuresToOpen;
        return [
          {
            provider,
            failures,
            open,
            openUntil: open ? isoOf(hash.openUntil) : null,
            lastFailureAt: isoOf(hash.lastFailureAt),
            lastSuccessAt: isoOf(hash.lastSuccessAt),
          },
        ];
      });
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Redis when its URL is set (the key prefix before `circuit:`), PostgreSQL otherwise. */
export async function openSharedCircuits(input: {
  db: Db;
  redisUrl: string | null;
  redisKeyPrefix: string;
  options?: CircuitOptions;
}): Promise<SharedCircuits> {
  return input.redisUrl
    ? createRedisCircuits({ ...input.options, url: input.redisUrl, prefix: `${input.redisKeyPrefix}circuit:` })
    : createPostgresCircuits(input.db, input.options);
}
