import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { userPlans, userSorts, userStatuses } from '@lumen/core/admin/schemas';
import type { UserPlan, UserSort } from '@lumen/core/admin/schemas';
import { roles } from '@lumen/core/users/schemas';
import { AdminFilters, filterOptions } from '@/components/admin/admin-filters.tsx';
import { AdminList, countOf } from '@/components/admin/admin-list.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { formatDate } from '@/lib/format.ts';
import { oneOf, someText, useListFilters } from '@/lib/use-list-filters.ts';
import { useAdminUsersQuery } from '../api/admin-users.ts';
import { UserStatusBadge, userStatusLabels } from '../components/user-status-badge.tsx';

const sortLabels: Record<UserSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name',
  email: 'E-mail',
  balance: 'Highest balance',
  spent: 'Most spent',
};

const planLabels: Record<UserPlan, string> = { free: 'Free', paid: 'Paid' };

const userFilters = { search: someText, role: oneOf(roles), status: oneOf(userStatuses), plan: oneOf(userPlans), sort: oneOf(userSorts) };

/** /admin/users: search by name or e-mail, filter by role, status and plan, sort, page through, open a user. */
export function UsersPage() {
  const list = useListFilters(userFilters, { sort: 'newest' });
  const { filters, page, setQuery } = list;
  const query = useAdminUsersQuery({ ...filters, page, limit: DEFAULT_PAGE_SIZE });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Users"
        description="Search accounts by name or e-mail, filter by role, status and plan, and open one to manage it."
      />
      <AdminFilters
        label="Filter users"
        list={list}
        clearable={false}
        fields={[
          { kind: 'search', id: 'user-search', label: 'Name or e-mail', placeholder: 'ada@example.com' },
          { kind: 'select', id: 'user-role', name: 'role', label: 'Role', options: filterOptions('All roles', roles) },
          {
            kind: 'select',
            id: 'user-status',
            name: 'status',
            label: 'Status',
            options: filterOptions('All statuses', userStatuses, (value) => userStatusLabels[value]),
          },
          {
            kind: 'select',
            id: 'user-plan',
            name: 'plan',
            label: 'Plan',
            options: filterOptions('All plans', userPlans, (plan) => planLabels[plan]),
          },
          {
            kind: 'select',
            id: 'user-sort',
            name: 'sort',
            label: 'Sort by',
            options: userSorts.map((value) => [value, sortLabels[value]] as const),
          },
        ]}
      />
      <AdminList
        query={query}
        loadingLabel="Loading users…"
        errorMessage="Failed to load users"
        emptyTitle="No users found"
        emptyText="Try another name, e-mail or filter."
        count={countOf('user')}
        caption="Users"
        rowKey={(user) => user.id}
        columns={[
          {
            header: 'Name',
            rowHeader: true,
            className: 'font-medium',
            cell: (user) => (
              <Link to={`/admin/users/${user.id}`} className="text-brand-700 hover:underline">
                {user.firstName} {user.lastName}
              </Link>
            ),
          },
          { header: 'E-mail', cell: (user) => user.email, className: 'break-all' },
          { header: 'Role', cell: (user) => <Badge tone={user.role === 'ADMIN' ? 'brand' : 'neutral'}>{user.role}</Badge> },
          { header: 'Status', cell: (user) => <UserStatusBadge status={user.status} /> },
          { header: 'Plan', cell: (user) => (user.plan === 'paid' ? 'Paid' : 'Free') },
          { header: 'Balance', cell: (user) => user.balance, align: 'right' },
          { header: 'Spent', cell: (user) => user.spent, align: 'right' },
          { header: 'Joined', cell: (user) => formatDate(user.createdAt), className: 'whitespace-nowrap' },
        ]}
        pagerLabel="Users pages"
        onPageChange={(next) => setQuery({ page: next })}
      />
    </>
  );
}
