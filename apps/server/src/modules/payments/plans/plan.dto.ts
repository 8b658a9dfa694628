import { centsToDollars } from '@lumen/core/credits/rules';
import type { SubscriptionPlan } from '@lumen/core/credits/schemas';
import type { SubscriptionPlanRow } from './tables.ts';

export function toSubscriptionPlanDto(row: SubscriptionPlanRow): SubscriptionPlan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.priceCents),
    interval: row.interval,
    creditsPerPeriod: row.creditsPerPeriod,
    features: row.features,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
  };
}

export const PLAN_NOT_FOUND_MESSAGE = 'Subscription plan not found';
