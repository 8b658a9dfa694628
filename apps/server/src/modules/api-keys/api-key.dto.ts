import type { ApiKey } from '@lumen/core/api-keys/schemas';
import type { ApiKeyRow } from './tables.ts';

export function toApiKeyDto(row: ApiKeyRow, credits: { all: number; thisMonth: number }, now: Date): ApiKey {
  const isExpired = row.expiresAt !== null && row.expiresAt <= now;
  const previousWorks = row.previousKeyExpiresAt !== null && row.previousKeyExpiresAt > now;
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    isActive: row.status === 'active' && !isExpired,
    status: row.status,
    rateLimit: row.rateLimit,
    allowedServices: row.allowedServices ?? null,
    monthlyCreditCap: row.monthlyCreditCap,
    creditsUsed: credits.all,
    creditsUsedThisMonth: credits.thisMonth,
    webhookUrl: row.webhookUrl,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isExpired,
    ipAllowList: row.ipAllowList ?? null,
    previousKeyPrefix: previousWorks && row.status === 'active' ? row.previousKeyPrefix : null,
    previousKeyExpiresAt: previousWorks && row.status === 'active' ? row.previousKeyExpiresAt!.toISOString() : null,
  };
}

/** What the audit log keeps of a key: its settings, never a secret or a hash. */
export function auditViewOf(row: ApiKeyRow) {
  return {
    name: row.name,
    keyPrefix: row.keyPrefix,
    status: row.status,
    rateLimit: row.rateLimit,
    allowedServices: row.allowedServices ?? null,
    monthlyCreditCap: row.monthlyCreditCap,
    webhookUrl: row.webhookUrl,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    ipAllowList: row.ipAllowList ?? null,
    previousKeyPrefix: row.previousKeyPrefix,
    previousKeyExpiresAt: row.previousKeyExpiresAt?.toISOString() ?? null,
  };
}

/** The first instant of the clock's calendar month, UTC. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
