import { AlertTriangle, CheckCircle2, Plus } from 'lucide-react';
import { isLowBalance } from '@lumen/core/credits/rules';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { openUpgradeModal } from '@/features/payments/api/upgrade-modal-events.ts';

/** Balance and spent, with 'Good standing' above 2 credits and a low-balance warning at 2 or less. */
export function BalanceCards({ balance, spent }: { balance: number; spent: number }) {
  const low = isLowBalance(balance);
  return (
    <section aria-label="Credits" className="space-y-4">
      {low && (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-2 text-sm">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              <strong>Low balance:</strong> you have {balance} credit{balance === 1 ? '' : 's'} left. Buy credits to keep creating.
            </span>
          </p>
          <Button size="sm" onClick={openUpgradeModal}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Buy credits
          </Button>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <Card>
          <p className="text-sm text-slate-600">Credit balance</p>
          <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="credit-balance">
            {balance}
          </p>
          <p className={low ? 'mt-1 text-xs font-semibold text-amber-700' : 'mt-1 flex items-center gap-1 text-xs text-emerald-700'}>
            {low ? (
              'Low balance'
            ) : (
              <>
                <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" /> Good standing
              </>
            )}
          </p>
        </Card>
        <Card>
          <p className="text-sm text-slate-600">Credits spent</p>
          <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="credit-spent">
            {spent}
          </p>
        </Card>
        <Card className="flex flex-col justify-between bg-gradient-to-br from-brand-600 to-brand-800 text-white">
          <p className="text-sm text-brand-100">Need more credits?</p>
          <button
            type="button"
            onClick={openUpgradeModal}
            className="mt-3 inline-flex items-center gap-1 text-left font-semibold hover:underline"
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Upgrade your plan
          </button>
        </Card>
      </div>
    </section>
  );
}
