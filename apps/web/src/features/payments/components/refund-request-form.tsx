import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { refundRequestBodySchema } from '@lumen/core/payments/billing';
import type { RefundRequestBody } from '@lumen/core/payments/billing';
import { Button } from '@/components/ui/button.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useRequestRefundMutation } from '../api/invoices.ts';

/** Asks for a refund of one paid order (30-day window, checked again by the server). */
export function RefundRequestForm({ invoiceId, onDone }: { invoiceId: string; onDone: () => void }) {
  const mutation = useRequestRefundMutation(invoiceId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RefundRequestBody>({ resolver: zodResolver(refundRequestBodySchema) });
  return (
    <form
      aria-label="Request a refund"
      noValidate
      className="mt-3 space-y-3"
      onSubmit={handleSubmit((values) =>
        mutation.mutate(values.reason, {
          onSuccess: () => {
            toast.success('Refund requested', { description: 'We will review your request and reply by e-mail.' });
            onDone();
          },
          onError: (error) => toast.error('Failed to request a refund', { description: errorMessage(error, 'Please try again.') }),
        }),
      )}
    >
      <TextareaField
        label="Why would you like a refund?"
        error={errors.reason?.message}
        hint="At least 10 characters."
        rows={3}
        {...register('reason')}
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending…' : 'Send request'}
        </Button>
      </div>
    </form>
  );
}
