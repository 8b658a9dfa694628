import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { MAX_ADJUSTMENT } from '@lumen/core/admin/schemas';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { pluralCredits } from '@/lib/format.ts';
import { newIdempotencyKey } from '@/lib/idempotency-key.ts';
import { useAdjustUserCredits } from '../api/admin-user-credits.ts';

// The server's adjustCreditsBodySchema, with a plain message for a missing reason.
const adjustmentSchema = z.object({
  amount: z
    .number('Enter an amount')
    .int('Amount must be a whole number of credits')
    .min(-MAX_ADJUSTMENT, `Amount must be at least -${MAX_ADJUSTMENT}`)
    .max(MAX_ADJUSTMENT, `Amount must be at most ${MAX_ADJUSTMENT}`)
    .refine((value) => value !== 0, 'Amount cannot be 0'),
  reason: z
    .string()
    .trim()
    .min(1, 'A reason is required')
    .min(3, 'The reason must be at least 3 characters')
    .max(500, 'The reason must be at most 500 characters'),
});
type AdjustmentValues = z.infer<typeof adjustmentSchema>;

type Pending = AdjustmentValues & { idempotencyKey: string };

/** Add (positive) or deduct (negative) credits with a required reason, after a confirmation. */
export function CreditAdjustmentForm({
  userId,
  userName,
  balance,
  onAdjusted,
}: {
  userId: string;
  userName: string;
  balance: number;
  onAdjusted?: () => void;
}) {
  const adjust = useAdjustUserCredits();
  const [pending, setPending] = useState<Pending | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<AdjustmentValues>({ resolver: zodResolver(adjustmentSchema), defaultValues: { reason: '' } });

  // One key per submitted form: confirming the same submission again cannot adjust twice.
  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    setPending({ ...values, idempotencyKey: newIdempotencyKey() });
  });

  const confirm = () => {
    if (!pending) return;
    const { idempotencyKey, ...body } = pending;
    adjust.mutate(
      { userId, body, idempotencyKey },
      {
        onSuccess: (result) => {
          toast.success('Credits adjusted', { description: `New balance: ${pluralCredits(result.balance)}` });
          setPending(null);
          reset({ reason: '' });
          onAdjusted?.();
        },
        onError: (error) => {
          setPending(null);
          if (applyServerFieldErrors(error, setError, ['amount', 'reason'])) return;
          const message = errorMessage(error, 'Failed to adjust credits');
          setServerError(message);
          toast.error('Failed to adjust credits', { description: message });
        },
      },
    );
  };

  const adds = (pending?.amount ?? 0) > 0;
  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Adjust credits">
        <TextField
          label="Amount"
          error={errors.amount?.message}
          hint="A positive number adds credits, a negative number deducts them."
          type="number"
          step="1"
          inputMode="numeric"
          {...register('amount', { valueAsNumber: true })}
        />
        <TextareaField
          label="Reason"
          error={errors.reason?.message}
          hint="Required. It is saved on the ledger entry and the audit record."
          rows={2}
          {...register('reason')}
        />
        {serverError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {serverError}
          </p>
        )}
        <Button type="submit">Review adjustment</Button>
      </form>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && !adjust.isPending && setPending(null)}
        title={adds ? `Add ${pluralCredits(pending?.amount ?? 0)}?` : `Deduct ${pluralCredits(Math.abs(pending?.amount ?? 0))}?`}
        description={`${userName}'s balance goes from ${balance} to ${balance + (pending?.amount ?? 0)}.`}
        confirmLabel={adds ? 'Add credits' : 'Deduct credits'}
        danger={!adds}
        isPending={adjust.isPending}
        onConfirm={confirm}
      >
        <p className="text-sm text-slate-700">
          <span className="font-medium">Reason:</span> {pending?.reason}
        </p>
      </ConfirmDialog>
    </>
  );
}
