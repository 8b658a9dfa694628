import { Link } from 'react-router';
import { costLabel } from '@/lib/service-details.ts';
import { formatUses } from '@/lib/format.ts';
import type { ServiceUses } from './use-credit-overview.ts';

/** Each tool with its cost and the uses the balance still buys ('Unlimited' for AI background). */
export function ServiceUsesList({ services }: { services: ServiceUses[] }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((service) => (
        <li key={service.key}>
          <Link
            to={service.toolPath}
            className="flex h-full items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md"
          >
            <span className="rounded-xl bg-brand-50 p-2.5 text-brand-700">
              <service.icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">{service.name}</span>
              <span className="mt-0.5 block text-sm text-slate-600">{service.tagline}</span>
              <span className="mt-2 flex flex-wrap justify-between gap-2 text-xs font-semibold">
                <span className="text-brand-700">{costLabel(service.cost)}</span>
                <span className="text-slate-700" data-testid={`uses-left-${service.key}`}>
                  {service.usesLeft === 'unlimited' ? 'Unlimited' : `${formatUses(service.usesLeft)} left`}
                </span>
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
