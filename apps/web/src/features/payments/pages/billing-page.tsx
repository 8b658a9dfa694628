import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useRefreshCredits } from '@/session/use-refresh-credits.ts';
import { paymentKeys } from '@/query-keys/payment-keys.ts';
import { openUpgradeModal } from '../api/upgrade-modal-events.ts';
import { AutoTopUpSection } from '../components/auto-top-up-section.tsx';
import { CreditSummary } from '../components/credit-summary.tsx';
import { InvoicesSection } from '../components/invoices-section.tsx';
import { PaymentMethodsSection } from '../components/payment-methods-section.tsx';
import { TransactionHistory } from '../components/transaction-history.tsx';
import { UsageHistory } from '../components/usage-history.tsx';

/**
 * /dashboard/account/billing, and /dashboard/billing: the payment return page (?payment=success from checkout,
 * ?redirect_status=… when Stripe comes back from a bank's confirmation page).
 */
export function BillingPage() {
  const [params] = useSearchParams();
  const redirectStatus = params.get('redirect_status');
  const paid = params.get('payment') === 'success' || redirectStatus === 'succeeded';
  const redirectFailed = redirectStatus === 'failed';
  const refreshCredits = useRefreshCredits();
  const queryClient = useQueryClient();

  // Back from a payment: the credits and invoices may have changed.
  useEffect(() => {
    if (!paid) return;
    void refreshCredits();
    void queryClient.invalidateQueries({ queryKey: paymentKeys.invoiceLists() });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return from checkout
  }, [paid]);

  return (
    <>
      <PageHeader
        title="Billing"
        description="Your credits, invoices, payment methods, transactions and usage."
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
      {redirectFailed && (
        <p role="alert" className="mb-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          Your payment was not completed. You have not been charged; please try again or use another card.
        </p>
      )}
      <CreditSummary />
      <InvoicesSection />
      <PaymentMethodsSection />
      <AutoTopUpSection />
      <TransactionHistory />
      <UsageHistory />
    </>
  );
}
