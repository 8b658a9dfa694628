import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/index.ts';
import type { CardProvider } from './card/index.ts';
import { createStripeCardProvider, UnconfiguredCardProvider } from './card/index.ts';
import type { CryptoProvider } from './crypto/index.ts';
import { createNowPaymentsProvider, UnconfiguredCryptoProvider } from './crypto/index.ts';
import { createSandboxCardProvider, createSandboxCryptoProvider } from './sandbox/index.ts';
import type { SandboxCardProvider, SandboxCryptoProvider } from './sandbox/index.ts';

/**
 * Stripe when STRIPE_SECRET_KEY is set; otherwise the built-in sandbox provider (test mode) if PAYMENTS_SANDBOX
 * allows it, else a provider that refuses every call (503). `webhookSecret` is null without a provider that signs events.
 */
export function cardProviderFor(
  config: AppConfig,
  clock: () => Date,
): { provider: CardProvider; sandbox: SandboxCardProvider | null; webhookSecret: string | null } {
  const settings = config.stripe ?? null;
  if (settings) return { provider: createStripeCardProvider(settings), sandbox: null, webhookSecret: settings.webhookSecret };
  if (!config.paymentsSandbox) return { provider: new UnconfiguredCardProvider(), sandbox: null, webhookSecret: null };
  const sandbox = createSandboxCardProvider({ publicUrl: config.publicUrl, clock });
  return { provider: sandbox, sandbox, webhookSecret: sandbox.webhookSecret };
}

/** NOWPayments when NOWPAYMENTS_API_KEY is set; otherwise the sandbox if PAYMENTS_SANDBOX allows it, else refusals (503). */
export function cryptoProviderFor(
  config: AppConfig,
  log: Pick<FastifyBaseLogger, 'warn'>,
): { provider: CryptoProvider; sandbox: SandboxCryptoProvider | null } {
  const nowpayments = config.crypto?.nowpayments ?? null;
  if (nowpayments) return { provider: createNowPaymentsProvider(nowpayments), sandbox: null };
  if (!config.paymentsSandbox) return { provider: new UnconfiguredCryptoProvider(), sandbox: null };
  const sandbox = createSandboxCryptoProvider({
    timings: config.crypto?.testTimings,
    onDeliveryError: (error) => log.warn({ err: error }, 'test crypto IPN was refused'),
  });
  return { provider: sandbox, sandbox };
}

/** Which payment kinds can take money or run in test mode; false answers 503 (GET /payment/config `available`). */
export function paymentsAvailability(config: AppConfig): { card: boolean; crypto: boolean } {
  return {
    card: Boolean(config.stripe) || config.paymentsSandbox,
    crypto: Boolean(config.crypto?.nowpayments) || config.paymentsSandbox,
  };
}

/**
 * The start-up lines about payments, each one line: a production server on the sandbox says credits are granted
 * without money; a kind with neither keys nor sandbox names the variables that would turn it on.
 */
export function paymentsStartupWarnings(config: AppConfig): string[] {
  const cardOnSandbox = !config.stripe && config.paymentsSandbox;
  const cryptoOnSandbox = !config.crypto?.nowpayments && config.paymentsSandbox;
  const warnings: string[] = [];
  if (config.nodeEnv === 'production' && (cardOnSandbox || cryptoOnSandbox)) {
    const kinds = [cardOnSandbox && 'card', cryptoOnSandbox && 'crypto'].filter(Boolean).join(' and ');
    warnings.push(`PAYMENTS_SANDBOX=true: ${kinds} payments run in test mode and grant credits without any money paid`);
  }
  const missing = [
    ...(config.stripe || config.paymentsSandbox ? [] : ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']),
    ...(config.crypto?.nowpayments || config.paymentsSandbox ? [] : ['NOWPAYMENTS_API_KEY', 'NOWPAYMENTS_IPN_SECRET']),
  ];
  if (missing.length > 0) {
    warnings.push(`Payments not configured (their routes answer 503): set ${missing.join(', ')} (or PAYMENTS_SANDBOX=true for test mode)`);
  }
  return warnings;
}
