import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Campaign,
  CampaignBody,
  CampaignRecipientList,
  RecipientStatus,
  SubscriberList,
  SubscriberListQuery,
} from '@lumen/core/content/newsletter';
import { API_BASE, apiClient } from '@/lib/api-client.ts';
import { getStoredToken } from '@/lib/session-storage.ts';
import { contentKeys } from '@/query-keys/content-keys.ts';

/** GET /admin/newsletter/subscribers?status&search&page&limit */
export function useSubscribersQuery(query: SubscriberListQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...contentKeys.subscribers(), query],
      queryFn: ({ signal }) => apiClient.get<SubscriberList>('/admin/newsletter/subscribers', { query, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /admin/newsletter/subscribers/export: downloads the CSV with the session's token. */
export async function downloadSubscribersCsv(query: Pick<SubscriberListQuery, 'status' | 'search'>): Promise<void> {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.search) params.set('search', query.search);
  const token = getStoredToken();
  const response = await fetch(`${API_BASE}/admin/newsletter/subscribers/export?${params.toString()}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error('Could not export the subscribers');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/** GET /admin/newsletter/campaigns (polled while one is sending) */
export function useCampaignsQuery() {
  return useQuery(
    queryOptions({
      queryKey: contentKeys.campaigns(),
      queryFn: ({ signal }) => apiClient.get<Campaign[]>('/admin/newsletter/campaigns', { signal }),
      refetchInterval: (query) => (query.state.data?.some((campaign) => campaign.status === 'sending') ? 2000 : false),
    }),
  );
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CampaignBody }) =>
      id
        ? apiClient.put<Campaign>(`/admin/newsletter/campaigns/${id}`, body)
        : apiClient.post<Campaign>('/admin/newsletter/campaigns', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.campaigns() }),
  });
}

export function useSendTestCampaign() {
  return useMutation({ mutationFn: (id: string) => apiClient.post<{ to: string }>(`/admin/newsletter/campaigns/${id}/test`) });
}

export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<Campaign>(`/admin/newsletter/campaigns/${id}/send`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.campaigns() }),
  });
}

/** GET /admin/newsletter/campaigns/{id}/recipients */
export function useCampaignRecipientsQuery(id: string | null, query: { status?: RecipientStatus; page: number; limit: number }) {
  return useQuery(
    queryOptions({
      queryKey: [...contentKeys.campaign(id ?? ''), 'recipients', query],
      queryFn: ({ signal }) => apiClient.get<CampaignRecipientList>(`/admin/newsletter/campaigns/${id}/recipients`, { query, signal }),
      enabled: Boolean(id),
      placeholderData: keepPreviousData,
    }),
  );
}
