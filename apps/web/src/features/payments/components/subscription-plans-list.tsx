import { useMutation } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import type { SubscriptionPlan } from '@lumen/core/credits/schemas';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDollars } from '@/lib/format.ts';
import { useAuth } from '@/session/auth-context.ts';
import { openSignupModal } from '@/session/auth-modal-events.ts';
import { goToCheckout } from '../api/checkout-redirect.ts';
import { useSubscriptionPlansQuery } from '../api/subscription-plans.ts';
import { startSubscriptionCheckout } from '../api/subscription.ts';

/**
 * GET /payment/plans; Subscribe opens checkout (POST /payment/checkout/subscription, then the browser goes to data.url).
 * A visitor is asked to create an account first and comes back to /dashboard/subscription.
 */
export function SubscriptionPlansList({ currentPlanId, subscribed }: { currentPlanId?: string | null; subscribed: boolean }) {
  const { user } = useAuth();
  const { data, isPending, isError, refetch } = useSubscriptionPlansQuery();
  const checkout = useMutation({
    mutationFn: startSubscriptionCheckout,
    onSuccess: ({ url }) => goToCheckout(url),
    onError: (error) => toast.error('Failed to start checkout', { description: errorMessage(error, 'Please try again.') }),
  });
  const subscribe = (plan: SubscriptionPlan) => {
    if (user) checkout.mutate(plan.id);
    else
      openSignupModal({
        redirectTo: '/dashboard/subscription',
        message: `Create your free account first; then you can subscribe to the ${plan.name} plan.`,
      });
  };
  if (isPending) return <Spinner label="Loading subscription plans…" />;
  if (isError) return <ErrorState message="Failed to load subscription plans" onRetry={() => void refetch()} />;
  if (data.length === 0)
    return <EmptyState title="No monthly plans at the moment">One-time credit packages are always available.</EmptyState>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {data.map((plan) => {
        const current = plan.id === currentPlanId;
        return (
          <li key={plan.id} aria-label={plan.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-semibold text-slate-900">{plan.name}</h3>
              {current && <Badge tone="success">Your plan</Badge>}
            </div>
            {plan.description && <p className="mt-1 text-sm text-slate-600">{plan.description}</p>}
            <p className="mt-3">
              <span className="text-2xl font-bold text-slate-900">{formatDollars(plan.price)}</span>
              <span className="text-sm text-slate-500"> / {plan.interval}</span>
            </p>
            <p className="text-sm text-slate-700">
              {plan.creditsPerPeriod} credits every {plan.interval}
            </p>
            {plan.features.length > 0 && (
              <ul className="mt-3 space-y-1 text-sm text-slate-700">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" /> {feature}
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-auto pt-5">
              <Button
                className="w-full"
                variant={current ? 'outline' : 'primary'}
                disabled={subscribed || checkout.isPending}
                onClick={() => subscribe(plan)}
                aria-label={`Subscribe to ${plan.name}`}
              >
                {current ? 'Current plan' : checkout.isPending && checkout.variables === plan.id ? 'Opening checkout…' : 'Subscribe'}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
