import type { CryptoCurrency } from '@lumen/core/payments/crypto-currencies';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/cn.ts';
import { CryptoCoinLogo } from './crypto-coin-logo.tsx';

/** One coin to pick: radio, logo, ticker, name and its Popular / Stable badges; it shrinks with its grid cell. */
export function CryptoCoinTile({
  currency,
  logoUrl,
  checked,
  onSelect,
}: {
  currency: CryptoCurrency;
  logoUrl: string | null | undefined;
  checked: boolean;
  onSelect: () => void;
}) {
  return (
    <label
      className={cn(
        'flex min-w-0 cursor-pointer flex-col rounded-lg border p-2 text-sm transition',
        checked ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:border-brand-300',
      )}
    >
      <span className="flex min-w-0 items-center gap-1.5">
        <input
          type="radio"
          name="pay-currency"
          value={currency.ticker}
          checked={checked}
          onChange={onSelect}
          aria-label={`${currency.ticker} ${currency.name}`}
          className="shrink-0"
        />
        <CryptoCoinLogo ticker={currency.ticker} url={logoUrl} />
        <span className="min-w-0 truncate font-semibold text-slate-900" title={currency.ticker}>
          {currency.ticker}
        </span>
      </span>
      <span className="truncate text-xs text-slate-600" title={currency.name}>
        {currency.name}
      </span>
      {(currency.is_popular || currency.is_stable) && (
        <span className="mt-1 flex flex-wrap gap-1">
          {currency.is_popular && <Badge tone="brand">Popular</Badge>}
          {currency.is_stable && <Badge tone="success">Stable</Badge>}
        </span>
      )}
    </label>
  );
}
