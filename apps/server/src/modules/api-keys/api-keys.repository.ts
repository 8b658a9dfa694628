import { and, desc, eq, gt, gte, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { userContactsByIds, userDirectory } from '../users/index.ts';
import { apiKeyRequests, apiKeys } from './tables.ts';
import type { ApiKeyRow } from './tables.ts';
import { rowsOf } from '../../db/result-rows.ts';

export async function findKeysOfUser(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.deletedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/**
 * Inside a transaction: takes the account's key-issuing lock (held until commit, so parallel generations queue) and
 * counts its keys that still work: neither revoked, deleted nor expired at `now` (an expired key authenticates
 * nothing, so it does not hold a place under the cap).
 */
export async function lockAndCountActiveKeys(tx: Db, userId: string, now: Date): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api-keys:${userId}`}, 0))`);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.userId, userId),
        eq(apiKeys.status, 'active'),
        isNull(apiKeys.deletedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      ),
    );
  return row?.count ?? 0;
}

/** A live (not deleted) key of this user, or null. */

export async function findKeyOfUser(db: Db, userId: string, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.deletedAt)));
  return row ?? null;
}

const owner = userDirectory('owner');

function prepareKeyByHashQuery(db: Db) {
  const bySecret = (column: typeof apiKeys.keyHash | typeof apiKeys.previousKeyHash) =>
    db
      .select({
        id: apiKeys.id,
        userId: apiKeys.userId,
        keyHash: apiKeys.keyHash,
        previousKeyHash: apiKeys.previousKeyHash,
        previousKeyExpiresAt: apiKeys.previousKeyExpiresAt,
        status: apiKeys.status,
        deletedAt: apiKeys.deletedAt,
        expiresAt: apiKeys.expiresAt,
        ipAllowList: apiKeys.ipAllowList,
        rateLimit: apiKeys.rateLimit,
        allowedServices: apiKeys.allowedServices,
        monthlyCreditCap: apiKeys.monthlyCreditCap,
        ownerSuspendedAt: owner.suspendedAt,
      })
      .from(apiKeys)
      .innerJoin(owner, eq(owner.id, apiKeys.userId))
      .where(eq(column, sql.placeholder('keyHash')));
  // The current secret first: with the limit, the previous-secret index is read only when it finds nothing.
  return bySecret(apiKeys.keyHash).unionAll(bySecret(apiKeys.previousKeyHash)).limit(1).prepare('find_api_key_by_hash');
}
const keyByHashQueries = new WeakMap<Db, ReturnType<typeof prepareKeyByHashQuery>>();

/**
 * The hot path of every key-authenticated request: a prepared statement per database, one unique-index
 * lookup of the current secret (and of the secret a roll replaced only when that finds nothing).
 */
export async function findKeyByHash(db: Db, keyHash: string) {
  let query = keyByHashQueries.get(db);
  if (!query) {
    query = prepareKeyByHashQuery(db);
    keyByHashQueries.set(db, query);
  }
  const [row] = await query.execute({ keyHash });
  return row ?? null;
}

/** Ids of a key and every key it replaced (regenerate chain), newest first. */
export async function keyChainIds(db: Db, keyId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive chain(id, replaced_key_id) as (
      select id, replaced_key_id from api_keys where id = ${keyId}
      union all
      select k.id, k.replaced_key_id from api_keys k join chain c on k.id = c.replaced_key_id
    )
    select id from chain`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** All of a user's keys, deleted ones included: to follow regenerate chains. */
export async function findChainLinksOfUser(db: Db, userId: string): Promise<Array<{ id: string; replacedKeyId: string | null }>> {
  return db.select({ id: apiKeys.id, replacedKeyId: apiKeys.replacedKeyId }).from(apiKeys).where(eq(apiKeys.userId, userId));
}

/** Adds counted requests to a key × day × method × route row. */
export type RequestCounts = { keyId: string; day: string; method: string; route: string; requests: number; errors: number };

/**
 * Adds each entry's counts to its key × day × method × route row, all in one statement. Entries must name distinct
 * rows; an entry of a key deleted meanwhile is skipped rather than failing the others.
 */
export async function addRequestCounts(db: Db, entries: RequestCounts[]): Promise<void> {
  if (entries.length === 0) return;
  const column = <K extends keyof RequestCounts>(name: K) => sql.param(entries.map((entry) => entry[name]));
  await db.execute(sql`
    insert into ${apiKeyRequests} (key_id, day, method, route, requests, errors)
    select counts.key_id, counts.day, counts.method, counts.route, counts.requests, counts.errors
    from unnest(${column('keyId')}::uuid[], ${column('day')}::date[], ${column('method')}::text[], ${column('route')}::text[],
      ${column('requests')}::int[], ${column('errors')}::int[]) as counts(key_id, day, method, route, requests, errors)
    where exists (select 1 from ${apiKeys} where ${apiKeys.id} = counts.key_id)
    on conflict (key_id, day, method, route) do update
    set requests = ${apiKeyRequests.requests} + excluded.requests, errors = ${apiKeyRequests.errors} + excluded.errors
  `);
}

/** Sets last_used_at/ip of each key, all in one statement. */
export async function markKeysUsed(db: Db, uses: { keyId: string; at: Date; ip: string }[]): Promise<void> {
  if (uses.length === 0) return;
  await db.execute(sql`
    update ${apiKeys} set last_used_at = used.at, last_used_ip = used.ip
    from unnest(${sql.param(uses.map((use) => use.keyId))}::uuid[], ${sql.param(uses.map((use) => use.at.toISOString()))}::timestamptz[],
      ${sql.param(uses.map((use) => use.ip))}::text[]) as used(key_id, at, ip)
    where ${apiKeys.id} = used.key_id
  `);
}

export async function requestsSince(db: Db, keyId: string, sinceDay: string) {
  return db
    .select()
    .from(apiKeyRequests)
    .where(and(eq(apiKeyRequests.keyId, keyId), gte(apiKeyRequests.day, sinceDay)));
}

/**
 * Marks the reminder `days` before expiry as sent on every live key that is due for it and returns those keys
 * with their owner. Due: the key expires within `days`, existed before that point (a key made to last three
 * days gets no 7-day reminder), and no reminder this close to expiry went out yet. The conditional update is
 * the claim, so processes running it at the same time never pick the same key twice.
 */
export async function claimExpiryReminders(db: Db, now: Date, days: number) {
  const claimed = await db
    .update(apiKeys)
    .set({ expiryReminderDays: days })
    .where(
      and(
        eq(apiKeys.status, 'active'),
        isNull(apiKeys.deletedAt),
        gt(apiKeys.expiresAt, now),
        lte(apiKeys.expiresAt, new Date(now.getTime() + days * 86_400_000)),
        sql`${apiKeys.createdAt} <= ${apiKeys.expiresAt} - (${days}::int * interval '1 day')`,
        or(isNull(apiKeys.expiryReminderDays), gt(apiKeys.expiryReminderDays, days)),
        notExists(
          db
            .select({ id: owner.id })
            .from(owner)
            .where(and(eq(owner.id, apiKeys.userId), isNotNull(owner.suspendedAt))),
        ),
      ),
    )
    .returning({ id: apiKeys.id, userId: apiKeys.userId, name: apiKeys.name, keyPrefix: apiKeys.keyPrefix, expiresAt: apiKeys.expiresAt });
  if (claimed.length === 0) return [];
  const owners = await userContactsByIds(
    db,
    claimed.map((key) => key.userId),
  );
  const ownerById = new Map(owners.map(({ id, email, firstName }) => [id, { id, email, firstName }]));
  return claimed.flatMap((key) => {
    const owner = ownerById.get(key.userId);
    return owner && key.expiresAt ? [{ ...key, expiresAt: key.expiresAt, owner }] : [];
  });
}
