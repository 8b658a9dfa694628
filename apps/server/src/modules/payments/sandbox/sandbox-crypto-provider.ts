import type { SandboxCryptoTimings } from '../../../config/nowpayments.ts';
import { createHash, randomBytes } from 'node:crypto';
import {
  CryptoProviderError,
  type CreateCryptoPaymentInput,
  type CryptoPaymentSnapshot,
  type CryptoProvider,
  type ProviderPaymentStatus,
} from '../crypto/index.ts';
import { signIpnBody, verifyIpnSignature } from '../crypto/index.ts';

/**
 * Fixed reference rates of the offline test provider, in US dollars per coin. They are test
 * rates, not market prices: only test-mode payments (no real money) are priced with them.
 */
export const SANDBOX_CRYPTO_RATES_USD: Readonly<Record<string, number>> = {
  btc: 60_000,
  eth: 3_000,
  usdt: 1,
  usdttrc20: 1,
  usdterc20: 1,
  usdc: 1,
  bnb: 600,
  trx: 0.12,
  sol: 150,
  ada: 0.45,
  matic: 0.7,
  ltc: 80,
  bch: 400,
  doge: 0.15,
  busd: 1,
  dai: 1,
  xrp: 0.6,
  dot: 7,
  avax: 30,
  xmr: 160,
  etc: 25,
  xlm: 0.11,
  atom: 8,
  link: 15,
  ton: 5,
  dash: 30,
};

const FIAT = new Set(['usd']);

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

type Decoded = { createdAt: number; priceCents: number; ticker: string };

/**
 * The payment id carries what the provider needs to answer about it later (creation time, price,
 * coin), so statuses keep advancing after a restart with nothing kept in memory.
 */
function encodeId({ createdAt, priceCents, ticker }: Decoded): string {
  return `test-${createdAt.toString(36)}-${priceCents.toString(36)}-${ticker}-${randomBytes(4).toString('hex')}`;
}

function decodeId(paymentId: string): Decoded | null {
  const match = /^test-([0-9a-z]+)-([0-9a-z]+)-([a-z0-9]+)-[0-9a-f]{8}$/.exec(paymentId);
  if (!match) return null;
  const createdAt = parseInt(match[1]!, 36);
  const priceCents = parseInt(match[2]!, 36);
  const ticker = match[3]!;
  if (!Number.isFinite(createdAt) || !Number.isFinite(priceCents) || !Object.hasOwn(SANDBOX_CRYPTO_RATES_USD, ticker)) return null;
  return { createdAt, priceCents, ticker };
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';

function charsFrom(seed: string, alphabet: string, length: number): string {
  let out = '';
  for (let round = 0; out.length < length; round++) {
    for (const byte of createHash('sha256').update(`${seed}:${round}`).digest()) {
      out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * A deposit address in the coin's shape. Test-network prefixes where the coin has them (tb1…,
 * tltc1…, bchtest:…, addr_test1…), so no mainnet wallet accepts them by mistake.
 */
export function sandboxAddressFor(ticker: string, seed: string): string {
  switch (ticker) {
    case 'btc':
      return `tb1q${charsFrom(seed, BECH32, 38)}`;
    case 'ltc':
      return `tltc1q${charsFrom(seed, BECH32, 38)}`;
    case 'bch':
      return `bchtest:q${charsFrom(seed, BECH32, 41)}`;
    case 'doge':
      return `n${charsFrom(seed, BASE58, 33)}`;
    case 'dash':
      return `y${charsFrom(seed, BASE58, 33)}`;
    case 'ada':
      return `addr_test1q${charsFrom(seed, BECH32, 98)}`;
    case 'trx':
    case 'usdttrc20':
      return `T${charsFrom(seed, BASE58, 33)}`;
    case 'xrp':
      return `r${charsFrom(seed, BASE58, 33)}`;
    case 'sol':
      return charsFrom(seed, BASE58, 44);
    case 'xlm':
      return `G${charsFrom(seed, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 55)}`;
    case 'dot':
      return `5${charsFrom(seed, BASE58, 47)}`;
    case 'atom':
      return `cosmos1${charsFrom(seed, BECH32, 38)}`;
    case 'xmr':
      return `9${charsFrom(seed, BASE58, 94)}`;
    case 'ton':
      return `kQ${charsFrom(seed, `${BASE58}-_`, 46)}`;
    default:
      // ETH and the ERC-20 / BEP-20 tokens (USDT, USDC, DAI, BNB, MATIC, LINK, ...).
      return `0x${charsFrom(seed, HEX, 40)}`;
  }
}

function roundCrypto(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}

function rateOf(ticker: string): number {
  const lower = ticker.toLowerCase();
  if (FIAT.has(lower)) return 1;
  // Own keys only: 'constructor' or '__proto__' would otherwise find Object.prototype's members.
  const rate = Object.hasOwn(SANDBOX_CRYPTO_RATES_USD, lower) ? SANDBOX_CRYPTO_RATES_USD[lower] : undefined;
  if (rate === undefined) {
    throw new CryptoProviderError(`Currency ${ticker.toUpperCase()} is not supported by the test provider`, {
      status: 400,
      retryable: false,
    });
  }
  return rate;
}

export type SandboxCryptoProviderOptions = {
  timings?: Partial<SandboxCryptoTimings>;
  now?: () => number;
  /** Reports an IPN that could not be delivered (the delivery function threw). */
  onDeliveryError?: (error: unknown) => void;
};

/** The built-in offline NOWPayments stand-in used when NOWPAYMENTS_API_KEY is not set. */
export function createSandboxCryptoProvider(options: SandboxCryptoProviderOptions = {}): SandboxCryptoProvider {
  const timings = { ...defaultSandboxCryptoTimings, ...options.timings };
  const now = options.now ?? Date.now;
  const ipnSecret = randomBytes(32).toString('hex');
  const orderIds = new Map<string, { orderId: string; description: string }>();
  const forced = new Map<string, { status: ProviderPaymentStatus; actuallyPaid: number }>();
  const timers = new Set<NodeJS.Timeout>();
  let deliver: IpnDelivery | null = null;

  function snapshot(paymentId: string): CryptoPaymentSnapshot {
    const decoded = decodeId(paymentId);
    if (!decoded) throw new CryptoProviderError(`Payment ${paymentId} was not found`, { status: 404, retryable: false });
    const priceAmount = decoded.priceCents / 100;
    const payAmount = roundCrypto(priceAmount / rateOf(decoded.ticker));
    const elapsed = now() - decoded.createdAt;
    const override = forced.get(paymentId);
    const status: ProviderPaymentStatus =
      override?.status ??
      (elapsed >= timings.finishedAfterMs ? 'finished' : elapsed >= timings.confirmingAfterMs ? 'confirming' : 'waiting');
    const actuallyPaid = override ? override.actuallyPaid : status === 'waiting' ? 0 : payAmount;
    const txHash = actuallyPaid > 0 ? `${decoded.ticker === 'eth' ? '0x' : ''}${charsFrom(`${paymentId}:tx`, HEX, 64)}` : null;
    const known = orderIds.get(paymentId);
    const raw: Record<string, unknown> = {
      payment_id: paymentId,
      payment_status: status,
      pay_address: sandboxAddressFor(decoded.ticker, paymentId),
      price_amount: priceAmount,
      price_currency: 'usd',
      pay_amount: payAmount,
      actually_paid: actuallyPaid,
      pay_currency: decoded.ticker,
      order_id: known?.orderId ?? null,
      order_description: known?.description ?? null,
      purchase_id: paymentId,
      outcome_amount: actuallyPaid,
      outcome_currency: decoded.ticker,
      payin_hash: txHash,
      created_at: new Date(decoded.createdAt).toISOString(),
      updated_at: new Date(now()).toISOString(),
      test_mode: true,
    };
    return {
      paymentId,
      status,
      payAddress: raw.pay_address as string,
      payAmount,
      payCurrency: decoded.ticker,
      priceAmount,
      priceCurrency: 'usd',
      actuallyPaid,
      orderId: known?.orderId ?? null,
      txHash,
      expiresAt: new Date(decoded.createdAt + timings.expiresAfterMs),
      raw,
    };
  }

  function ipnFor(paymentId: string) {
    const body = snapshot(paymentId).raw;
    return { body, signature: signIpnBody(body, ipnSecret) };
  }

  async function send(paymentId: string): Promise<void> {
    if (!deliver) return;
    const { body, signature } = ipnFor(paymentId);
    try {
      await deliver(body, signature);
    } catch (error) {
      options.onDeliveryError?.(error);
    }
  }

  function schedule(paymentId: string, afterMs: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void send(paymentId);
    }, afterMs);
    timer.unref();
    timers.add(timer);
  }

  return {
    testMode: true,
    ipnSecret,

    connect(next) {
      deliver = next;
    },

    async listCurrencies() {
      return Object.keys(SANDBOX_CRYPTO_RATES_USD);
    },

    async estimate({ amount, currencyFrom, currencyTo }) {
      const usd = amount * rateOf(currencyFrom);
      const to = currencyTo.toLowerCase();
      const estimated = usd / rateOf(to);
      return {
        amountFrom: amount,
        currencyFrom: currencyFrom.toLowerCase(),
        estimatedAmount: FIAT.has(to) ? Math.round(estimated * 100) / 100 : roundCrypto(estimated),
        currencyTo: to,
      };
    },

    async createPayment(input: CreateCryptoPaymentInput) {
      const ticker = input.payCurrency.toLowerCase();
      rateOf(ticker);
      if (input.priceCurrency.toLowerCase() !== 'usd') {
        throw new CryptoProviderError('The test provider prices payments in USD only', { status: 400, retryable: false });
      }
      const paymentId = encodeId({ createdAt: now(), priceCents: Math.round(input.priceAmount * 100), ticker });
      orderIds.set(paymentId, { orderId: input.orderId, description: input.orderDescription });
      schedule(paymentId, timings.confirmingAfterMs);
      schedule(paymentId, timings.finishedAfterMs);
      return snapshot(paymentId);
    },

    async getPaymentStatus(paymentId) {
      return snapshot(paymentId);
    },

    verifyIpn(body, signature) {
      return verifyIpnSignature(body, signature, ipnSecret);
    },

    async force(paymentId, outcome) {
      const current = snapshot(paymentId);
      forced.set(paymentId, {
        status: outcome.status,
        actuallyPaid: outcome.actuallyPaid ?? (outcome.status === 'expired' || outcome.status === 'failed' ? 0 : current.payAmount),
      });
      await send(paymentId);
    },

    ipnFor,

    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
