import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@lumen/core/settings/platform-settings';
import { apiClient } from '@/lib/api-client.ts';
import { settingsKeys } from '@/query-keys/settings-keys.ts';

/** GET /settings/public: the maintenance banner, sign-up state, links and limits. */
export function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return apiClient.get<PublicSettings>('/settings/public', { signal, suppressErrorToast: true, skipAuthRefresh: true });
}

export function publicSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.publicSettings(),
    queryFn: ({ signal }) => getPublicSettings(signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}
