import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { CreditSummary } from '../components/credit-summary.tsx';

/** /dashboard/account/billing, and /dashboard/billing (the payment return page, ?payment=success). */
export function BillingPage() {
  const [params] = useSearchParams();
  const paid = params.get('payment') === 'success';
  return (
    <>
      <PageHeader
        title="Billing"
        description="Your credits, purchases and invoices."
        actions={
          <Button asChild>
            <Link to="/company/pricing">Buy credits</Link>
          </Button>
        }
      />
      {paid && (
        <p role="status" className="mb-6 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          Thank you! Your payment was received; the credits are added as soon as the payment provider confirms it.
        </p>
      )}
      <CreditSummary />
      <div className="mt-6">
        <ComingSoonNotice title="Purchases and invoices">
          Credit packages and checkout arrive in the next release, together with your transaction history and invoices.
        </ComingSoonNotice>
      </div>
    </>
  );
}
