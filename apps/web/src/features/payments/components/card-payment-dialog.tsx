import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { formatDollars } from '@/lib/format.ts';
import { CheckoutPendingNotice } from './checkout-pending-notice.tsx';
import { OrderSummary } from './order-summary.tsx';
import type { PaymentStepDialogProps } from './payment-step-dialog-props.ts';

/** SPEC.md §2 card purchase dialog. Its confirm step says checkout opens in the next release. */
export function CardPaymentDialog({ pkg, cardName, open, onOpenChange, onBack }: PaymentStepDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Purchase Credits - ${cardName}`}
      description="Complete your credit purchase using Stripe's secure payment system."
    >
      <OrderSummary pkg={pkg} cardName={cardName} />
      <CheckoutPendingNotice>Card payments through Stripe open with the payments release.</CheckoutPendingNotice>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button disabled>
          Pay {formatDollars(pkg.price)}
        </Button>
      </div>
    </Dialog>
  );
}
