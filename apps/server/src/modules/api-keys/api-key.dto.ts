import type { ApiKey } from '@lumen/core/api-keys/schemas';
import type { ApiKeyRow } from './tables.ts';

export function toApiKeyDto(row: ApiKeyRow, credits: { all: number; thisMonth: number }): ApiKey {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    isActive: row.status === 'active',
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
  };
}

/** The first instant of the clock's calendar month, UTC. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
