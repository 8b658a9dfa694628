import type { AutoTopUpAttempt, AutoTopUpSettings, UpdateAutoTopUpBody } from '@lumen/core/payments/auto-top-up';
import { AUTO_TOP_UP_DEFAULTS, autoTopUpMessages } from '@lumen/core/payments/auto-top-up';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../plugins/app-error.ts';
import { findActivePackage } from '../../credits/index.ts';
import { findDefaultMethod } from '../card/index.ts';
import { findSettings, listTopUps, saveSettings } from './auto-top-up.repository.ts';

export const HISTORY_LENGTH = 10;

const monthStartOf = (now: Date) => `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;

function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', 400, message, { details: [{ field, message }] });
}

/** The user's automatic top-up settings, saved card and recent top-ups (GET/PUT /payment/auto-top-up). */
export function createAutoTopUpService(deps: { db: Db; clock?: () => Date }) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function view(userId: string): Promise<AutoTopUpSettings> {
    // One snapshot: a failed top-up and the settings it turns off are written in one transaction, and reads on separate
    // connections could show the failure beside settings still on (seen on PostgreSQL under load).
    const [settings, card, topUps] = await db.transaction(
      (tx) => Promise.all([findSettings(tx, userId), findDefaultMethod(tx, userId), listTopUps(tx, userId, HISTORY_LENGTH)]),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const history: AutoTopUpAttempt[] = topUps.map((row) => ({
      id: row.topUp.id,
      status: row.topUp.status,
      packageName: row.orderDescription ?? row.packageName ?? 'Credit package',
      credits: row.orderCredits ?? row.packageCredits ?? 0,
      amountCents: row.orderAmountCents ?? row.packagePriceCents ?? 0,
      currency: row.orderCurrency ?? 'usd',
      balanceAtTrigger: row.topUp.balanceAtTrigger,
      failureCode: row.topUp.failureCode,
      failureMessage: row.topUp.failureMessage,
      orderId: row.topUp.orderId,
      createdAt: row.topUp.createdAt.toISOString(),
      finishedAt: row.topUp.finishedAt?.toISOString() ?? null,
    }));
    return {
      enabled: settings?.enabled ?? false,
      threshold: settings?.threshold ?? AUTO_TOP_UP_DEFAULTS.threshold,
      packageId: settings?.creditPackageId ?? null,
      monthlyLimit: settings?.monthlyLimit ?? AUTO_TOP_UP_DEFAULTS.monthlyLimit,
      usedThisMonth: settings && settings.monthStart === monthStartOf(clock()) ? settings.monthCount : 0,
      lowBalanceEmail: settings?.lowBalanceEmail ?? true,
      disabledReason: settings?.disabledReason ?? null,
      card: card ? { id: card.id, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } : null,
      history,
    };
  }

  return {
    view,

    /** Turning it on needs a saved card and an offered package; turning it off (or the e-mail choice alone) needs neither. */
    async update(userId: string, body: UpdateAutoTopUpBody): Promise<AutoTopUpSettings> {
      if (body.packageId && !(await findActivePackage(db, body.packageId))) {
        throw fieldError('packageId', 'That credit package is not offered any more; choose another');
      }
      if (body.enabled) {
        if (!body.packageId) throw fieldError('packageId', autoTopUpMessages.noPackage);
        if (!(await findDefaultMethod(db, userId))) throw new AppError('CONFLICT', 409, autoTopUpMessages.noCard);
      }
      await saveSettings(db, userId, {
        enabled: body.enabled,
        threshold: body.threshold,
        creditPackageId: body.packageId,
        monthlyLimit: body.monthlyLimit,
        lowBalanceEmail: body.lowBalanceEmail,
      });
      return view(userId);
    },
  };
}
