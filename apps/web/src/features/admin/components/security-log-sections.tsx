import { useState } from 'react';
import type { ReactNode } from 'react';
import { securityEventTypes } from '@lumen/core/users/security-events';
import { Input } from '@/components/ui/input.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Table, THead, Td, Th, Tr } from '@/components/ui/table.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useAuditLogQuery, useSecurityEventsQuery } from '../api/admin-security.ts';
import { AdminSectionCard } from './admin-section-card.tsx';

type Filters = { search: string; from: string; to: string };

function LogFilters({ idPrefix, value, onChange, searchLabel, children }: { idPrefix: string; value: Filters; onChange: (next: Filters) => void; searchLabel: string; children?: ReactNode }) {
  const field = (key: keyof Filters, label: string, type: string) => (
    <div className={key === 'search' ? 'flex-1' : 'sm:w-40'}>
      <label htmlFor={`${idPrefix}-${key}`} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <Input id={`${idPrefix}-${key}`} className="mt-1" type={type} value={value[key]} onChange={(event) => onChange({ ...value, [key]: event.target.value })} />
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

const clean = (filters: Filters) => ({ search: filters.search.trim() || undefined, from: filters.from || undefined, to: filters.to || undefined });

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
      <AdminSectionCard title="Security events" query={query} isEmpty={(data) => data.items.length === 0} emptyTitle="No matching events">
        {(data) => (
          <>
            <Table caption="Security events">
              <THead>
                <tr>
                  <Th>Event</Th>
                  <Th>Account</Th>
                  <Th>IP</Th>
                  <Th>Device</Th>
                  <Th>Time</Th>
                </tr>
              </THead>
              <tbody>
                {data.items.map((event) => (
                  <Tr key={event.id}>
                    <Td>{event.description}</Td>
                    <Td className="break-all">{event.userEmail ?? '—'}</Td>
                    <Td className="font-mono text-xs">{event.ip ?? '—'}</Td>
                    <Td>{event.device ?? '—'}</Td>
                    <Td className="whitespace-nowrap">{formatDateTime(event.createdAt)}</Td>
                  </Tr>
                ))}
              </tbody>
            </Table>
            <Pagination page={data.page} totalPages={data.totalPages} onPageChange={setPage} label="Security events pages" />
          </>
        )}
      </AdminSectionCard>
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
      <AdminSectionCard title="Audit log" query={query} isEmpty={(data) => data.items.length === 0} emptyTitle="No matching admin actions">
        {(data) => (
          <>
            <Table caption="Audit log">
              <THead>
                <tr>
                  <Th>When</Th>
                  <Th>Who</Th>
                  <Th>Action</Th>
                  <Th>Target</Th>
                  <Th>Change</Th>
                  <Th>From</Th>
                </tr>
              </THead>
              <tbody>
                {data.items.map((entry) => (
                  <Tr key={entry.id}>
                    <Td className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</Td>
                    <Td className="break-all">{entry.actorEmail ?? '—'}</Td>
                    <Td className="font-mono text-xs">{entry.action}</Td>
                    <Td className="text-xs break-all">
                      {entry.targetType}
                      {entry.targetId ? ` ${entry.targetId}` : ''}
                    </Td>
                    <Td>
                      <details>
                        <summary className="cursor-pointer text-brand-700">Before / after</summary>
                        <div className="mt-2 grid gap-2 text-xs sm:grid-cols-2">
                          <pre className="max-w-xs overflow-auto rounded bg-slate-50 p-2">{json(entry.before)}</pre>
                          <pre className="max-w-xs overflow-auto rounded bg-slate-50 p-2">{json(entry.after)}</pre>
                        </div>
                      </details>
                    </Td>
                    <Td className="font-mono text-xs">{entry.ip ?? '—'}</Td>
                  </Tr>
                ))}
              </tbody>
            </Table>
            <Pagination page={data.page} totalPages={data.totalPages} onPageChange={setPage} label="Audit log pages" />
          </>
        )}
      </AdminSectionCard>
    </>
  );
}
