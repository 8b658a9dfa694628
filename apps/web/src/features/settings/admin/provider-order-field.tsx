import { serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { orderProviders, providerDisplayNames } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';
import type { ProviderOrder } from '@lumen/core/settings/platform-settings';
import { Button } from '@/components/ui/button.tsx';
import { ReorderButtons } from '@/components/admin/reorder-buttons.tsx';
import { useProviderHealthQuery } from '@/features/providers/api/admin-provider-health.ts';

const displayName = (provider: string) => providerDisplayNames[provider as ProviderName] ?? provider;

/**
 * The order in which each service's configured hosted providers are tried (the next one takes over when
 * one fails). Services with one provider have nothing to order; "Environment order" drops the admin's.
 */
export function ProviderOrderField({ value, onChange }: { value: ProviderOrder; onChange: (next: ProviderOrder) => void }) {
  const health = useProviderHealthQuery();
  const chains = (health.data?.chains ?? []).filter((chain) => chain.configured.length > 1);
  if (health.isPending) return <p className="text-sm text-slate-500">Loading the configured providers…</p>;
  if (chains.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        No tool has more than one hosted provider configured on this server, so there is no order to choose. Set several providers’ keys (or
        &lt;SERVICE&gt;_PROVIDERS) to add fallbacks.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      {chains.map(({ service, configured }) => {
        const key = service as ServiceKey;
        const order = orderProviders(
          configured.map(({ provider }) => provider),
          value[key],
        );
        const name = serviceNames[key] ?? service;
        return (
          <fieldset key={service} className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">{name}</legend>
            <ol className="space-y-1" aria-label={`${name} providers, first tried first`}>
              {order.map((provider, index) => (
                <li key={provider} className="flex items-center gap-2 text-sm">
                  <span className="w-5 text-right text-slate-500">{index + 1}.</span>
                  <span className="min-w-28 text-slate-900">{displayName(provider)}</span>
                  <span className="truncate text-xs text-slate-500">{configured.find((item) => item.provider === provider)?.model}</span>
                  <ReorderButtons
                    ids={order}
                    index={index}
                    name={`${displayName(provider)} (${name})`}
                    onMove={(next) => onChange({ ...value, [key]: next as ProviderName[] })}
                  />
                </li>
              ))}
            </ol>
            {value[key] && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  const { [key]: _dropped, ...rest } = value;
                  onChange(rest);
                }}
              >
                Use the environment’s order
              </Button>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
