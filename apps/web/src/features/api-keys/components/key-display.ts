import type { ApiKey } from '@lumen/core/api-keys/schemas';

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
