import type { SandboxCryptoTimings } from '../../../../config/nowpayments.ts';
import { CryptoProviderError } from '../../crypto/index.ts';
import type { CryptoPaymentSnapshot, ProviderPaymentStatus } from '../../crypto/index.ts';
import { sandboxAddressFor, sandboxTxHashFor } from './sandbox-crypto-addresses.ts';
import { rateOf, roundCrypto } from './sandbox-crypto-rates.ts';
import { decodePaymentId } from './sandbox-payment-ids.ts';

/** A status forced by a test (partial payment, expiry, a late deposit) with what was paid. */
export type ForcedOutcome = { status: ProviderPaymentStatus; actuallyPaid: number };

/** What the provider knows of a payment besides its id: the clock, a forced outcome, the order it pays. */
export type SandboxPaymentContext = {
  now: number;
  timings: SandboxCryptoTimings;
  forced: ForcedOutcome | undefined;
  order: { orderId: string; description: string } | undefined;
};

/** waiting → confirming → finished as time passes since creation, unless a test forced a status. */
function statusAt(elapsedMs: number, { timings, forced }: SandboxPaymentContext): ProviderPaymentStatus {
  if (forced) return forced.status;
  return elapsedMs >= timings.finishedAfterMs ? 'finished' : elapsedMs >= timings.confirmingAfterMs ? 'confirming' : 'waiting';
}

/** The payment as NOWPayments would report it now (its `raw` is the body of the IPN). */
export function sandboxSnapshot(paymentId: string, context: SandboxPaymentContext): CryptoPaymentSnapshot {
  const decoded = decodePaymentId(paymentId);
  if (!decoded) throw new CryptoProviderError(`Payment ${paymentId} was not found`, { status: 404, retryable: false });
  const priceAmount = decoded.priceCents / 100;
  const payAmount = roundCrypto(priceAmount / rateOf(decoded.ticker));
  const status = statusAt(context.now - decoded.createdAt, context);
  const actuallyPaid = context.forced ? context.forced.actuallyPaid : status === 'waiting' ? 0 : payAmount;
  const txHash = actuallyPaid > 0 ? sandboxTxHashFor(paymentId, decoded.ticker) : null;
  const orderId = context.order?.orderId ?? null;
  const payAddress = sandboxAddressFor(decoded.ticker, paymentId);
  const raw: Record<string, unknown> = {
    payment_id: paymentId,
    payment_status: status,
    pay_address: payAddress,
    price_amount: priceAmount,
    price_currency: 'usd',
    pay_amount: payAmount,
    actually_paid: actuallyPaid,
    pay_currency: decoded.ticker,
    order_id: orderId,
    order_description: context.order?.description ?? null,
    purchase_id: paymentId,
    outcome_amount: actuallyPaid,
    outcome_currency: decoded.ticker,
    payin_hash: txHash,
    created_at: new Date(decoded.createdAt).toISOString(),
    updated_at: new Date(context.now).toISOString(),
    test_mode: true,
  };
  return {
    paymentId,
    status,
    payAddress,
    payAmount,
    payCurrency: decoded.ticker,
    priceAmount,
    priceCurrency: 'usd',
    actuallyPaid,
    orderId,
    txHash,
    expiresAt: new Date(decoded.createdAt + context.timings.expiresAfterMs),
    raw,
  };
}
