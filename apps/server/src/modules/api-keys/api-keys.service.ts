import { and, eq, isNull, sql } from 'drizzle-orm';
import { apiKeyExpiredConflictMessage, apiKeyMessages, MAX_ACTIVE_API_KEYS, rollGraceMs } from '@lumen/core/api-keys/schemas';
import type { ApiKey, ApiKeyUsage, GenerateApiKeyBody, IssuedApiKey, RollGrace, UpdateApiKeyBody } from '@lumen/core/api-keys/schemas';
import type { NodeEnv } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import { auditViewOf, monthStart, toApiKeyDto, utcDay } from './api-key.dto.ts';
import { findChainLinksOfUser, findKeyOfUser, findKeysOfUser, lockAndCountActiveKeys, requestsSince } from './api-keys.repository.ts';
import { normalizeIpAllowList } from './ip-allow-list.ts';
import { encryptSecret, generateApiKey, generateWebhookSecret } from './key-secrets.ts';
import { apiKeys } from './tables.ts';
import type { ApiKeyRow } from './tables.ts';
import { isAllowedWebhookUrl } from './webhook-url-policy.ts';
import { getPlatformSettings } from '../settings/index.ts';

export const API_KEY_REVOKED_CONFLICT = 'This API key is revoked; generate a new one';

/** What the keys spent, read from the jobs they submitted (the jobs module provides it). */
export type KeySpending = {
  creditsByKey(db: Db, keyIds: string[], since: Date | null): Promise<Map<string, number>>;
  creditsPerDay(db: Db, keyId: string, since: Date): Promise<Map<string, number>>;
};

type Deps = { db: Db; jwtSecret: string; nodeEnv: NodeEnv; clock: () => Date; spending: KeySpending };

const notFound = () => new AppError('NOT_FOUND', 404, apiKeyMessages.notFound);
const invalidField = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', 400, `${field}: ${message}`, { details: [{ field, message }] });

export function createApiKeysService(deps: Deps) {
  const { db } = deps;
  const { creditsByKey, creditsPerDay } = deps.spending;

  /** creditsUsed (the key's own, all time) and creditsUsedThisMonth (with the keys it replaced). */
  async function present(userId: string, rows: ApiKeyRow[]): Promise<ApiKey[]> {
    if (rows.length === 0) return [];
    const links = await findChainLinksOfUser(db, userId);
    const replaced = new Map(links.map((link) => [link.id, link.replacedKeyId]));
    const chains = new Map(rows.map((row) => [row.id, chainOf(row.id, replaced)]));
    const allIds = [...new Set([...chains.values()].flat())];
    const [all, month] = await Promise.all([
      creditsByKey(
        db,
        rows.map((row) => row.id),
        null,
      ),
      creditsByKey(db, allIds, monthStart(deps.clock())),
    ]);
    const now = deps.clock();
    return rows.map((row) =>
      toApiKeyDto(
        row,
        {
          all: all.get(row.id) ?? 0,
          thisMonth: (chains.get(row.id) ?? []).reduce((sum, id) => sum + (month.get(id) ?? 0), 0),
        },
        now,
      ),
    );
  }

  function checkWebhookUrl(url: string | null | undefined) {
    if (url && !isAllowedWebhookUrl(url, deps.nodeEnv)) throw invalidField('webhookUrl', apiKeyMessages.webhookUrl);
  }

  /** The key row locked for a change, refused when revoked (or, with `refuseExpired`, expired). */
  async function lockOwnKey(tx: Db, userId: string, id: string, refuseExpired: boolean): Promise<ApiKeyRow> {
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.deletedAt)))
      .for('update');
    if (!row) throw notFound();
    if (refuseExpired && row.status !== 'active') throw new AppError('CONFLICT', 409, API_KEY_REVOKED_CONFLICT);
    if (refuseExpired && row.expiresAt && row.expiresAt <= deps.clock()) {
      throw new AppError('CONFLICT', 409, apiKeyExpiredConflictMessage(row.expiresAt));
    }
    return row;
  }

  const audit = (tx: Db, actor: AuditActor, action: string, targetId: string, before: unknown, after: unknown) =>
    insertAuditEntry(tx, actor, { action: `api_key.${action}`, targetType: 'api_key', targetId, before, after });

  async function issue(
    tx: Db,
    userId: string,
    settings: Omit<typeof apiKeys.$inferInsert, 'userId' | 'keyPrefix' | 'keyHash' | 'webhookSecretEncrypted'>,
  ): Promise<{ row: ApiKeyRow; apiKey: string; webhookSecret: string | null }> {
    const { apiKey, keyPrefix, keyHash } = generateApiKey();
    const webhookSecret = settings.webhookUrl ? generateWebhookSecret() : null;
    const [row] = await tx
      .insert(apiKeys)
      .values({
        ...settings,
        userId,
        keyPrefix,
        keyHash,
        webhookSecretEncrypted: webhookSecret ? encryptSecret(deps.jwtSecret, webhookSecret) : null,
      })
      .returning();
    return { row: row!, apiKey, webhookSecret };
  }

  async function ownKey(userId: string, id: string): Promise<ApiKeyRow> {
    const row = await findKeyOfUser(db, userId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(userId: string): Promise<ApiKey[]> {
      return present(userId, await findKeysOfUser(db, userId));
    },

    async get(userId: string, id: string): Promise<ApiKey> {
      return (await present(userId, [await ownKey(userId, id)]))[0]!;
    },

    async generate(actor: AuditActor, body: GenerateApiKeyBody): Promise<IssuedApiKey> {
      const { userId } = actor;
      checkWebhookUrl(body.webhookUrl);
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt <= deps.clock()) throw invalidField('expiresAt', apiKeyMessages.expiresAtInFuture);
      const ipAllowList = body.ipAllowList ? normalizeIpAllowList(body.ipAllowList) : null;
      if (body.ipAllowList && !ipAllowList) throw invalidField('ipAllowList', apiKeyMessages.ipAllowList);
      const rateLimit = body.rateLimit ?? (await getPlatformSettings(db)).defaultApiKeyRateLimit;
      const issued = await db.transaction(async (tx) => {
        // Counted under the account's lock: 200 parallel requests still leave at most MAX_ACTIVE_API_KEYS.
        if ((await lockAndCountActiveKeys(tx, userId, deps.clock())) >= MAX_ACTIVE_API_KEYS) {
          throw new AppError('CONFLICT', 409, apiKeyMessages.tooManyKeys, { meta: { limit: MAX_ACTIVE_API_KEYS } });
        }
        const result = await issue(tx, userId, {
          name: body.name.trim(),
          rateLimit,
          allowedServices: body.allowedServices ? [...new Set(body.allowedServices)] : null,
          monthlyCreditCap: body.monthlyCreditCap ?? null,
          webhookUrl: body.webhookUrl ?? null,
          expiresAt,
          ipAllowList,
        });
        await audit(tx, actor, 'create', result.row.id, null, auditViewOf(result.row));
        return result;
      });
      const [key] = await present(userId, [issued.row]);
      return { ...key!, apiKey: issued.apiKey, webhookSecret: issued.webhookSecret };
    },

    /** Changes a working key's settings in place (same secret); every change is audited. */
    async update(actor: AuditActor, id: string, body: UpdateApiKeyBody): Promise<ApiKey> {
      const expiresAt = body.expiresAt === undefined || body.expiresAt === null ? body.expiresAt : new Date(body.expiresAt);
      if (expiresAt && expiresAt <= deps.clock()) throw invalidField('expiresAt', apiKeyMessages.expiresAtInFuture);
      const ipAllowList = body.ipAllowList ? normalizeIpAllowList(body.ipAllowList) : body.ipAllowList;
      if (body.ipAllowList && !ipAllowList) throw invalidField('ipAllowList', apiKeyMessages.ipAllowList);
      const changes: Partial<typeof apiKeys.$inferInsert> = {
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.rateLimit !== undefined ? { rateLimit: body.rateLimit } : {}),
        ...(body.allowedServices !== undefined
          ? { allowedServices: body.allowedServices ? [...new Set(body.allowedServices)] : null }
          : {}),
        ...(body.monthlyCreditCap !== undefined ? { monthlyCreditCap: body.monthlyCreditCap } : {}),
        // A new expiry gets its reminder again.
        ...(expiresAt !== undefined ? { expiresAt, expiryReminderDays: null } : {}),
        ...(ipAllowList !== undefined ? { ipAllowList } : {}),
      };
      const row = await db.transaction(async (tx) => {
        const old = await lockOwnKey(tx, actor.userId, id, false);
        if (old.status === 'revoked') throw new AppError('CONFLICT', 409, API_KEY_REVOKED_CONFLICT);
        const [updated] = await tx.update(apiKeys).set(changes).where(eq(apiKeys.id, old.id)).returning();
        await audit(tx, actor, 'update', old.id, auditViewOf(old), auditViewOf(updated!));
        return updated!;
      });
      return (await present(actor.userId, [row]))[0]!;
    },

    async revoke(actor: AuditActor, id: string): Promise<ApiKey> {
      const row = await db.transaction(async (tx) => {
        const old = await lockOwnKey(tx, actor.userId, id, false);
        if (old.status === 'revoked') return old;
        const [revoked] = await tx
          .update(apiKeys)
          .set({ status: 'revoked', revokedAt: sql`now()` })
          .where(eq(apiKeys.id, old.id))
          .returning();
        await audit(tx, actor, 'revoke', old.id, auditViewOf(old), auditViewOf(revoked!));
        return revoked!;
      });
      return (await present(actor.userId, [row]))[0]!;
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const old = await lockOwnKey(tx, actor.userId, id, false);
        await tx
          .update(apiKeys)
          .set({ status: 'revoked', revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())`, deletedAt: sql`now()` })
          .where(eq(apiKeys.id, old.id));
        await audit(tx, actor, 'delete', old.id, auditViewOf(old), null);
      });
    },

    /**
     * Revokes the old key and issues its successor in one transaction (the successor inherits the settings,
     * the expiry and the month's usage). The old secret stops at once; `roll` is the gentle rotation.
     */
    async regenerate(actor: AuditActor, id: string): Promise<IssuedApiKey> {
      const issued = await db.transaction(async (tx) => {
        const old = await lockOwnKey(tx, actor.userId, id, true);
        const [revoked] = await tx
          .update(apiKeys)
          .set({ status: 'revoked', revokedAt: sql`now()` })
          .where(eq(apiKeys.id, old.id))
          .returning();
        const result = await issue(tx, actor.userId, {
          name: old.name,
          rateLimit: old.rateLimit,
          allowedServices: old.allowedServices,
          monthlyCreditCap: old.monthlyCreditCap,
          webhookUrl: old.webhookUrl,
          expiresAt: old.expiresAt,
          ipAllowList: old.ipAllowList,
          expiryReminderDays: old.expiryReminderDays,
          replacedKeyId: old.id,
        });
        await audit(tx, actor, 'regenerate', old.id, auditViewOf(old), {
          ...auditViewOf(revoked!),
          successor: { id: result.row.id, ...auditViewOf(result.row) },
        });
        return result;
      });
      const [key] = await present(actor.userId, [issued.row]);
      return { ...key!, apiKey: issued.apiKey, webhookSecret: issued.webhookSecret };
    },

    /**
     * Gives the key a new secret and keeps the old one working for `grace` (decision 039). The key keeps its
     * id, settings, usage and webhook secret; only one earlier secret is kept, so rolling again ends the
     * previous grace period at once.
     */
    async roll(actor: AuditActor, id: string, grace: RollGrace): Promise<IssuedApiKey> {
      const { apiKey, keyPrefix, keyHash } = generateApiKey();
      const row = await db.transaction(async (tx) => {
        const old = await lockOwnKey(tx, actor.userId, id, true);
        const [rolled] = await tx
          .update(apiKeys)
          .set({
            keyHash,
            keyPrefix,
            previousKeyHash: old.keyHash,
            previousKeyPrefix: old.keyPrefix,
            previousKeyExpiresAt: new Date(deps.clock().getTime() + rollGraceMs[grace]),
          })
          .where(eq(apiKeys.id, old.id))
          .returning();
        await audit(tx, actor, 'roll', old.id, auditViewOf(old), { ...auditViewOf(rolled!), grace });
        return rolled!;
      });
      const [key] = await present(actor.userId, [row]);
      return { ...key!, apiKey, webhookSecret: null };
    },

    async usage(userId: string, id: string, days: number): Promise<ApiKeyUsage> {
      const row = await ownKey(userId, id);
      const now = deps.clock();
      const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const first = new Date(today.getTime() - (days - 1) * 86_400_000);
      const [key, requests, credits] = await Promise.all([
        present(userId, [row]).then((keys) => keys[0]!),
        requestsSince(db, id, utcDay(first)),
        creditsPerDay(db, id, first),
      ]);
      const perDay = Array.from({ length: days }, (_, index) => {
        const date = utcDay(new Date(first.getTime() + index * 86_400_000));
        const rows = requests.filter((entry) => entry.day === date);
        return {
          date,
          requests: rows.reduce((sum, entry) => sum + entry.requests, 0),
          errors: rows.reduce((sum, entry) => sum + entry.errors, 0),
          credits: credits.get(date) ?? 0,
        };
      });
      const endpoints = new Map<string, { method: string; route: string; requests: number; errors: number }>();
      for (const entry of requests) {
        const name = `${entry.method} ${entry.route}`;
        const current = endpoints.get(name) ?? { method: entry.method, route: entry.route, requests: 0, errors: 0 };
        current.requests += entry.requests;
        current.errors += entry.errors;
        endpoints.set(name, current);
      }
      return {
        totalRequests: perDay.reduce((sum, day) => sum + day.requests, 0),
        errors: perDay.reduce((sum, day) => sum + day.errors, 0),
        creditsUsed: key.creditsUsed,
        creditsUsedThisMonth: key.creditsUsedThisMonth,
        lastUsedAt: key.lastUsedAt,
        lastUsedIp: key.lastUsedIp,
        perDay,
        perEndpoint: [...endpoints.values()].sort((a, b) => b.requests - a.requests),
      };
    },
  };
}

function chainOf(id: string, replaced: Map<string, string | null>): string[] {
  const chain: string[] = [];
  let current: string | null | undefined = id;
  while (current && !chain.includes(current)) {
    chain.push(current);
    current = replaced.get(current);
  }
  return chain;
}
