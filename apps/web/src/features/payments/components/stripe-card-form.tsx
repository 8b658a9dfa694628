import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
// The pure entry inserts Stripe.js only when loadStripe is called (the card form with a Stripe key),
// not on import, which would load it on every page.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { TestCardResult } from '../api/card-payment.ts';

export const STRIPE_CONFIG_ERROR = 'Stripe configuration error. Please try again later.';
/** Card confirmation returns to the billing page and redirects only when the bank requires it. */
export const CARD_RETURN_PATH = '/dashboard/billing';

// Stripe.js is loaded once per publishable key.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripeByKey.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, promise);
  }
  return promise;
}

function PaymentElementForm({
  amountLabel,
  onResult,
  onError,
}: {
  amountLabel: string;
  onResult: (result: TestCardResult) => void;
  onError: (message: string) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${CARD_RETURN_PATH}` },
        redirect: 'if_required',
      });
      if (error) onError(error.message ?? 'Your payment could not be completed.');
      else if (paymentIntent) onResult({ status: paymentIntent.status });
    } catch {
      onError('Your payment could not be completed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} aria-label="Card details">
      <PaymentElement />
      <Button type="submit" className="w-full" disabled={!stripe || !elements || busy}>
        {busy ? 'Processing…' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}

/** Stripe's Payment Element for the intent's client secret (when Stripe is configured). */
export function StripeCardForm({
  publishableKey,
  clientSecret,
  amountLabel,
  onResult,
  onError,
}: {
  publishableKey: string;
  clientSecret: string;
  amountLabel: string;
  onResult: (result: TestCardResult) => void;
  onError: (message: string) => void;
}) {
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void stripeFor(publishableKey).then((loaded) => {
      if (live) setStripe(loaded);
    });
    return () => {
      live = false;
    };
  }, [publishableKey]);

  if (stripe === undefined) return <Spinner label="Loading the secure card form…" className="mt-4" />;
  if (stripe === null) {
    return (
      <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        {STRIPE_CONFIG_ERROR}
      </p>
    );
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <PaymentElementForm amountLabel={amountLabel} onResult={onResult} onError={onError} />
    </Elements>
  );
}
