import { dollarsToCents } from '@lumen/core/credits/rules';
import type { PlanInterval, SubscriptionPlan } from '@lumen/core/credits/schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { findPlanForUpdate, insertPlan, listPlans, updatePlan } from '../payments/payments.repository.ts';
import type { PlanValues } from '../payments/payments.repository.ts';
import { PLAN_NOT_FOUND_MESSAGE } from '../payments/payments.service.ts';
import { toSubscriptionPlanDto } from '../payments/plan-dto.ts';
import { insertAuditEntry } from './audit.repository.ts';
import type { AuditActor } from './audit.repository.ts';
import { assertSameIds } from './reorder.ts';

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

const target = 'subscription_plan';

/** Admin changes to subscription plans; each one commits together with its audit row. */
export function createAdminPlansService({ db }: { db: Db }) {
  async function lockedPlan(tx: Db, id: string) {
    const row = await findPlanForUpdate(tx, id);
    if (!row) throw new AppError('NOT_FOUND', 404, PLAN_NOT_FOUND_MESSAGE);
    return row;
  }

  return {
    async list(): Promise<SubscriptionPlan[]> {
      return (await listPlans(db)).map(toSubscriptionPlanDto);
    },

    async create(
      actor: AuditActor,
      input: Required<Omit<PlanInput, 'isActive'>> & { isActive?: boolean },
    ): Promise<SubscriptionPlan> {
      return db.transaction(async (tx) => {
        const row = await insertPlan(tx, { ...(toValues(input) as PlanValues), isActive: input.isActive ?? true });
        const after = toSubscriptionPlanDto(row);
        await insertAuditEntry(tx, actor, { action: `${target}.create`, targetType: target, targetId: row.id, before: null, after });
        return after;
      });
    },

    async update(actor: AuditActor, id: string, input: PlanInput): Promise<SubscriptionPlan> {
      return db.transaction(async (tx) => {
        const before = toSubscriptionPlanDto(await lockedPlan(tx, id));
        const after = toSubscriptionPlanDto(await updatePlan(tx, id, toValues(input)));
        await insertAuditEntry(tx, actor, { action: `${target}.update`, targetType: target, targetId: id, before, after });
        return after;
      });
    },

    async reorder(actor: AuditActor, ids: string[]): Promise<SubscriptionPlan[]> {
      return db.transaction(async (tx) => {
        const current = await listPlans(tx, { forUpdate: true });
        assertSameIds(
          current.map((row) => row.id),
          ids,
          'subscription plan',
        );
        for (const [index, id] of ids.entries()) await updatePlan(tx, id, { sortOrder: index + 1 });
        await insertAuditEntry(tx, actor, {
          action: `${target}.reorder`,
          targetType: target,
          targetId: null,
          before: { ids: current.map((row) => row.id) },
          after: { ids },
        });
        return (await listPlans(tx)).map(toSubscriptionPlanDto);
      });
    },

    /** Soft delete: subscriptions will reference plans, so they are archived, never removed. */
    async archive(actor: AuditActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = toSubscriptionPlanDto(await lockedPlan(tx, id));
        await updatePlan(tx, id, { archivedAt: new Date(), isActive: false });
        await insertAuditEntry(tx, actor, { action: `${target}.archive`, targetType: target, targetId: id, before, after: null });
      });
    },
  };
}
