import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { authenticateTestCard, confirmTestCard } from '../api/card-payment.ts';
import type { TestCardResult } from '../api/card-payment.ts';
import { TestModeNotice } from './test-mode-notice.tsx';

const testCardSchema = z.object({
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number')),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Enter the expiry date as MM/YY'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit CVC'),
});
type TestCardInput = z.input<typeof testCardSchema>;
type TestCardValues = z.output<typeof testCardSchema>;

/** The built-in provider's card form (test mode): Stripe's test numbers, no real card data leaves the machine. */
export function TestCardForm({
  clientSecret,
  amountLabel,
  onResult,
  onError,
}: {
  clientSecret: string;
  amountLabel: string;
  onResult: (result: TestCardResult) => void;
  onError: (message: string) => void;
}) {
  const [authenticating, setAuthenticating] = useState(false);
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TestCardInput, unknown, TestCardValues>({ resolver: zodResolver(testCardSchema) });

  const run = async (call: () => Promise<TestCardResult>) => {
    setBusy(true);
    try {
      const result = await call();
      setAuthenticating(result.status === 'requires_action');
      onResult(result);
    } catch (error) {
      onError(errorMessage(error, 'The payment could not be confirmed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (authenticating) {
    return (
      <div className="mt-4 rounded-xl border border-slate-200 p-4" aria-label="Card authentication">
        <p className="font-semibold text-slate-900">Confirm this payment</p>
        <p className="mt-1 text-sm text-slate-600">
          Your bank asks for an extra confirmation (3-D Secure). In test mode you can approve or refuse it here.
        </p>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={busy} onClick={() => void run(() => authenticateTestCard({ clientSecret, approve: false }))}>
            Fail authentication
          </Button>
          <Button disabled={busy} onClick={() => void run(() => authenticateTestCard({ clientSecret, approve: true }))}>
            {busy ? 'Confirming…' : 'Complete authentication'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="mt-4 space-y-3"
      aria-label="Test card"
      noValidate
      onSubmit={handleSubmit((values) => run(() => confirmTestCard({ clientSecret, ...values })))}
    >
      <TestModeNotice>
        No real payment is made. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for an
        extra confirmation. Use any future date and any CVC.
      </TestModeNotice>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        error={errors.cardNumber?.message}
        {...register('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="12/34"
          error={errors.expiry?.message}
          {...register('expiry')}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          error={errors.cvc?.message}
          {...register('cvc')}
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Processing…' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}
