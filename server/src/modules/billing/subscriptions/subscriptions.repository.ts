import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';
import { queryRows } from '../../../database/sql.js';
import type {
  GatewayName,
  GatewaySubscriptionStatus,
  InvoiceSnapshot,
  SubscriptionSnapshot,
} from '../gateways/gateway.port.js';

/** A `subscriptions` row as the services read it. */
export interface SubscriptionRecord {
  id: string;
  customerId: string;
  gateway: GatewayName;
  externalId: string;
  planId: string;
  status: GatewaySubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  extraSlots: number;
  nextCycleSlots: number | null;
  scheduledPlanId: string | null;
  couponCode: string | null;
  paymentMethod: 'card' | 'paypal' | null;
  cardBrand: string | null;
  cardLast4: string | null;
  paypalEmail: string | null;
  pastDueSince: Date | null;
  attemptCount: number;
  attemptLimit: number;
  stateAt: Date;
}

/** A card payment waiting for 3-D Secure (§4). */
export interface PendingPaymentRecord {
  id: string;
  customerId: string;
  gateway: string;
  paymentIntentId: string;
  clientSecret: string;
  planId: string;
  extraSlots: number;
  createdAt: Date;
  resolvedAt: Date | null;
}

interface SubscriptionRow {
  id: string;
  customer_id: string;
  gateway: GatewayName;
  external_id: string;
  plan_id: string;
  status: GatewaySubscriptionStatus;
  cancel_at_period_end: boolean;
  current_period_end: Date | null;
  extra_slots: number;
  next_cycle_slots: number | null;
  scheduled_plan_id: string | null;
  coupon_code: string | null;
  payment_method: 'card' | 'paypal' | null;
  card_brand: string | null;
  card_last4: string | null;
  paypal_email: string | null;
  past_due_since: Date | null;
  attempt_count: number;
  attempt_limit: number;
  state_at: Date;
}

const SUBSCRIPTION_COLUMNS = `id, customer_id, gateway, external_id, plan_id, status,
  cancel_at_period_end, current_period_end, extra_slots, next_cycle_slots, scheduled_plan_id,
  coupon_code, payment_method, card_brand, card_last4, paypal_email, past_due_since,
  attempt_count, attempt_limit, state_at`;

function toRecord(row: SubscriptionRow): SubscriptionRecord {
  return {
    id: row.id,
    customerId: row.customer_id,
    gateway: row.gateway,
    externalId: row.external_id,
    planId: row.plan_id,
    status: row.status,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    currentPeriodEnd: row.current_period_end,
    extraSlots: row.extra_slots,
    nextCycleSlots: row.next_cycle_slots,
    scheduledPlanId: row.scheduled_plan_id,
    couponCode: row.coupon_code,
    paymentMethod: row.payment_method,
    cardBrand: row.card_brand,
    cardLast4: row.card_last4 === null ? null : row.card_last4.trim(),
    paypalEmail: row.paypal_email,
    pastDueSince: row.past_due_since,
    attemptCount: row.attempt_count,
    attemptLimit: row.attempt_limit,
    stateAt: row.state_at,
  };
}

interface PendingRow {
  id: string;
  customer_id: string;
  gateway: string;
  payment_intent_id: string;
  client_secret: string;
  plan_id: string;
  extra_slots: number;
  created_at: Date;
  resolved_at: Date | null;
}

function toPending(row: PendingRow): PendingPaymentRecord {
  return {
    id: row.id,
    customerId: row.customer_id,
    gateway: row.gateway,
    paymentIntentId: row.payment_intent_id,
    clientSecret: row.client_secret,
    planId: row.plan_id,
    extraSlots: row.extra_slots,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  };
}

/**
 * Which customers column holds a gateway's customer id. The sandboxes use the columns of the
 * gateways they stand in for (their ids, cus_sbx_…, never collide with real ones), so switching
 * a fresh install from the sandbox to Stripe needs no schema change (decision in core's file).
 */
export function customerRefColumn(
  gateway: GatewayName,
): 'stripe_customer_id' | 'braintree_customer_id' {
  return gateway === 'stripe' || gateway === 'sandbox-card'
    ? 'stripe_customer_id'
    : 'braintree_customer_id';
}

/** How often a checkout call waiting for the customer's lock tries again. */
const CHECKOUT_LOCK_POLL_MS = 50;

/**
 * The one writer of `subscriptions`, `invoices`, `billing_events` and `pending_payments`. The
 * ledger calls the `*In` methods inside its transaction; the services read through the others.
 */
@Injectable()
export class SubscriptionsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Runs `work` while holding the customer's checkout lease (`billing_checkout_locks`), so it
   * spans the gateway calls and every server process without keeping a connection. A caller
   * that finds it taken polls for at most `waitMs`, then gets `{ locked: false }`. The holder
   * renews the lease every third of `leaseMs`; a lease left by a crashed process lapses after
   * `leaseMs`.
   */
  async whileCheckoutLocked<T>(
    customerId: string,
    options: { waitMs: number; leaseMs: number },
    work: () => Promise<T>,
  ): Promise<{ locked: true; value: T } | { locked: false }> {
    const token = randomUUID();
    const deadline = Date.now() + options.waitMs;
    for (;;) {
      const taken = await queryRows<{ token: string }>(
        this.dataSource,
        `INSERT INTO billing_checkout_locks (customer_id, token, expires_at)
         VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
         ON CONFLICT (customer_id) DO UPDATE
           SET token = EXCLUDED.token, expires_at = EXCLUDED.expires_at
           WHERE billing_checkout_locks.expires_at <= now()
         RETURNING token`,
        [customerId, token, options.leaseMs],
      );
      if (taken.length > 0) break;
      if (Date.now() >= deadline) return { locked: false };
      await new Promise((resolve) => setTimeout(resolve, CHECKOUT_LOCK_POLL_MS));
    }
    // The lease is renewed while the work runs, so it can be short: a process killed while
    // holding it (kill -9, a lost machine) blocks the customer's next call for one lease only.
    const renew = setInterval(
      () =>
        void this.dataSource
          .query(
            `UPDATE billing_checkout_locks
               SET expires_at = now() + make_interval(secs => $3::double precision / 1000)
             WHERE customer_id = $1 AND token = $2`,
            [customerId, token, options.leaseMs],
          )
          .catch(() => undefined),
      Math.max(100, Math.floor(options.leaseMs / 3)),
    );
    renew.unref();
    try {
      return { locked: true, value: await work() };
    } finally {
      clearInterval(renew);
      await this.dataSource.query(
        `DELETE FROM billing_checkout_locks WHERE customer_id = $1 AND token = $2`,
        [customerId, token],
      );
    }
  }

  /** Records the event id; false when it was recorded before (a redelivery). */
  async recordEventIn(
    manager: EntityManager,
    gateway: GatewayName,
    eventId: string,
    type: string,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO billing_events (gateway, event_id, type) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [gateway, eventId, type.slice(0, 64)],
    );
    return rows.length > 0;
  }

  /**
   * The customer a gateway's customer id belongs to, locked for the transaction: every change of
   * one customer's billing rows is serialized behind it.
   */
  async lockCustomerByRefIn(
    manager: EntityManager,
    gateway: GatewayName,
    customerRef: string,
  ): Promise<string | null> {
    const rows: Array<{ id: string }> = await manager.query(
      `SELECT id FROM customers WHERE ${customerRefColumn(gateway)} = $1 FOR UPDATE`,
      [customerRef],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * The customer whose row holds a gateway's subscription, locked like lockCustomerByRefIn:
   * for gateways whose events name no customer (Braintree's subscription notifications).
   */
  async lockCustomerBySubscriptionIn(
    manager: EntityManager,
    gateway: GatewayName,
    externalId: string,
  ): Promise<string | null> {
    const rows: Array<{ id: string }> = await manager.query(
      `SELECT c.id FROM customers c JOIN subscriptions s ON s.customer_id = c.id
       WHERE s.gateway = $1 AND s.external_id = $2 FOR UPDATE OF c`,
      [gateway, externalId],
    );
    return rows[0]?.id ?? null;
  }

  async currentOfCustomerIn(
    manager: EntityManager,
    customerId: string,
  ): Promise<SubscriptionRecord | null> {
    const rows: SubscriptionRow[] = await manager.query(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE customer_id = $1 FOR UPDATE`,
      [customerId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async existsIn(manager: EntityManager, gateway: GatewayName, externalId: string) {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM subscriptions WHERE gateway = $1 AND external_id = $2`,
      [gateway, externalId],
    );
    return rows.length > 0;
  }

  /**
   * Writes the snapshot as the customer's one subscription row (insert, or replace the row,
   * which may hold an older subscription). A null payment method keeps the stored one.
   */
  async writeSnapshotIn(
    manager: EntityManager,
    customerId: string,
    s: SubscriptionSnapshot,
  ): Promise<void> {
    const method = s.paymentMethod;
    await manager.query(
      `INSERT INTO subscriptions AS s (customer_id, gateway, external_id, plan_id, status,
         cancel_at_period_end, current_period_end, extra_slots, next_cycle_slots,
         scheduled_plan_id, coupon_code, payment_method, card_brand, card_last4, paypal_email,
         past_due_since, attempt_count, attempt_limit, state_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
       ON CONFLICT (customer_id) DO UPDATE SET
         gateway = EXCLUDED.gateway, external_id = EXCLUDED.external_id,
         plan_id = EXCLUDED.plan_id, status = EXCLUDED.status,
         cancel_at_period_end = EXCLUDED.cancel_at_period_end,
         current_period_end = EXCLUDED.current_period_end, extra_slots = EXCLUDED.extra_slots,
         next_cycle_slots = EXCLUDED.next_cycle_slots,
         scheduled_plan_id = EXCLUDED.scheduled_plan_id, coupon_code = EXCLUDED.coupon_code,
         payment_method = CASE WHEN $20 THEN EXCLUDED.payment_method ELSE s.payment_method END,
         card_brand = CASE WHEN $20 THEN EXCLUDED.card_brand ELSE s.card_brand END,
         card_last4 = CASE WHEN $20 THEN EXCLUDED.card_last4 ELSE s.card_last4 END,
         paypal_email = CASE WHEN $20 THEN EXCLUDED.paypal_email ELSE s.paypal_email END,
         past_due_since = EXCLUDED.past_due_since, attempt_count = EXCLUDED.attempt_count,
         attempt_limit = EXCLUDED.attempt_limit, state_at = EXCLUDED.state_at,
         updated_at = now()`,
      [
        customerId,
        s.gateway,
        s.externalId,
        s.planId,
        s.status,
        s.cancelAtPeriodEnd,
        s.currentPeriodEnd,
        s.extraSlots,
        s.nextCycleSlots,
        s.scheduledPlanId,
        s.couponCode,
        method?.type ?? null,
        method?.type === 'card' ? method.brand.slice(0, 16) : null,
        method?.type === 'card' ? method.last4.slice(-4) : null,
        method?.type === 'paypal' ? method.email : null,
        s.pastDue?.since ?? null,
        s.pastDue?.attemptCount ?? 0,
        s.pastDue?.attemptLimit ?? 4,
        s.stateAt,
        method !== null,
      ],
    );
  }

  /** Inserts the invoice once by (gateway, external id); false when it was there already. */
  async insertInvoiceIn(
    manager: EntityManager,
    customerId: string,
    invoice: InvoiceSnapshot,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO invoices (customer_id, gateway, external_id, invoice_number, total_cents, paid_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (gateway, external_id) DO NOTHING RETURNING id`,
      [
        customerId,
        invoice.gateway,
        invoice.externalId,
        invoice.number.slice(0, 64),
        invoice.totalCents,
        invoice.paidAt,
      ],
    );
    return rows.length > 0;
  }

  // Reads and the services' own writes.

  async findByCustomer(customerId: string): Promise<SubscriptionRecord | null> {
    const rows: SubscriptionRow[] = await this.dataSource.query(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE customer_id = $1`,
      [customerId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Forgets the stored payment method (§4 remove payment method). */
  async clearPaymentMethod(customerId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE subscriptions SET payment_method = NULL, card_brand = NULL, card_last4 = NULL,
         paypal_email = NULL, updated_at = now()
       WHERE customer_id = $1`,
      [customerId],
    );
  }

  /** Marks as expired the subscriptions whose paid time ran out (the maintenance step). */
  async expireEnded(now: Date): Promise<number> {
    // queryRows: TypeORM answers an UPDATE's plain query() with [rows, count].
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE subscriptions SET status = 'expired', updated_at = now()
       WHERE (status = 'canceled' AND (current_period_end IS NULL OR current_period_end <= $1))
          OR (status = 'past_due' AND attempt_count >= attempt_limit)
          OR (status = 'active' AND cancel_at_period_end AND current_period_end <= $1)
       RETURNING id`,
      [now],
    );
    return rows.length;
  }

  /** The customer's unresolved payment waiting for 3-D Secure, created after `since`. */
  async openPendingPayment(customerId: string, since: Date): Promise<PendingPaymentRecord | null> {
    const rows: PendingRow[] = await this.dataSource.query(
      `SELECT * FROM pending_payments
       WHERE customer_id = $1 AND resolved_at IS NULL AND created_at > $2`,
      [customerId, since],
    );
    return rows[0] ? toPending(rows[0]) : null;
  }

  /** Ends the customer's pending payments created before `before` (abandoned 3-D Secure). */
  async resolveStalePendingPayments(customerId: string, before: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE pending_payments SET resolved_at = now()
       WHERE customer_id = $1 AND resolved_at IS NULL AND created_at <= $2`,
      [customerId, before],
    );
  }

  async findPendingPayment(
    customerId: string,
    paymentIntentId: string,
  ): Promise<PendingPaymentRecord | null> {
    const rows: PendingRow[] = await this.dataSource.query(
      `SELECT * FROM pending_payments WHERE customer_id = $1 AND payment_intent_id = $2`,
      [customerId, paymentIntentId],
    );
    return rows[0] ? toPending(rows[0]) : null;
  }

  /** Stores a payment waiting for 3-D Secure; false when one is open already. */
  async insertPendingPayment(
    row: Omit<PendingPaymentRecord, 'id' | 'createdAt' | 'resolvedAt'>,
  ): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO pending_payments
         (customer_id, gateway, payment_intent_id, client_secret, plan_id, extra_slots)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
      [
        row.customerId,
        row.gateway,
        row.paymentIntentId,
        row.clientSecret,
        row.planId,
        row.extraSlots,
      ],
    );
    return rows.length > 0;
  }

  async resolvePendingPayment(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE pending_payments SET resolved_at = now() WHERE id = $1 AND resolved_at IS NULL`,
      [id],
    );
  }

  /** The gateway customer id stored for the customer, if any. */
  async customerRef(customerId: string, gateway: GatewayName): Promise<string | null> {
    const rows: Array<{ ref: string | null }> = await this.dataSource.query(
      `SELECT ${customerRefColumn(gateway)} AS ref FROM customers WHERE id = $1`,
      [customerId],
    );
    return rows[0]?.ref ?? null;
  }

  async storeCustomerRef(customerId: string, gateway: GatewayName, ref: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE customers SET ${customerRefColumn(gateway)} = $2 WHERE id = $1`,
      [customerId, ref],
    );
  }

  /** The card now stored at the gateway (change-card), on the customer's subscription row. */
  async setCard(customerId: string, brand: string, last4: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE subscriptions SET payment_method = 'card', card_brand = $2, card_last4 = $3,
         paypal_email = NULL, updated_at = now()
       WHERE customer_id = $1`,
      [customerId, brand.slice(0, 16), last4.slice(-4)],
    );
  }

  async recordCancellation(
    customerId: string,
    subscriptionExternalId: string,
    code: number,
    text: string | null,
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO subscription_cancellations
         (customer_id, subscription_external_id, reason_code, reason_text)
       VALUES ($1, $2, $3, $4)`,
      [customerId, subscriptionExternalId, code, text],
    );
  }

  /**
   * The team subscriptions of the teams the customer belongs to (issue 30): each team's id, the
   * customer's role in it and the paying subscription, for PlanAccess to tell whether the team's
   * plan is active. Reads the teams module's tables; writes none.
   */
  async teamSubscriptionsOf(
    customerId: string,
  ): Promise<Array<{ teamId: string; role: string; subscription: SubscriptionRecord }>> {
    const rows: Array<SubscriptionRow & { team_id: string; role: string }> =
      await this.dataSource.query(
        `SELECT m.team_id, m.role, ${SUBSCRIPTION_COLUMNS.split(',')
          .map((column) => `s.${column.trim()}`)
          .join(', ')}
           FROM team_members m
           JOIN teams t ON t.id = m.team_id
           JOIN subscriptions s ON s.id = t.subscription_id
          WHERE m.customer_id = $1
          ORDER BY m.created_at, m.team_id`,
        [customerId],
      );
    return rows.map((row) => ({
      teamId: row.team_id,
      role: row.role,
      subscription: toRecord(row),
    }));
  }

  /** The customer's newest invoice's external id, if any (handle3ds' answer). */
  async latestInvoiceExternalId(customerId: string): Promise<string | null> {
    const rows: Array<{ external_id: string }> = await this.dataSource.query(
      `SELECT external_id FROM invoices WHERE customer_id = $1 ORDER BY paid_at DESC LIMIT 1`,
      [customerId],
    );
    return rows[0]?.external_id ?? null;
  }
}
