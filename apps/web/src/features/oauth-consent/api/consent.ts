import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { oauthConsentKeys } from '@/query-keys/oauth-consent-keys.ts';
import type { ConsentDecisionBody, ConsentView } from '@lumen/core/mcp-oauth/schemas';

/** GET /oauth/authorizations/{id}: the pending sign-in request of an MCP client. */
export function useConsentQuery(id: string | null) {
  return useQuery({
    queryKey: oauthConsentKeys.request(id),
    queryFn: ({ signal }) =>
      apiClient.get<ConsentView>(`/oauth/authorizations/${encodeURIComponent(id ?? '')}`, { signal, suppressErrorToast: true }),
    enabled: id !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /oauth/authorizations/{id}/decision → where to send the browser (the app's redirect_uri). */
export function useConsentDecision(id: string) {
  return useMutation({
    mutationFn: (body: ConsentDecisionBody) =>
      apiClient.post<{ redirectTo: string }>(`/oauth/authorizations/${encodeURIComponent(id)}/decision`, body, {
        suppressErrorToast: true,
      }),
  });
}
