import { and, eq, sql } from 'drizzle-orm';
import { providerPriceMessages } from '@lumen/core/admin/provider-prices';
import type { BelowCostBody, PriceOverrideBody } from '@lumen/core/admin/provider-prices';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import { forgetPricing, isKnownRate } from './pricing.service.ts';
import { belowCostAllowances, providerPriceOverrides } from './tables.ts';

/**
 * Sets (or with null, removes) an admin's price for one unit of a provider's model, audited with before and after in
 * the same transaction. Costs recorded and expected from then on use it (other processes within seconds).
 */
export async function setPriceOverride(db: Db, actor: AuditActor, body: PriceOverrideBody): Promise<void> {
  if (!isKnownRate(body.provider, body.model, body.rate)) {
    throw new AppError('VALIDATION_ERROR', 400, providerPriceMessages.unknownPrice, {
      details: [{ field: 'rate', message: providerPriceMessages.unknownPrice }],
    });
  }
  const target = and(
    eq(providerPriceOverrides.provider, body.provider),
    eq(providerPriceOverrides.model, body.model),
    eq(providerPriceOverrides.rate, body.rate),
  );
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ usdPerUnit: providerPriceOverrides.usdPerUnit })
      .from(providerPriceOverrides)
      .where(target)
      .for('update');
    if (body.usdPerUnit === null) await tx.delete(providerPriceOverrides).where(target);
    else {
      await tx
        .insert(providerPriceOverrides)
        .values({ provider: body.provider, model: body.model, rate: body.rate, usdPerUnit: body.usdPerUnit, updatedBy: actor.userId })
        .onConflictDoUpdate({
          target: [providerPriceOverrides.provider, providerPriceOverrides.model, providerPriceOverrides.rate],
          set: { usdPerUnit: body.usdPerUnit, updatedBy: actor.userId, updatedAt: sql`now()` },
        });
    }
    await insertAuditEntry(tx, actor, {
      action: 'provider_price.override',
      targetType: 'provider_price',
      targetId: `${body.provider} ${body.model} ${body.rate}`,
      before: { usdPerUnit: before?.usdPerUnit ?? null },
      after: { usdPerUnit: body.usdPerUnit },
    });
  });
  forgetPricing(db);
}

/** Lets a service's jobs run although they would sell below cost (or stops letting them), audited. */
export async function setBelowCostAllowed(db: Db, actor: AuditActor, body: BelowCostBody): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ allowed: belowCostAllowances.allowed })
      .from(belowCostAllowances)
      .where(eq(belowCostAllowances.service, body.service))
      .for('update');
    await tx
      .insert(belowCostAllowances)
      .values({ service: body.service, allowed: body.allowed, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: belowCostAllowances.service,
        set: { allowed: body.allowed, updatedBy: actor.userId, updatedAt: sql`now()` },
      });
    await insertAuditEntry(tx, actor, {
      action: 'provider_price.below_cost',
      targetType: 'service',
      targetId: body.service,
      before: { allowed: before?.allowed ?? false },
      after: { allowed: body.allowed },
    });
  });
  forgetPricing(db);
}
