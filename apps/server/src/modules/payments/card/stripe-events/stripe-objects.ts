/** The fields read from Stripe objects; older and newer API versions are both accepted. */
export type Metadata = Record<string, string> | null | undefined;

export type StripeIntent = {
  id: string;
  amount: number;
  amount_received?: number;
  currency: string;
  metadata?: Metadata;
  customer?: string | null;
  payment_method?: string | { id: string } | null;
  last_payment_error?: { message?: string | null } | null;
};

export type StripeSession = {
  id: string;
  mode: 'payment' | 'subscription' | 'setup';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total?: number | null;
  currency?: string | null;
  client_reference_id?: string | null;
  metadata?: Metadata;
  payment_intent?: string | { id: string } | null;
  subscription?: string | { id: string } | null;
};

export type StripeInvoice = {
  id: string;
  amount_paid: number;
  currency: string;
  billing_reason?: string | null;
  subscription?: string | null;
  subscription_details?: { metadata?: Metadata } | null;
  parent?: { subscription_details?: { subscription?: string | { id: string } | null; metadata?: Metadata } | null } | null;
  lines?: { data?: { period?: { start: number; end: number } }[] };
  payment_intent?: string | null;
  payments?: { data?: { payment?: { payment_intent?: string | { id: string } | null } }[] };
};

export type StripeCharge = {
  id: string;
  amount: number;
  amount_refunded: number;
  payment_intent?: string | null;
  metadata?: Metadata;
  refunds?: { data?: { id: string }[] } | null;
};

export type StripeDispute = {
  id: string;
  amount: number;
  reason?: string;
  charge?: string;
  payment_intent?: string | null;
  metadata?: Metadata;
};

export type StripeSubscription = {
  id: string;
  status: string;
  cancel_at_period_end: boolean;
  canceled_at?: number | null;
  metadata?: Metadata;
  current_period_start?: number;
  current_period_end?: number;
  items?: { data?: { current_period_start?: number; current_period_end?: number }[] };
};

export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
export const dateOf = (unixSeconds: number | null | undefined) => (typeof unixSeconds === 'number' ? new Date(unixSeconds * 1000) : null);
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
