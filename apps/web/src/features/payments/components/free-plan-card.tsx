import { Check } from 'lucide-react';
import { FREE_PLAN } from '@lumen/core/credits/rules';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/features/auth/api/auth-context.ts';
import { openSignupModal } from '@/features/auth/api/auth-modal-events.ts';

/** The free Starter plan (SPEC.md §3): disabled as 'Current Plan' for signed-in users. */
export function FreePlanCard() {
  const { user } = useAuth();
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold text-slate-900">{FREE_PLAN.name}</h3>
      <p className="mt-4">
        <span className="text-4xl font-bold text-slate-900">${FREE_PLAN.price}</span>
        <span className="ml-1 text-sm text-slate-500">free forever</span>
      </p>
      <ul className="mt-6 space-y-2 text-sm text-slate-700">
        <li className="flex gap-2">
          <Check className="h-4 w-4 text-brand-600" aria-hidden="true" /> {FREE_PLAN.credits} credits to start
        </li>
        <li className="flex gap-2">
          <Check className="h-4 w-4 text-brand-600" aria-hidden="true" /> Every tool, AI Background unlimited
        </li>
        <li className="flex gap-2">
          <Check className="h-4 w-4 text-brand-600" aria-hidden="true" /> Preview your results
        </li>
      </ul>
      <Button className="mt-8" variant="outline" disabled={Boolean(user)} onClick={() => openSignupModal({ redirectTo: '/dashboard' })}>
        {user ? 'Current Plan' : 'Get Started'}
      </Button>
    </article>
  );
}
