import { balanceStanding, displayedCredit } from '@lumen/core/credits/rules';
import { Card } from '@/components/ui/card.tsx';
import { useAuth } from '@/features/auth/api/auth-context.ts';
import { usePaymentUsageQuery } from '../api/get-payment-usage.ts';

export function CreditSummary() {
  const { user } = useAuth();
  const usage = usePaymentUsageQuery(user !== null);
  const fallback = displayedCredit(user?.credit);
  const balance = usage.data?.balance ?? fallback.balance;
  const spent = usage.data?.spent ?? fallback.spent;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card>
        <p className="text-sm text-slate-600">Credit balance</p>
        <p className="mt-1 text-3xl font-bold text-slate-900">{balance}</p>
        <p className="mt-1 text-xs text-slate-500">{balanceStanding(balance)}</p>
      </Card>
      <Card>
        <p className="text-sm text-slate-600">Credits spent</p>
        <p className="mt-1 text-3xl font-bold text-slate-900">{spent}</p>
      </Card>
    </div>
  );
}
