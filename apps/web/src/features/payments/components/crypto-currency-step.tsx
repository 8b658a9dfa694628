import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { topCryptoCurrencies } from '@lumen/core/payments/crypto-currencies';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { formatDollars } from '@/lib/format.ts';
import { createCryptoCreditsPayment, getCryptoCurrencyTickers } from '../api/crypto-payment.ts';
import { usePaymentConfigQuery } from '../api/get-payment-config.ts';
import type { CryptoPayment } from '../api/crypto-payment.ts';
import { paymentKeys } from '../api/payment-keys.ts';
import { PaymentAlert } from './payment-alert.tsx';
import { TestModeNotice } from './test-mode-notice.tsx';

export const SELECT_CRYPTO_MESSAGE = 'Please select a cryptocurrency';
export const NO_CRYPTO_MESSAGE = 'No cryptocurrencies available at the moment.';
export const CRYPTO_LOAD_ERROR = 'Failed to load supported currencies';
export const CRYPTO_CREATE_ERROR = 'Failed to create crypto payment';

/** Step 1, Select Cryptocurrency: the top 24 of the provider's list, then the payment is created. */
export function CryptoCurrencyStep({
  pkg,
  cardName,
  onBack,
  onCreated,
}: {
  pkg: CreditPackage;
  cardName: string;
  onBack: () => void;
  onCreated: (payment: CryptoPayment) => void;
}) {
  const currencies = useQuery({
    queryKey: paymentKeys.cryptoCurrencies(),
    queryFn: ({ signal }) => getCryptoCurrencyTickers(signal),
    select: topCryptoCurrencies,
    staleTime: 5 * 60_000,
  });
  const config = usePaymentConfigQuery();
  const [selected, setSelected] = useState<string | null>(null);
  const [selectionError, setSelectionError] = useState(false);
  const create = useMutation({
    mutationFn: (payCurrency: string) =>
      createCryptoCreditsPayment({
        paymentType: 'CREDIT_PURCHASE',
        creditPackageId: pkg.id,
        amount: pkg.price,
        currency: 'USD',
        description: `${cardName} - ${pkg.creditsAmount} credits`,
        payCurrency,
        successUrl: `${window.location.origin}/dashboard/billing?payment=success`,
        cancelUrl: `${window.location.origin}/pricing?payment=cancelled`,
      }),
    onSuccess: onCreated,
    onError: (error) => toast.error(CRYPTO_CREATE_ERROR, { description: errorMessage(error, 'Please try again.') }),
  });

  const submit = () => {
    if (!selected) {
      setSelectionError(true);
      toast.error(SELECT_CRYPTO_MESSAGE);
      return;
    }
    create.mutate(selected);
  };

  let list;
  if (currencies.isPending) list = <Spinner label="Loading cryptocurrencies…" className="mt-4" />;
  else if (currencies.isError || currencies.data.length === 0) {
    list = (
      <div
        role="alert"
        className="mt-4 flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
      >
        <p>{currencies.isError ? CRYPTO_LOAD_ERROR : NO_CRYPTO_MESSAGE}</p>
        <Button size="sm" variant="outline" onClick={() => void currencies.refetch()} disabled={currencies.isFetching}>
          Retry
        </Button>
      </div>
    );
  } else {
    list = (
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-slate-900">Pay {formatDollars(pkg.price)} with</legend>
        <div className="mt-2 grid max-h-72 grid-cols-2 gap-2 overflow-y-auto pr-1 sm:grid-cols-3">
          {currencies.data.map((currency) => (
            <label
              key={currency.ticker}
              className={cn(
                'flex min-w-0 cursor-pointer flex-col rounded-lg border p-2 text-sm transition',
                selected === currency.ticker ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:border-brand-300',
              )}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="pay-currency"
                  value={currency.ticker}
                  checked={selected === currency.ticker}
                  onChange={() => {
                    setSelected(currency.ticker);
                    setSelectionError(false);
                  }}
                  aria-label={`${currency.ticker} ${currency.name}`}
                />
                <span className="font-semibold text-slate-900">{currency.ticker}</span>
              </span>
              <span className="truncate text-xs text-slate-600">{currency.name}</span>
              {(currency.is_popular || currency.is_stable) && (
                <span className="mt-1 flex flex-wrap gap-1">
                  {currency.is_popular && <Badge tone="brand">Popular</Badge>}
                  {currency.is_stable && <Badge tone="success">Stable</Badge>}
                </span>
              )}
            </label>
          ))}
        </div>
        {selectionError && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {SELECT_CRYPTO_MESSAGE}
          </p>
        )}
      </fieldset>
    );
  }

  return (
    <>
      {config.data?.testMode.crypto && (
        <TestModeNotice>No real coins are sent: the built-in test provider confirms the payment by itself within seconds.</TestModeNotice>
      )}
      {list}
      {create.isError && (
        <PaymentAlert>
          <p className="font-semibold">{CRYPTO_CREATE_ERROR}</p>
          <p>{errorMessage(create.error, 'Please try again.')}</p>
        </PaymentAlert>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button onClick={submit} disabled={create.isPending || !currencies.data?.length}>
          {create.isPending ? 'Creating payment…' : 'Continue'}
        </Button>
      </div>
    </>
  );
}
