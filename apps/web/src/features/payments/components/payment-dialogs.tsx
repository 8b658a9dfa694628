import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { packageCardName } from '@lumen/core/credits/rules';
import { useAuth } from '@/session/auth-context.ts';
import { openLoginModal } from '@/session/auth-modal-events.ts';
import { creditPackagesQueryOptions } from '@/features/credits/api/credit-packages.ts';
import { useRefreshCredits } from '@/session/use-refresh-credits.ts';
import { paymentConfigQueryOptions } from '../api/payment-config.ts';
import { PAYMENT_OPEN_EVENT } from '../api/payment-dialog-events.ts';
import type { PaymentDialogRequest } from '../api/payment-dialog-events.ts';
import { paymentKeys } from '@/query-keys/payment-keys.ts';
import { checkPurchaseStart } from '../api/purchase-rules.ts';
import { CardPaymentDialog } from './card-payment-dialog.tsx';
import { CryptoPaymentDialog } from './crypto-payment-dialog.tsx';
import { PaymentMethodDialog } from './payment-method-dialog.tsx';
import { PACKAGES_LOAD_ERROR } from './use-pricing-data.ts';

export const PAYMENT_SUCCESS_TITLE = 'Payment Successful';
export const PURCHASE_SUCCESS_MESSAGE = 'Purchase successful — Your credits have been added to your account';

type Step = 'method' | 'card' | 'crypto';
/** `opening` changes on every open, so each payment starts from a fresh dialog state. */
type State = { step: Step | null; pkg: CreditPackage; cardName: string; opening: number };

/** Hosts the payment dialogs; opened by the 'payment:open' window event after the purchase checks (signed in, verified e-mail). */
export function PaymentDialogs() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const refreshCredits = useRefreshCredits();
  const [state, setState] = useState<State | null>(null);
  const isSignedIn = useRef(false);
  // A layout effect, so the open handler sees the new user even when a sibling's effect opens the dialog in the same commit.
  useLayoutEffect(() => {
    isSignedIn.current = user !== null;
  }, [user]);

  useEffect(() => {
    const onOpen = async (event: Event) => {
      const packageId = (event as CustomEvent<PaymentDialogRequest | undefined>).detail?.packageId;
      // The crypto threshold (an admin setting) loads beside the packages; the method dialog reads it.
      void queryClient.prefetchQuery(paymentConfigQueryOptions());
      let packages: CreditPackage[] = [];
      if (isSignedIn.current && packageId) {
        try {
          packages = await queryClient.fetchQuery(creditPackagesQueryOptions());
        } catch {
          toast.error(PACKAGES_LOAD_ERROR);
          return;
        }
      }
      const check = checkPurchaseStart({ isSignedIn: isSignedIn.current, packageId, packages });
      if (!check.ok) {
        const signIn = check.title === 'Authentication required' ? { action: { label: 'Sign In', onClick: () => openLoginModal() } } : {};
        toast.error(check.title, { description: check.description, ...signIn });
        return;
      }
      setState((current) => ({
        step: 'method',
        pkg: check.pkg,
        cardName: packageCardName(check.pkg, check.indexInList),
        opening: (current?.opening ?? 0) + 1,
      }));
    };
    window.addEventListener(PAYMENT_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(PAYMENT_OPEN_EVENT, onOpen);
  }, [queryClient]);

  const pkg = state?.pkg;
  const cardName = state?.cardName;
  const onPaid = useCallback(() => {
    if (!pkg) return;
    toast.success(PAYMENT_SUCCESS_TITLE, { description: `Your purchase of ${pkg.creditsAmount} credits (${cardName}) is complete.` });
    toast.success(PURCHASE_SUCCESS_MESSAGE);
    setState((current) => (current ? { ...current, step: null } : current));
    void refreshCredits();
    void queryClient.invalidateQueries({ queryKey: paymentKeys.invoiceLists() });
    // A card saved with this payment shows on the billing page without a reload.
    void queryClient.invalidateQueries({ queryKey: paymentKeys.methods() });
  }, [pkg, cardName, refreshCredits, queryClient]);

  if (!state) return null;
  const go = (step: Step | null) => setState((current) => (current ? { ...current, step } : current));
  const closeUnless = (open: boolean) => {
    if (!open) go(null);
  };
  const { step, opening } = state;
  const props = { pkg: state.pkg, cardName: state.cardName, onOpenChange: closeUnless, onBack: () => go('method'), onPaid };
  return (
    <>
      <PaymentMethodDialog
        pkg={state.pkg}
        cardName={state.cardName}
        open={step === 'method'}
        onOpenChange={closeUnless}
        onChoose={(method) => go(method)}
      />
      <CardPaymentDialog key={`card-${opening}`} open={step === 'card'} {...props} />
      <CryptoPaymentDialog key={`crypto-${opening}`} open={step === 'crypto'} {...props} />
    </>
  );
}
