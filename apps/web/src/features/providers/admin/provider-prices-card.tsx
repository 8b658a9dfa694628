import { useState } from 'react';
import { toast } from 'sonner';
import { providerDisplayNames } from '@lumen/core/services/providers';
import type { ProviderPrices } from '@lumen/core/admin/provider-prices';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useOverridePrice } from '../api/admin-provider-prices.ts';

type Price = ProviderPrices['prices'][number];
type Rate = Price['rates'][number];

/** '$0.000975' keeps the digits a per-token or per-second price needs. */
const perUnit = (value: number) => `$${Number(value.toPrecision(4)).toString()}`;

/** One billed unit of a model: its published price, the admin's price if any, and a form to set or clear it. */
function RateRow({ price, rate }: { price: Price; rate: Rate }) {
  const [text, setText] = useState(rate.overrideUsd === null ? '' : String(rate.overrideUsd));
  const override = useOverridePrice();
  const value = text.trim() === '' ? null : Number(text);
  const invalid = value !== null && (!Number.isFinite(value) || value < 0);
  const inputId = `price-${price.provider}-${price.model}-${rate.rate}`.replace(/[^\w-]/g, '-');
  const save = (usdPerUnit: number | null) =>
    override.mutate(
      { provider: price.provider, model: price.model, rate: rate.rate, usdPerUnit },
      {
        onSuccess: () => {
          toast.success(usdPerUnit === null ? 'Published price restored' : 'Price saved');
          if (usdPerUnit === null) setText('');
        },
        onError: (failure) => toast.error('Failed to save the price', { description: errorMessage(failure, '') || undefined }),
      },
    );
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-end sm:justify-between">
      <div className="text-sm">
        <span className="text-slate-900">
          {perUnit(rate.publishedUsd)} per {rate.unit}
        </span>
        {rate.overrideUsd !== null && (
          <span className="block text-xs text-amber-900">
            Overridden: {perUnit(rate.overrideUsd)} per {rate.unit}
            {rate.overriddenBy ? ` by ${rate.overriddenBy}` : ''}
            {rate.overriddenAt ? `, ${formatDateTime(rate.overriddenAt)}` : ''}
          </span>
        )}
      </div>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid && value !== null) save(value);
        }}
      >
        <div>
          <label htmlFor={inputId} className="block text-xs text-slate-600">
            Your price (USD per {rate.unit})
          </label>
          <Input
            id={inputId}
            inputMode="decimal"
            className="mt-1 w-36"
            value={text}
            placeholder={String(rate.publishedUsd)}
            aria-invalid={invalid}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit" size="sm" disabled={invalid || value === null || value === rate.overrideUsd || override.isPending}>
          Save
        </Button>
        {rate.overrideUsd !== null && (
          <Button type="button" size="sm" variant="secondary" disabled={override.isPending} onClick={() => save(null)}>
            Use published
          </Button>
        )}
      </form>
    </li>
  );
}

/** Every provider price on record, in the unit the provider bills, with its source and date; an admin may override any rate. */
export function ProviderPricesCard({ data }: { data: ProviderPrices }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? data.prices : data.prices.filter((price) => price.inUse);
  return (
    <Card>
      <CardTitle>Provider prices</CardTitle>
      <CardDescription>
        What each provider bills, as published (with the date it was checked). A run is costed from the usage the provider reports
        (Replicate’s run time, FASHN’s credits, OpenAI’s tokens) or, without one, from its parameters. Your price replaces the published one
        for new jobs and is recorded in the audit log.
      </CardDescription>
      <ul className="mt-4 divide-y divide-slate-200">
        {shown.map((price) => (
          <li key={`${price.provider} ${price.model}`} className="py-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">{providerDisplayNames[price.provider]}</span>
              <span className="font-mono text-xs break-all text-slate-700">{price.model}</span>
              {!price.confirmed && <Badge tone="warning">Not confirmed: conservative figure</Badge>}
            </div>
            <p className="mt-1 text-xs text-slate-600">
              {price.note} Source:{' '}
              <a className="text-brand-700 underline break-all" href={price.source} target="_blank" rel="noreferrer">
                {price.source}
              </a>
              , checked {price.checked}.
            </p>
            <ul>
              {price.rates.map((rate) => (
                <RateRow key={rate.rate} price={price} rate={rate} />
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {data.prices.length > shown.length || showAll ? (
        <Button type="button" size="sm" variant="secondary" className="mt-2" onClick={() => setShowAll(!showAll)}>
          {showAll ? 'Show the models in use only' : `Show all ${data.prices.length} prices`}
        </Button>
      ) : null}
    </Card>
  );
}
