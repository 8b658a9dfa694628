import { useState } from 'react';
import type { ReactNode } from 'react';
import { securityEventTypes } from '@lumen/core/users/security-events';
import { AdminList } from '@/components/admin/admin-list.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useAuditLogQuery, useSecurityEventsQuery } from '../api/admin-security.ts';

type Filters = { search: string; from: string; to: string };

function LogFilters({
  idPrefix,
  value,
  onChange,
  searchLabel,
  children,
}: {
  idPrefix: string;
  value: Filters;
  onChange: (next: Filters) => void;
  searchLabel: string;
  children?: ReactNode;
}) {
  const field = (key: keyof Filters, label: string, type: string) => (
    <div className={key === 'search' ? 'flex-1' : 'sm:w-40'}>
      <label htmlFor={`${idPrefix}-${key}`} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <Input
        id={`${idPrefix}-${key}`}
        className="mt-1"
        type={type}
        value={value[key]}
        onChange={(event) => onChange({ ...value, [key]: event.target.value })}
      />
    </div>
  );
  return (
    <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
      {field('search', searchLabel, 'search')}
      {children}
      {field('from', 'From', 'date')}
      {field('to', 'To', 'date')}
    </div>
  );
}

const clean = (filters: Filters) => ({
  search: filters.search.trim() || undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
});

export function SecurityEventsLog() {
  const [filters, setFilters] = useState<Filters>({ search: '', from: '', to: '' });
  const [type, setType] = useState('');
  const [page, setPage] = useState(1);
  const query = useSecurityEventsQuery({ ...clean(filters), type: type || undefined, page, limit: 20 });
  return (
    <>
      <LogFilters
        idPrefix="events"
        value={filters}
        searchLabel="E-mail or IP"
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      >
        <div className="sm:w-48">
          <label htmlFor="events-type" className="block text-sm font-medium text-slate-700">
            Event
          </label>
          <Select
            id="events-type"
            className="mt-1"
            value={type}
            onChange={(event) => {
              setType(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All events</option>
            {securityEventTypes.map((value) => (
              <option key={value} value={value}>
                {value.replaceAll('_', ' ')}
              </option>
            ))}
          </Select>
        </div>
      </LogFilters>
      <AdminList
        title="Security events"
        query={query}
        emptyTitle="No matching events"
        caption="Security events"
        rowKey={(event) => event.id}
        columns={[
          { header: 'Event', cell: (event) => event.description },
          { header: 'Account', cell: (event) => event.userEmail ?? '—', className: 'break-all' },
          { header: 'IP', cell: (event) => event.ip ?? '—', className: 'font-mono text-xs' },
          { header: 'Device', cell: (event) => event.device ?? '—' },
          { header: 'Time', cell: (event) => formatDateTime(event.createdAt), className: 'whitespace-nowrap' },
        ]}
        pagerLabel="Security events pages"
        onPageChange={setPage}
      />
    </>
  );
}

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** Every admin action: who, what, target, before and after, when, from where. */
export function AuditLogSection() {
  const [filters, setFilters] = useState<Filters>({ search: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const query = useAuditLogQuery({ ...clean(filters), page, limit: 20 });
  return (
    <>
      <LogFilters
        idPrefix="audit"
        value={filters}
        searchLabel="Admin, action, target or IP"
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <AdminList
        title="Audit log"
        query={query}
        emptyTitle="No matching admin actions"
        caption="Audit log"
        rowKey={(entry) => entry.id}
        columns={[
          { header: 'When', cell: (entry) => formatDateTime(entry.createdAt), className: 'whitespace-nowrap' },
          { header: 'Who', cell: (entry) => entry.actorEmail ?? '—', className: 'break-all' },
          { header: 'Action', cell: (entry) => entry.action, className: 'font-mono text-xs' },
          {
            header: 'Target',
            cell: (entry) => `${entry.targetType}${entry.targetId ? ` ${entry.targetId}` : ''}`,
            className: 'text-xs break-all',
          },
          {
            header: 'Change',
            cell: (entry) => (
              <details>
                <summary className="cursor-pointer text-brand-700">Before / after</summary>
                <div className="mt-2 grid gap-2 text-xs sm:grid-cols-2">
                  <pre className="max-w-xs overflow-auto rounded bg-slate-50 p-2">{json(entry.before)}</pre>
                  <pre className="max-w-xs overflow-auto rounded bg-slate-50 p-2">{json(entry.after)}</pre>
                </div>
              </details>
            ),
          },
          { header: 'From', cell: (entry) => entry.ip ?? '—', className: 'font-mono text-xs' },
        ]}
        pagerLabel="Audit log pages"
        onPageChange={setPage}
      />
    </>
  );
}
