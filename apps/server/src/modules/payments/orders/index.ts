export { decidePendingRefundRequestOfOrder } from './admin-payments.repository.ts';
export { createAdminPaymentsService } from './admin-payments.service.ts';
export { renderReceiptPdf } from './invoice-pdf.ts';
export { sellerDetails } from './invoice-seller.ts';
export { REQUEST_PENDING_MESSAGE, formatMoney, hasReceipt, paymentMethodOf, refundRequestBlocker, toInvoiceDto } from './invoice.dto.ts';
export {
  findBuyer,
  findInvoicePage,
  findOrderOfUser,
  findRefund,
  insertRefundRequest,
  latestCryptoPayments,
  latestRefundRequests,
  listRefundsOfOrder,
  productNameOf,
} from './invoices.repository.ts';
export { claimRefund, findOrderById, findOrderByProviderPaymentId, findPlanById, updateOrder } from './orders.repository.ts';
export {
  ORDER_NOT_FOUND_MESSAGE,
  createCreditPackOrder,
  createSubscriptionOrder,
  expireAbandonedCardOrders,
  getOrderForUser,
  handleProviderEvent,
  markOrderPaid,
  markOrderUnpaid,
  openCardOrder,
  reverseOrderCredits,
  setOrderProviderPaymentId,
} from './orders.service.ts';
export type { ProviderEventResult } from './orders.service.ts';
export { createRefundService } from './refunds.service.ts';
export { adminPaymentsRoutes } from './admin-payments.routes.ts';
export { liveMoney, moneyColumns, testMoney, toMoneyTotals } from './money-rule.ts';
export { liveRevenuePerCredit, moneyOfPeriod } from './revenue.repository.ts';
