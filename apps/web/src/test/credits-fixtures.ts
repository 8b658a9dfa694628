import type { CreditPackage } from '@lumen/core/credits/schemas';

let counter = 0;

export function makePackage(price: number, creditsAmount: number, overrides: Partial<CreditPackage> = {}): CreditPackage {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: `${creditsAmount} Credits`,
    price,
    creditsAmount,
    isActive: true,
    sortOrder: counter,
    ...overrides,
  };
}

/** The seeded list of the issue: $5/20, $9/50, $19/120, $49/350. */
export function seededPackages(): CreditPackage[] {
  return [makePackage(5, 20), makePackage(9, 50), makePackage(19, 120), makePackage(49, 350)];
}

export const defaultCosts = {
  'ai-background': 0,
  'image-generator': 1,
  'virtual-try-on': 2,
  speedpainting: 5,
  'sales-pilot': 1,
  'sound-generator': 2,
};
