import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { CheckoutPendingNotice } from './checkout-pending-notice.tsx';
import { OrderSummary } from './order-summary.tsx';
import type { PaymentStepDialogProps } from './payment-step-dialog-props.ts';

/** SPEC.md §2 crypto dialog, first step (Select Cryptocurrency); the steps after it arrive with payments. */
export function CryptoPaymentDialog({ pkg, cardName, open, onOpenChange, onBack }: PaymentStepDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Select Cryptocurrency" description={`Pay for ${cardName} with one of 300+ cryptocurrencies.`}>
      <OrderSummary pkg={pkg} cardName={cardName} />
      <CheckoutPendingNotice>Cryptocurrency payments open with the payments release.</CheckoutPendingNotice>
      <div className="mt-5 flex">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
      </div>
    </Dialog>
  );
}
