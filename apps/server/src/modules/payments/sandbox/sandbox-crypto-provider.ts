import { randomBytes } from 'node:crypto';
import type { SandboxCryptoTimings } from '../../../config/nowpayments.ts';
import { CryptoProviderError, signIpnBody, verifyIpnSignature } from '../crypto/index.ts';
import type { CreateCryptoPaymentInput, CryptoProvider, ProviderPaymentStatus } from '../crypto/index.ts';
import { SANDBOX_CRYPTO_RATES_USD, isFiat, rateOf, roundCrypto } from './crypto/sandbox-crypto-rates.ts';
import { sandboxSnapshot } from './crypto/sandbox-crypto-snapshot.ts';
import type { ForcedOutcome } from './crypto/sandbox-crypto-snapshot.ts';
import { encodePaymentId } from './crypto/sandbox-payment-ids.ts';

export type { SandboxCryptoTimings };

export const defaultSandboxCryptoTimings: SandboxCryptoTimings = {
  confirmingAfterMs: 4_000,
  finishedAfterMs: 8_000,
  expiresAfterMs: 30 * 60_000,
};

/** Where the test provider sends its IPNs: the same function as POST /webhooks/nowpayments. */
export type IpnDelivery = (body: Record<string, unknown>, signature: string) => Promise<unknown>;

export type SandboxCryptoProvider = CryptoProvider & {
  /** Its own IPN secret (random per process; the webhook checks test-mode IPNs with it). */
  readonly ipnSecret: string;
  /** Connects the IPN sender; until then no IPNs go out (status checks still advance). */
  connect(deliver: IpnDelivery): void;
  /** Forces a payment into a status (partial payment, expiry, a late deposit) and sends its IPN. */
  force(paymentId: string, outcome: { status: ProviderPaymentStatus; actuallyPaid?: number }): Promise<void>;
  /** The signed IPN of the payment as it stands now. */
  ipnFor(paymentId: string): { body: Record<string, unknown>; signature: string };
  /** Stops pending IPN timers. */
  close(): void;
};

export type SandboxCryptoProviderOptions = {
  timings?: Partial<SandboxCryptoTimings>;
  now?: () => number;
  /** Reports an IPN that could not be delivered (the delivery function threw). */
  onDeliveryError?: (error: unknown) => void;
};

/** Prices in one currency what an amount of another is worth at the test rates. */
async function estimate({ amount, currencyFrom, currencyTo }: Parameters<CryptoProvider['estimate']>[0]) {
  const usd = amount * rateOf(currencyFrom);
  const to = currencyTo.toLowerCase();
  const estimated = usd / rateOf(to);
  return {
    amountFrom: amount,
    currencyFrom: currencyFrom.toLowerCase(),
    estimatedAmount: isFiat(to) ? Math.round(estimated * 100) / 100 : roundCrypto(estimated),
    currencyTo: to,
  };
}

/** The coin of a new payment, refused unless the test rates have it and the price is in US dollars. */
function payableTicker(input: CreateCryptoPaymentInput): string {
  const ticker = input.payCurrency.toLowerCase();
  rateOf(ticker);
  if (input.priceCurrency.toLowerCase() !== 'usd') {
    throw new CryptoProviderError('The test provider prices payments in USD only', { status: 400, retryable: false });
  }
  return ticker;
}

type SignedIpn = { body: Record<string, unknown>; signature: string };

/**
 * Sends a payment's signed IPN now or at a given time, once connected to the webhook handler; a failed delivery is
 * reported. A scheduled IPN tells the payment's state as of its time, however early its timer fires: Node's timers run
 * on a monotonic clock and can fire a millisecond before Date.now() reaches their time, and the IPN of "finished"
 * would then tell "confirming" again.
 */
function createIpnSender(
  ipnAt: (paymentId: string, atLeast: number) => SignedIpn,
  now: () => number,
  onDeliveryError: ((error: unknown) => void) | undefined,
) {
  const timers = new Set<NodeJS.Timeout>();
  let deliver: IpnDelivery | null = null;

  async function send(paymentId: string, at = 0): Promise<void> {
    if (!deliver) return;
    const { body, signature } = ipnAt(paymentId, at);
    try {
      await deliver(body, signature);
    } catch (error) {
      onDeliveryError?.(error);
    }
  }

  return {
    connect(next: IpnDelivery) {
      deliver = next;
    },
    send,
    schedule(paymentId: string, at: number) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void send(paymentId, at);
        },
        Math.max(0, at - now()),
      );
      timer.unref();
      timers.add(timer);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/**
 * The built-in offline NOWPayments stand-in used when NOWPAYMENTS_API_KEY is not set. A payment's facts live in its
 * id (crypto/sandbox-payment-ids.ts), its state is computed from the clock (crypto/sandbox-crypto-snapshot.ts) at the
 * test rates (crypto/sandbox-crypto-rates.ts); this process keeps only the order each payment is for, forced
 * outcomes and the timers of the IPNs it sends as a payment advances.
 */
export function createSandboxCryptoProvider(options: SandboxCryptoProviderOptions = {}): SandboxCryptoProvider {
  const timings = { ...defaultSandboxCryptoTimings, ...options.timings };
  const now = options.now ?? Date.now;
  const ipnSecret = randomBytes(32).toString('hex');
  const orders = new Map<string, { orderId: string; description: string }>();
  const forced = new Map<string, ForcedOutcome>();
  const snapshot = (paymentId: string, atLeast = 0) =>
    sandboxSnapshot(paymentId, { now: Math.max(now(), atLeast), timings, forced: forced.get(paymentId), order: orders.get(paymentId) });
  const ipnAt = (paymentId: string, atLeast: number): SignedIpn => {
    const body = snapshot(paymentId, atLeast).raw;
    return { body, signature: signIpnBody(body, ipnSecret) };
  };
  const ipns = createIpnSender(ipnAt, now, options.onDeliveryError);

  return {
    testMode: true,
    ipnSecret,
    connect: ipns.connect,
    listCurrencies: async () => Object.keys(SANDBOX_CRYPTO_RATES_USD),
    estimate,
    async createPayment(input) {
      const createdAt = now();
      const paymentId = encodePaymentId({
        createdAt,
        priceCents: Math.round(input.priceAmount * 100),
        ticker: payableTicker(input),
      });
      orders.set(paymentId, { orderId: input.orderId, description: input.orderDescription });
      ipns.schedule(paymentId, createdAt + timings.confirmingAfterMs);
      ipns.schedule(paymentId, createdAt + timings.finishedAfterMs);
      return snapshot(paymentId);
    },
    getPaymentStatus: async (paymentId) => snapshot(paymentId),
    verifyIpn: (body, signature) => verifyIpnSignature(body, signature, ipnSecret),
    async force(paymentId, outcome) {
      const current = snapshot(paymentId);
      const unpaid = outcome.status === 'expired' || outcome.status === 'failed';
      forced.set(paymentId, { status: outcome.status, actuallyPaid: outcome.actuallyPaid ?? (unpaid ? 0 : current.payAmount) });
      await ipns.send(paymentId);
    },
    ipnFor: (paymentId) => ipnAt(paymentId, 0),
    close: ipns.close,
  };
}
