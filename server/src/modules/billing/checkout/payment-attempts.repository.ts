import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';
import { queryRows } from '../../../database/sql.js';
import type { GatewayName } from '../gateways/gateway.port.js';

export type PaymentAttemptState = 'open' | 'succeeded' | 'failed' | 'abandoned';

/** A `payment_attempts` row as the checkout reads it. */
export interface PaymentAttempt {
  id: string;
  customerId: string;
  gateway: GatewayName;
  product: string;
  planId: string;
  extraSlots: number;
  couponCode: string | null;
  idempotencyKey: string;
  state: PaymentAttemptState;
  /** The card the customer gave (a test token or pm_…); null for a wallet. */
  source: string | null;
  customerRef: string | null;
  paymentMethodRef: string | null;
  subscriptionExternalId: string | null;
  invoiceExternalId: string | null;
  /** When a call told the customer the outcome; null when a reconciliation ended it. */
  answeredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a new attempt is made of; the rest starts empty (state open). */
export type NewPaymentAttempt = Pick<
  PaymentAttempt,
  | 'customerId'
  | 'gateway'
  | 'product'
  | 'planId'
  | 'extraSlots'
  | 'couponCode'
  | 'idempotencyKey'
  | 'source'
>;

interface Row {
  id: string;
  customer_id: string;
  gateway: GatewayName;
  product: string;
  plan_id: string;
  extra_slots: number;
  coupon_code: string | null;
  idempotency_key: string;
  state: PaymentAttemptState;
  source: string | null;
  customer_ref: string | null;
  payment_method_ref: string | null;
  subscription_external_id: string | null;
  invoice_external_id: string | null;
  answered_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const toAttempt = (row: Row): PaymentAttempt => ({
  id: row.id,
  customerId: row.customer_id,
  gateway: row.gateway,
  product: row.product,
  planId: row.plan_id,
  extraSlots: row.extra_slots,
  couponCode: row.coupon_code,
  idempotencyKey: row.idempotency_key,
  state: row.state,
  source: row.source,
  customerRef: row.customer_ref,
  paymentMethodRef: row.payment_method_ref,
  subscriptionExternalId: row.subscription_external_id,
  invoiceExternalId: row.invoice_external_id,
  answeredAt: row.answered_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The one writer of `payment_attempts`. */
@Injectable()
export class PaymentAttemptsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async openOf(customerId: string): Promise<PaymentAttempt | null> {
    const rows = await queryRows<Row>(
      this.dataSource,
      `SELECT * FROM payment_attempts WHERE customer_id = $1 AND state = 'open'`,
      [customerId],
    );
    return rows[0] ? toAttempt(rows[0]) : null;
  }

  /** The customer's newest finished attempt, if any. */
  async lastFinishedOf(customerId: string): Promise<PaymentAttempt | null> {
    const rows = await queryRows<Row>(
      this.dataSource,
      `SELECT * FROM payment_attempts WHERE customer_id = $1 AND state <> 'open'
       ORDER BY updated_at DESC LIMIT 1`,
      [customerId],
    );
    return rows[0] ? toAttempt(rows[0]) : null;
  }

  /** Customers with an attempt open since before `before`, oldest first. */
  async customersWithOpen(before: Date, limit: number): Promise<string[]> {
    const rows = await queryRows<{ customer_id: string }>(
      this.dataSource,
      `SELECT customer_id FROM payment_attempts WHERE state = 'open' AND created_at < $1
       ORDER BY created_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((row) => row.customer_id);
  }

  async insert(attempt: NewPaymentAttempt): Promise<PaymentAttempt> {
    const rows = await queryRows<Row>(
      this.dataSource,
      `INSERT INTO payment_attempts
         (customer_id, gateway, product, plan_id, extra_slots, coupon_code, idempotency_key, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING *`,
      [
        attempt.customerId,
        attempt.gateway,
        attempt.product,
        attempt.planId,
        attempt.extraSlots,
        attempt.couponCode,
        attempt.idempotencyKey,
        attempt.source,
      ],
    );
    return toAttempt(rows[0]!);
  }

  /** The gateway's customer and payment method, once the attempt made or found them. */
  async recordRefs(
    id: string,
    refs: { customerRef?: string; paymentMethodRef?: string },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE payment_attempts SET customer_ref = COALESCE($2, customer_ref),
         payment_method_ref = COALESCE($3, payment_method_ref), updated_at = now()
       WHERE id = $1`,
      [id, refs.customerRef ?? null, refs.paymentMethodRef ?? null],
    );
  }

  /**
   * Ends an open attempt (an attempt already ended stays as it is); `answered` when the call
   * that ends it tells the customer.
   */
  async finish(
    id: string,
    state: Exclude<PaymentAttemptState, 'open'>,
    refs: { subscriptionExternalId?: string | null; invoiceExternalId?: string | null } = {},
    answered = false,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE payment_attempts SET state = $2,
         subscription_external_id = COALESCE($3, subscription_external_id),
         invoice_external_id = COALESCE($4, invoice_external_id),
         answered_at = CASE WHEN $5::boolean THEN now() END, updated_at = now()
       WHERE id = $1 AND state = 'open'`,
      [id, state, refs.subscriptionExternalId ?? null, refs.invoiceExternalId ?? null, answered],
    );
  }

  /** Marks a finished attempt's outcome told; false when another call told it first. */
  async markAnswered(id: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE payment_attempts SET answered_at = now() WHERE id = $1 AND answered_at IS NULL
       RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }
}
