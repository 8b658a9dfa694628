import { paymentsNotConfiguredMessages } from '@lumen/core/payments/card';
import { AppError } from '../../../plugins/app-error.ts';
import type { CryptoProvider, IpnVerification } from './crypto-provider.ts';

/** What every crypto route answers on a server with neither NOWPayments keys nor PAYMENTS_SANDBOX=true. */
export function cryptoPaymentsNotConfigured(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 503, paymentsNotConfiguredMessages.crypto);
}

const refuse = async (): Promise<never> => {
  throw cryptoPaymentsNotConfigured();
};

/**
 * The crypto provider of a server without NOWPAYMENTS_API_KEY where the sandbox may not run (NODE_ENV=production
 * without PAYMENTS_SANDBOX=true): every call is refused with 503, IPNs included, so no payment is ever credited.
 */
export class UnconfiguredCryptoProvider implements CryptoProvider {
  readonly testMode = false;
  listCurrencies = refuse;
  estimate = refuse;
  createPayment = refuse;
  getPaymentStatus = refuse;
  verifyIpn(): IpnVerification {
    throw cryptoPaymentsNotConfigured();
  }
}
