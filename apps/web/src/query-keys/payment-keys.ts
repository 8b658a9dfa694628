import type { InvoiceStatus } from '@lumen/core/payments/billing';

export type InvoiceListParams = { page: number; limit: number; status?: InvoiceStatus };

/** Query keys of the payments resource. */
export const paymentKeys = {
  all: ['payments'] as const,
  plans: () => [...paymentKeys.all, 'plans'] as const,
  usage: () => [...paymentKeys.all, 'usage'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  order: (id: string) => [...paymentKeys.all, 'order', id] as const,
  cryptoCurrencies: () => [...paymentKeys.all, 'crypto-currencies'] as const,
  invoiceLists: () => [...paymentKeys.all, 'invoices'] as const,
  invoices: (params: InvoiceListParams) => [...paymentKeys.invoiceLists(), params] as const,
  invoice: (id: string) => [...paymentKeys.all, 'invoice', id] as const,
  methods: () => [...paymentKeys.all, 'methods'] as const,
  autoTopUp: () => [...paymentKeys.all, 'auto-top-up'] as const,
  subscription: () => [...paymentKeys.all, 'subscription'] as const,
};
