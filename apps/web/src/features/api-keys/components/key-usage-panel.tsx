import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { failureMessage } from '../api/api-key-messages.ts';
import { USAGE_DAYS, useApiKeyUsageQuery } from '../api/api-key-usage.ts';
import type { ApiKeyUsage } from '@lumen/core/api-keys/schemas';

/** GET /api-keys/{id}/usage: requests per day as a small chart, per endpoint, errors, last use. */
export function KeyUsagePanel({ keyId, keyName }: { keyId: string; keyName: string }) {
  const usage = useApiKeyUsageQuery(keyId);
  if (usage.isPending) return <Spinner label="Loading usage" />;
  if (usage.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {failureMessage(usage.error, 'Failed to load the usage of this key')}
      </p>
    );
  const data = usage.data;
  return (
    <div className="space-y-4" role="group" aria-label={`Usage of ${keyName}`}>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        <Figure label={`Requests (${USAGE_DAYS} days)`} value={String(data.totalRequests)} />
        <Figure label="Errors" value={String(data.errors)} />
        <Figure label="Credits used" value={`${data.creditsUsed} (${data.creditsUsedThisMonth} this month)`} />
        <Figure label="Last used" value={data.lastUsedAt ? formatDateTime(data.lastUsedAt) : 'Never'} />
        <Figure label="Last IP" value={data.lastUsedIp ?? '—'} />
      </dl>
      <RequestsChart perDay={data.perDay} />
      {data.perEndpoint.length > 0 ? (
        <table className="w-full text-left text-xs">
          <caption className="mb-1 text-left text-sm font-medium text-slate-800">Per endpoint</caption>
          <thead className="text-slate-500">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Endpoint
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Requests
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Errors
              </th>
            </tr>
          </thead>
          <tbody>
            {data.perEndpoint.map((row) => (
              <tr key={`${row.method} ${row.route}`} className="border-t border-slate-100">
                <td className="py-1 pr-3 font-mono break-all">
                  {row.method} {row.route}
                </td>
                <td className="py-1 pr-3 text-right">{row.requests}</td>
                <td className="py-1 text-right">{row.errors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-slate-600">No requests with this key yet.</p>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold break-all text-slate-900">{value}</dd>
    </div>
  );
}

/** Requests per day (errors in red) as inline SVG bars; the numbers are in each bar's title. */
export function RequestsChart({ perDay }: { perDay: ApiKeyUsage['perDay'] }) {
  if (perDay.length === 0) return null;
  const max = Math.max(1, ...perDay.map((day) => day.requests));
  const width = 300;
  const height = 60;
  const barWidth = width / perDay.length;
  const total = perDay.reduce((sum, day) => sum + day.requests, 0);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-16 w-full"
        role="img"
        aria-label={`Requests per day: ${total} over ${perDay.length} days`}
        preserveAspectRatio="none"
      >
        {perDay.map((day, index) => {
          const barHeight = (day.requests / max) * height;
          const errorHeight = (day.errors / max) * height;
          return (
            <g key={day.date}>
              <title>{`${day.date}: ${day.requests} requests, ${day.errors} errors, ${day.credits} credits`}</title>
              <rect
                x={index * barWidth + 0.5}
                y={height - barHeight}
                width={Math.max(barWidth - 1, 0.5)}
                height={barHeight}
                className="fill-brand-500"
              />
              {day.errors > 0 && (
                <rect
                  x={index * barWidth + 0.5}
                  y={height - errorHeight}
                  width={Math.max(barWidth - 1, 0.5)}
                  height={errorHeight}
                  className="fill-red-500"
                />
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{perDay[0]?.date}</span>
        <span>Requests per day</span>
        <span>{perDay[perDay.length - 1]?.date}</span>
      </figcaption>
    </figure>
  );
}
