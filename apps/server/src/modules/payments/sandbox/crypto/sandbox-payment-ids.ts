import { randomBytes } from 'node:crypto';
import { isSandboxCoin } from './sandbox-crypto-rates.ts';

export type SandboxPaymentFacts = { createdAt: number; priceCents: number; ticker: string };

/**
 * The payment id carries what the provider needs to answer about it later (creation time, price,
 * coin), so statuses keep advancing after a restart with nothing kept in memory.
 */
export function encodePaymentId({ createdAt, priceCents, ticker }: SandboxPaymentFacts): string {
  return `test-${createdAt.toString(36)}-${priceCents.toString(36)}-${ticker}-${randomBytes(4).toString('hex')}`;
}

export function decodePaymentId(paymentId: string): SandboxPaymentFacts | null {
  const match = /^test-([0-9a-z]+)-([0-9a-z]+)-([a-z0-9]+)-[0-9a-f]{8}$/.exec(paymentId);
  if (!match) return null;
  const createdAt = parseInt(match[1]!, 36);
  const priceCents = parseInt(match[2]!, 36);
  const ticker = match[3]!;
  if (!Number.isFinite(createdAt) || !Number.isFinite(priceCents) || !isSandboxCoin(ticker)) return null;
  return { createdAt, priceCents, ticker };
}
