import type { CreditPackage } from '@lumen/core/credits/schemas';

/** What PaymentDialogs gives each payment method's step: the package, its card name, open state, the way back and the success callback. */
export type PaymentStepDialogProps = {
  pkg: CreditPackage;
  cardName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onBack: () => void;
  /** The purchase is paid and its credits granted. */
  onPaid: () => void;
};
