import { dollarsToCents } from '@lumen/core/credits/rules';
import type { PlanInterval, SubscriptionPlan } from '@lumen/core/credits/schemas';
import type { Db } from '../../../db/database.ts';
import { findPlanForUpdate, insertPlan, listPlans, updatePlan } from './plans.repository.ts';
import type { PlanValues } from './plans.repository.ts';
import { PLAN_NOT_FOUND_MESSAGE } from './plan.dto.ts';
import { toSubscriptionPlanDto } from './plan.dto.ts';
import type { AuditActor } from '../../audit/index.ts';
import { createOrderedCatalogue } from '../../credits/index.ts';

type PlanInput = {
  name?: string;
  description?: string;
  price?: number;
  interval?: PlanInterval;
  creditsPerPeriod?: number;
  features?: string[];
  isActive?: boolean;
};

function toValues(input: PlanInput): Partial<PlanValues> {
  const { price, ...rest } = input;
  const values: Partial<PlanValues> = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  if (price !== undefined) values.priceCents = dollarsToCents(price);
  return values;
}

/** Admin changes to subscription plans; each one commits together with its audit row. */
export function createAdminPlansService({ db }: { db: Db }) {
  const catalogue = createOrderedCatalogue({
    db,
    store: { list: listPlans, findForUpdate: findPlanForUpdate, insert: insertPlan, update: updatePlan },
    toDto: toSubscriptionPlanDto,
    auditTarget: 'subscription_plan',
    itemName: 'subscription plan',
    notFoundMessage: PLAN_NOT_FOUND_MESSAGE,
  });

  return {
    ...catalogue,
    create: (actor: AuditActor, input: Required<Omit<PlanInput, 'isActive'>> & { isActive?: boolean }): Promise<SubscriptionPlan> =>
      catalogue.create(actor, { ...(toValues(input) as PlanValues), isActive: input.isActive ?? true }),
    update: (actor: AuditActor, id: string, input: PlanInput): Promise<SubscriptionPlan> => catalogue.update(actor, id, toValues(input)),
  };
}
