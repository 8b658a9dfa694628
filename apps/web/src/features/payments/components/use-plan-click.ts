import { useCallback } from 'react';
import { toast } from 'sonner';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { useAuth } from '@/features/auth/api/auth-context.ts';
import { openSignupModal } from '@/features/auth/api/auth-modal-events.ts';
import { openPaymentDialog } from '../api/payment-dialog-events.ts';

export const FREE_PLAN_NOTICE = "You're already on the Free plan";

/** Where a visitor who signs up for a paid plan lands: the pricing page, with that package selected. */
export function pricingPathFor(packageId: string): string {
  return `/company/pricing?package=${encodeURIComponent(packageId)}`;
}

/**
 * Purchase flow, for a click on a plan card:
 * - signed out: the sign-up modal (free → /dashboard afterwards; paid → /company/pricing with a message);
 * - signed in, free: "You're already on the Free plan";
 * - signed in, paid: select the package and open the payment dialog.
 */
export function usePlanClick({ onSelect, beforePayment }: { onSelect: (packageId: string) => void; beforePayment?: () => void }) {
  const { user } = useAuth();
  return useCallback(
    (plan: 'free' | { pkg: CreditPackage; cardName: string }) => {
      if (plan === 'free') {
        if (user) toast.info(FREE_PLAN_NOTICE);
        else openSignupModal({ redirectTo: '/dashboard' });
        return;
      }
      onSelect(plan.pkg.id);
      if (!user) {
        beforePayment?.();
        openSignupModal({
          redirectTo: pricingPathFor(plan.pkg.id),
          message: `Create your free account first; then you can buy the ${plan.cardName} package.`,
        });
        return;
      }
      beforePayment?.();
      openPaymentDialog({ packageId: plan.pkg.id });
    },
    [user, onSelect, beforePayment],
  );
}
