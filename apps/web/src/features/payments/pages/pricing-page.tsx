import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Gift } from 'lucide-react';
import { toast } from 'sonner';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { pricingStory } from '@lumen/core/credits/pricing-story';
import { useAuth } from '@/session/auth-context.ts';
import { CreditCostReference } from '../components/credit-cost-reference.tsx';
import { MonthlyPlansSection } from '../components/monthly-plans-section.tsx';
import { PlanGridSection } from '../components/plan-grid-section.tsx';
import { SelectedPackageBar } from '../components/selected-package-bar.tsx';
import { SignUpPrompt } from '../components/sign-up-prompt.tsx';
import { TrustNotes } from '../components/trust-notes.tsx';
import { UsageComparisonTable } from '../components/usage-comparison-table.tsx';
import { resolveSelection, usePricingData } from '../components/use-pricing-data.ts';
import { PURCHASES_UNAVAILABLE_MESSAGE, usePaymentConfigQuery } from '../api/payment-config.ts';

export const PICK_PACKAGE_MESSAGE = 'Your account is ready! Pick your credit package to complete the purchase.';

/** /company/pricing, and /pricing (the checkout's cancel target, ?payment=cancelled). */
export function PricingPage({ embedded = false }: { embedded?: boolean }) {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const cancelled = params.get('payment') === 'cancelled';
  const { packages, services, isLoading } = usePricingData();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const selectedId = resolveSelection(packages, chosenId);
  const paymentConfig = usePaymentConfigQuery();
  const purchasesUnavailable = paymentConfig.data ? !paymentConfig.data.available.card && !paymentConfig.data.available.crypto : false;

  // After signing up from a paid plan: back here, with that package selected and a message.
  const returningPackage = params.get('package');
  useEffect(() => {
    if (!returningPackage || !user) return;
    setChosenId(returningPackage);
    toast.success(PICK_PACKAGE_MESSAGE);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('package');
        return next;
      },
      { replace: true },
    );
  }, [returningPackage, user, setParams]);

  const content = (
    <>
      <PageHeader
        eyebrow="Pricing"
        title="Choose the Perfect Plan for Your Creative Needs"
        description={`Start free. ${pricingStory.summary}`}
      />
      {cancelled && (
        <p role="status" className="mb-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Payment cancelled. You have not been charged.
        </p>
      )}
      {purchasesUnavailable && (
        <p role="alert" className="mb-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {PURCHASES_UNAVAILABLE_MESSAGE}
        </p>
      )}
      <p className="mb-8 flex items-start gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
        <Gift className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          Share Lumen Studio on social media or{' '}
          <Link to="/contact" className="font-semibold underline underline-offset-2">
            contact our team
          </Link>{' '}
          to earn <strong>FREE CREDITS</strong>.
        </span>
      </p>

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        <PlanGridSection selectedId={selectedId} onSelect={setChosenId} />
        {!isLoading && packages.length > 0 && (
          <SelectedPackageBar packages={packages} selectedId={selectedId} disabled={purchasesUnavailable} />
        )}
      </section>

      <MonthlyPlansSection />

      {!user && <SignUpPrompt />}

      <UsageComparisonTable packages={packages} services={services} />
      <CreditCostReference services={services} />
      <TrustNotes />
    </>
  );

  return embedded ? content : <PageContainer>{content}</PageContainer>;
}
