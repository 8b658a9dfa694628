import { costLabel } from '@/lib/service-details.ts';
import type { ServiceDetails } from '@/lib/service-details.ts';

/** 'Credit Cost Reference': each service and its cost. */
export function CreditCostReference({ services }: { services: ServiceDetails[] }) {
  return (
    <section aria-labelledby="cost-heading" className="mt-12">
      <h2 id="cost-heading" className="text-xl font-semibold text-slate-900">
        Credit Cost Reference
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li key={service.key} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <service.icon className="h-5 w-5 text-brand-600" aria-hidden="true" />
            <span className="flex-1 text-sm font-medium text-slate-900">{service.name}</span>
            <span className="text-sm text-slate-600">{costLabel(service.cost)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
