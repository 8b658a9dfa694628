/** Business rules about credits, packages and plans. */

export const FREE_PLAN = { id: 'free', name: 'Starter', price: 0, credits: 5 } as const;
export const DEFAULT_DISPLAYED_BALANCE = 10;
export const LOW_BALANCE_THRESHOLD = 2;
export const DEFAULT_PAGE_SIZE = 10;

export type CreditPackageLike = { id: string; price: number; creditsAmount: number; isActive: boolean };

/** Uses = floor(credits / cost); a cost of 0 is unlimited. */
export function usesFor(credits: number, cost: number): number | 'unlimited' {
  if (cost <= 0) return 'unlimited';
  return Math.floor(Math.max(0, credits) / cost);
}

export function hasEnoughCredits(balance: number, cost: number): boolean {
  return balance >= cost;
}

export function isLowBalance(remaining: number): boolean {
  return remaining <= LOW_BALANCE_THRESHOLD;
}

export function balanceStanding(remaining: number): 'Good standing' | 'Low balance' {
  return isLowBalance(remaining) ? 'Low balance' : 'Good standing';
}

/** Only active packages are shown; the first of them is preselected. */
export function visiblePackages<T extends CreditPackageLike>(packages: readonly T[]): T[] {
  return packages.filter((pkg) => pkg.isActive);
}

/** The package's card name: 'Pro' if price is 9, 'Plus' if third in the list, else '{creditsAmount} Credits'. */
export function packageCardName(pkg: CreditPackageLike, indexInList: number): string {
  if (pkg.price === 9) return 'Pro';
  if (indexInList === 2) return 'Plus';
  return `${pkg.creditsAmount} Credits`;
}

export function packageCardLabel(pkg: CreditPackageLike, indexInList: number): 'Best value' | 'Most Popular' | null {
  if (pkg.price === 9) return 'Best value';
  if (indexInList === 2) return 'Most Popular';
  return null;
}

/** Price per credit = price / creditsAmount, shown to 3 decimals. */
export function pricePerCredit(price: number, creditsAmount: number): string {
  if (creditsAmount <= 0) return '0.000';
  return (price / creditsAmount).toFixed(3);
}

/** The balance shown defaults to 10 and spent to 0 when absent. */
export function displayedCredit(credit: { balance?: number | null; spent?: number | null } | null | undefined) {
  return {
    balance: credit?.balance ?? DEFAULT_DISPLAYED_BALANCE,
    spent: credit?.spent ?? 0,
  };
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** GET /payment/usage's plan once the user has bought credits (no subscriptions yet). */
export const PAID_CREDITS_PLAN = { id: 'credits', name: 'Credit packs' } as const;
