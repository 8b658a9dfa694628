import { ArrowRight } from 'lucide-react';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { packageCardName } from '@lumen/core/credits/rules';
import { Button } from '@/components/ui/button.tsx';
import { formatDollars } from '@/lib/format.ts';
import { openPaymentDialog } from '../api/payment-dialog-events.ts';

/** The selected package and the button that starts its purchase (the payment dialog checks the purchase rules). */
export function SelectedPackageBar({
  packages,
  selectedId,
  disabled = false,
}: {
  packages: CreditPackage[];
  selectedId: string | null;
  /** The server takes no payments (the pricing page says so). */
  disabled?: boolean;
}) {
  const index = packages.findIndex((pkg) => pkg.id === selectedId);
  const pkg = packages[index];
  return (
    <div className="mt-6 flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-brand-900" aria-live="polite">
        {pkg ? (
          <>
            Selected: <strong>{packageCardName(pkg, index)}</strong> — {pkg.creditsAmount} credits for {formatDollars(pkg.price)}
          </>
        ) : (
          'No credit package selected.'
        )}
      </p>
      <Button disabled={disabled} onClick={() => openPaymentDialog({ packageId: selectedId })}>
        Continue to Payment <ArrowRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
