import type { LedgerEntryKind } from '@lumen/core/credits/schemas';
import { serviceNames } from '@lumen/core/services/catalogue';

export const ledgerKindLabels: Record<LedgerEntryKind, string> = {
  signup_bonus: 'Free plan credits',
  purchase: 'Purchase',
  job_charge: 'Tool use',
  job_refund: 'Refund for a failed job',
  admin_adjustment: 'Adjustment',
  payment_refund: 'Payment refund',
  subscription_grant: 'Subscription credits',
};

export function serviceName(serviceKey: string | null): string {
  if (!serviceKey) return '—';
  return (serviceNames as Record<string, string>)[serviceKey] ?? serviceKey;
}
