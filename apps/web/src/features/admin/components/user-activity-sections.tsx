import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { serviceNames } from '@lumen/core/services/catalogue';
import { AdminList } from '@/components/admin/admin-list.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useAdminJobsQuery } from '@/features/jobs/api/admin-jobs.ts';
import {
  useAdminSessionsQuery,
  useAdminUserApiKeysQuery,
  useAdminUserOrdersQuery,
  useAdminUserSecurityEventsQuery,
  useRevokeAdminSession,
  useRevokeAdminUserApiKey,
} from '../api/admin-user-activity.ts';
import { AdminSectionCard } from './admin-section-card.tsx';
import { JobStatusBadge, formatDuration } from '@/components/admin/job-status-badge.tsx';

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

export function UserJobsSection({ userId }: { userId: string }) {
  const query = useAdminJobsQuery({ userId, page: 1, limit: 10 });
  return (
    <AdminSectionCard title="Jobs" query={query} isEmpty={(data) => data.items.length === 0} emptyTitle="No jobs yet">
      {(data) => (
        <>
          <DataTable
            caption="Latest jobs"
            rows={data.items}
            rowKey={(job) => job.id}
            columns={[
              {
                header: 'Service',
                cell: (job) => (
                  <Link to={`/admin/jobs/${job.id}`} className="text-brand-700 hover:underline">
                    {serviceNames[job.service]}
                  </Link>
                ),
              },
              { header: 'Status', cell: (job) => <JobStatusBadge status={job.status} refunded={job.refunded} /> },
              { header: 'Cost', cell: (job) => job.cost, align: 'right' },
              { header: 'Duration', cell: (job) => formatDuration(job.durationMs) },
              { header: 'Created', cell: (job) => formatDateTime(job.createdAt), className: 'whitespace-nowrap' },
            ]}
          />
          {data.total > data.items.length && (
            <Link to={`/admin/jobs?userId=${userId}`} className="mt-2 inline-block text-sm text-brand-700 hover:underline">
              All {data.total} jobs
            </Link>
          )}
        </>
      )}
    </AdminSectionCard>
  );
}

export function UserOrdersSection({ userId }: { userId: string }) {
  const query = useAdminUserOrdersQuery(userId);
  return (
    <AdminSectionCard title="Orders" query={query} isEmpty={(data) => data.length === 0} emptyTitle="No orders yet">
      {(orders) => (
        <DataTable
          caption="Orders"
          rows={orders}
          rowKey={(order) => order.id}
          columns={[
            {
              header: 'Order',
              cell: (order) => (
                <>
                  {order.description}
                  {order.invoiceNumber !== null && (
                    <span className="block text-xs text-slate-500">INV-{String(order.invoiceNumber).padStart(6, '0')}</span>
                  )}
                </>
              ),
            },
            {
              header: 'Provider',
              cell: (order) => (
                <>
                  {order.provider}
                  {order.testMode && <span className="ml-1 text-xs text-slate-500">(test)</span>}
                </>
              ),
              className: 'capitalize',
            },
            {
              header: 'Status',
              cell: (order) => (
                <Badge tone={order.status === 'paid' ? 'success' : order.status === 'pending' ? 'neutral' : 'warning'}>
                  {order.status}
                </Badge>
              ),
            },
            {
              header: 'Amount',
              cell: (order) => (
                <>
                  {money(order.amountCents, order.currency)}
                  {order.refundedCents > 0 && (
                    <span className="block text-xs text-amber-700">−{money(order.refundedCents, order.currency)} refunded</span>
                  )}
                </>
              ),
              align: 'right',
              className: 'whitespace-nowrap',
            },
            { header: 'Credits', cell: (order) => order.credits, align: 'right' },
            { header: 'Created', cell: (order) => formatDateTime(order.createdAt), className: 'whitespace-nowrap' },
          ]}
        />
      )}
    </AdminSectionCard>
  );
}

/** The user's keys; an active one can be revoked (it fails on its next request). */
export function UserApiKeysSection({ userId }: { userId: string }) {
  const query = useAdminUserApiKeysQuery(userId);
  const revoke = useRevokeAdminUserApiKey(userId);
  const [target, setTarget] = useState<{ id: string; label: string } | null>(null);
  const confirm = () => {
    if (!target) return;
    revoke.mutate(target.id, {
      onSuccess: () => toast.success('API key revoked'),
      onError: (error) => toast.error('Failed to revoke the API key', { description: errorMessage(error, 'Please try again.') }),
      onSettled: () => setTarget(null),
    });
  };
  return (
    <>
      <AdminSectionCard title="API keys" query={query} isEmpty={(data) => data.length === 0} emptyTitle="No API keys">
        {(keys) => (
          <DataTable
            caption="API keys"
            rows={keys}
            rowKey={(key) => key.id}
            columns={[
              { header: 'Name', cell: (key) => key.name, className: 'break-all' },
              { header: 'Prefix', cell: (key) => `${key.keyPrefix}…`, className: 'font-mono text-xs' },
              {
                header: 'Status',
                cell: (key) => (
                  <Badge tone={key.status === 'active' ? 'success' : 'neutral'}>{key.status === 'active' ? 'Active' : 'Revoked'}</Badge>
                ),
              },
              { header: 'Per minute', cell: (key) => key.rateLimit, align: 'right' },
              {
                header: 'Last used',
                cell: (key) =>
                  key.lastUsedAt ? `${formatDateTime(key.lastUsedAt)}${key.lastUsedIp ? ` · ${key.lastUsedIp}` : ''}` : 'Never',
                className: 'whitespace-nowrap',
              },
              {
                header: 'Actions',
                hideHeader: true,
                cell: (key) =>
                  key.status === 'active' ? (
                    <Button size="sm" variant="outline" onClick={() => setTarget({ id: key.id, label: `${key.name} (${key.keyPrefix}…)` })}>
                      Revoke
                    </Button>
                  ) : null,
              },
            ]}
          />
        )}
      </AdminSectionCard>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title="Revoke this API key?"
        description={target ? `${target.label} stops working on its next request. The owner can generate a new one.` : undefined}
        confirmLabel="Revoke"
        onConfirm={confirm}
        isPending={revoke.isPending}
        danger
      />
    </>
  );
}

/** Live sessions with a revoke button; `userId` narrows to one user (else every user, with the e-mail shown). */
export function SessionsSection({ userId, title = 'Sessions' }: { userId?: string; title?: string }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query = useAdminSessionsQuery({ userId, search: search || undefined, page, limit: 10 });
  const revoke = useRevokeAdminSession();
  const [target, setTarget] = useState<{ id: string; label: string } | null>(null);

  const confirm = () => {
    if (!target) return;
    revoke.mutate(target.id, {
      onSuccess: () => {
        toast.success('Session revoked');
        setTarget(null);
      },
      onError: (error) => {
        toast.error('Failed to revoke the session', { description: errorMessage(error, 'Please try again.') });
        setTarget(null);
      },
    });
  };

  return (
    <>
      {!userId && (
        <div className="mb-3 max-w-sm">
          <label htmlFor="session-search" className="block text-sm font-medium text-slate-700">
            E-mail or IP
          </label>
          <input
            id="session-search"
            type="search"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value.trim());
              setPage(1);
            }}
          />
        </div>
      )}
      <AdminList
        title={title}
        query={query}
        emptyTitle="No live sessions"
        caption={title}
        rowKey={(session) => session.id}
        columns={[
          !userId && {
            header: 'User',
            cell: (session) => (
              <Link to={`/admin/users/${session.userId}`} className="text-brand-700 hover:underline">
                {session.userEmail}
              </Link>
            ),
            className: 'break-all',
          },
          { header: 'Device', cell: (session) => session.device },
          { header: 'IP', cell: (session) => session.ip ?? '—' },
          { header: 'Signed in', cell: (session) => formatDateTime(session.createdAt), className: 'whitespace-nowrap' },
          { header: 'Last seen', cell: (session) => formatDateTime(session.lastSeenAt), className: 'whitespace-nowrap' },
          {
            header: 'Actions',
            hideHeader: true,
            cell: (session) => (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setTarget({ id: session.id, label: `${session.device} (${session.userEmail})` })}
              >
                Revoke
              </Button>
            ),
          },
        ]}
        pagerLabel={`${title} pages`}
        onPageChange={setPage}
      />
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title="Revoke this session?"
        description={target ? `${target.label} is signed out at once.` : undefined}
        confirmLabel="Revoke"
        onConfirm={confirm}
        isPending={revoke.isPending}
        danger
      />
    </>
  );
}

export function UserSecurityEventsSection({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const query = useAdminUserSecurityEventsQuery(userId, page);
  return (
    <AdminList
      title="Security events"
      query={query}
      emptyTitle="No security events"
      caption="Security events"
      rowKey={(event) => event.id}
      columns={[
        { header: 'Event', cell: (event) => event.description },
        { header: 'Device', cell: (event) => event.device ?? '—' },
        { header: 'IP', cell: (event) => event.ip ?? '—' },
        { header: 'Time', cell: (event) => formatDateTime(event.createdAt), className: 'whitespace-nowrap' },
      ]}
      pagerLabel="Security events pages"
      onPageChange={setPage}
    />
  );
}
