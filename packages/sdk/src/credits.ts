import { dataOf } from './context.ts';
import type { LumenContext } from './context.ts';
import type { CreditBalance } from './types.ts';

/** GET /api/v1/credits/balance: `{ balance }`, the credits left on the key owner's account. */
export function getBalance(ctx: LumenContext, options: { signal?: AbortSignal | undefined } = {}): Promise<CreditBalance> {
  return dataOf(ctx.api.GET('/api/v1/credits/balance', { signal: options.signal }));
}
