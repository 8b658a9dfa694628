import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MailOutboxList, MailOutboxMessage } from '@lumen/core/admin/mail-outbox';
import { apiClient } from '@/lib/api-client.ts';
import { mailOutboxKeys } from '@/query-keys/mail-outbox-keys.ts';
import type { MailOutboxParams } from '@/query-keys/mail-outbox-keys.ts';

/** GET /admin/mail-outbox?limit&page&to */
export function getMailOutbox(params: MailOutboxParams, signal?: AbortSignal): Promise<MailOutboxList> {
  return apiClient.get<MailOutboxList>('/admin/mail-outbox', { query: params, signal });
}

export function mailOutboxQueryOptions(params: MailOutboxParams) {
  return queryOptions({
    queryKey: mailOutboxKeys.list(params),
    queryFn: ({ signal }) => getMailOutbox(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMailOutboxQuery(params: MailOutboxParams) {
  return useQuery(mailOutboxQueryOptions(params));
}

/** GET /admin/mail-outbox/{id}: the message with its text and HTML bodies. */
export function getMailOutboxMessage(id: string, signal?: AbortSignal): Promise<MailOutboxMessage> {
  return apiClient.get<MailOutboxMessage>(`/admin/mail-outbox/${encodeURIComponent(id)}`, { signal });
}

export function useMailOutboxMessageQuery(id: string | null) {
  return useQuery({
    queryKey: mailOutboxKeys.message(id ?? ''),
    queryFn: ({ signal }) => getMailOutboxMessage(id!, signal),
    enabled: id !== null,
    staleTime: Infinity,
  });
}
