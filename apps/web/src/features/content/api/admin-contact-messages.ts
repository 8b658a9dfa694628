import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactGrantBody, ContactListQuery, ContactMessage, ContactMessageList, ContactStatus } from '@lumen/core/content/contact';
import { apiClient } from '@/lib/api-client.ts';
import { contentKeys } from '@/query-keys/content-keys.ts';

/** GET /admin/contact/messages?status&search&page&limit */
export function useContactMessagesQuery(query: ContactListQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...contentKeys.contactMessages(), query],
      queryFn: ({ signal }) => apiClient.get<ContactMessageList>('/admin/contact/messages', { query, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

function useContactMutation<T>(mutationFn: (input: T) => Promise<ContactMessage>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.contactMessages() }) });
}

export const useReplyToContact = () =>
  useContactMutation(({ id, reply }: { id: string; reply: string }) =>
    apiClient.post<ContactMessage>(`/admin/contact/messages/${id}/reply`, { reply }),
  );

export const useSetContactStatus = () =>
  useContactMutation(({ id, status }: { id: string; status: ContactStatus }) =>
    apiClient.put<ContactMessage>(`/admin/contact/messages/${id}/status`, { status }),
  );

export const useGrantContactCredits = () =>
  useContactMutation(({ id, body }: { id: string; body: ContactGrantBody }) =>
    apiClient.post<ContactMessage>(`/admin/contact/messages/${id}/grant-credits`, body),
  );
