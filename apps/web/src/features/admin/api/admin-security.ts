import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditLog } from '@lumen/core/admin/schemas';
import type { CreateIpBlockBody, FailedSignIns, IpBlock, IpBlockList } from '@lumen/core/admin/ip-blocks';
import type { AdminSecurityEventList } from '@lumen/core/users/security-events';
import { apiClient } from '@/lib/api-client.ts';
import { adminKeys } from '@/query-keys/admin-keys.ts';
import type { AuditLogParams, SecurityEventsParams } from '@/query-keys/admin-keys.ts';

/** GET /admin/audit-log?action&targetType&search&from&to&limit&page */
export function useAuditLogQuery(query: AuditLogParams) {
  return useQuery({
    queryKey: adminKeys.auditLog(query),
    queryFn: ({ signal }) => apiClient.get<AuditLog>('/admin/audit-log', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/security-events?type&search&from&to&limit&page */
export function useSecurityEventsQuery(query: SecurityEventsParams) {
  return useQuery({
    queryKey: adminKeys.securityEvents(query),
    queryFn: ({ signal }) => apiClient.get<AdminSecurityEventList>('/admin/security-events', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/security/failed-sign-ins?from&to */
export function useFailedSignInsQuery(range: { from: string; to: string }) {
  return useQuery({
    queryKey: adminKeys.failedSignIns(range),
    queryFn: ({ signal }) => apiClient.get<FailedSignIns>('/admin/security/failed-sign-ins', { query: range, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/ip-blocks */
export function useIpBlocksQuery() {
  return useQuery({ queryKey: adminKeys.ipBlocks(), queryFn: ({ signal }) => apiClient.get<IpBlockList>('/admin/ip-blocks', { signal }) });
}

export function useAddIpBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIpBlockBody) => apiClient.post<IpBlock>('/admin/ip-blocks', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.ipBlocks() }),
  });
}

export function useRemoveIpBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>(`/admin/ip-blocks/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.ipBlocks() }),
  });
}
