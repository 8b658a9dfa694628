import { AUTHENTICATION_FAILED_MESSAGE, DECLINED_MESSAGE, checkTestCard, testCards } from '@lumen/core/payments/card';
import type { TestCardCheck, TestCardResult } from '@lumen/core/payments/card';
import { AppError } from '../../../../plugins/app-error.ts';
import type { CardDetails, CardProvider, OffSessionChargeResult } from '../../card/index.ts';
import { emit, emitChargeRefunded, intentObject } from './sandbox-card-events.ts';
import type { SandboxCardStore, TestIntent } from './sandbox-card-store.ts';
import { declinesOffSession, idempotent, newId, newIntent, saveTestMethod } from './sandbox-card-store.ts';

/** Payment intents of the sandbox card provider: cards typed into the test form, off-session charges and refunds. */

export type TestCardInput = { cardNumber: string; expiry: string; cvc: string };
type CheckedCard = Extract<TestCardCheck, { ok: true }>;

export const detailsOf = (checked: CheckedCard): CardDetails => ({
  brand: checked.brand,
  last4: checked.last4,
  expMonth: checked.expMonth,
  expYear: checked.expYear,
});

export async function succeed(store: SandboxCardStore, intent: TestIntent, card: CardDetails): Promise<void> {
  intent.paymentMethod = saveTestMethod(store, card);
  intent.status = 'succeeded';
  intent.lastError = null;
  await emit(store, 'payment_intent.succeeded', intentObject(intent));
}

export async function fail(store: SandboxCardStore, intent: TestIntent, message: string): Promise<void> {
  intent.status = 'requires_payment_method';
  intent.lastError = message;
  await emit(store, 'payment_intent.payment_failed', intentObject(intent));
}

/** Runs a card against an intent: the three test numbers, after the form checks. */
export async function chargeCard(store: SandboxCardStore, intent: TestIntent, card: TestCardInput): Promise<TestCardResult> {
  if (intent.status === 'succeeded') throw new AppError('CONFLICT', 409, 'This payment is already complete');
  const checked = checkTestCard(card, store.clock());
  if (!checked.ok)
    throw new AppError('VALIDATION_ERROR', 400, checked.message, { details: [{ field: 'cardNumber', message: checked.message }] });
  if (checked.number === testCards.declined) {
    await fail(store, intent, DECLINED_MESSAGE);
    return { status: 'requires_payment_method', message: DECLINED_MESSAGE };
  }
  if (checked.number === testCards.requiresAuthentication) {
    intent.status = 'requires_action';
    store.pendingCards.set(intent.id, detailsOf(checked));
    return { status: 'requires_action', message: 'Your bank asks you to confirm this payment.' };
  }
  await succeed(store, intent, detailsOf(checked));
  return { status: 'succeeded' };
}

/** The bank's answer to a card that asked for confirmation: the payment succeeds, or fails when refused. */
export async function authenticateIntent(store: SandboxCardStore, intent: TestIntent, approve: boolean): Promise<TestCardResult> {
  if (intent.status !== 'requires_action') throw new AppError('CONFLICT', 409, 'This payment is not waiting for authentication');
  const card = store.pendingCards.get(intent.id);
  store.pendingCards.delete(intent.id);
  if (!approve || !card) {
    await fail(store, intent, AUTHENTICATION_FAILED_MESSAGE);
    return { status: 'requires_payment_method', message: AUTHENTICATION_FAILED_MESSAGE };
  }
  await succeed(store, intent, card);
  return { status: 'succeeded' };
}

/** A saved card charged with nobody present (automatic top-up); the card ending 0341 is declined. */
export function chargeOffSession(
  store: SandboxCardStore,
  input: Parameters<CardProvider['chargeOffSession']>[0],
): Promise<OffSessionChargeResult> {
  return idempotent(store, input.idempotencyKey, async (): Promise<OffSessionChargeResult> => {
    const intent = newIntent(store, {
      amount: input.amountCents,
      currency: input.currency,
      customer: input.customerId,
      description: input.description,
      metadata: { orderId: input.orderId, userId: input.userId, autoTopUp: 'true' },
    });
    intent.paymentMethod = input.paymentMethodId;
    if (declinesOffSession(input.paymentMethodId)) {
      intent.lastError = DECLINED_MESSAGE;
      await emit(store, 'payment_intent.payment_failed', intentObject(intent), input.idempotencyKey);
      return {
        status: 'failed',
        paymentIntentId: intent.id,
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: DECLINED_MESSAGE,
      };
    }
    intent.status = 'succeeded';
    await emit(store, 'payment_intent.succeeded', intentObject(intent), input.idempotencyKey);
    return { status: 'succeeded', paymentIntentId: intent.id };
  });
}

/** A refund: answered at once, reported by charge.refunded carrying the request's idempotency key. */
export async function refund(
  store: SandboxCardStore,
  paymentRef: string,
  amountCents: number,
  idempotencyKey: string,
): Promise<{ refundId: string; status: string }> {
  store.idempotencyKeys.push(idempotencyKey);
  const earlier = store.replies.get(idempotencyKey) as { refundId: string; status: string } | undefined;
  if (earlier) return earlier;
  const intent = store.intents.get(paymentRef);
  const refundId = newId('re');
  const reply = { refundId, status: 'succeeded' };
  store.replies.set(idempotencyKey, reply);
  const amountRefunded = (intent?.amountRefunded ?? 0) + amountCents;
  if (intent) intent.amountRefunded = amountRefunded;
  await emitChargeRefunded(store, { paymentRef, intent, refundId, amountCents, amountRefunded }, idempotencyKey);
  return reply;
}
