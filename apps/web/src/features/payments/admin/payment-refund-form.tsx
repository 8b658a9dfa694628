import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import type { AdminPaymentDetail } from '@lumen/core/payments/billing';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCents } from '../api/invoice-status.ts';
import { dollarsToCents, useRefundPaymentMutation } from '../api/admin-payments.ts';

type Errors = { amount?: string; reason?: string; payoutReference?: string };

/**
 * Refund an order fully or partly. Card refunds go through Stripe; crypto has no refund API, so the
 * admin sends the coins back and records the payout reference here.
 */
export function PaymentRefundForm({ payment }: { payment: AdminPaymentDetail }) {
  const isCrypto = payment.provider === 'nowpayments';
  const [amount, setAmount] = useState((payment.refundableCents / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [payoutReference, setPayoutReference] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const refund = useRefundPaymentMutation(payment.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = dollarsToCents(amount);
    const next: Errors = {};
    if (cents === undefined || Number.isNaN(cents) || cents < 1) next.amount = 'Enter an amount such as 4.50';
    else if (cents > payment.refundableCents)
      next.amount = `At most ${formatCents(payment.refundableCents, payment.currency)} can be refunded`;
    if (!reason.trim()) next.reason = 'Say why this order is refunded';
    if (isCrypto && !payoutReference.trim()) next.payoutReference = 'Crypto refunds need the payout transaction or reference';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    refund.mutate(
      { amountCents: cents!, reason: reason.trim(), ...(isCrypto ? { payoutReference: payoutReference.trim() } : {}) },
      {
        onSuccess: (result) => {
          toast.success('Refund recorded', {
            description: `${formatCents(result.refund.amountCents, payment.currency)} refunded; ${result.refund.creditsReversed} credits reversed.`,
          });
          setReason('');
          setPayoutReference('');
        },
        onError: (error) => toast.error('Refund failed', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  return (
    <form aria-label="Refund this order" noValidate className="space-y-3 rounded-xl border border-slate-200 p-4" onSubmit={submit}>
      <p className="font-semibold text-slate-900">Refund</p>
      <p className="text-xs text-slate-600">
        Up to {formatCents(payment.refundableCents, payment.currency)}. Credits not yet spent are reversed in proportion (never below zero).
        {isCrypto && ' NOWPayments has no refund API: send the coins back yourself and enter the payout reference.'}
      </p>
      <TextField
        label={`Amount (${payment.currency.toUpperCase()})`}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amount}
      />
      <TextareaField label="Reason" error={errors.reason} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
      {isCrypto && (
        <TextField
          label="Payout reference"
          value={payoutReference}
          onChange={(event) => setPayoutReference(event.target.value)}
          error={errors.payoutReference}
          placeholder="transaction hash of the refund"
        />
      )}
      <Button type="submit" variant="danger" disabled={refund.isPending}>
        {refund.isPending ? 'Refunding…' : 'Refund'}
      </Button>
    </form>
  );
}
