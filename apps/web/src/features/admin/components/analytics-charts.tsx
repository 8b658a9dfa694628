import type { ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics } from '@lumen/core/admin/analytics';
import { Card, CardTitle } from '@/components/ui/card.tsx';
import { formatMicroUsd } from '@/lib/money-format.ts';

const palette = ['#4f46e5', '#059669', '#d97706', '#dc2626', '#0891b2', '#7c3aed'];

function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactElement }) {
  return (
    <Card>
      <CardTitle>{title}</CardTitle>
      <div className="mt-3 h-60" role="img" aria-label={`${title}: ${summary}`}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

/** Provider cost and margin per day in dollars, summed over the services; margin is left out before the first real sale. */
function costPerDay(data: Analytics) {
  const byDate = new Map(data.days.map((day) => [day.date, { costMicroUsd: 0, marginCents: 0 }]));
  for (const row of data.serviceDays) {
    const day = byDate.get(row.date);
    if (!day) continue;
    day.costMicroUsd += row.providerCostMicroUsd;
    day.marginCents += row.marginCents ?? 0;
  }
  return [...byDate].map(([date, day]) => ({
    date,
    cost: Math.round(day.costMicroUsd / 100) / 10_000,
    margin: Math.round(day.marginCents) / 100,
  }));
}

/** Sign-ups and active users, revenue per provider, credits sold versus spent, jobs per service, and provider cost and margin. */
export function AnalyticsCharts({ data }: { data: Analytics }) {
  const providers = [...new Set(data.days.flatMap((day) => Object.keys(day.revenueCents)))].sort();
  const hasMargin = data.totals.revenuePerCreditCents !== null;
  const revenue = data.days.map((day) => ({
    date: day.date,
    ...Object.fromEntries(providers.map((provider) => [provider, (day.revenueCents[provider] ?? 0) / 100])),
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard title="Sign-ups and active users" summary={`${data.totals.signups} sign-ups, ${data.totals.activeUsers} active users`}>
        <LineChart data={data.days}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} width={32} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="signups" name="Sign-ups" stroke={palette[0]} dot={false} />
          <Line type="monotone" dataKey="activeUsers" name="Active users" stroke={palette[1]} dot={false} />
        </LineChart>
      </ChartCard>
      <ChartCard title="Revenue by provider (net, $)" summary={`$${(data.totals.netRevenueCents / 100).toFixed(2)} net`}>
        <BarChart data={revenue}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={{ fontSize: 11 }} />
          <YAxis width={48} />
          <Tooltip />
          <Legend />
          {providers.map((provider, index) => (
            <Bar key={provider} dataKey={provider} name={provider} stackId="revenue" fill={palette[index % palette.length]} />
          ))}
        </BarChart>
      </ChartCard>
      <ChartCard title="Credits sold versus spent" summary={`${data.totals.creditsSold} sold, ${data.totals.creditsSpent} spent`}>
        <BarChart data={data.days}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip />
          <Legend />
          <Bar dataKey="creditsSold" name="Sold" fill={palette[0]} />
          <Bar dataKey="creditsSpent" name="Spent" fill={palette[2]} />
        </BarChart>
      </ChartCard>
      <ChartCard title="Jobs per service" summary={`${data.totals.jobs} jobs`}>
        <BarChart data={data.services}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="service" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} width={32} />
          <Tooltip />
          <Legend />
          <Bar dataKey="succeeded" name="Succeeded" stackId="jobs" fill={palette[1]} />
          <Bar dataKey="failed" name="Failed" stackId="jobs" fill={palette[3]} />
        </BarChart>
      </ChartCard>
      <ChartCard
        title="Provider cost and margin per day ($)"
        summary={`${formatMicroUsd(data.totals.providerCostMicroUsd)} provider cost${hasMargin ? '' : ', no margin before the first real sale'}`}
      >
        <BarChart data={costPerDay(data)}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={{ fontSize: 11 }} />
          <YAxis width={48} />
          <Tooltip />
          <Legend />
          <Bar dataKey="cost" name="Provider cost" fill={palette[3]} />
          {hasMargin && <Bar dataKey="margin" name="Margin" fill={palette[1]} />}
        </BarChart>
      </ChartCard>
    </div>
  );
}
