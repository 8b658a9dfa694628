import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardTitle } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import { useAuth } from '@/session/auth-context.ts';
import { useRefreshCredits } from '@/session/use-refresh-credits.ts';
import { useAdminUserQuery } from '../api/admin-users.ts';
import { CreditAdjustmentForm } from '../components/credit-adjustment-form.tsx';
import { UserAccountActions } from '../components/user-account-actions.tsx';
import {
  SessionsSection,
  UserApiKeysSection,
  UserJobsSection,
  UserOrdersSection,
  UserSecurityEventsSection,
} from '../components/user-activity-sections.tsx';
import { UserLedger } from '../components/user-ledger.tsx';
import { UserStatusBadge } from '../components/user-status-badge.tsx';

/**
 * /admin/users/:id: profile, status and role (suspend, reactivate, change role), balance and credit
 * adjustment, the ledger, jobs, orders, API keys, sessions (revoke) and security events.
 */
export function UserDetailPage() {
  const { id = '' } = useParams();
  const { user: me } = useAuth();
  const refreshCredits = useRefreshCredits();
  const { data, isPending, isError, error, refetch } = useAdminUserQuery(id);
  const user = data?.user;
  const name = user ? `${user.firstName} ${user.lastName}` : 'User details';

  return (
    <>
      <Link to="/admin/users" className="mb-3 inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All users
      </Link>
      <PageHeader eyebrow="Admin" title={name} description={user ? user.email : <span className="break-all">ID: {id}</span>} />
      {isPending ? (
        <Spinner label="Loading the user…" />
      ) : isError ? (
        isApiError(error) && (error.status === 404 || error.status === 400) ? (
          <p role="alert" className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700">
            No user with this ID.
          </p>
        ) : (
          <ErrorState message="Failed to load the user" onRetry={() => void refetch()} />
        )
      ) : (
        user && (
          <>
            <div className="grid items-start gap-4 lg:grid-cols-3 *:min-w-0">
              <Card>
                <CardTitle>Profile</CardTitle>
                <dl className="mt-3 space-y-1.5 text-sm">
                  <div className="flex justify-between gap-2">
                    <dt className="text-slate-600">Role</dt>
                    <dd>
                      <Badge tone={user.role === 'ADMIN' ? 'brand' : 'neutral'}>{user.role}</Badge>
                    </dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-slate-600">Status</dt>
                    <dd>
                      <UserStatusBadge status={data.suspension.suspendedAt ? 'suspended' : user.emailVerified ? 'active' : 'unverified'} />
                    </dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-slate-600">E-mail verified</dt>
                    <dd>{user.emailVerified ? 'Yes' : 'No'}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-slate-600">Joined</dt>
                    <dd>{formatDate(user.createdAt)}</dd>
                  </div>
                </dl>
              </Card>
              <Card>
                <CardTitle>Credits</CardTitle>
                <p className="mt-3 text-3xl font-bold text-slate-900" data-testid="admin-user-balance">
                  {user.credit.balance}
                </p>
                <p className="text-sm text-slate-600">balance · {user.credit.spent} spent</p>
              </Card>
              <Card>
                <CardTitle>Adjust credits</CardTitle>
                <div className="mt-3">
                  <CreditAdjustmentForm
                    userId={user.id}
                    userName={name}
                    balance={user.credit.balance}
                    onAdjusted={() => {
                      if (me?.id === user.id) void refreshCredits();
                    }}
                  />
                </div>
              </Card>
            </div>
            <div className="mt-4 grid items-start gap-4 lg:grid-cols-3 *:min-w-0">
              <Card>
                <CardTitle>Account</CardTitle>
                <div className="mt-3">
                  <UserAccountActions
                    key={`${user.role}-${data.suspension.suspendedAt ?? ''}`}
                    userId={user.id}
                    userName={name}
                    role={user.role}
                    suspension={data.suspension}
                    isSelf={me?.id === user.id}
                  />
                </div>
              </Card>
              <div className="lg:col-span-2">
                <UserSecurityEventsSection userId={user.id} />
              </div>
            </div>
            <section aria-labelledby="ledger-heading" className="mt-10">
              <h2 id="ledger-heading" className="mb-4 text-lg font-semibold text-slate-900">
                Credit ledger
              </h2>
              <UserLedger userId={user.id} />
            </section>
            <div className="mt-10 grid items-start gap-4 xl:grid-cols-2 *:min-w-0">
              <UserJobsSection userId={user.id} />
              <UserOrdersSection userId={user.id} />
              <UserApiKeysSection userId={user.id} />
              <SessionsSection userId={user.id} title="Sessions" />
            </div>
          </>
        )
      )}
    </>
  );
}
