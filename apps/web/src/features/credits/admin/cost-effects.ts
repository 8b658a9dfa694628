import { usesFor } from '@lumen/core/credits/rules';

export type PlanCredits = { name: string; credits: number };

function usesText(uses: number | 'unlimited'): string {
  return uses === 'unlimited' ? 'Unlimited' : String(uses);
}

/** 'Starter: 2 → 1 uses' for the free plan and each package, when a service's cost changes. */
export function costEffects(oldCost: number, newCost: number, plans: PlanCredits[]): string[] {
  return plans.map((plan) => {
    const after = usesFor(plan.credits, newCost);
    return `${plan.name}: ${usesText(usesFor(plan.credits, oldCost))} → ${usesText(after)}${after === 'unlimited' ? '' : ' uses'}`;
  });
}
