import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { CRYPTO_LIST_SIZE, searchCryptoCurrencies } from '@lumen/core/payments/crypto-currencies';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDollars } from '@/lib/format.ts';
import { createCryptoCreditsPayment } from '../api/crypto-payment.ts';
import type { CryptoPayment } from '../api/crypto-payment.ts';
import { useCryptoCurrenciesQuery } from '../api/crypto-currencies.ts';
import { usePaymentConfigQuery } from '../api/payment-config.ts';
import { CryptoCoinSearch } from './crypto-coin-search.tsx';
import { useCoinLogos } from './crypto-coin-logo.tsx';
import { CryptoCoinTile } from './crypto-coin-tile.tsx';
import { PaymentAlert } from './payment-alert.tsx';
import { TestModeNotice } from './test-mode-notice.tsx';

export const SELECT_CRYPTO_MESSAGE = 'Please select a cryptocurrency';
export const NO_CRYPTO_MESSAGE = 'No cryptocurrencies available at the moment.';
export const CRYPTO_LOAD_ERROR = 'Failed to load supported currencies';
export const CRYPTO_CREATE_ERROR = 'Failed to create crypto payment';

/** Step 1, Select Cryptocurrency: the top 24 of the accepted coins, or the ones a search finds among all; then the payment is created. */
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
  const currencies = useCryptoCurrenciesQuery();
  const config = usePaymentConfigQuery();
  const logoUrlOf = useCoinLogos();
  const [search, setSearch] = useState('');
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
    const shown = search.trim() ? searchCryptoCurrencies(currencies.data, search) : currencies.data.slice(0, CRYPTO_LIST_SIZE);
    list = (
      <fieldset className="mt-4 min-w-0">
        <legend className="text-sm font-semibold text-slate-900">Pay {formatDollars(pkg.price)} with</legend>
        <CryptoCoinSearch search={search} onSearchChange={setSearch} shown={shown.length} total={currencies.data.length} />
        <div className="mt-2 grid max-h-72 grid-cols-2 gap-2 overflow-y-auto pr-1 sm:grid-cols-3">
          {shown.map((currency) => (
            <CryptoCoinTile
              key={currency.ticker}
              currency={currency}
              logoUrl={logoUrlOf ? logoUrlOf(currency.ticker) : undefined}
              checked={selected === currency.ticker}
              onSelect={() => {
                setSelected(currency.ticker);
                setSelectionError(false);
              }}
            />
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
        <TestModeNotice>
          <p>No real coins are sent: the built-in test provider confirms the payment by itself within seconds.</p>
          <p>The coins below are its test list, not the ones a live account accepts.</p>
        </TestModeNotice>
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
