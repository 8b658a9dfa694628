import { Bitcoin, CreditCard } from 'lucide-react';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { CRYPTO_MIN_AMOUNT_EXCLUSIVE, isCryptoOffered } from '@lumen/core/payments/crypto';
import { Dialog } from '@/components/ui/dialog.tsx';
import { formatDollars } from '@/lib/format.ts';
import { PURCHASES_UNAVAILABLE_MESSAGE, usePaymentConfigQuery } from '../api/payment-config.ts';

export type PaymentMethod = 'card' | 'crypto';

function MethodButton({
  icon: Icon,
  title,
  detail,
  onClick,
}: {
  icon: typeof CreditCard;
  title: string;
  detail: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-center gap-4 rounded-xl border border-slate-200 p-4 text-left transition hover:border-brand-400 hover:bg-brand-50"
    >
      <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <span>
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="block text-xs text-slate-600">{detail}</span>
      </span>
    </button>
  );
}

/**
 * Card when the server takes cards (GET /payment/config `available`); crypto only when it takes crypto and for a credit purchase above the crypto threshold, which an
 * admin sets on /admin/settings (GET /payment/config cryptoMinimumAmount; 19.20 until it has loaded).
 */
export function PaymentMethodDialog({
  pkg,
  cardName,
  open,
  onOpenChange,
  onChoose,
}: {
  pkg: CreditPackage;
  cardName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (method: PaymentMethod) => void;
}) {
  const config = usePaymentConfigQuery(open);
  const threshold = config.data?.cryptoMinimumAmount ?? CRYPTO_MIN_AMOUNT_EXCLUSIVE;
  // While the threshold loads, neither the crypto option nor the note shows (no option that then vanishes).
  const loading = config.isPending;
  const cryptoOffered = isCryptoOffered('CREDIT_PURCHASE', pkg.price, threshold);
  // A kind the server cannot take (no keys, no test mode) is not offered; its routes would answer 503.
  const available = config.data?.available ?? { card: true, crypto: true };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Choose Payment Method"
      description="Choose your preferred payment method to complete the purchase."
    >
      <p className="mb-4 text-sm text-slate-700">
        {cardName}: {pkg.creditsAmount} credits for {formatDollars(pkg.price)}
      </p>
      <div className="space-y-3">
        {!available.card && !available.crypto ? <p className="text-sm text-slate-700">{PURCHASES_UNAVAILABLE_MESSAGE}</p> : null}
        {available.card && (
          <MethodButton
            icon={CreditCard}
            title="Credit or Debit Card"
            detail="Visa, Mastercard, American Express — processed by Stripe"
            onClick={() => onChoose('card')}
          />
        )}
        {loading || !available.crypto ? null : cryptoOffered ? (
          <MethodButton
            icon={Bitcoin}
            title="Cryptocurrency"
            detail="300+ cryptocurrencies, 0.5-1% fees versus 2.9% for cards"
            onClick={() => onChoose('crypto')}
          />
        ) : (
          <p className="text-xs text-slate-500">Cryptocurrency payment is available for purchases above {formatDollars(threshold)}.</p>
        )}
      </div>
    </Dialog>
  );
}
