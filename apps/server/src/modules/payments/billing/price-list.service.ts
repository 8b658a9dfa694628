import { FREE_PLAN, PAID_CREDITS_PLAN, usesFor } from '@lumen/core/credits/rules';
import type { PaymentUsage, SubscriptionPlan } from '@lumen/core/credits/schemas';
import { serviceKeys } from '@lumen/core/services/catalogue';
import type { ChangeFeed } from '../../../db/change-feed.ts';
import type { Db } from '../../../db/database.ts';
import { memoUntilChanged } from '../../../db/memo-until-changed.ts';
import { AppError } from '../../../plugins/app-error.ts';
import { listServiceCosts } from '../../credits/index.ts';
import { usageByService } from '../../credits/index.ts';
import { serviceNameOf } from '../../credits/index.ts';
import { findCreditAccount, hasPurchased as hasPurchasedCredits } from '../../credits/index.ts';
import { toSubscriptionPlanDto } from '../plans/index.ts';
import { findActivePlan, listActivePlans } from '../plans/index.ts';

import { PLAN_NOT_FOUND_MESSAGE } from '../plans/index.ts';

const catalogueIndex = (key: string) => {
  const index = (serviceKeys as readonly string[]).indexOf(key);
  return index === -1 ? serviceKeys.length : index;
};

/** With the database's change feed, the active plans are kept in memory until a plan changes in any process. */
export function createPaymentsService({ db, changes }: { db: Db; changes?: ChangeFeed }) {
  const readActivePlans = async () => (await listActivePlans(db)).map(toSubscriptionPlanDto);
  const activePlans = changes ? memoUntilChanged(changes, ['subscription_plans'], readActivePlans) : readActivePlans;
  return {
    listActivePlans: (): Promise<SubscriptionPlan[]> => activePlans(),

    async getActivePlan(id: string): Promise<SubscriptionPlan> {
      const row = await findActivePlan(db, id);
      if (!row) throw new AppError('NOT_FOUND', 404, PLAN_NOT_FOUND_MESSAGE);
      return toSubscriptionPlanDto(row);
    },

    /** Balance, spent, the current plan and, per service, cost, uses left and what was spent on it. */
    async getUsage(userId: string): Promise<PaymentUsage> {
      const [account, hasPurchased, costs, usage] = await Promise.all([
        findCreditAccount(db, userId),
        hasPurchasedCredits(db, userId),
        listServiceCosts(db),
        usageByService(db, userId),
      ]);
      if (!account) throw new AppError('NOT_FOUND', 404, 'No credit account for this user');
      const plan = hasPurchased ? PAID_CREDITS_PLAN : FREE_PLAN;
      const services = [...costs]
        .sort((a, b) => catalogueIndex(a.serviceKey) - catalogueIndex(b.serviceKey) || a.serviceKey.localeCompare(b.serviceKey))
        .map((row) => {
          const used = usage.byService.get(row.serviceKey);
          return {
            serviceKey: row.serviceKey,
            name: serviceNameOf(row.serviceKey),
            cost: row.cost,
            usesLeft: usesFor(account.balance, row.cost),
            creditsSpent: used?.creditsSpent ?? 0,
            uses: used?.uses ?? 0,
          };
        });
      return {
        balance: account.balance,
        spent: account.spent,
        hasPurchased,
        plan: { id: plan.id, name: plan.name },
        services,
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
