import type { PaymentMethodDto } from '@lumen/core/payments/card';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../plugins/app-error.ts';
import { deleteMethod, findStripeCustomerId, findUserMethod, listUserMethods, makeDefaultMethod } from './card.repository.ts';
import type { CardProvider } from './card-provider.ts';
import type { PaymentMethodRow } from './tables.ts';

export const METHOD_NOT_FOUND_MESSAGE = 'Payment method not found';

const toDto = (row: PaymentMethodRow): PaymentMethodDto => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  isDefault: row.isDefault,
});

/** Saved cards: stored from the provider's payment method when a payment succeeds (never a number). */
export function createPaymentMethodsService(deps: { db: Db; provider: CardProvider }) {
  const { db, provider } = deps;

  async function own(userId: string, id: string): Promise<PaymentMethodRow> {
    const row = await findUserMethod(db, userId, id);
    if (!row) throw new AppError('NOT_FOUND', 404, METHOD_NOT_FOUND_MESSAGE);
    return row;
  }

  return {
    async list(userId: string): Promise<PaymentMethodDto[]> {
      return (await listUserMethods(db, userId)).map(toDto);
    },

    async makeDefault(userId: string, id: string): Promise<PaymentMethodDto[]> {
      const row = await own(userId, id);
      const customerId = await findStripeCustomerId(db, userId);
      if (customerId)
        await provider.setDefaultPaymentMethod(customerId, row.providerMethodId, `payment-method:${row.id}:default:${Date.now()}`);
      await makeDefaultMethod(db, userId, row.id);
      return (await listUserMethods(db, userId)).map(toDto);
    },

    async remove(userId: string, id: string): Promise<PaymentMethodDto[]> {
      const row = await own(userId, id);
      await provider.detachPaymentMethod(row.providerMethodId, `payment-method:${row.id}:detach`);
      await deleteMethod(db, userId, row.id);
      return (await listUserMethods(db, userId)).map(toDto);
    },
  };
}
