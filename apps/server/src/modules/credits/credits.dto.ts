import { centsToDollars } from '@lumen/core/credits/rules';
import type { CreditPackage, LedgerEntry } from '@lumen/core/credits/schemas';
import { serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { CreditLedgerRow, CreditPackageRow } from './tables.ts';

export function serviceNameOf(serviceKey: string | null): string {
  if (!serviceKey) return 'AI service';
  return serviceNames[serviceKey as ServiceKey] ?? serviceKey;
}

/** The human text of a ledger row, as the history lists show it. */
export function describeLedgerEntry(row: Pick<CreditLedgerRow, 'kind' | 'reason' | 'serviceKey'>): string {
  switch (row.kind) {
    case 'signup_bonus':
      return 'Free plan credits';
    case 'purchase':
      return row.reason ?? 'Credit purchase';
    case 'subscription_grant':
      return row.reason ?? 'Subscription credits';
    case 'job_charge':
      return `${serviceNameOf(row.serviceKey)} use`;
    case 'job_refund':
      return `${serviceNameOf(row.serviceKey)} refund`;
    case 'admin_adjustment':
      return row.reason ? `Admin adjustment: ${row.reason}` : 'Admin adjustment';
    case 'payment_refund':
      return row.reason ?? 'Payment refunded';
  }
}

export function toLedgerEntryDto(row: CreditLedgerRow): LedgerEntry {
  return {
    id: row.id,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    kind: row.kind,
    description: describeLedgerEntry(row),
    serviceKey: row.serviceKey,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Money leaves the server in dollars (the database stores cents). */
export function toCreditPackageDto(row: CreditPackageRow): CreditPackage {
  return {
    id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    creditsAmount: row.creditsAmount,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
  };
}
