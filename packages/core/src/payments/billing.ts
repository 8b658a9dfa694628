import { z } from 'zod';
import { paginatedSchema, paginationQueryShape } from '../http/pagination.ts';
import { orderKindValues, orderStatusValues, paymentProviderValues } from './orders.ts';

/** Order statuses as the billing and admin lists show and filter them. */
export const invoiceStatuses = orderStatusValues;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** Statuses that have a receipt (money was taken). */
export const receiptStatuses = ['paid', 'refunded', 'partially_refunded', 'disputed'] as const satisfies readonly InvoiceStatus[];

export const REFUND_WINDOW_DAYS = 30;
export const REFUND_WINDOW_MESSAGE = 'Refunds can be requested within 30 days of purchase';
export const REFUND_REASON_MIN = 10;
export const REFUND_REASON_MAX = 1000;

export { formatInvoiceNumber } from './orders.ts';

const statusSchema = z.enum(invoiceStatuses, { error: `status must be one of ${invoiceStatuses.join(', ')}` });

/** GET /payment/invoices?page&limit&status (status omitted: every order but pending ones). */
export const invoiceListQuerySchema = z.strictObject({ ...paginationQueryShape, status: statusSchema.optional() });
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const refundRequestStatuses = ['pending', 'approved', 'rejected'] as const;

export const invoiceRefundRequestSchema = z.object({
  id: z.string(),
  status: z.enum(refundRequestStatuses),
  reason: z.string(),
  createdAt: z.string(),
  decisionNote: z.string().nullable(),
});
export type InvoiceRefundRequest = z.infer<typeof invoiceRefundRequestSchema>;

/** What an order sells and charges, shared by the invoice and the admin payment (spread, so each keeps its key order). */
const orderChargeShape = {
  description: z.string(),
  status: z.enum(invoiceStatuses),
  amountCents: z.number().int(),
  /** The same amount in dollars. */
  amount: z.number(),
  currency: z.string(),
  credits: z.number().int(),
  provider: z.enum(paymentProviderValues),
};

export const invoiceSchema = z.object({
  id: z.string(),
  /** 'INV-001001', or null until the order is paid. */
  number: z.string().nullable(),
  ...orderChargeShape,
  /** 'Visa •••• 4242', 'BTC 0.00052', or null when unknown. */
  paymentMethod: z.string().nullable(),
  testMode: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedCents: z.number().int(),
  /** A refund request may be sent now (paid, within 30 days, nothing pending, not fully refunded). */
  refundable: z.boolean(),
  refundRequest: invoiceRefundRequestSchema.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = paginatedSchema(invoiceSchema);
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/** POST /payment/invoices/{id}/refund-request */
export const refundRequestBodySchema = z
  .strictObject({
    reason: z
      .string({ error: 'reason is required' })
      .trim()
      .min(REFUND_REASON_MIN, `reason must be at least ${REFUND_REASON_MIN} characters`)
      .max(REFUND_REASON_MAX, `reason must be at most ${REFUND_REASON_MAX} characters`),
  })
  .meta({ examples: [{ reason: 'I bought the 350 Credits pack twice by mistake; please refund the second order.' }] });
export type RefundRequestBody = z.infer<typeof refundRequestBodySchema>;

// ---- Admin ----

const isoDate = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => !Number.isNaN(Date.parse(value)), `${name} must be a date (YYYY-MM-DD or ISO 8601)`);

/** GET /admin/payments?page&limit&status&provider&from&to&search */
export const adminPaymentsQuerySchema = z.strictObject({
  ...paginationQueryShape,
  /** Without it, every status but expired (abandoned checkouts); `status=expired` lists those. */
  status: statusSchema.optional(),
  provider: z.enum(paymentProviderValues, { error: 'provider must be stripe or nowpayments' }).optional(),
  /** Created on or after (inclusive). */
  from: isoDate('from').optional(),
  /** Created on or before; a bare date includes that whole day. */
  to: isoDate('to').optional(),
  /** Part of the user's e-mail or name. */
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>;

export const paymentUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const adminCryptoPaymentSchema = z.object({
  paymentId: z.string(),
  status: z.string(),
  payCurrency: z.string(),
  payAmount: z.string(),
  actuallyPaid: z.string(),
  payAddress: z.string(),
  txHash: z.string().nullable(),
  expiresAt: z.string(),
  lateDepositAt: z.string().nullable(),
});

export const adminPaymentSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  kind: z.enum(orderKindValues),
  ...orderChargeShape,
  providerPaymentId: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  testMode: z.boolean(),
  failureReason: z.string().nullable(),
  refundedCents: z.number().int(),
  creditsReversed: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  user: paymentUserSchema,
  crypto: adminCryptoPaymentSchema.nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/**
 * Money of orders that took it (paid, refunded in part or whole, disputed), net of refunds; pending,
 * failed and expired orders never count.
 */
export const moneyTotalsSchema = z.object({
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
  count: z.number().int(),
});
export type MoneyTotals = z.infer<typeof moneyTotalsSchema>;
/** Live money (real provider accounts) and test-mode money, summed apart and never added together. */
export const paymentTotalsSchema = z.object({ live: moneyTotalsSchema, test: moneyTotalsSchema });

export const adminPaymentListSchema = paginatedSchema(adminPaymentSchema).extend({ totals: paymentTotalsSchema });
export type AdminPaymentList = z.infer<typeof adminPaymentListSchema>;

export const paymentEventSchema = z.object({
  id: z.string(),
  provider: z.string(),
  eventId: z.string(),
  type: z.string(),
  outcome: z.string().nullable(),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
});

export const refundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  amountCents: z.number().int(),
  amount: z.number(),
  creditsReversed: z.number().int(),
  method: z.enum(['stripe', 'manual']),
  reference: z.string().nullable(),
  reason: z.string(),
  actor: z.object({ id: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const accountFlagSchema = z.object({
  id: z.string(),
  reason: z.string(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});

export const adminRefundRequestSummarySchema = z.object({
  id: z.string(),
  status: z.enum(refundRequestStatuses),
  reason: z.string(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  refundId: z.string().nullable(),
});

export const adminPaymentDetailSchema = adminPaymentSchema.extend({
  events: z.array(paymentEventSchema),
  refunds: z.array(refundSchema),
  refundRequests: z.array(adminRefundRequestSummarySchema),
  accountFlags: z.array(accountFlagSchema),
  /** What may still be refunded, in cents. */
  refundableCents: z.number().int(),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

const noteSchema = (name: string) =>
  z.string().trim().min(1, `${name} must not be empty`).max(1000, `${name} must be at most 1000 characters`);
const payoutReferenceSchema = z
  .string()
  .trim()
  .min(1, 'payoutReference must not be empty')
  .max(300, 'payoutReference must be at most 300 characters');
const amountCentsSchema = z
  .number({ error: 'amountCents must be a number of cents' })
  .int('amountCents must be a whole number of cents')
  .min(1, 'amountCents must be at least 1');

/** POST /admin/payments/{id}/refund */
export const adminRefundBodySchema = z
  .strictObject({
    amountCents: amountCentsSchema,
    reason: noteSchema('reason'),
    /** Required for crypto orders: the transaction or payout id of the money sent back. */
    payoutReference: payoutReferenceSchema.optional(),
  })
  .meta({
    examples: [
      { amountCents: 4900, reason: 'Duplicate order: the customer bought the same pack twice' },
      {
        amountCents: 1900,
        reason: 'Crypto payment refunded on request, sent back to the paying wallet',
        payoutReference: '0x5c3e9b2a7d4f1e8c6b0a9d2e4f7c1b3a5e8d0c2f4a6b9e1d3c5f7a9b2e4d6c8f',
      },
    ],
  });
export type AdminRefundBody = z.infer<typeof adminRefundBodySchema>;

export const refundResultSchema = z.object({
  refund: refundSchema,
  order: adminPaymentSchema,
});
export type RefundResult = z.infer<typeof refundResultSchema>;

/** GET /admin/refunds?status&page&limit */
export const adminRefundRequestsQuerySchema = z.strictObject({
  ...paginationQueryShape,
  status: z.enum(refundRequestStatuses, { error: 'status must be pending, approved or rejected' }).optional(),
});

export const adminRefundRequestSchema = adminRefundRequestSummarySchema.extend({
  decidedBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  order: adminPaymentSchema,
  user: paymentUserSchema,
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;
export const adminRefundRequestListSchema = paginatedSchema(adminRefundRequestSchema);
export type AdminRefundRequestList = z.infer<typeof adminRefundRequestListSchema>;

/** GET /admin/refunds/history?page&limit: refunds made, newest first, with the order's user. */
export const refundHistoryItemSchema = refundSchema.extend({
  order: z.object({ id: z.string(), number: z.string().nullable(), description: z.string(), provider: z.enum(paymentProviderValues) }),
  user: paymentUserSchema,
});
export const refundHistorySchema = paginatedSchema(refundHistoryItemSchema);
export type RefundHistory = z.infer<typeof refundHistorySchema>;

/** POST /admin/refund-requests/{id}/approve */
export const approveRefundRequestBodySchema = z.strictObject({
  /** Default: everything not yet refunded. */
  amountCents: amountCentsSchema.optional(),
  note: noteSchema('note').optional(),
  payoutReference: payoutReferenceSchema.optional(),
});
export type ApproveRefundRequestBody = z.infer<typeof approveRefundRequestBodySchema>;

/** POST /admin/refund-requests/{id}/reject */
export const rejectRefundRequestBodySchema = z
  .strictObject({ note: noteSchema('note') })
  .meta({ examples: [{ note: 'The credits of this order were already used for 42 jobs.' }] });

export const refundRequestDecisionSchema = z.object({
  request: adminRefundRequestSchema,
  refund: refundSchema.nullable(),
});
export type RefundRequestDecision = z.infer<typeof refundRequestDecisionSchema>;
