import type { ApiKey } from '@lumen/core/api-keys/schemas';
import { formatDateTime } from '@/lib/format.ts';

/** The part of a key that is never shown after creation, drawn as bullets. */
export const MASK = '•'.repeat(16);

/**
 * The active key as the screen shows it: fully masked, or with only its prefix revealed
 * ('sk_live_AbCd1234••••••••••••••••'). The full key is never available after the one-time dialog.
 */
export function maskedKey(keyPrefix: string, isPrefixShown: boolean): string {
  return isPrefixShown ? `${keyPrefix}${MASK}` : '•'.repeat(keyPrefix.length) + MASK;
}

/** The key shown on the screen: the newest active one. */
export function activeKeyOf(keys: ApiKey[]): ApiKey | undefined {
  return keys.filter((key) => key.status === 'active' && key.isActive).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

/** What the key can still spend: what is left of its monthly cap, or else the account balance. */
export function creditsRemaining(key: ApiKey, balance: number): { value: number; label: string } {
  if (key.monthlyCreditCap !== null) {
    const leftOfCap = Math.max(0, key.monthlyCreditCap - key.creditsUsedThisMonth);
    return {
      value: Math.min(leftOfCap, balance),
      label: `Left of this key's monthly cap of ${key.monthlyCreditCap} (and of your balance)`,
    };
  }
  return { value: balance, label: 'Your credit balance (this key has no monthly cap)' };
}

/** 'Never', or the moment the key stops (or stopped) working. */
export function expiryText(key: ApiKey): string {
  if (!key.expiresAt) return 'Never';
  return `${key.isExpired ? 'Expired' : 'Expires'} ${formatDateTime(key.expiresAt)}`;
}

/** 'Any IP', or the allowed ranges. */
export function allowListText(key: ApiKey): string {
  return key.ipAllowList ? key.ipAllowList.join(', ') : 'Any IP';
}

/** After a roll with a grace period: 'Old secret sk_live_AbCd1234… works until …'; null otherwise. */
export function previousSecretText(key: ApiKey): string | null {
  if (!key.previousKeyPrefix || !key.previousKeyExpiresAt) return null;
  return `Old secret ${key.previousKeyPrefix}… works until ${formatDateTime(key.previousKeyExpiresAt)}`;
}

/** 'Mar 6, 2025, 8:00 AM from 203.0.113.9', or 'Never'. */
export function lastUsedText(key: Pick<ApiKey, 'lastUsedAt' | 'lastUsedIp'>): string {
  if (!key.lastUsedAt) return 'Never';
  return `${formatDateTime(key.lastUsedAt)}${key.lastUsedIp ? ` from ${key.lastUsedIp}` : ''}`;
}
