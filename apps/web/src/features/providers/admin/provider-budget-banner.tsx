import { AlertTriangle } from 'lucide-react';
import { providerSpendMessages } from '@lumen/core/admin/providers';

/** The red alert shown while today's hosted AI spend has reached the daily budget. */
export function ProviderBudgetBanner() {
  return (
    <div role="alert" className="mb-6 flex items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-red-600" aria-hidden="true" />
      <p className="font-medium">{providerSpendMessages.banner}</p>
    </div>
  );
}
