import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, PlatformSettingsInput } from '@lumen/core/settings/platform-settings';
import { apiClient } from '@/lib/api-client.ts';
import { settingsKeys } from '@/query-keys/settings-keys.ts';

/** GET /admin/settings */
export function useAdminSettingsQuery() {
  return useQuery({
    queryKey: settingsKeys.adminSettings(),
    queryFn: ({ signal }) => apiClient.get<AdminSettings>('/admin/settings', { signal }),
  });
}

/** PUT /admin/settings: replaces every setting; the public settings are refetched. */
export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PlatformSettingsInput) => apiClient.put<AdminSettings>('/admin/settings', settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.adminSettings(), saved);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.publicSettings() });
    },
  });
}
