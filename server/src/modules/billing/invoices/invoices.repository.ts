import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';
import type { InvoiceLineKind } from '../gateways/gateway.port.js';

/** An invoice as the list shows it. */
export interface InvoiceListRow {
  id: string;
  number: string;
  paidAt: Date;
  totalCents: number;
}

export interface StoredInvoiceLine {
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  amountCents: number;
  planId: string | null;
  periodStart: string | null;
  periodEnd: string | null;
}

/** Everything an invoice's PDF prints, as it was stored (issue 30). */
export interface InvoiceDocument extends InvoiceListRow {
  subtotalCents: number;
  discountCents: number;
  currency: string;
  planId: string | null;
  /** The plan's product title and period ('Team', 'annual'), when the invoice names a plan. */
  planTitle: string | null;
  planPeriod: string | null;
  lines: StoredInvoiceLine[];
  customerName: string;
  customerEmail: string;
  billingName: string;
  billingDetails: string;
}

interface DocumentRow {
  id: string;
  invoice_number: string;
  paid_at: Date;
  total_cents: number;
  subtotal_cents: number;
  discount_cents: number;
  currency: string;
  plan_id: string | null;
  plan_title: string | null;
  plan_period: string | null;
  lines: StoredInvoiceLine[];
  customer_name: string;
  customer_email: string;
  billing_name: string;
  billing_details: string;
}

/**
 * Reads of the invoices table (the ledger, SubscriptionsRepository.insertInvoiceIn, writes it).
 * Access is decided before these run (AccessService, Permission.InvoiceRead); the list reads the
 * actor's own rows only.
 */
@Injectable()
export class InvoicesRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** The customer's invoices paid in [start, end), newest first (invoices_customer_idx). */
  async listOfCustomer(
    customerId: string,
    start: Date | null,
    end: Date | null,
  ): Promise<InvoiceListRow[]> {
    const rows: Array<Pick<DocumentRow, 'id' | 'invoice_number' | 'paid_at' | 'total_cents'>> =
      await this.dataSource.query(
        `SELECT id, invoice_number, paid_at, total_cents FROM invoices
         WHERE customer_id = $1
           AND ($2::timestamptz IS NULL OR paid_at >= $2)
           AND ($3::timestamptz IS NULL OR paid_at < $3)
         ORDER BY paid_at DESC, id DESC`,
        [customerId, start, end],
      );
    return rows.map((row) => ({
      id: row.id,
      number: row.invoice_number,
      paidAt: row.paid_at,
      totalCents: row.total_cents,
    }));
  }

  async document(id: string): Promise<InvoiceDocument | null> {
    const rows: DocumentRow[] = await this.dataSource.query(
      `SELECT i.id, i.invoice_number, i.paid_at, i.total_cents, i.subtotal_cents, i.discount_cents,
         i.currency, i.plan_id, bp.title AS plan_title, p.period AS plan_period, i.lines,
         i.customer_name, i.customer_email, i.billing_name, i.billing_details
       FROM invoices i
       LEFT JOIN billing_plans p ON p.id = i.plan_id
       LEFT JOIN billing_products bp ON bp.name = p.product
       WHERE i.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      number: row.invoice_number,
      paidAt: row.paid_at,
      totalCents: row.total_cents,
      subtotalCents: row.subtotal_cents,
      discountCents: row.discount_cents,
      currency: row.currency.trim(),
      planId: row.plan_id,
      planTitle: row.plan_title,
      planPeriod: row.plan_period,
      lines: row.lines,
      customerName: row.customer_name,
      customerEmail: row.customer_email,
      billingName: row.billing_name,
      billingDetails: row.billing_details,
    };
  }
}
