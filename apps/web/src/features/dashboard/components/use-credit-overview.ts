import { useMemo } from 'react';
import { displayedCredit, usesFor } from '@lumen/core/credits/rules';
import { withCosts } from '@/lib/service-details.ts';
import type { ServiceDetails } from '@/lib/service-details.ts';
import { useAuth } from '@/session/auth-context.ts';
import { useServiceCostsQuery } from '@/features/credits/api/service-costs.ts';
import { usePaymentUsageQuery } from '@/features/payments/api/payment-usage.ts';

export type ServiceUses = ServiceDetails & { usesLeft: number | 'unlimited' };

/**
 * Balance, spent and uses left per service: GET /payment/usage when it answers, else the signed-in
 * user's credit (10 and 0 only when absent) with the costs of GET /credits/costs.
 */
export function useCreditOverview() {
  const { user } = useAuth();
  const usage = usePaymentUsageQuery(user !== null);
  const costs = useServiceCostsQuery();
  const fallback = displayedCredit(user?.credit);
  const balance = usage.data?.balance ?? fallback.balance;
  const spent = usage.data?.spent ?? fallback.spent;

  const services = useMemo<ServiceUses[]>(() => {
    const live = new Map(usage.data?.services.map((service) => [service.serviceKey, service]));
    return withCosts(costs.data).map((service) => {
      const fromServer = live.get(service.key);
      const cost = fromServer?.cost ?? service.cost;
      return { ...service, cost, usesLeft: fromServer?.usesLeft ?? usesFor(balance, cost) };
    });
  }, [usage.data, costs.data, balance]);

  return {
    balance,
    spent,
    services,
    plan: usage.data?.plan,
    hasPurchased: usage.data?.hasPurchased ?? false,
    isLoading: usage.isPending && user !== null,
  };
}
