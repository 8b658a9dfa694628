import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useRefreshCredits } from '@/features/credits/api/use-refresh-credits.ts';
import { openUpgradeModal } from '../api/upgrade-modal-events.ts';
import { CreditSummary } from '../components/credit-summary.tsx';
import { TransactionHistory } from '../components/transaction-history.tsx';
import { UsageHistory } from '../components/usage-history.tsx';

/** /dashboard/account/billing, and /dashboard/billing (the payment return page, ?payment=success). */
export function BillingPage() {
  const [params] = useSearchParams();
  const paid = params.get('payment') === 'success';
  const refreshCredits = useRefreshCredits();

  // Back from a payment: the credits may have changed.
  useEffect(() => {
    if (paid) void refreshCredits();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return from checkout
  }, [paid]);

  return (
    <>
      <PageHeader
        title="Billing"
        description="Your credits, transactions and usage."
        actions={
          <Button onClick={openUpgradeModal}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Buy credits
          </Button>
        }
      />
      {paid && (
        <p role="status" className="mb-6 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          Thank you! Your payment was received; the credits are added as soon as the payment provider confirms it.
        </p>
      )}
      <CreditSummary />
      <TransactionHistory />
      <UsageHistory />
    </>
  );
}
