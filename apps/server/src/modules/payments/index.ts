export { paymentsAdminRoutes } from './admin.routes.ts';
export { cardPaymentsPlugin } from './card-payments.plugin.ts';
export type { CardPayments } from './card-payments.plugin.ts';
export { cryptoPaymentsPlugin, startWorkerCryptoReconciler } from './crypto-payments.plugin.ts';
export { paymentSandboxesOf } from './sandboxes-in-use.ts';
export type { CryptoPayments } from './crypto-payments.plugin.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { createCardOrderExpiry } from './card/index.ts';
export { liveMoney, liveRevenuePerCredit, moneyColumns, moneyOfPeriod, testMoney, toMoneyTotals } from './orders/index.ts';
export {
  autoTopUpSettings,
  autoTopUps,
  cryptoPayments,
  lowBalanceAlerts,
  orders,
  paymentMethods,
  refundRequests,
  refunds,
  subscriptionPlans,
  subscriptions,
} from './tables.ts';
