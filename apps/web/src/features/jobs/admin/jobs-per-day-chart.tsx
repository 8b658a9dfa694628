import type { TryOnStatistics } from '@lumen/core/jobs/schemas';

type Day = TryOnStatistics['perDay'][number];

/** Every day from `from` to `to` (YYYY-MM-DD, at most 366), with the server's counts or zeros. */
export function fillDays(days: Day[], from: string, to: string): Day[] {
  const byDate = new Map(days.map((day) => [day.date, day]));
  const out: Day[] = [];
  const cursor = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  if (Number.isNaN(cursor.getTime()) || Number.isNaN(end.getTime()) || cursor > end) return days;
  while (cursor <= end && out.length < 366) {
    const date = cursor.toISOString().slice(0, 10);
    out.push(byDate.get(date) ?? { date, jobs: 0, succeeded: 0, failed: 0 });
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return out;
}

/** Stacked bars per day (succeeded, failed, other) with a y axis; an SVG that scales to its container. */
export function JobsPerDayChart({ days }: { days: Day[] }) {
  const width = 600;
  const height = 260;
  const pad = { top: 14, right: 8, bottom: 30, left: 40 };
  const max = Math.max(1, ...days.map((day) => day.jobs));
  const ticks = Array.from(new Set([0, Math.round(max / 2), max]));
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const slot = days.length ? innerW / days.length : innerW;
  const barW = Math.max(2, Math.min(28, slot * 0.7));
  const y = (value: number) => pad.top + innerH - (value / max) * innerH;
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full"
      role="img"
      aria-label={`Try-on jobs per day over ${days.length} days: succeeded and failed`}
    >
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
          <text x={pad.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="15" fill="#64748b">
            {tick}
          </text>
        </g>
      ))}
      {days.map((day, i) => {
        const x = pad.left + i * slot + (slot - barW) / 2;
        const other = Math.max(0, day.jobs - day.succeeded - day.failed);
        return (
          <g key={day.date}>
            <title>{`${day.date}: ${day.jobs} jobs, ${day.succeeded} succeeded, ${day.failed} failed`}</title>
            <rect x={x} y={y(day.succeeded)} width={barW} height={y(0) - y(day.succeeded)} fill="#10b981" />
            <rect
              x={x}
              y={y(day.succeeded + day.failed)}
              width={barW}
              height={y(day.succeeded) - y(day.succeeded + day.failed)}
              fill="#ef4444"
            />
            <rect
              x={x}
              y={y(day.jobs)}
              width={barW}
              height={y(day.succeeded + day.failed) - y(day.succeeded + day.failed + other)}
              fill="#94a3b8"
            />
            {i % labelEvery === 0 && (
              <text x={x + barW / 2} y={height - 8} textAnchor="middle" fontSize="15" fill="#64748b">
                {day.date.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** Success rate per day as a line (days without jobs are skipped). */
export function SuccessRateChart({ days }: { days: Day[] }) {
  const width = 600;
  const height = 260;
  const pad = { top: 14, right: 8, bottom: 14, left: 52 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const step = days.length > 1 ? innerW / (days.length - 1) : 0;
  const points = days
    .map((day, i) => (day.jobs > 0 ? { x: pad.left + i * step, y: pad.top + innerH - (day.succeeded / day.jobs) * innerH, day } : null))
    .filter((point) => point !== null);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-label="Success rate per day">
      {[0, 0.5, 1].map((tick) => (
        <g key={tick}>
          <line
            x1={pad.left}
            x2={width - pad.right}
            y1={pad.top + innerH - tick * innerH}
            y2={pad.top + innerH - tick * innerH}
            stroke="#e2e8f0"
          />
          <text x={pad.left - 6} y={pad.top + innerH - tick * innerH + 4} textAnchor="end" fontSize="15" fill="#64748b">
            {tick * 100}%
          </text>
        </g>
      ))}
      <polyline
        points={points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
        fill="none"
        stroke="#4f46e5"
        strokeWidth="2.5"
      />
      {points.map((p) => (
        <circle key={p.day.date} cx={p.x} cy={p.y} r="4" fill="#4f46e5">
          <title>{`${p.day.date}: ${Math.round((p.day.succeeded / p.day.jobs) * 100)}%`}</title>
        </circle>
      ))}
    </svg>
  );
}
