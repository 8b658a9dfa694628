import type { Role } from '@lumen/core/users/schemas';

export type AdminUsersParams = { search?: string; role?: Role; page: number; limit: number };
export type AuditLogParams = { action?: string; targetType?: string; page: number; limit: number };

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
};
