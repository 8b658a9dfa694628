import { Link } from 'react-router';
import { Coins } from 'lucide-react';
import { displayedCredit } from '@lumen/core/credits/rules';
import { useAuth } from '@/session/auth-context.ts';
import { useCreditBalanceQuery } from '@/features/credits/api/credit-balance.ts';

/** The user's credit balance: GET /credits/balance, else the user's own (10 only when absent). */
export function CreditBadge() {
  const { user } = useAuth();
  const { data } = useCreditBalanceQuery(user !== null);
  const balance = data?.balance ?? displayedCredit(user?.credit).balance;
  return (
    <Link
      to="/dashboard/account/billing"
      className="inline-flex items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-100"
      title="Credit balance"
    >
      <Coins className="h-4 w-4" aria-hidden="true" />
      <span>{balance}</span>
      <span className="sr-only font-normal sm:not-sr-only">credits</span>
    </Link>
  );
}
