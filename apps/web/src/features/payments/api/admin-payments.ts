import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPaymentDetail,
  AdminPaymentList,
  AdminPaymentsQuery,
  AdminRefundBody,
  AdminRefundRequestList,
  ApproveRefundRequestBody,
  RefundHistory,
  RefundRequestDecision,
  RefundResult,
} from '@lumen/core/payments/billing';
import { apiClient } from '@/lib/api-client.ts';
import { adminPaymentKeys } from '@/query-keys/admin-payment-keys.ts';
import type { AdminRefundRequestsParams } from '@/query-keys/admin-payment-keys.ts';

/** GET /admin/payments?page&limit&status&provider&from&to&search: orders and crypto payments, with totals over the filter. */
export function useAdminPaymentsQuery(query: AdminPaymentsQuery) {
  return useQuery({
    queryKey: adminPaymentKeys.list(query),
    queryFn: ({ signal }) => apiClient.get<AdminPaymentList>('/admin/payments', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/payments/{id}: the order with its events, refunds and crypto payment. */
export function useAdminPaymentQuery(id: string | null) {
  return useQuery({
    queryKey: adminPaymentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<AdminPaymentDetail>(`/admin/payments/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });
}

/** GET /admin/refunds?status&page&limit: refund requests, pending first. */
export function useAdminRefundRequestsQuery(query: AdminRefundRequestsParams) {
  return useQuery({
    queryKey: adminPaymentKeys.requests(query),
    queryFn: ({ signal }) => apiClient.get<AdminRefundRequestList>('/admin/refunds', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/refunds/history?page&limit: refunds made, newest first. */
export function useRefundHistoryQuery(query: { page: number; limit: number }) {
  return useQuery({
    queryKey: adminPaymentKeys.history(query),
    queryFn: ({ signal }) => apiClient.get<RefundHistory>('/admin/refunds/history', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all });
}

/** POST /admin/payments/{id}/refund {amountCents, reason, payoutReference?} */
export function useRefundPaymentMutation(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: AdminRefundBody) => apiClient.post<RefundResult>(`/admin/payments/${encodeURIComponent(id)}/refund`, body),
    onSuccess: invalidate,
  });
}

/** POST /admin/refund-requests/{id}/approve {amountCents?, note?, payoutReference?} */
export function useApproveRefundRequestMutation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApproveRefundRequestBody }) =>
      apiClient.post<RefundRequestDecision>(`/admin/refund-requests/${encodeURIComponent(id)}/approve`, body),
    onSuccess: invalidate,
  });
}

/** POST /admin/refund-requests/{id}/reject {note} */
export function useRejectRefundRequestMutation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      apiClient.post<RefundRequestDecision>(`/admin/refund-requests/${encodeURIComponent(id)}/reject`, { note }),
    onSuccess: invalidate,
  });
}

/** '4.50' → 450; undefined for blank; NaN for anything that is not an amount of money. */
export function dollarsToCents(text: string): number | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}
