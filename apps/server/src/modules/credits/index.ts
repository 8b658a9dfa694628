export { creditsAdminRoutes } from './admin.routes.ts';
export { findActivePackage, listActivePackages, listServiceCosts, packageSummariesOf } from './catalogue.repository.ts';
export type { PackageSummary } from './catalogue.repository.ts';
export { BALANCE_NOTICE_TOPIC } from './balance-cache.ts';
export { PACKAGE_NOT_FOUND_MESSAGE, createCatalogueService } from './catalogue.service.ts';
export { createCreditHistoryService, usageByService } from './credit-history.service.ts';
export { creditFlowOfPeriod } from './credit-flow.repository.ts';
export { serviceNameOf, toLedgerEntryDto } from './credits.dto.ts';
export {
  findCreditAccount,
  findCreditAccountForUpdate,
  findLedgerEntryById,
  findUserWithCredit,
  hasPurchased,
  insertCreditAccount,
} from './credits.repository.ts';
export { creditsRoutes } from './credits.routes.ts';
export { adjustCredits, chargeForService, grantCredits, insufficientCreditsError, moveCredits, refundCharge } from './credits.service.ts';
export { catalogueRoutes } from './ordered-catalogue.routes.ts';
export { createOrderedCatalogue } from './ordered-catalogue.ts';
export { creditAccounts, creditLedger, serviceCosts } from './tables.ts';
export type { CreditLedgerRow } from './tables.ts';
export { creditsPersonalData } from './personal-data.ts';
export { ledgerTotalsByKind } from './metrics-reads.ts';
export { jobLedgerEntries } from './job-ledger.ts';
export { creditBalances, hasPaidFor } from './admin-reads.ts';
export { creditsPerDay, jobSpendingPerUser } from './analytics-reads.ts';
