import type { ProviderHealth } from '@lumen/core/admin/providers';
import { providerDisplayNames, providerNames } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { formatDateTime } from '@/lib/format.ts';

const nameOf = (provider: string) =>
  (providerNames as readonly string[]).includes(provider) ? providerDisplayNames[provider as ProviderName] : provider;

/** Each provider's circuit breaker as every API and worker process sees it: open ones are skipped until a trial call. */
export function ProviderCircuitsCard({ circuits }: { circuits: ProviderHealth['circuits'] }) {
  return (
    <Card className="lg:col-span-3">
      <CardTitle>Circuit breakers</CardTitle>
      <CardDescription>
        After three transient failures in a row a provider is skipped by every process for a minute; then one trial call decides.
      </CardDescription>
      {circuits.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No provider has been called since the breakers were last kept.</p>
      ) : (
        <dl className="mt-3 divide-y divide-slate-100 text-sm" aria-label="Circuit breakers">
          {circuits.map((circuit) => (
            <div key={circuit.provider} className="flex flex-wrap items-baseline justify-between gap-3 py-1.5">
              <dt className="font-medium text-slate-900">{nameOf(circuit.provider)}</dt>
              <dd className={circuit.open ? 'font-semibold text-red-700' : 'text-slate-700'}>
                {circuit.open
                  ? `Open${circuit.openUntil ? ` until ${formatDateTime(circuit.openUntil)}` : ''} · ${circuit.failures} failures in a row`
                  : circuit.failures > 0
                    ? `Closed · ${circuit.failures} failure${circuit.failures === 1 ? '' : 's'} in a row`
                    : 'Closed'}
                {circuit.lastFailureAt ? ` · last failure ${formatDateTime(circuit.lastFailureAt)}` : ''}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
