import { useState } from 'react';
import { CreditCard } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { usePaymentMethodsQuery, useRemoveMethodMutation, useSetDefaultMethodMutation } from '../api/payment-methods.ts';
import type { SavedPaymentMethod } from '../api/payment-methods.ts';

const cardLabel = (method: SavedPaymentMethod) => `${method.brand[0]?.toUpperCase() ?? ''}${method.brand.slice(1)} •••• ${method.last4}`;

/** Saved cards: which one is the default, and removing one (after a confirm). */
export function PaymentMethodsSection() {
  const methods = usePaymentMethodsQuery();
  const setDefault = useSetDefaultMethodMutation();
  const remove = useRemoveMethodMutation();
  const [removing, setRemoving] = useState<SavedPaymentMethod | null>(null);

  return (
    <section aria-labelledby="methods-heading" className="mt-10">
      <h2 id="methods-heading" className="text-lg font-semibold text-slate-900">
        Payment methods
      </h2>
      <p className="text-sm text-slate-600">Cards saved with Stripe when you paid. Card details are never stored on our servers.</p>
      <div className="mt-4">
        {methods.isPending ? (
          <Spinner label="Loading payment methods…" />
        ) : methods.isError ? (
          <ErrorState message="Failed to load payment methods" onRetry={() => void methods.refetch()} />
        ) : methods.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
            No saved payment methods.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white" aria-label="Saved cards">
            {methods.data.map((method) => (
              <li key={method.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                <span className="flex items-center gap-3">
                  <CreditCard className="h-5 w-5 text-slate-500" aria-hidden="true" />
                  <span className="font-medium text-slate-900">{cardLabel(method)}</span>
                  <span className="text-slate-500">
                    expires {String(method.expMonth).padStart(2, '0')}/{String(method.expYear).slice(-2)}
                  </span>
                  {method.isDefault && <Badge tone="brand">Default</Badge>}
                </span>
                <span className="flex gap-2">
                  {!method.isDefault && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={setDefault.isPending}
                      onClick={() =>
                        setDefault.mutate(method.id, {
                          onSuccess: () => toast.success('Default payment method updated'),
                          onError: (error) => toast.error(errorMessage(error, 'Failed to update the default payment method')),
                        })
                      }
                    >
                      Make default
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(method)} aria-label={`Remove ${cardLabel(method)}`}>
                    Remove
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this card?"
        description={removing ? `${cardLabel(removing)} will no longer be available for payments.` : undefined}
        confirmLabel="Remove card"
        danger
        isPending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success('Payment method removed');
              setRemoving(null);
            },
            onError: (error) => toast.error(errorMessage(error, 'Failed to remove the payment method')),
          })
        }
      />
    </section>
  );
}
