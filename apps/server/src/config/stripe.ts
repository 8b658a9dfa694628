/** Stripe credentials; null (no STRIPE_SECRET_KEY) runs cards on the built-in sandbox provider (test mode). */
export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** STRIPE_API_BASE: another host speaking Stripe's API (tests, stripe-mock); null is api.stripe.com. */
  apiBase: string | null;
};

const value = (raw: string | undefined) => (raw === undefined || raw.trim() === '' ? null : raw.trim());

/** STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE (README "Stripe"). */
export function loadStripeConfig(env: NodeJS.ProcessEnv, configError: (message: string) => Error): StripeSettings | null {
  const secretKey = value(env.STRIPE_SECRET_KEY);
  const apiBase = value(env.STRIPE_API_BASE);
  if (apiBase && !/^https?:\/\/[^\s/]+/.test(apiBase)) {
    throw configError('Invalid environment variable STRIPE_API_BASE: must be an http(s) URL');
  }
  if (!secretKey) return null;
  const publishableKey = value(env.STRIPE_PUBLISHABLE_KEY);
  const webhookSecret = value(env.STRIPE_WEBHOOK_SECRET);
  // Without the webhook secret no Stripe event could be trusted, so no payment would ever be credited.
  if (!webhookSecret) throw configError('Invalid environment variable STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set');
  if (!publishableKey) throw configError('Invalid environment variable STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set');
  return { secretKey, publishableKey, webhookSecret, apiBase: apiBase ? apiBase.replace(/\/+$/, '') : null };
}
