import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '@/components/ui/button.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Select } from '@/components/ui/select.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useFailedSignInsQuery } from '../api/admin-security.ts';
import { AdminSectionCard } from './admin-section-card.tsx';

const ranges = { '24h': 24, '7d': 24 * 7, '31d': 24 * 31 } as const;
type RangeKey = keyof typeof ranges;
const rangeLabels: Record<RangeKey, string> = { '24h': 'Last 24 hours', '7d': 'Last 7 days', '31d': 'Last 31 days' };

/** Failed sign-ins per hour (a spike is an attack) and the busiest addresses, each with a Block shortcut. */
export function FailedSignInsSection({ onBlock }: { onBlock: (ip: string) => void }) {
  const [rangeKey, setRangeKey] = useState<RangeKey>('24h');
  // Whole hours, so the query key stays stable while the page is open.
  const range = useMemo(() => {
    const to = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
    return { from: new Date(to.getTime() - ranges[rangeKey] * 3_600_000).toISOString(), to: to.toISOString() };
  }, [rangeKey]);
  const query = useFailedSignInsQuery(range);

  return (
    <>
      <div className="mb-3 max-w-xs">
        <label htmlFor="failed-range" className="block text-sm font-medium text-slate-700">
          Range
        </label>
        <Select id="failed-range" className="mt-1" value={rangeKey} onChange={(event) => setRangeKey(event.target.value as RangeKey)}>
          {Object.entries(rangeLabels).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <AdminSectionCard title="Failed sign-ins" query={query} isEmpty={() => false} emptyTitle="">
        {(data) => (
          <>
            <p className="text-sm text-slate-600">
              <span className="text-2xl font-bold text-slate-900">{data.total}</span> failed sign-ins
            </p>
            <div className="mt-3 h-56" role="img" aria-label={`Failed sign-ins per hour: ${data.total} in total`}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data.perHour.map((hour) => ({ ...hour, label: formatDateTime(hour.hour) }))}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="label" hide />
                  <YAxis allowDecimals={false} width={32} />
                  <Tooltip />
                  <Bar dataKey="count" name="Failures" fill="#dc2626" />
                </BarChart>
              </ResponsiveContainer>
            </div>
            {data.perIp.length > 0 && (
              <DataTable
                caption="Failed sign-ins per IP"
                className="mt-4"
                rows={data.perIp}
                rowKey={(row) => row.ip}
                columns={[
                  { header: 'IP', cell: (row) => row.ip, className: 'font-mono text-xs' },
                  { header: 'Failures', cell: (row) => row.count, align: 'right' },
                  { header: 'Accounts tried', cell: (row) => row.accounts, align: 'right' },
                  { header: 'Last', cell: (row) => formatDateTime(row.lastAt), className: 'whitespace-nowrap' },
                  {
                    header: 'Actions',
                    hideHeader: true,
                    cell: (row) =>
                      row.ip !== 'unknown' && (
                        <Button size="sm" variant="outline" onClick={() => onBlock(row.ip)}>
                          Block
                        </Button>
                      ),
                  },
                ]}
              />
            )}
          </>
        )}
      </AdminSectionCard>
    </>
  );
}
