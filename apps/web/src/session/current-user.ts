import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@lumen/core/users/schemas';
import { apiClient } from '@/lib/api-client.ts';
import type { RequestOptions } from '@/lib/api-client.ts';
import { userKeys } from '@/query-keys/user-keys.ts';

/** GET /user/me */
export function getCurrentUser(options?: Pick<RequestOptions, 'signal' | 'suppressErrorToast'>): Promise<User> {
  return apiClient.get<User>('/user/me', options);
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => getCurrentUser({ signal, suppressErrorToast: true }),
    staleTime: 0,
    retry: false,
  });
}

export function useCurrentUserQuery(enabled = true) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
