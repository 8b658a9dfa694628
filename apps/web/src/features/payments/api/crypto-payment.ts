import { apiClient } from '@/lib/api-client.ts';

/** Crypto payment (created), plus the order and whether the built-in test provider made it. */
export type CryptoPayment = {
  paymentId: string;
  payAmount: number | string;
  payCurrency: string;
  priceAmount: number;
  priceCurrency: string;
  payAddress: string;
  qrCodeUrl: string;
  expiresAt: string;
  orderId?: string;
  testMode?: boolean;
};

export const cryptoStatusValues = [
  'WAITING',
  'CONFIRMING',
  'CONFIRMED',
  'SENDING',
  'PARTIALLY_PAID',
  'FINISHED',
  'FAILED',
  'REFUNDED',
  'EXPIRED',
] as const;
export type CryptoStatusValue = (typeof cryptoStatusValues)[number];

/** Crypto status. */
export type CryptoStatus = { status: CryptoStatusValue; actuallyPaid: number | string | null; payCurrency: string; txHash: string | null };

/** Payment request, plus payCurrency. */
export type CryptoCreditsRequest = {
  paymentType: 'CREDIT_PURCHASE';
  creditPackageId: string;
  amount: number;
  currency: string;
  description: string;
  payCurrency: string;
  successUrl?: string;
  cancelUrl?: string;
};

/** POST /payment/crypto/credits */
export function createCryptoCreditsPayment(body: CryptoCreditsRequest): Promise<CryptoPayment> {
  return apiClient.post<CryptoPayment>('/payment/crypto/credits', body);
}

/** GET /payment/crypto/status/{paymentId} */
export function getCryptoStatus(paymentId: string, signal?: AbortSignal): Promise<CryptoStatus> {
  return apiClient.get<CryptoStatus>(`/payment/crypto/status/${encodeURIComponent(paymentId)}`, { signal });
}
