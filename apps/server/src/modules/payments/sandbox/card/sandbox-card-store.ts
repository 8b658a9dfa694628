import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { testCards } from '@lumen/core/payments/card';
import { AppError } from '../../../../plugins/app-error.ts';
import type { CardDetails, ProviderSubscriptionState } from '../../card/index.ts';

/** What the sandbox card provider keeps in memory, and the helpers every part of it uses. */

type IntentStatus = 'requires_payment_method' | 'requires_action' | 'succeeded';
export type Metadata = Record<string, string>;

export type TestIntent = {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  customer: string;
  description: string;
  metadata: Metadata;
  status: IntentStatus;
  paymentMethod: string | null;
  lastError: string | null;
  amountRefunded: number;
  chargeId: string;
};

export type TestSession = {
  id: string;
  mode: 'payment' | 'subscription';
  amount: number;
  currency: string;
  customer: string;
  description: string;
  clientReferenceId: string;
  metadata: Metadata;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete';
  /** The intent that pays it, made on the first card submitted. */
  intentId: string | null;
  plan: { interval: 'month' | 'year' } | null;
};

export type TestSubscription = {
  id: string;
  customer: string;
  metadata: Metadata;
  amount: number;
  currency: string;
  interval: 'month' | 'year';
  status: ProviderSubscriptionState['status'];
  cancelAtPeriodEnd: boolean;
  periodStart: Date;
  periodEnd: Date;
};

export type WebhookDelivery = (rawBody: string, signature: string) => Promise<unknown>;

export type SandboxCardStore = {
  clock: () => Date;
  publicUrl: string;
  webhookSecret: string;
  intents: Map<string, TestIntent>;
  intentsBySecret: Map<string, string>;
  sessions: Map<string, TestSession>;
  subscriptions: Map<string, TestSubscription>;
  methods: Map<string, CardDetails>;
  /** Cards waiting for the bank's confirmation, by intent id or checkout session id. */
  pendingCards: Map<string, CardDetails>;
  /** Every idempotency key a mutating call was given, in order (tests). */
  idempotencyKeys: string[];
  replies: Map<string, unknown>;
  /** Where events go: the /webhooks/stripe handler (set once the handler exists). */
  deliver: WebhookDelivery | null;
  /** The client that signs events like Stripe, made (and the SDK loaded) on the first event, not at the server's start. */
  signer?: Promise<Stripe>;
};

export function createSandboxCardStore(options: { publicUrl: string; clock?: () => Date }): SandboxCardStore {
  return {
    clock: options.clock ?? (() => new Date()),
    publicUrl: options.publicUrl,
    webhookSecret: `whsec_test_${randomBytes(24).toString('hex')}`,
    intents: new Map(),
    intentsBySecret: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    methods: new Map(),
    pendingCards: new Map(),
    idempotencyKeys: [],
    replies: new Map(),
    deliver: null,
  };
}

export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
export const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * A saved card's id carries its last 4 digits, so what an off-session charge of it does is known even after a restart
 * (the provider keeps its objects in memory): the card ending 0341 is declined off-session, as Stripe's test card is.
 */
export const methodIdFor = (card: CardDetails) => `pm_test_${card.last4}_${randomBytes(10).toString('hex')}`;
export const declinesOffSession = (methodId: string) => methodId.startsWith(`pm_test_${testCards.declinesOffSession.slice(-4)}_`);

/** Keeps a card as a payment method and returns its id. */
export function saveTestMethod(store: SandboxCardStore, card: CardDetails): string {
  const methodId = methodIdFor(card);
  store.methods.set(methodId, card);
  return methodId;
}

export function addInterval(date: Date, interval: 'month' | 'year'): Date {
  const next = new Date(date);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/**
 * Same key → same answer, like Stripe's idempotent requests; requests with the key that arrive while
 * the first is still being answered get its answer too (the first's promise is kept, not its result).
 */
export async function idempotent<T>(store: SandboxCardStore, key: string, make: () => Promise<T> | T): Promise<T> {
  store.idempotencyKeys.push(key);
  if (store.replies.has(key)) return store.replies.get(key) as Promise<T>;
  const reply = Promise.resolve().then(make);
  store.replies.set(key, reply);
  reply.catch(() => store.replies.delete(key));
  return reply;
}

export function newIntent(
  store: SandboxCardStore,
  input: { amount: number; currency: string; customer: string; description: string; metadata: Metadata },
): TestIntent {
  const id = newId('pi');
  const intent: TestIntent = {
    id,
    clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    ...input,
    status: 'requires_payment_method',
    paymentMethod: null,
    lastError: null,
    amountRefunded: 0,
    chargeId: newId('ch'),
  };
  store.intents.set(id, intent);
  store.intentsBySecret.set(intent.clientSecret, id);
  return intent;
}

export function intentBySecret(store: SandboxCardStore, clientSecret: string): TestIntent {
  const id = store.intentsBySecret.get(clientSecret);
  const intent = id ? store.intents.get(id) : undefined;
  if (!intent) throw new AppError('NOT_FOUND', 404, 'Payment not found');
  return intent;
}

/** The intent that pays a checkout session, if it has one. */
export const intentOfSession = (store: SandboxCardStore, session: TestSession) =>
  session.intentId ? store.intents.get(session.intentId) : undefined;
