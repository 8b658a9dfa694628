import type { CreditPackage } from '@lumen/core/credits/schemas';
import { pricePerCredit } from '@lumen/core/credits/rules';
import { formatDollars } from '@/lib/format.ts';

/** What is being bought: credits, price and price per credit. */
export function OrderSummary({ pkg, cardName }: { pkg: CreditPackage; cardName: string }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-4 text-sm">
      <dt className="text-slate-600">Package</dt>
      <dd className="text-right font-semibold text-slate-900">{cardName}</dd>
      <dt className="text-slate-600">Credits</dt>
      <dd className="text-right font-semibold text-slate-900">{pkg.creditsAmount}</dd>
      <dt className="text-slate-600">Price per credit</dt>
      <dd className="text-right text-slate-900">${pricePerCredit(pkg.price, pkg.creditsAmount)}</dd>
      <dt className="border-t border-slate-200 pt-2 font-semibold text-slate-900">Total (one-time)</dt>
      <dd className="border-t border-slate-200 pt-2 text-right text-lg font-bold text-slate-900">{formatDollars(pkg.price)}</dd>
    </dl>
  );
}
