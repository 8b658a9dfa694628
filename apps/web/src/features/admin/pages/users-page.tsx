import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { userPlans, userSorts, userStatuses } from '@lumen/core/admin/schemas';
import type { UserSort } from '@lumen/core/admin/schemas';
import { roles } from '@lumen/core/users/schemas';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Select } from '@/components/ui/select.tsx';
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

const userFilters = { search: someText, role: oneOf(roles), status: oneOf(userStatuses), plan: oneOf(userPlans), sort: oneOf(userSorts) };

/** /admin/users: search by name or e-mail, filter by role, status and plan, sort, page through, open a user. */
export function UsersPage() {
  const { filters, page, setQuery, searchText, setSearchText } = useListFilters(userFilters, { sort: 'newest' });
  const { role, status, plan, sort } = filters;
  const query = useAdminUsersQuery({ ...filters, page, limit: DEFAULT_PAGE_SIZE });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Users"
        description="Search accounts by name or e-mail, filter by role, status and plan, and open one to manage it."
      />
      <form
        role="search"
        className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({});
        }}
      >
        <div className="flex-1">
          <label htmlFor="user-search" className="block text-sm font-medium text-slate-700">
            Name or e-mail
          </label>
          <Input
            id="user-search"
            className="mt-1"
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="ada@example.com"
          />
        </div>
        <div className="sm:w-40">
          <label htmlFor="user-role" className="block text-sm font-medium text-slate-700">
            Role
          </label>
          <Select id="user-role" className="mt-1" value={role ?? ''} onChange={(event) => setQuery({ role: event.target.value })}>
            <option value="">All roles</option>
            {roles.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </div>
        <div className="sm:w-36">
          <label htmlFor="user-status" className="block text-sm font-medium text-slate-700">
            Status
          </label>
          <Select id="user-status" className="mt-1" value={status ?? ''} onChange={(event) => setQuery({ status: event.target.value })}>
            <option value="">All statuses</option>
            {userStatuses.map((value) => (
              <option key={value} value={value}>
                {userStatusLabels[value]}
              </option>
            ))}
          </Select>
        </div>
        <div className="sm:w-32">
          <label htmlFor="user-plan" className="block text-sm font-medium text-slate-700">
            Plan
          </label>
          <Select id="user-plan" className="mt-1" value={plan ?? ''} onChange={(event) => setQuery({ plan: event.target.value })}>
            <option value="">All plans</option>
            <option value="free">Free</option>
            <option value="paid">Paid</option>
          </Select>
        </div>
        <div className="sm:w-40">
          <label htmlFor="user-sort" className="block text-sm font-medium text-slate-700">
            Sort by
          </label>
          <Select id="user-sort" className="mt-1" value={sort} onChange={(event) => setQuery({ sort: event.target.value })}>
            {userSorts.map((value) => (
              <option key={value} value={value}>
                {sortLabels[value]}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit">
          <Search className="h-4 w-4" aria-hidden="true" /> Search
        </Button>
      </form>
      <QueryState
        query={query}
        loadingLabel="Loading users…"
        errorMessage="Failed to load users"
        isEmpty={(data) => data.items.length === 0}
        emptyTitle="No users found"
        emptyText="Try another name, e-mail or filter."
      >
        {(data) => (
          <>
            <p className="mb-2 text-sm text-slate-600">
              {data.total} user{data.total === 1 ? '' : 's'}
            </p>
            <DataTable
              caption="Users"
              rows={data.items}
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
              pager={{
                page: data.page,
                totalPages: data.totalPages,
                onPageChange: (next) => setQuery({ page: next }),
                label: 'Users pages',
                disabled: query.isFetching,
              }}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
