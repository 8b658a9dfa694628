/** The first wait after a failed read of a provider's webhook secret; it doubles with each failure in a row. */
export const SECRET_RETRY_FIRST_MS = 5_000;
export const SECRET_RETRY_MAX_MS = 5 * 60_000;

export type SecretAnswer = { ok: true; secret: string } | { ok: false; reason: string };

/**
 * A webhook signing secret read from the provider when first needed, then kept. A failed read is kept too: until its
 * wait ends (5 s, doubling up to 5 minutes), deliveries are refused with the same reason without asking again, so
 * forged deliveries cannot make us call the provider once each. One read at a time: deliveries that arrive during a
 * read wait for it.
 */
export function createWebhookSecretSource(read: () => Promise<string>, clock: () => number = Date.now) {
  let secret: string | null = null;
  let reading: Promise<SecretAnswer> | null = null;
  let failure: { reason: string; retryAtMs: number; waitMs: number } | null = null;
  const readOnce = async (): Promise<SecretAnswer> => {
    try {
      secret = await read();
      failure = null;
      return { ok: true, secret };
    } catch (error) {
      const waitMs = failure ? Math.min(SECRET_RETRY_MAX_MS, failure.waitMs * 2) : SECRET_RETRY_FIRST_MS;
      const reason = `could not read the webhook secret: ${error instanceof Error ? error.message : String(error)}`;
      failure = { reason, retryAtMs: clock() + waitMs, waitMs };
      return { ok: false, reason };
    } finally {
      reading = null;
    }
  };
  return {
    get(): Promise<SecretAnswer> {
      if (secret !== null) return Promise.resolve({ ok: true, secret });
      if (failure && clock() < failure.retryAtMs) return Promise.resolve({ ok: false, reason: failure.reason });
      reading ??= readOnce();
      return reading;
    },
  };
}
