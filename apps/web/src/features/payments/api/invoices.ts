import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invoice, InvoiceList, InvoiceRefundRequest } from '@lumen/core/payments/billing';
import { apiClient } from '@/lib/api-client.ts';
import { paymentKeys } from '@/query-keys/payment-keys.ts';
import type { InvoiceListParams } from '@/query-keys/payment-keys.ts';

/** GET /payment/invoices?page&limit&status (status omitted for all). */
export function getInvoices(params: InvoiceListParams, signal?: AbortSignal): Promise<InvoiceList> {
  return apiClient.get<InvoiceList>('/payment/invoices', { query: params, signal });
}

export function invoicesQueryOptions(params: InvoiceListParams) {
  return queryOptions({
    queryKey: paymentKeys.invoices(params),
    queryFn: ({ signal }) => getInvoices(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInvoicesQuery(params: InvoiceListParams) {
  return useQuery(invoicesQueryOptions(params));
}

/** GET /payment/invoices/{id} */
export function getInvoice(id: string, signal?: AbortSignal): Promise<Invoice> {
  return apiClient.get<Invoice>(`/payment/invoices/${encodeURIComponent(id)}`, { signal });
}

export function useInvoiceQuery(id: string | null) {
  return useQuery({ queryKey: paymentKeys.invoice(id ?? ''), queryFn: ({ signal }) => getInvoice(id!, signal), enabled: id !== null });
}

/** GET /payment/invoices/{id}/download → data.url, a short-lived signed link to the PDF receipt. */
export function getInvoiceDownloadUrl(id: string): Promise<{ url: string }> {
  return apiClient.get<{ url: string }>(`/payment/invoices/${encodeURIComponent(id)}/download`);
}

/** POST /payment/invoices/{id}/refund-request {reason} */
export function requestRefund(id: string, reason: string): Promise<InvoiceRefundRequest> {
  return apiClient.post<InvoiceRefundRequest>(`/payment/invoices/${encodeURIComponent(id)}/refund-request`, { reason });
}

export function useRequestRefundMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => requestRefund(id, reason),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.invoice(id) }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.invoiceLists() }),
      ]),
  });
}
