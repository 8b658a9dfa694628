import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import type { AdminRefundRequest } from '@lumen/core/payments/billing';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCents } from '../api/invoice-status.ts';
import { dollarsToCents, useApproveRefundRequestMutation, useRejectRefundRequestMutation } from '../api/admin-payments.ts';

export type RefundDecision = { request: AdminRefundRequest; action: 'approve' | 'reject' };

/** Approve a refund request (optional partial amount and note; payout reference for crypto) or reject it with a note. */
export function RefundDecisionDialog({ decision, onClose }: { decision: RefundDecision | null; onClose: () => void }) {
  return (
    <Dialog
      open={decision !== null}
      onOpenChange={(open) => !open && onClose()}
      title={decision?.action === 'reject' ? 'Reject refund request' : 'Approve refund request'}
      description={decision ? `${decision.request.user.email} — ${decision.request.order.description}` : undefined}
    >
      {decision && <DecisionForm key={decision.request.id + decision.action} decision={decision} onClose={onClose} />}
    </Dialog>
  );
}

function DecisionForm({ decision, onClose }: { decision: RefundDecision; onClose: () => void }) {
  const { request, action } = decision;
  const order = request.order;
  const remainingCents = order.amountCents - order.refundedCents;
  const isCrypto = order.provider === 'nowpayments';
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [payoutReference, setPayoutReference] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; note?: string; payoutReference?: string }>({});
  const approve = useApproveRefundRequestMutation();
  const reject = useRejectRefundRequestMutation();
  const pending = approve.isPending || reject.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const cents = dollarsToCents(amount);
    if (action === 'reject') {
      if (!note.trim()) next.note = 'Say why the request is rejected; the user sees this note';
    } else {
      if (cents !== undefined && (Number.isNaN(cents) || cents < 1))
        next.amount = 'Enter an amount such as 4.50, or leave it blank for the full amount';
      else if (cents !== undefined && cents > remainingCents)
        next.amount = `At most ${formatCents(remainingCents, order.currency)} can be refunded`;
      if (isCrypto && !payoutReference.trim()) next.payoutReference = 'Crypto refunds need the payout transaction or reference';
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const onError = (error: unknown) =>
      toast.error(action === 'reject' ? 'Failed to reject the request' : 'Failed to approve the request', {
        description: errorMessage(error, 'Please try again.'),
      });
    if (action === 'reject') {
      reject.mutate(
        { id: request.id, note: note.trim() },
        {
          onSuccess: () => {
            toast.success('Refund request rejected');
            onClose();
          },
          onError,
        },
      );
    } else {
      approve.mutate(
        {
          id: request.id,
          body: {
            ...(cents !== undefined ? { amountCents: cents } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
            ...(isCrypto ? { payoutReference: payoutReference.trim() } : {}),
          },
        },
        {
          onSuccess: (result) => {
            toast.success('Refund approved', {
              description: result.refund
                ? `${formatCents(result.refund.amountCents, order.currency)} refunded; ${result.refund.creditsReversed} credits reversed.`
                : undefined,
            });
            onClose();
          },
          onError,
        },
      );
    }
  };

  return (
    <form noValidate className="space-y-3" onSubmit={submit} aria-label={action === 'reject' ? 'Reject' : 'Approve'}>
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">“{request.reason}”</p>
      {action === 'approve' && (
        <TextField
          label={`Amount (${order.currency.toUpperCase()}, optional)`}
          hint={`Blank refunds everything not yet refunded: ${formatCents(remainingCents, order.currency)}.`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount}
        />
      )}
      {action === 'approve' && isCrypto && (
        <TextField
          label="Payout reference"
          value={payoutReference}
          onChange={(event) => setPayoutReference(event.target.value)}
          error={errors.payoutReference}
        />
      )}
      <TextareaField
        label={action === 'reject' ? 'Note to the user' : 'Note (optional)'}
        error={errors.note}
        rows={2}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant={action === 'reject' ? 'danger' : 'primary'} disabled={pending}>
          {pending ? 'Working…' : action === 'reject' ? 'Reject request' : 'Approve and refund'}
        </Button>
      </div>
    </form>
  );
}
