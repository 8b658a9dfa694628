import { z } from 'zod';

export const orderKindValues = ['credit_pack', 'subscription'] as const;
export const orderStatusValues = [
  'pending',
  'paid',
  'failed',
  'expired',
  'refunded',
  'partially_refunded',
  'partially_paid',
  'disputed',
] as const;
export const paymentProviderValues = ['stripe', 'nowpayments'] as const;

/** An order as its owner sees it (payments contract, GET /payment/orders/{id}). */
export const orderSchema = z.object({
  id: z.uuid(),
  kind: z.enum(orderKindValues),
  description: z.string(),
  status: z.enum(orderStatusValues),
  amountCents: z.number().int(),
  /** The same money in dollars. */
  amount: z.number(),
  currency: z.string(),
  credits: z.number().int(),
  provider: z.enum(paymentProviderValues),
  testMode: z.boolean(),
  failureReason: z.string().nullable(),
  /** 'INV-001001', given when the order is paid. */
  invoiceNumber: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OrderDto = z.infer<typeof orderSchema>;

/** Receipt numbers as shown: INV- and six digits. */
export function formatInvoiceNumber(sequenceValue: number | null): string | null {
  return sequenceValue === null ? null : `INV-${String(sequenceValue).padStart(6, '0')}`;
}
