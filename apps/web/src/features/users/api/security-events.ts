import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SecurityEvent, SecurityEventList } from '@lumen/core/users/security-events';
import { apiClient } from '@/lib/api-client.ts';
import { userKeys } from '@/query-keys/user-keys.ts';

export type { SecurityEvent };

/** GET /user/me/security-events?limit&page */
export function getSecurityEvents(params: { page: number; limit: number }, signal?: AbortSignal): Promise<SecurityEventList> {
  return apiClient.get<SecurityEventList>('/user/me/security-events', { query: params, signal });
}

export function securityEventsQueryOptions(params: { page: number; limit: number }) {
  return queryOptions({
    queryKey: userKeys.securityEvents(params),
    queryFn: ({ signal }) => getSecurityEvents(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSecurityEventsQuery(params: { page: number; limit: number }) {
  return useQuery(securityEventsQueryOptions(params));
}
