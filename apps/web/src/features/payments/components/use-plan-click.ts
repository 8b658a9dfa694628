import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { useAuth } from '@/session/auth-context.ts';
import { openSignupModal } from '@/session/auth-modal-events.ts';
import { openPaymentDialog } from '../api/payment-dialog-events.ts';

export const FREE_PLAN_NOTICE = "You're already on the Free plan";

/** Where a visitor who signs up for a paid plan lands: the pricing page, with that package selected. */
export function pricingPathFor(packageId: string): string {
  return `/company/pricing?package=${encodeURIComponent(packageId)}`;
}

type PlanChoice = 'free' | { pkg: CreditPackage; cardName: string };

/**
 * Purchase flow, for a click on a plan card:
 * - signed out: the sign-up modal (free → /dashboard afterwards; paid → /company/pricing with a message);
 * - signed in, free: "You're already on the Free plan";
 * - signed in, paid: select the package and open the payment dialog.
 * A click that arrives while the session is still being checked (the page is server-rendered, so its buttons are
 * there before the browser knows who is signed in) is held and answered as soon as the check ends, so a signed-in
 * user is never asked to sign up.
 */
export function usePlanClick({ onSelect, beforePayment }: { onSelect: (packageId: string) => void; beforePayment?: () => void }) {
  const { user, isLoading } = useAuth();
  const heldChoice = useRef<PlanChoice | null>(null);
  const answer = useCallback(
    (plan: PlanChoice) => {
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
  useEffect(() => {
    const plan = heldChoice.current;
    if (isLoading || !plan) return;
    heldChoice.current = null;
    answer(plan);
  }, [isLoading, answer]);
  return useCallback(
    (plan: PlanChoice) => {
      if (isLoading) heldChoice.current = plan;
      else answer(plan);
    },
    [isLoading, answer],
  );
}
