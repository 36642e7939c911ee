import { formatCents, formatDate } from '@animata/contracts';
import PDFDocument from 'pdfkit';
import type { SellerConfig } from '../../../config/config.js';
import type { InvoiceDocument } from './invoices.repository.js';

/** The PDF's words (ours: the spec shows no invoice document). */
export const invoicePdfTexts = {
  title: 'Invoice',
  invoiceId: 'Invoice ID',
  datePaid: 'Date paid',
  from: 'From',
  billTo: 'Bill to',
  plan: 'Plan',
  description: 'Description',
  period: 'Period',
  quantity: 'Qty',
  amount: 'Amount',
  subtotal: 'Subtotal',
  discount: 'Discount',
  total: 'Total',
  paid: (date: string) => `Paid on ${date}`,
  taxId: (id: string) => `Tax ID: ${id}`,
} as const;

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN; // A4
const COLUMNS = { description: MARGIN, period: 290, quantity: 420, amount: 460 } as const;

const money = (cents: number) => formatCents(cents, { cents: 'always' });
const day = (value: string | Date | null) => (value ? formatDate(value, 'short') : '');

/**
 * Writes the invoice as a PDF (A4, Helvetica) into a stream the caller sends as it is made:
 * seller, customer and billing info as stored with the invoice, its lines, totals and paid date.
 * Helvetica covers Latin-1 (WinAnsi); other scripts in a name print as the font's fallback.
 */
export function invoicePdf(invoice: InvoiceDocument, seller: SellerConfig): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${invoicePdfTexts.title} ${invoice.number}`,
      Author: seller.name,
      CreationDate: invoice.paidAt,
    },
  });
  const paid = day(invoice.paidAt);

  doc.font('Helvetica-Bold').fontSize(22).text(invoicePdfTexts.title, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.text(`${invoicePdfTexts.invoiceId}: ${invoice.number}`);
  doc.text(`${invoicePdfTexts.datePaid}: ${paid}`);

  const top = doc.y + 20;
  const block = (x: number, heading: string, lines: string[]) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(heading, x, top, { width: WIDTH / 2 - 10 });
    doc.font('Helvetica');
    for (const line of lines) doc.text(line, x, doc.y, { width: WIDTH / 2 - 10 });
    return doc.y;
  };
  const sellerEnd = block(MARGIN, invoicePdfTexts.from, [
    seller.name,
    ...seller.addressLines,
    seller.email,
    ...(seller.taxId ? [invoicePdfTexts.taxId(seller.taxId)] : []),
  ]);
  const billTo = [
    invoice.billingName || invoice.customerName,
    ...(invoice.billingName && invoice.billingName !== invoice.customerName
      ? [invoice.customerName]
      : []),
    invoice.customerEmail,
    ...invoice.billingDetails.split(/\r?\n/).filter((line) => line.trim() !== ''),
  ];
  const customerEnd = block(MARGIN + WIDTH / 2, invoicePdfTexts.billTo, billTo);

  let y = Math.max(sellerEnd, customerEnd) + 20;
  if (invoice.planTitle) {
    const plan = `${invoice.planTitle}${invoice.planPeriod ? ` (${invoice.planPeriod})` : ''}`;
    doc.font('Helvetica-Bold').text(`${invoicePdfTexts.plan}: `, MARGIN, y, { continued: true });
    doc.font('Helvetica').text(plan);
    y = doc.y + 14;
  }

  const row = (cells: [string, string, string, string], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const start = y;
    doc.text(cells[0], COLUMNS.description, start, { width: COLUMNS.period - MARGIN - 10 });
    const end = doc.y;
    doc.text(cells[1], COLUMNS.period, start, { width: COLUMNS.quantity - COLUMNS.period - 10 });
    doc.text(cells[2], COLUMNS.quantity, start, { width: 30, align: 'right' });
    doc.text(cells[3], COLUMNS.amount, start, {
      width: MARGIN + WIDTH - COLUMNS.amount,
      align: 'right',
    });
    y = Math.max(end, doc.y) + 6;
  };
  row(
    [
      invoicePdfTexts.description,
      invoicePdfTexts.period,
      invoicePdfTexts.quantity,
      invoicePdfTexts.amount,
    ],
    true,
  );
  doc
    .moveTo(MARGIN, y - 3)
    .lineTo(MARGIN + WIDTH, y - 3)
    .strokeColor('#999999')
    .stroke();
  for (const line of invoice.lines) {
    const period =
      line.periodStart && line.periodEnd ? `${day(line.periodStart)} – ${day(line.periodEnd)}` : '';
    row([line.description, period, String(line.quantity), money(line.amountCents)]);
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .stroke();
  y += 10;

  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 12 : 10);
    doc.text(label, COLUMNS.period, y, { width: 150 });
    doc.text(value, COLUMNS.amount - 40, y, {
      width: MARGIN + WIDTH - COLUMNS.amount + 40,
      align: 'right',
    });
    y = doc.y + 4;
  };
  total(invoicePdfTexts.subtotal, money(invoice.subtotalCents));
  if (invoice.discountCents > 0) total(invoicePdfTexts.discount, money(-invoice.discountCents));
  total(invoicePdfTexts.total, money(invoice.totalCents), true);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(invoicePdfTexts.paid(paid), MARGIN, y + 16);
  doc.end();
  return doc;
}
