import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/index.ts';
import type { CardProvider } from './card/index.ts';
import { createStripeCardProvider } from './card/index.ts';
import type { CryptoProvider } from './crypto/index.ts';
import { createNowPaymentsProvider } from './crypto/index.ts';
import { createSandboxCardProvider, createSandboxCryptoProvider } from './sandbox/index.ts';
import type { SandboxCardProvider, SandboxCryptoProvider } from './sandbox/index.ts';

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in sandbox provider (test mode). */
export function cardProviderFor(
  config: AppConfig,
  clock: () => Date,
): { provider: CardProvider; sandbox: SandboxCardProvider | null; webhookSecret: string } {
  const settings = config.stripe ?? null;
  if (settings) return { provider: createStripeCardProvider(settings), sandbox: null, webhookSecret: settings.webhookSecret };
  const sandbox = createSandboxCardProvider({ publicUrl: config.publicUrl, clock });
  return { provider: sandbox, sandbox, webhookSecret: sandbox.webhookSecret };
}

/** NOWPayments when NOWPAYMENTS_API_KEY is set, otherwise the built-in sandbox provider (test mode). */
export function cryptoProviderFor(
  config: AppConfig,
  log: Pick<FastifyBaseLogger, 'warn'>,
): { provider: CryptoProvider; sandbox: SandboxCryptoProvider | null } {
  const nowpayments = config.crypto?.nowpayments ?? null;
  if (nowpayments) return { provider: createNowPaymentsProvider(nowpayments), sandbox: null };
  const sandbox = createSandboxCryptoProvider({
    timings: config.crypto?.testTimings,
    onDeliveryError: (error) => log.warn({ err: error }, 'test crypto IPN was refused'),
  });
  return { provider: sandbox, sandbox };
}
