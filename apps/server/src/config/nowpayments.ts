export const NOWPAYMENTS_DEFAULT_API_URL = 'https://api.nowpayments.io/v1';

/** How fast the built-in sandbox crypto provider moves a payment along (tests shorten them). */
export type SandboxCryptoTimings = {
  /** From creation until the deposit is seen (waiting → confirming). */
  confirmingAfterMs: number;
  /** From creation until the payment is finished. */
  finishedAfterMs: number;
  /** From creation until the quoted amount expires (the dialog's countdown). */
  expiresAfterMs: number;
};

/** NOWPayments credentials; absent (no NOWPAYMENTS_API_KEY) means crypto runs on the built-in sandbox provider (test mode). */
export type NowPaymentsConfig = { apiKey: string; ipnSecret: string; apiUrl: string };

/** Crypto settings of AppConfig: the real provider, or test mode with its (shortenable) timings. */
export type CryptoConfig = { nowpayments: NowPaymentsConfig | null; testTimings?: Partial<SandboxCryptoTimings> };

const blank = (value: string | undefined) => value === undefined || value.trim() === '';

/** NOWPAYMENTS_API_KEY, NOWPAYMENTS_IPN_SECRET, NOWPAYMENTS_API_URL (README "NOWPayments"). */
export function loadCryptoConfig(env: NodeJS.ProcessEnv, configError: (message: string) => Error): CryptoConfig {
  const apiKey = env.NOWPAYMENTS_API_KEY?.trim();
  const ipnSecret = env.NOWPAYMENTS_IPN_SECRET?.trim();
  const apiUrl = blank(env.NOWPAYMENTS_API_URL) ? NOWPAYMENTS_DEFAULT_API_URL : env.NOWPAYMENTS_API_URL!.trim();
  if (!/^https?:\/\/[^\s/]+/.test(apiUrl)) throw configError('Invalid environment variable NOWPAYMENTS_API_URL: must be an http(s) URL');
  if (!apiKey) return { nowpayments: null };
  // Without the IPN secret no payment notification could be trusted, so no payment would ever be credited.
  if (!ipnSecret) throw configError('Invalid environment variable NOWPAYMENTS_IPN_SECRET: is required when NOWPAYMENTS_API_KEY is set');
  return { nowpayments: { apiKey, ipnSecret, apiUrl: apiUrl.replace(/\/+$/, '') } };
}
