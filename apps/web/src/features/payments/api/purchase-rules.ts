import type { CreditPackage } from '@lumen/core/credits/schemas';
import { visiblePackages } from '@lumen/core/credits/rules';

export type PurchaseCheck = { ok: true; pkg: CreditPackage; indexInList: number } | { ok: false; title: string; description: string };

/** A purchase starts only for a signed-in user, with a selected package that exists. */
export function checkPurchaseStart(input: {
  isSignedIn: boolean;
  packageId: string | null | undefined;
  packages: readonly CreditPackage[];
}): PurchaseCheck {
  if (!input.isSignedIn) return { ok: false, title: 'Authentication required', description: 'Please sign in to purchase credits' };
  if (!input.packageId) return { ok: false, title: 'Selection required', description: 'Please select a credit package' };
  const list = visiblePackages(input.packages);
  const indexInList = list.findIndex((pkg) => pkg.id === input.packageId);
  const pkg = list[indexInList];
  if (!pkg) return { ok: false, title: 'Error', description: 'Selected package not found' };
  return { ok: true, pkg, indexInList };
}
