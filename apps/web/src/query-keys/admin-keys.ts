import type { UserPlan, UserSort, UserStatus } from '@lumen/core/admin/schemas';
import type { Role } from '@lumen/core/users/schemas';

export type AdminUsersParams = {
  search?: string;
  role?: Role;
  status?: UserStatus;
  plan?: UserPlan;
  sort?: UserSort;
  page: number;
  limit: number;
};
export type AdminSessionsParams = { userId?: string; search?: string; page: number; limit: number };
export type AuditLogParams = {
  action?: string;
  targetType?: string;
  search?: string;
  from?: string;
  to?: string;
  page: number;
  limit: number;
};
export type SecurityEventsParams = { type?: string; search?: string; from?: string; to?: string; page: number; limit: number };

/** Query keys of the admin resources (one factory; mutations invalidate through it). */
export const adminKeys = {
  all: ['admin'] as const,
  creditPackages: () => [...adminKeys.all, 'credit-packages'] as const,
  subscriptionPlans: () => [...adminKeys.all, 'subscription-plans'] as const,
  serviceCosts: () => [...adminKeys.all, 'service-costs'] as const,
  userLists: () => [...adminKeys.all, 'users'] as const,
  users: (query: AdminUsersParams) => [...adminKeys.userLists(), query] as const,
  user: (id: string) => [...adminKeys.all, 'user', id] as const,
  userHistory: (id: string, params: { page: number; limit: number }) => [...adminKeys.user(id), 'history', params] as const,
  auditLog: (query: AuditLogParams) => [...adminKeys.all, 'audit-log', query] as const,
  userApiKeys: (id: string) => [...adminKeys.user(id), 'api-keys'] as const,
  userOrders: (id: string) => [...adminKeys.user(id), 'orders'] as const,
  securityEvents: (query: SecurityEventsParams) => [...adminKeys.all, 'security-events', query] as const,
  ipBlocks: () => [...adminKeys.all, 'ip-blocks'] as const,
  failedSignIns: (range: { from: string; to: string }) => [...adminKeys.all, 'failed-sign-ins', range] as const,
  sessionLists: () => [...adminKeys.all, 'sessions'] as const,
  sessions: (query: AdminSessionsParams) => [...adminKeys.sessionLists(), query] as const,
  /** Provider health of every period (saving the daily budget invalidates them all). */
  providerHealth: () => [...adminKeys.all, 'providers'] as const,
};
