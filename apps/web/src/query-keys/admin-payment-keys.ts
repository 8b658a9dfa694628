import type { AdminPaymentsQuery } from '@lumen/core/payments/billing';

export type AdminRefundRequestsParams = { status?: 'pending' | 'approved' | 'rejected'; page: number; limit: number };

/** Query keys of the admin payments and refunds pages. */
export const adminPaymentKeys = {
  all: ['admin', 'payments'] as const,
  lists: () => [...adminPaymentKeys.all, 'list'] as const,
  list: (query: AdminPaymentsQuery) => [...adminPaymentKeys.lists(), query] as const,
  detail: (id: string) => [...adminPaymentKeys.all, 'detail', id] as const,
  requests: (query: AdminRefundRequestsParams) => [...adminPaymentKeys.all, 'refund-requests', query] as const,
  history: (query: { page: number; limit: number }) => [...adminPaymentKeys.all, 'refund-history', query] as const,
};
