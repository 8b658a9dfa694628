import { providerDisplayNames, providerNames } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';
import { TextField } from '@/components/ui/text-field.tsx';

type Budgets = Partial<Record<ProviderName, number>>;

/**
 * Each hosted provider's own daily budget in dollars, within the day's: an empty field leaves the provider without one
 * of its own (the key is left out, never 0, which would pass the provider over all day).
 */
export function ProviderBudgetsField({
  value,
  onChange,
  errors = {},
}: {
  value: Budgets;
  onChange(next: Budgets): void;
  errors?: Partial<Record<ProviderName, string>>;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {providerNames.map((provider) => (
        <TextField
          key={provider}
          label={`${providerDisplayNames[provider]} budget (USD a day)`}
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          value={value[provider] ?? ''}
          error={errors[provider]}
          onChange={(event) => {
            const { [provider]: _dropped, ...others } = value;
            const text = event.target.value;
            onChange(text === '' ? others : { ...others, [provider]: Number(text) });
          }}
        />
      ))}
    </div>
  );
}
