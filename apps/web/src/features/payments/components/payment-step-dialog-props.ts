import type { CreditPackage } from '@lumen/core/credits/schemas';

/** What PaymentDialogs gives each payment method's step: the package, its card name, open state and the way back. */
export type PaymentStepDialogProps = {
  pkg: CreditPackage;
  cardName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onBack: () => void;
};
