import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import type { SellerDetails } from './invoice-seller.ts';
import { formatMoney } from './invoice.dto.ts';

export type ReceiptData = {
  number: string;
  orderId: string;
  status: string;
  createdAt: Date;
  paidAt: Date | null;
  seller: SellerDetails;
  buyer: { name: string; email: string };
  description: string;
  /** The package or plan name, when it still exists. */
  productName: string | null;
  credits: number;
  quantity: number;
  amountCents: number;
  currency: string;
  /** 'Visa •••• 4242', 'BTC 0.00052'. */
  paymentMethod: string | null;
  providerName: string;
  testMode: boolean;
  refunds: Array<{ createdAt: Date; amountCents: number; creditsReversed: number; method: string; reference: string | null }>;
  refundedCents: number;
};

const PAGE = { width: 595.28, height: 841.89, margin: 50 };

const formatDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A one-page receipt. The standard Helvetica font only has WinAnsi glyphs, so any other
 * character (a name in another script) is printed as '?' instead of failing the download.
 */
export async function renderReceiptPdf(data: ReceiptData): Promise<Uint8Array> {
  // pdf-lib is loaded by the first receipt, not by every API process at start.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const INK = rgb(0.07, 0.07, 0.09);
  const MUTED = rgb(0.42, 0.42, 0.47);
  const RULE = rgb(0.85, 0.85, 0.88);
  const WARNING = rgb(0.78, 0.16, 0.12);
  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt ${data.number}`);
  doc.setAuthor(data.seller.name);
  doc.setSubject(data.description);
  doc.setCreator('Lumen Studio');
  doc.setProducer('Lumen Studio');
  doc.setCreationDate(data.paidAt ?? data.createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const writer = textWriter(page, regular, bold, INK);
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  let y = PAGE.height - PAGE.margin;

  writer.text('Receipt', left, y - 20, { size: 24, font: 'bold' });
  if (data.testMode) {
    writer.text('TEST MODE', right - 110, y - 18, { size: 14, font: 'bold', color: WARNING });
    writer.text('No real money was charged.', right - 160, y - 32, { size: 9, color: WARNING });
  }
  y -= 56;

  // Seller (left) and receipt facts (right).
  const sellerLines = [
    ...data.seller.address.split('\n').filter((line) => line.trim() !== ''),
    ...(data.seller.email ? [data.seller.email] : []),
    ...(data.seller.taxId ? [`Tax ID: ${data.seller.taxId}`] : []),
  ];
  writer.text(data.seller.name, left, y, { size: 12, font: 'bold' });
  sellerLines.forEach((line, index) => writer.text(line, left, y - 15 * (index + 1), { size: 10, color: MUTED }));
  const facts: Array<[string, string]> = [
    ['Receipt number', data.number],
    ['Date paid', data.paidAt ? formatDate(data.paidAt) : '-'],
    ['Order date', formatDate(data.createdAt)],
    ['Status', data.status.replace(/_/g, ' ')],
  ];
  facts.forEach(([label, value], index) => {
    writer.text(label, right - 220, y - 15 * index, { size: 10, color: MUTED });
    writer.text(value, right - 110, y - 15 * index, { size: 10, font: label === 'Receipt number' ? 'bold' : 'regular' });
  });
  y -= Math.max(sellerLines.length + 1, facts.length) * 15 + 25;

  writer.text('Billed to', left, y, { size: 10, color: MUTED });
  writer.text(data.buyer.name, left, y - 15, { size: 11, font: 'bold' });
  writer.text(data.buyer.email, left, y - 30, { size: 10 });
  y -= 60;

  // Line item.
  const columns = { item: left, product: left + 190, credits: left + 320, quantity: left + 385, amount: right };
  page.drawRectangle({ x: left, y: y - 6, width: right - left, height: 22, color: rgb(0.95, 0.95, 0.97) });
  writer.text('Description', columns.item + 6, y, { size: 10, font: 'bold' });
  writer.text('Package', columns.product, y, { size: 10, font: 'bold' });
  writer.text('Credits', columns.credits, y, { size: 10, font: 'bold' });
  writer.text('Qty', columns.quantity, y, { size: 10, font: 'bold' });
  writer.textRight('Amount', columns.amount - 6, y, { size: 10, font: 'bold' });
  y -= 24;
  writer.text(writer.fit(data.description, 180, 10), columns.item + 6, y, { size: 10 });
  writer.text(writer.fit(data.productName ?? '-', 125, 10), columns.product, y, { size: 10 });
  writer.text(String(data.credits), columns.credits, y, { size: 10 });
  writer.text(String(data.quantity), columns.quantity, y, { size: 10 });
  writer.textRight(formatMoney(data.amountCents, data.currency), columns.amount - 6, y, { size: 10 });
  y -= 14;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.8, color: RULE });
  y -= 20;

  const totals: Array<[string, string, boolean]> = [['Total paid', formatMoney(data.amountCents, data.currency), true]];
  if (data.refundedCents > 0) {
    totals.push(['Refunded', `-${formatMoney(data.refundedCents, data.currency)}`, false]);
    totals.push(['Net', formatMoney(data.amountCents - data.refundedCents, data.currency), true]);
  }
  for (const [label, value, strong] of totals) {
    writer.text(label, right - 220, y, { size: 11, font: strong ? 'bold' : 'regular' });
    writer.textRight(value, right - 6, y, { size: 11, font: strong ? 'bold' : 'regular' });
    y -= 17;
  }
  y -= 15;

  writer.text('Payment method', left, y, { size: 10, color: MUTED });
  writer.text(`${data.paymentMethod ?? '-'} (${data.providerName})`, left + 110, y, { size: 10 });
  y -= 30;

  if (data.refunds.length > 0) {
    writer.text('Refunds', left, y, { size: 12, font: 'bold' });
    y -= 18;
    for (const refund of data.refunds) {
      const credits = refund.creditsReversed === 1 ? '1 credit' : `${refund.creditsReversed} credits`;
      const reference = refund.reference ? `, ref. ${refund.reference}` : '';
      const line = `${formatDate(refund.createdAt)}  ${formatMoney(refund.amountCents, data.currency)} (${refund.method}${reference}), ${credits} reversed`;
      writer.text(writer.fit(line, right - left, 10), left, y, { size: 10 });
      y -= 15;
    }
    y -= 15;
  }

  writer.text(`Order ${data.orderId}`, left, PAGE.margin + 14, { size: 8, color: MUTED });
  writer.text(`Thank you for your purchase. Questions: ${data.seller.email ?? data.seller.name}`, left, PAGE.margin, {
    size: 8,
    color: MUTED,
  });

  return doc.save();
}

type TextOptions = { size: number; font?: 'regular' | 'bold'; color?: Color };

function textWriter(page: PDFPage, regular: PDFFont, bold: PDFFont, ink: Color) {
  const supported = new Set(regular.getCharacterSet());
  const clean = (text: string) =>
    Array.from(text.replace(/\s+/g, ' '))
      .map((char) => (supported.has(char.codePointAt(0) ?? 0) ? char : '?'))
      .join('');
  const fontOf = (options: TextOptions) => (options.font === 'bold' ? bold : regular);
  return {
    text(text: string, x: number, y: number, options: TextOptions) {
      page.drawText(clean(text), { x, y, size: options.size, font: fontOf(options), color: options.color ?? ink });
    },
    textRight(text: string, x: number, y: number, options: TextOptions) {
      const value = clean(text);
      const width = fontOf(options).widthOfTextAtSize(value, options.size);
      page.drawText(value, { x: x - width, y, size: options.size, font: fontOf(options), color: options.color ?? ink });
    },
    /** Shortens text with '...' to fit a width. */
    fit(text: string, width: number, size: number): string {
      let value = clean(text);
      if (regular.widthOfTextAtSize(value, size) <= width) return value;
      while (value.length > 1 && regular.widthOfTextAtSize(`${value}...`, size) > width) value = value.slice(0, -1);
      return `${value}...`;
    },
  };
}
