import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSupportConversation,
  AdminSupportUnread,
  SupportConversation,
  SupportConversationList,
  SupportConversationListQuery,
  SupportMessage,
  SupportUnread,
} from '@lumen/core/content/support';
import { apiClient } from '@/lib/api-client.ts';
import { supportKeys } from '@/query-keys/support-keys.ts';

/** How often the unread badges and an open conversation look for new messages. */
export const SUPPORT_POLL_MS = 30_000;

/** GET /support/conversation */
export function useSupportConversation() {
  return useQuery({
    queryKey: [...supportKeys.mine(), 'conversation'],
    queryFn: ({ signal }) => apiClient.get<SupportConversation>('/support/conversation', { signal }),
    refetchInterval: SUPPORT_POLL_MS,
  });
}

/** GET /support/unread: the badge on the dashboard's Support entry. */
export function useSupportUnread(enabled = true) {
  return useQuery({
    queryKey: [...supportKeys.mine(), 'unread'],
    queryFn: ({ signal }) => apiClient.get<SupportUnread>('/support/unread', { signal }),
    refetchInterval: SUPPORT_POLL_MS,
    enabled,
  });
}

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiClient.post<SupportMessage>('/support/conversation/messages', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.mine() }),
  });
}

export function useMarkSupportRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<SupportUnread>('/support/conversation/read', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.mine() }),
  });
}

/** GET /admin/support/unread: the badge on the admin's Support entry. */
export function useAdminSupportUnread(enabled = true) {
  return useQuery({
    queryKey: [...supportKeys.admin(), 'unread'],
    queryFn: ({ signal }) => apiClient.get<AdminSupportUnread>('/admin/support/unread', { signal }),
    refetchInterval: SUPPORT_POLL_MS,
    enabled,
  });
}

export function useAdminSupportConversations(query: SupportConversationListQuery) {
  return useQuery({
    queryKey: [...supportKeys.admin(), 'list', query],
    queryFn: ({ signal }) => apiClient.get<SupportConversationList>('/admin/support/conversations', { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: SUPPORT_POLL_MS,
  });
}

export function useAdminSupportConversation(userId: string) {
  return useQuery({
    queryKey: [...supportKeys.admin(), 'conversation', userId],
    queryFn: ({ signal }) => apiClient.get<AdminSupportConversation>(`/admin/support/conversations/${userId}`, { signal }),
    refetchInterval: SUPPORT_POLL_MS,
  });
}

export function useAnswerSupport(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiClient.post<SupportMessage>(`/admin/support/conversations/${userId}/messages`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.admin() }),
  });
}

export function useMarkSupportReadByAdmin(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<AdminSupportUnread>(`/admin/support/conversations/${userId}/read`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.admin() }),
  });
}
