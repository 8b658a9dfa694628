import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog.tsx';
import { cn } from '@/lib/cn.ts';
import type { CryptoPayment } from '../api/crypto-payment.ts';
import { useCryptoCurrenciesQuery } from '../api/crypto-currencies.ts';
import { CryptoCurrencyStep } from './crypto-currency-step.tsx';
import { CryptoPaymentStep } from './crypto-payment-step.tsx';
import { CryptoStatusStep } from './crypto-status-step.tsx';
import { OrderSummary } from './order-summary.tsx';
import type { PaymentStepDialogProps } from './payment-step-dialog-props.ts';

type Step = 'currency' | 'payment' | 'status';

const steps: { key: Step; title: string }[] = [
  { key: 'currency', title: 'Select Cryptocurrency' },
  { key: 'payment', title: 'Complete Payment' },
  { key: 'status', title: 'Payment Status' },
];

function StepIndicator({ current }: { current: Step }) {
  const index = steps.findIndex((step) => step.key === current);
  return (
    <ol className="mb-4 flex gap-2 text-xs" aria-label="Steps">
      {steps.map((step, i) => (
        <li
          key={step.key}
          aria-current={i === index ? 'step' : undefined}
          className={cn(
            'flex-1 rounded-full px-2 py-1 text-center',
            i <= index ? 'bg-brand-100 font-semibold text-brand-800' : 'bg-slate-100 text-slate-500',
          )}
        >
          {i + 1}. {step.title}
        </li>
      ))}
    </ol>
  );
}

/** Crypto dialog: currency, then payment (once created), then status. */
export function CryptoPaymentDialog({ pkg, cardName, open, onOpenChange, onBack, onPaid }: PaymentStepDialogProps) {
  const [step, setStep] = useState<Step>('currency');
  const [payment, setPayment] = useState<CryptoPayment | null>(null);
  const title = steps.find((s) => s.key === step)!.title;
  // The number the list holds, never a bigger promise; the same query as the list's, so asked once.
  const accepted = useCryptoCurrenciesQuery(open).data?.length ?? 0;
  const description =
    accepted > 1 ? `Pay for ${cardName} with one of ${accepted} cryptocurrencies.` : `Pay for ${cardName} with cryptocurrency.`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <StepIndicator current={step} />
      {step === 'currency' || !payment ? (
        <>
          <OrderSummary pkg={pkg} cardName={cardName} />
          <CryptoCurrencyStep
            pkg={pkg}
            cardName={cardName}
            onBack={onBack}
            onCreated={(created) => {
              setPayment(created);
              setStep('payment');
            }}
          />
        </>
      ) : step === 'payment' ? (
        <CryptoPaymentStep payment={payment} onSent={() => setStep('status')} />
      ) : (
        <CryptoStatusStep payment={payment} onFinished={onPaid} />
      )}
    </Dialog>
  );
}
