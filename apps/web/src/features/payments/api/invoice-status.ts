import type { InvoiceStatus } from '@lumen/core/payments/billing';

/** How order statuses read in billing and admin lists, and the badge tone for each. */
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  partially_paid: 'Partially paid',
  disputed: 'Disputed',
};

export const invoiceStatusTones: Record<InvoiceStatus, 'neutral' | 'success' | 'warning' | 'danger' | 'brand'> = {
  pending: 'neutral',
  paid: 'success',
  failed: 'danger',
  expired: 'neutral',
  refunded: 'brand',
  partially_refunded: 'brand',
  partially_paid: 'warning',
  disputed: 'danger',
};

export const providerLabels: Record<'stripe' | 'nowpayments', string> = { stripe: 'Card (Stripe)', nowpayments: 'Crypto (NOWPayments)' };

/** 900, 'usd' → '$9.00'. */
export function formatCents(cents: number, currency = 'usd'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
