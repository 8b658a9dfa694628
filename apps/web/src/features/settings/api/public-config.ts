import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { settingsKeys } from '@/query-keys/settings-keys.ts';

export type PublicConfig = {
  analytics: { scriptUrl: string; domain: string } | null;
  /** the external sign-in providers the server has configured, e.g. ['google'] */
  oauthProviders?: string[];
};

/** GET /public-config */
export function getPublicConfig(): Promise<PublicConfig> {
  return apiClient.get<PublicConfig>('/public-config', { suppressErrorToast: true, skipAuthRefresh: true });
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.publicConfig(),
    queryFn: getPublicConfig,
    staleTime: Infinity,
    retry: false,
  });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
