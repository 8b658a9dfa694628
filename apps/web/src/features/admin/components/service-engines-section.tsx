import { Link } from 'react-router';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useServicesQuery } from '@/features/jobs/api/jobs.ts';
import { hostedModelText } from '@/features/jobs/api/engine-text.ts';

/** The admin dashboard's list of which tools run on the offline engine and which on a hosted model. */
export function ServiceEnginesSection() {
  const services = useServicesQuery();
  const offline = services.data?.filter((service) => service.engine.kind !== 'remote') ?? [];
  return (
    <section aria-labelledby="engines-heading" className="mt-10">
      <h2 id="engines-heading" className="mb-2 text-lg font-semibold text-slate-900">
        Engines
      </h2>
      {services.isPending ? (
        <Spinner label="Loading the engines…" />
      ) : services.isError ? (
        <ErrorState message={errorMessage(services.error, 'Failed to load the engines')} onRetry={() => void services.refetch()} />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" data-testid="offline-summary">
            {offline.length === 0
              ? 'Every tool runs on a hosted model.'
              : `${offline.length} of ${services.data.length} tools run on the offline engine.`}
          </p>
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white" aria-label="Engine of each tool">
            {services.data.map((service) => (
              <li key={service.key} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3 text-sm">
                <span className="font-medium text-slate-900">{service.name}</span>
                <span className="text-slate-600">
                  {service.engine.kind === 'remote' ? `Hosted: ${hostedModelText(service.engine)}` : `Offline: ${service.engine.label}`}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-600">
            Hosted providers are chosen in the server&apos;s environment (&lt;SERVICE&gt;_PROVIDER and the provider&apos;s key), then the
            server is restarted.{' '}
            <Link to="/admin/providers" className="font-medium text-brand-700 hover:underline">
              Provider calls, spend and daily budget
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
