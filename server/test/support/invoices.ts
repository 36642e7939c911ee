import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';

export interface InvoiceRowOptions {
  paidAt: Date | string;
  totalCents?: number;
  number?: string;
  planId?: string | null;
  billingName?: string;
  billingDetails?: string;
  lines?: Array<{ kind: string; description: string; quantity: number; amountCents: number }>;
}

/**
 * An invoice as the ledger stores one (issue 30), for tests of the list and the PDF that need no
 * gateway: its customer's name and e-mail are copied as the ledger copies them.
 */
export async function newInvoiceRow(
  dataSource: DataSource,
  customerId: string,
  options: InvoiceRowOptions,
): Promise<{ id: string; number: string }> {
  const number = options.number ?? `T-${randomBytes(4).toString('hex').toUpperCase()}`;
  const total = options.totalCents ?? 2000;
  const lines = (
    options.lines ?? [{ kind: 'plan', description: 'Plan', quantity: 1, amountCents: total }]
  ).map((line) => ({ planId: null, periodStart: null, periodEnd: null, ...line }));
  const rows: Array<{ id: string }> = await dataSource.query(
    `INSERT INTO invoices (customer_id, gateway, external_id, invoice_number, total_cents, paid_at,
       subtotal_cents, plan_id, lines, customer_name, customer_email, billing_name, billing_details)
     SELECT c.id, 'sandbox-card', $2, $3, $4, $5, $4, $6, $7::jsonb, c.name, c.email, $8, $9
     FROM customers c WHERE c.id = $1
     RETURNING id`,
    [
      customerId,
      `in_test_${randomUUID()}`,
      number,
      total,
      options.paidAt,
      options.planId ?? null,
      JSON.stringify(lines),
      options.billingName ?? '',
      options.billingDetails ?? '',
    ],
  );
  return { id: rows[0]!.id, number };
}
