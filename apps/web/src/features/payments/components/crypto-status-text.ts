import type { CryptoStatus, CryptoStatusValue } from '../api/crypto-payment.ts';

/** Crypto dialog status texts (and the provider's other states, said plainly). */
export const cryptoStatusTexts: Record<CryptoStatusValue, string> = {
  WAITING: 'Waiting for payment...',
  CONFIRMING: 'Payment received, confirming...',
  CONFIRMED: 'Payment confirmed',
  SENDING: 'Processing payment...',
  PARTIALLY_PAID: 'Partially paid',
  FINISHED: 'Payment completed successfully!',
  FAILED: 'Payment failed',
  REFUNDED: 'Payment refunded',
  EXPIRED: 'Payment expired',
};

export const FINAL_CRYPTO_STATUSES: readonly CryptoStatusValue[] = ['FINISHED', 'FAILED', 'REFUNDED', 'EXPIRED'];

export function cryptoStatusText(status: CryptoStatus['status'] | string): string {
  return cryptoStatusTexts[status.toUpperCase() as CryptoStatusValue] ?? `Payment status: ${status}`;
}
