import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '@lumen/core/http/pagination';
import { apiClient } from '@/lib/api-client.ts';
import { userKeys } from './user-keys.ts';

export type SecurityEvent = {
  id: string;
  type: string;
  description: string;
  ip: string | null;
  device: string | null;
  createdAt: string;
};

/** GET /user/me/security-events?limit&page */
export function getSecurityEvents(params: { page: number; limit: number }, signal?: AbortSignal): Promise<Paginated<SecurityEvent>> {
  return apiClient.get<Paginated<SecurityEvent>>('/user/me/security-events', { query: params, signal });
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
