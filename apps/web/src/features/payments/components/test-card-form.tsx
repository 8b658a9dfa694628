import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import {
  cardBrand,
  cardBrandNames,
  cardFieldMessages,
  cardNumberLength,
  checkExpiry,
  cvcLength,
  expiryDigits,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  onlyDigits,
} from '@lumen/core/payments/card-fields';
import { errorMessage } from '@/lib/api-client.ts';
import { authenticateTestCard, confirmTestCard } from '../api/card-payment.ts';
import type { TestCardResult } from '../api/card-payment.ts';
import { TestModeNotice } from './test-mode-notice.tsx';
import { formatAsTyped } from './format-as-typed.ts';

/**
 * The form's checks, Stripe's words: each message appears beside its field once the field is left
 * (then as it is corrected). The CVC's length follows the number's brand (American Express 4).
 */
function testCardSchema(now: () => Date) {
  return z
    .object({ cardNumber: z.string(), expiry: z.string(), cvc: z.string(), name: z.string() })
    .superRefine((values, ctx) => {
      const digits = onlyDigits(values.cardNumber);
      const brand = cardBrand(digits);
      const shortest = brand === 'unknown' || brand === 'unionpay' ? 16 : cardNumberLength(brand);
      if (digits.length < shortest) ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: cardFieldMessages.numberIncomplete });
      else if (!luhnValid(digits)) ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: cardFieldMessages.numberInvalid });
      const expiry = checkExpiry(values.expiry, now());
      if (!expiry.ok) ctx.addIssue({ code: 'custom', path: ['expiry'], message: expiry.message });
      const cvc = values.cvc.trim();
      if (!/^\d*$/.test(cvc) || cvc.length > cvcLength(brand))
        ctx.addIssue({ code: 'custom', path: ['cvc'], message: cardFieldMessages.cvcInvalid });
      else if (cvc.length < cvcLength(brand)) ctx.addIssue({ code: 'custom', path: ['cvc'], message: cardFieldMessages.cvcIncomplete });
      if (!values.name.trim()) ctx.addIssue({ code: 'custom', path: ['name'], message: cardFieldMessages.nameMissing });
    })
    .transform((values) => {
      const digits = expiryDigits(values.expiry);
      const year = digits.length === 6 ? digits.slice(2) : `20${digits.slice(2)}`;
      return {
        cardNumber: onlyDigits(values.cardNumber),
        expiry: `${digits.slice(0, 2)}/${year.startsWith('20') ? year.slice(2) : year}`,
        cvc: values.cvc.trim(),
        name: values.name.trim(),
      };
    });
}
type TestCardInput = z.input<ReturnType<typeof testCardSchema>>;
type TestCardValues = z.output<ReturnType<typeof testCardSchema>>;

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
  const [schema] = useState(() => testCardSchema(() => new Date()));
  const {
    register,
    handleSubmit,
    getValues,
    getFieldState,
    trigger,
    watch,
    formState: { errors },
  } = useForm<TestCardInput, unknown, TestCardValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
  });
  const brand = cardBrand(onlyDigits(watch('cardNumber')));
  const cvcDigits = cvcLength(brand);
  const cardNumber = register('cardNumber');
  const expiry = register('expiry');
  const cvc = register('cvc');

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
        extra confirmation, 4000 0000 0000 0341 pays now but declines automatic top-ups. Use any future date and any CVC.
      </TestModeNotice>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        error={errors.cardNumber?.message}
        hint={brand === 'unknown' ? undefined : cardBrandNames[brand]}
        {...cardNumber}
        onChange={(event) => {
          formatAsTyped(event, getValues('cardNumber'), formatCardNumber);
          void cardNumber.onChange(event).then(() => {
            if (getFieldState('cvc').isTouched) void trigger('cvc');
          });
        }}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          error={errors.expiry?.message}
          {...expiry}
          onChange={(event) => {
            formatAsTyped(event, getValues('expiry'), formatExpiry);
            void expiry.onChange(event);
          }}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={cvcDigits === 4 ? '1234' : '123'}
          maxLength={cvcDigits}
          error={errors.cvc?.message}
          hint={cvcDigits === 4 ? 'The 4 digits on the front of the card' : 'The 3 digits on the back of the card'}
          {...cvc}
          onChange={(event) => {
            formatAsTyped(event, getValues('cvc'), (text) => onlyDigits(text).slice(0, cvcDigits));
            void cvc.onChange(event);
          }}
        />
      </div>
      <TextField label="Name on card" autoComplete="cc-name" error={errors.name?.message} {...register('name')} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Processing…' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}
