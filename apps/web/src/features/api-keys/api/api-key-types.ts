import type { ServiceKey } from '@lumen/core/services/catalogue';

/**
 * The key object of docs/api/api-keys-contract.md. Local types until packages/core/src/api-keys/schemas.ts
 * lands; the shapes are the contract's.
 */
export type ApiKeyStatus = 'active' | 'revoked';

export type ApiKey = {
  id: string;
  name: string;
  /** the first 16 characters of the key, e.g. 'sk_live_AbCd1234' */
  keyPrefix: string;
  isActive: boolean;
  status: ApiKeyStatus;
  /** requests per minute */
  rateLimit: number;
  /** null = every service */
  allowedServices: ServiceKey[] | null;
  monthlyCreditCap: number | null;
  creditsUsed: number;
  creditsUsedThisMonth: number;
  webhookUrl: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
};

/** Returned by generate and regenerate only: the secrets are shown once and never again. */
export type IssuedApiKey = ApiKey & { apiKey: string; webhookSecret: string | null };

export type GenerateApiKeyBody = {
  name: string;
  rateLimit?: number;
  allowedServices?: ServiceKey[] | null;
  monthlyCreditCap?: number | null;
  webhookUrl?: string | null;
};

export type ApiKeyUsage = {
  totalRequests: number;
  errors: number;
  creditsUsed: number;
  creditsUsedThisMonth: number;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  perDay: { date: string; requests: number; errors: number; credits: number }[];
  perEndpoint: { method: string; route: string; requests: number; errors: number }[];
};
