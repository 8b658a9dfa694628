import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { packageCardName } from '@lumen/core/credits/rules';
import { useAuth } from '@/features/auth/api/auth-context.ts';
import { openLoginModal } from '@/features/auth/api/auth-modal-events.ts';
import { creditPackagesQueryOptions } from '@/features/credits/api/get-credit-packages.ts';
import { PAYMENT_OPEN_EVENT } from '../api/payment-dialog-events.ts';
import type { PaymentDialogRequest } from '../api/payment-dialog-events.ts';
import { checkPurchaseStart } from '../api/purchase-rules.ts';
import { CardPaymentDialog } from './card-payment-dialog.tsx';
import { CryptoPaymentDialog } from './crypto-payment-dialog.tsx';
import { PaymentMethodDialog } from './payment-method-dialog.tsx';
import { PACKAGES_LOAD_ERROR } from './use-pricing-data.ts';

type Step = 'method' | 'card' | 'crypto';
type State = { step: Step | null; pkg: CreditPackage; cardName: string };

/** Hosts the payment dialogs; opened by the 'payment:open' window event after the SPEC.md §5 checks. */
export function PaymentDialogs() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State | null>(null);
  const isSignedIn = useRef(false);
  useEffect(() => {
    isSignedIn.current = user !== null;
  }, [user]);

  useEffect(() => {
    const onOpen = async (event: Event) => {
      const packageId = (event as CustomEvent<PaymentDialogRequest | undefined>).detail?.packageId;
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
      setState({ step: 'method', pkg: check.pkg, cardName: packageCardName(check.pkg, check.indexInList) });
    };
    window.addEventListener(PAYMENT_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(PAYMENT_OPEN_EVENT, onOpen);
  }, [queryClient]);

  if (!state) return null;
  const go = (step: Step | null) => setState((current) => (current ? { ...current, step } : current));
  const closeUnless = (open: boolean) => {
    if (!open) go(null);
  };
  const { pkg, cardName, step } = state;
  return (
    <>
      <PaymentMethodDialog pkg={pkg} cardName={cardName} open={step === 'method'} onOpenChange={closeUnless} onChoose={(method) => go(method)} />
      <CardPaymentDialog pkg={pkg} cardName={cardName} open={step === 'card'} onOpenChange={closeUnless} onBack={() => go('method')} />
      <CryptoPaymentDialog pkg={pkg} cardName={cardName} open={step === 'crypto'} onOpenChange={closeUnless} onBack={() => go('method')} />
    </>
  );
}
