import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDollars } from '@/lib/format.ts';
import { createPaymentIntent } from '../api/card-payment.ts';
import type { TestCardResult } from '../api/card-payment.ts';
import { usePaymentConfigQuery } from '../api/payment-config.ts';
import { paymentKeys } from '@/query-keys/payment-keys.ts';
import { cardOutcome, paymentStatusText } from './card-result.ts';
import { OrderSummary } from './order-summary.tsx';
import { PaymentAlert } from './payment-alert.tsx';
import type { PaymentStepDialogProps } from './payment-step-dialog-props.ts';
import { STRIPE_CONFIG_ERROR, StripeCardForm } from './stripe-card-form.tsx';
import { TestCardForm } from './test-card-form.tsx';
import { useOrderPaid } from './use-order-paid.ts';

export const INIT_PAYMENT_ERROR = 'Failed to initialize payment. Please try again.';
export const CREATE_INTENT_ERROR = 'Failed to create payment intent';

type Failure = { message?: string; status?: string };

function FailureAlert({ failure }: { failure: Failure }) {
  return (
    <PaymentAlert>
      {failure.message && <p className="font-semibold">{failure.message}</p>}
      {failure.status && <p>{paymentStatusText(failure.status)}</p>}
      <p className="text-xs">You have not been charged. Check the details or try another card.</p>
    </PaymentAlert>
  );
}

function CardPaymentFlow({
  pkg,
  cardName,
  onBack,
  onPaid,
  onClose,
}: Omit<PaymentStepDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const config = usePaymentConfigQuery();
  // Asked once per opening of the dialog; the server answers a reopening for the same package with
  // the order (and payment intent) it opened before, so abandoned openings leave no extra orders.
  const [opening] = useState(() => `${Date.now()}-${Math.random()}`);
  const intent = useQuery({
    queryKey: [...paymentKeys.all, 'payment-intent', pkg.id, opening],
    queryFn: () => createPaymentIntent(pkg.id),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (intent.isError) toast.error(CREATE_INTENT_ERROR, { description: errorMessage(intent.error, INIT_PAYMENT_ERROR) });
  }, [intent.isError, intent.error]);

  useOrderPaid(confirming ? (intent.data?.orderId ?? null) : null, {
    onPaid: useCallback(() => onPaid(), [onPaid]),
    onFailed: useCallback((order) => {
      setConfirming(false);
      setFailure({ message: order.failureReason ?? 'The payment failed.', status: order.status });
    }, []),
    onSlow: useCallback(() => setSlow(true), []),
  });

  const onResult = (result: TestCardResult) => {
    const outcome = cardOutcome(result.status, result.message);
    if (outcome.kind === 'succeeded') {
      setFailure(null);
      setConfirming(true);
    } else if (outcome.kind === 'requires_action') {
      setFailure(null);
    } else {
      setFailure({ message: outcome.message, status: outcome.status });
    }
  };
  const onError = (message: string) => setFailure({ message });

  let body;
  if (intent.isError || config.isError) {
    body = (
      <PaymentAlert>
        <p>{INIT_PAYMENT_ERROR}</p>
        <Button
          size="sm"
          variant="outline"
          className="mt-2"
          onClick={() => {
            setFailure(null);
            if (config.isError) void config.refetch();
            void intent.refetch();
          }}
        >
          Try Again
        </Button>
      </PaymentAlert>
    );
  } else if (intent.isPending || config.isPending) {
    body = <Spinner label="Preparing your secure payment…" className="mt-4" />;
  } else if (confirming) {
    body = slow ? (
      <div role="status" className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
        <p>Your card payment went through. The credits are added as soon as the payment provider confirms it; this can take a minute.</p>
        <Button size="sm" className="mt-2" onClick={onClose}>
          Close
        </Button>
      </div>
    ) : (
      <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
        <Spinner label="Confirming your payment" /> Payment accepted. Adding your credits…
      </p>
    );
  } else {
    const amountLabel = formatDollars(intent.data.amount / 100);
    const testMode = config.data.testMode.card;
    const key = config.data.stripePublishableKey;
    body = testMode ? (
      <TestCardForm clientSecret={intent.data.clientSecret} amountLabel={amountLabel} onResult={onResult} onError={onError} />
    ) : key ? (
      <StripeCardForm
        publishableKey={key}
        clientSecret={intent.data.clientSecret}
        amountLabel={amountLabel}
        onResult={onResult}
        onError={onError}
      />
    ) : (
      <PaymentAlert>
        <p>{STRIPE_CONFIG_ERROR}</p>
      </PaymentAlert>
    );
  }

  return (
    <>
      <OrderSummary pkg={pkg} cardName={cardName} />
      {body}
      {failure && !confirming && <FailureAlert failure={failure} />}
      {!confirming && (
        <div className="mt-5 flex">
          <Button variant="outline" onClick={onBack}>
            Back
          </Button>
        </div>
      )}
    </>
  );
}

/** Card purchase dialog: the test card form in test mode, otherwise Stripe's Payment Element. */
export function CardPaymentDialog({ pkg, cardName, open, onOpenChange, onBack, onPaid }: PaymentStepDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Purchase Credits - ${cardName}`}
      description="Complete your credit purchase using Stripe's secure payment system."
    >
      <CardPaymentFlow pkg={pkg} cardName={cardName} onBack={onBack} onPaid={onPaid} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}
