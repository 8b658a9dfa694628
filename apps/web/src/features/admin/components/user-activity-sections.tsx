import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { serviceNames } from '@lumen/core/services/catalogue';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Table, THead, Td, Th, Tr } from '@/components/ui/table.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useAdminJobsQuery } from '../api/get-admin-jobs.ts';
import {
  useAdminSessionsQuery,
  useAdminUserApiKeysQuery,
  useAdminUserOrdersQuery,
  useAdminUserSecurityEventsQuery,
  useRevokeAdminSession,
} from '../api/admin-user-activity.ts';
import { AdminSectionCard } from './admin-section-card.tsx';
import { JobStatusBadge, formatDuration } from './job-status-badge.tsx';

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

export function UserJobsSection({ userId }: { userId: string }) {
  const query = useAdminJobsQuery({ userId, page: 1, limit: 10 });
  return (
    <AdminSectionCard title="Jobs" query={query} isEmpty={(data) => data.items.length === 0} emptyTitle="No jobs yet">
      {(data) => (
        <>
          <Table caption="Latest jobs">
            <THead>
              <tr>
                <Th>Service</Th>
                <Th>Status</Th>
                <Th className="text-right">Cost</Th>
                <Th>Duration</Th>
                <Th>Created</Th>
              </tr>
            </THead>
            <tbody>
              {data.items.map((job) => (
                <Tr key={job.id}>
                  <Td>
                    <Link to={`/admin/jobs/${job.id}`} className="text-brand-700 hover:underline">
                      {serviceNames[job.service]}
                    </Link>
                  </Td>
                  <Td>
                    <JobStatusBadge status={job.status} refunded={job.refunded} />
                  </Td>
                  <Td className="text-right">{job.cost}</Td>
                  <Td>{formatDuration(job.durationMs)}</Td>
                  <Td className="whitespace-nowrap">{formatDateTime(job.createdAt)}</Td>
                </Tr>
              ))}
            </tbody>
          </Table>
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
        <Table caption="Orders">
          <THead>
            <tr>
              <Th>Order</Th>
              <Th>Provider</Th>
              <Th>Status</Th>
              <Th className="text-right">Amount</Th>
              <Th className="text-right">Credits</Th>
              <Th>Created</Th>
            </tr>
          </THead>
          <tbody>
            {orders.map((order) => (
              <Tr key={order.id}>
                <Td>
                  {order.description}
                  {order.invoiceNumber !== null && <span className="block text-xs text-slate-500">INV-{String(order.invoiceNumber).padStart(6, '0')}</span>}
                </Td>
                <Td className="capitalize">
                  {order.provider}
                  {order.testMode && <span className="ml-1 text-xs text-slate-500">(test)</span>}
                </Td>
                <Td>
                  <Badge tone={order.status === 'paid' ? 'success' : order.status === 'pending' ? 'neutral' : 'warning'}>{order.status}</Badge>
                </Td>
                <Td className="text-right whitespace-nowrap">
                  {money(order.amountCents, order.currency)}
                  {order.refundedCents > 0 && <span className="block text-xs text-amber-700">−{money(order.refundedCents, order.currency)} refunded</span>}
                </Td>
                <Td className="text-right">{order.credits}</Td>
                <Td className="whitespace-nowrap">{formatDateTime(order.createdAt)}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </AdminSectionCard>
  );
}

export function UserApiKeysSection({ userId }: { userId: string }) {
  const query = useAdminUserApiKeysQuery(userId);
  return (
    <AdminSectionCard title="API keys" query={query} isEmpty={(data) => data.length === 0} emptyTitle="No API keys">
      {(keys) => (
        <Table caption="API keys">
          <THead>
            <tr>
              <Th>Name</Th>
              <Th>Prefix</Th>
              <Th>Status</Th>
              <Th className="text-right">Per minute</Th>
              <Th>Last used</Th>
            </tr>
          </THead>
          <tbody>
            {keys.map((key) => (
              <Tr key={key.id}>
                <Td className="break-all">{key.name}</Td>
                <Td className="font-mono text-xs">{key.keyPrefix}…</Td>
                <Td>
                  <Badge tone={key.status === 'active' ? 'success' : 'neutral'}>{key.status === 'active' ? 'Active' : 'Revoked'}</Badge>
                </Td>
                <Td className="text-right">{key.rateLimit}</Td>
                <Td className="whitespace-nowrap">{key.lastUsedAt ? `${formatDateTime(key.lastUsedAt)}${key.lastUsedIp ? ` · ${key.lastUsedIp}` : ''}` : 'Never'}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </AdminSectionCard>
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
      <AdminSectionCard title={title} query={query} isEmpty={(data) => data.items.length === 0} emptyTitle="No live sessions">
        {(data) => (
          <>
            <Table caption={title}>
              <THead>
                <tr>
                  {!userId && <Th>User</Th>}
                  <Th>Device</Th>
                  <Th>IP</Th>
                  <Th>Signed in</Th>
                  <Th>Last seen</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </THead>
              <tbody>
                {data.items.map((session) => (
                  <Tr key={session.id}>
                    {!userId && (
                      <Td className="break-all">
                        <Link to={`/admin/users/${session.userId}`} className="text-brand-700 hover:underline">
                          {session.userEmail}
                        </Link>
                      </Td>
                    )}
                    <Td>{session.device}</Td>
                    <Td>{session.ip ?? '—'}</Td>
                    <Td className="whitespace-nowrap">{formatDateTime(session.createdAt)}</Td>
                    <Td className="whitespace-nowrap">{formatDateTime(session.lastSeenAt)}</Td>
                    <Td>
                      <Button size="sm" variant="outline" onClick={() => setTarget({ id: session.id, label: `${session.device} (${session.userEmail})` })}>
                        Revoke
                      </Button>
                    </Td>
                  </Tr>
                ))}
              </tbody>
            </Table>
            <Pagination page={data.page} totalPages={data.totalPages} onPageChange={setPage} label={`${title} pages`} />
          </>
        )}
      </AdminSectionCard>
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
    <AdminSectionCard title="Security events" query={query} isEmpty={(data) => data.items.length === 0} emptyTitle="No security events">
      {(data) => (
        <>
          <Table caption="Security events">
            <THead>
              <tr>
                <Th>Event</Th>
                <Th>Device</Th>
                <Th>IP</Th>
                <Th>Time</Th>
              </tr>
            </THead>
            <tbody>
              {data.items.map((event) => (
                <Tr key={event.id}>
                  <Td>{event.description}</Td>
                  <Td>{event.device ?? '—'}</Td>
                  <Td>{event.ip ?? '—'}</Td>
                  <Td className="whitespace-nowrap">{formatDateTime(event.createdAt)}</Td>
                </Tr>
              ))}
            </tbody>
          </Table>
          <Pagination page={data.page} totalPages={data.totalPages} onPageChange={setPage} label="Security events pages" />
        </>
      )}
    </AdminSectionCard>
  );
}
