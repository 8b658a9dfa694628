import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import type { PDFObject } from 'pdf-lib';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { creditPackages } from '../modules/credits/tables.ts';
import { markOrderPaid } from '../modules/payments/orders/orders.service.ts';
import { cryptoPayments } from '../modules/payments/crypto/tables.ts';
import { orders } from '../modules/payments/orders/tables.ts';
import type { OrderRow } from '../modules/payments/orders/tables.ts';

/**
 * The text drawn on a PDF's pages, read back the way a viewer would: each content stream is
 * inflated and its `<hex> Tj` strings decoded (pdf-lib writes standard-font text as WinAnsi hex).
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pageCount: number; text: string; title: string | undefined }> {
  const doc = await PDFDocument.load(bytes);
  const parts: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams: PDFObject[] =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)!) : contents ? [contents] : [];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) parts.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
      for (const match of source.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) parts.push(match[1] ?? '');
    }
  }
  return { pageCount: doc.getPageCount(), text: parts.join('\n'), title: doc.getTitle() };
}

/**
 * A paid order the way the money core makes one: inserted pending with a snapshot, then
 * markOrderPaid (receipt number, credits granted once). Crypto orders get their provider record.
 */
export async function createPaidOrder(
  db: Db,
  userId: string,
  options: Partial<{
    amountCents: number;
    credits: number;
    quantity: number;
    description: string;
    provider: 'stripe' | 'nowpayments';
    testMode: boolean;
    paymentMethodLabel: string;
    pay: boolean;
  }> = {},
): Promise<OrderRow> {
  const provider = options.provider ?? 'stripe';
  const [packageRow] = await db.select().from(creditPackages).limit(1);
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      kind: 'credit_pack',
      creditPackageId: packageRow?.id ?? null,
      description: options.description ?? `${packageRow?.name ?? 'Pack'} × ${options.quantity ?? 1}`,
      quantity: options.quantity ?? 1,
      amountCents: options.amountCents ?? 2500,
      credits: options.credits ?? 100,
      provider,
      testMode: options.testMode ?? true,
      providerPaymentId: `${provider === 'stripe' ? 'pi' : 'np'}_${randomUUID()}`,
    })
    .returning();
  if (!order) throw new Error('order insert failed');
  if (provider === 'nowpayments') {
    await db.insert(cryptoPayments).values({
      orderId: order.id,
      paymentId: order.providerPaymentId!,
      status: options.pay === false ? 'waiting' : 'finished',
      payCurrency: 'btc',
      payAmount: '0.00052',
      actuallyPaid: options.pay === false ? '0' : '0.00052',
      payAddress: 'tb1qtestaddress',
      expiresAt: new Date(Date.now() + 20 * 60_000),
    });
  }
  if (options.pay === false) return order;
  const paid = await markOrderPaid(db, order.id, {
    paymentMethodLabel: options.paymentMethodLabel ?? (provider === 'stripe' ? 'Visa •••• 4242' : undefined),
  });
  return paid.order;
}
