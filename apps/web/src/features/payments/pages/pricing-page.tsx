import { useSearchParams } from 'react-router';
import { Gift, Headphones, Lock, ShieldCheck } from 'lucide-react';
import { FREE_PLAN, usesFor } from '@lumen/core/credits/rules';
import { Button } from '@/components/ui/button.tsx';
import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { costLabel, services } from '@/lib/service-details.ts';
import { useAuth } from '@/features/auth/api/auth-context.ts';
import { openLoginModal, openSignupModal } from '@/features/auth/api/auth-modal-events.ts';
import { FreePlanCard } from '../components/free-plan-card.tsx';

const trustNotes = [
  { icon: ShieldCheck, text: '30-day money-back guarantee' },
  { icon: Lock, text: 'Secure payment processing' },
  { icon: Headphones, text: '24/7 customer support' },
];

/** /company/pricing, and /pricing (the checkout's cancel target, ?payment=cancelled). */
export function PricingPage({ embedded = false }: { embedded?: boolean }) {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const cancelled = params.get('payment') === 'cancelled';

  const content = (
    <>
      <PageHeader
        eyebrow="Pricing"
        title="Choose the Perfect Plan for Your Creative Needs"
        description="One-time credit packages, no subscription. Start free, top up when you need more."
      />
      {cancelled && (
        <p role="status" className="mb-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Payment cancelled. You have not been charged.
        </p>
      )}
      <p className="mb-8 flex items-start gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
        <Gift className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          Share Lumen Studio on social media or contact our team to earn <strong>FREE CREDITS</strong>.
        </span>
      </p>

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          <FreePlanCard />
          <div className="md:col-span-1 lg:col-span-2">
            <ComingSoonNotice title="Credit packages">Credit packages and checkout arrive in the next release.</ComingSoonNotice>
          </div>
        </div>
      </section>

      {!user && (
        <section className="mt-10 rounded-2xl bg-ink px-6 py-8 text-center text-white">
          <h2 className="text-xl font-semibold">Start creating today</h2>
          <div className="mt-5 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button variant="light" size="lg" onClick={() => openSignupModal({ redirectTo: '/dashboard' })}>
              Sign Up for Free
            </Button>
            <button type="button" className="text-sm font-medium text-brand-200 hover:underline" onClick={() => openLoginModal()}>
              Already have an account? Sign In
            </button>
          </div>
          <p className="mt-4 text-sm text-slate-300">No credit card required for free plan • 30-second setup</p>
        </section>
      )}

      <section aria-labelledby="usage-heading" className="mt-12">
        <h2 id="usage-heading" className="text-xl font-semibold text-slate-900">Service Usage Comparison</h2>
        <div className="mt-4 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">How many times each service can be used with each plan</caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Service</th>
                <th scope="col" className="px-4 py-3 font-semibold">{FREE_PLAN.name} ({FREE_PLAN.credits} credits)</th>
              </tr>
            </thead>
            <tbody>
              {services.map((service) => {
                const uses = usesFor(FREE_PLAN.credits, service.cost);
                return (
                  <tr key={service.key} className="border-t border-slate-100">
                    <th scope="row" className="px-4 py-3 font-medium text-slate-900">{service.name}</th>
                    <td className="px-4 py-3 text-slate-700">{uses === 'unlimited' ? 'Unlimited' : `${uses} uses`}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="cost-heading" className="mt-12">
        <h2 id="cost-heading" className="text-xl font-semibold text-slate-900">Credit Cost Reference</h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.key} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
              <service.icon className="h-5 w-5 text-brand-600" aria-hidden="true" />
              <span className="flex-1 text-sm font-medium text-slate-900">{service.name}</span>
              <span className="text-sm text-slate-600">{costLabel(service.cost)}</span>
            </li>
          ))}
        </ul>
      </section>

      <ul className="mt-12 grid gap-4 sm:grid-cols-3">
        {trustNotes.map((note) => (
          <li key={note.text} className="flex items-center gap-3 rounded-xl bg-slate-50 p-4 text-sm font-medium text-slate-800">
            <note.icon className="h-5 w-5 text-brand-600" aria-hidden="true" /> {note.text}
          </li>
        ))}
      </ul>
    </>
  );

  return embedded ? content : <PageContainer>{content}</PageContainer>;
}
