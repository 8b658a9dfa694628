import { FREE_PLAN } from '@lumen/core/credits/rules';
import { canonicalEmail } from '@lumen/core/auth/canonical-email';
import type { Db } from '../../db/database.ts';
import { moveCredits } from '../credits/index.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { signupBonusClaims } from './tables.ts';

/**
 * Grants the free plan's credits (as set on /admin/settings) once per canonical address (decision 006):
 * call inside the transaction that creates the user. Returns the credits granted (0 for an alias of a
 * known address, or when the free plan gives none).
 */
export async function grantSignupBonusOnce(tx: Db, user: { id: string; email: string }): Promise<number> {
  const claimed = await tx
    .insert(signupBonusClaims)
    .values({ canonicalEmail: canonicalEmail(user.email), firstUserId: user.id })
    .onConflictDoNothing()
    .returning({ canonicalEmail: signupBonusClaims.canonicalEmail });
  if (claimed.length === 0) return 0;
  const credits = (await getPlatformSettings(tx)).freePlanCredits;
  if (credits === 0) return 0;
  await moveCredits(tx, {
    userId: user.id,
    amount: credits,
    kind: 'signup_bonus',
    idempotencyKey: `signup:${user.id}`,
    reason: `${FREE_PLAN.name} plan sign-up credits`,
  });
  return credits;
}
