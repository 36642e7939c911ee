import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans, subscriptions and the gateways' event ledger (issue 18, billing-teams-apps §1, §3, §4).
 * Prices are cents per month; the gateways' price and plan ids are configuration, not rows.
 * A subscription row is the gateways' truth as their events and answers reported it:
 * `state_at` is the gateway time of the state it holds, so an older event never overwrites it.
 */
export class Billing1795700000000 implements MigrationInterface {
  name = 'Billing1795700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE billing_products (
        name varchar(16) PRIMARY KEY,
        -- Null for team-slot, the purchasable extra seat, which is no plan column.
        access_level smallint UNIQUE CHECK (access_level BETWEEN 0 AND 3),
        title varchar(32) NOT NULL,
        short_description text NOT NULL DEFAULT '',
        position smallint NOT NULL
      )`);
    await db.query(`
      CREATE TABLE billing_plans (
        id varchar(32) PRIMARY KEY,
        product varchar(16) NOT NULL REFERENCES billing_products(name),
        period varchar(16) NOT NULL CHECK (period IN ('monthly', 'quarterly', 'annual')),
        months smallint NOT NULL CHECK (months IN (1, 3, 12)),
        monthly_price_cents integer NOT NULL CHECK (monthly_price_cents >= 0),
        original_price_cents integer NOT NULL CHECK (original_price_cents >= 0),
        -- Team plans: the extra-seat plan of the same period.
        seats_plan_id varchar(32) REFERENCES billing_plans(id),
        -- Only monthly and annual can be bought (§5).
        purchasable boolean NOT NULL DEFAULT true,
        UNIQUE (product, period)
      )`);
    await db.query(`
      INSERT INTO billing_products (name, access_level, title, short_description, position) VALUES
        ('free', 0, 'Free', 'For trying Animata out', 0),
        ('starter', 1, 'Starter', 'For makers who publish SVG animations', 1),
        ('pro', 2, 'Pro', 'For professionals who export everywhere', 2),
        ('team', 3, 'Team', 'For teams that animate together', 3),
        ('team-slot', NULL, 'Team seat', 'One more seat in a team', 4)`);
    // Team prices are for the 3 included seats; the page shows them per seat (§9).
    await db.query(`
      INSERT INTO billing_plans
        (id, product, period, months, monthly_price_cents, original_price_cents, seats_plan_id, purchasable)
      VALUES
        ('team-slot-monthly', 'team-slot', 'monthly', 1, 4500, 4500, NULL, true),
        ('team-slot-quarterly', 'team-slot', 'quarterly', 3, 4000, 4500, NULL, false),
        ('team-slot-annual', 'team-slot', 'annual', 12, 3000, 4500, NULL, true),
        ('starter-monthly', 'starter', 'monthly', 1, 1200, 1200, NULL, true),
        ('starter-quarterly', 'starter', 'quarterly', 3, 1100, 1200, NULL, false),
        ('starter-annual', 'starter', 'annual', 12, 900, 1200, NULL, true),
        ('pro-monthly', 'pro', 'monthly', 1, 3500, 3500, NULL, true),
        ('pro-quarterly', 'pro', 'quarterly', 3, 3000, 3500, NULL, false),
        ('pro-annual', 'pro', 'annual', 12, 2000, 3500, NULL, true),
        ('team-monthly', 'team', 'monthly', 1, 13500, 13500, 'team-slot-monthly', true),
        ('team-quarterly', 'team', 'quarterly', 3, 12000, 13500, 'team-slot-quarterly', false),
        ('team-annual', 'team', 'annual', 12, 9000, 13500, 'team-slot-annual', true)`);

    await db.query(`
      ALTER TABLE customers
        ADD COLUMN stripe_customer_id varchar(64) UNIQUE,
        ADD COLUMN braintree_customer_id varchar(64) UNIQUE`);

    await db.query(`
      CREATE TABLE subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        -- One current subscription per customer; a new purchase replaces an expired one.
        customer_id uuid NOT NULL UNIQUE REFERENCES customers(id) ON DELETE CASCADE,
        gateway varchar(16) NOT NULL
          CHECK (gateway IN ('stripe', 'braintree', 'sandbox-card', 'sandbox-wallet')),
        external_id varchar(128) NOT NULL,
        plan_id varchar(32) NOT NULL REFERENCES billing_plans(id),
        status varchar(16) NOT NULL
          CHECK (status IN ('incomplete', 'active', 'past_due', 'canceled', 'expired')),
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        current_period_end timestamptz,
        extra_slots smallint NOT NULL DEFAULT 0 CHECK (extra_slots BETWEEN 0 AND 7),
        next_cycle_slots smallint CHECK (next_cycle_slots BETWEEN 0 AND 7),
        -- A downgrade or period change waiting for the period end.
        scheduled_plan_id varchar(32) REFERENCES billing_plans(id),
        coupon_code varchar(64),
        payment_method varchar(8) CHECK (payment_method IN ('card', 'paypal')),
        card_brand varchar(16),
        card_last4 char(4),
        paypal_email varchar(254),
        past_due_since timestamptz,
        attempt_count smallint NOT NULL DEFAULT 0,
        attempt_limit smallint NOT NULL DEFAULT 4,
        state_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (gateway, external_id)
      )`);

    // A card payment waiting for 3-D Secure (§4 pending 3-D Secure).
    await db.query(`
      CREATE TABLE pending_payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        gateway varchar(16) NOT NULL,
        payment_intent_id varchar(128) NOT NULL UNIQUE,
        client_secret varchar(256) NOT NULL,
        plan_id varchar(32) NOT NULL REFERENCES billing_plans(id),
        extra_slots smallint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz
      )`);
    await db.query(
      `CREATE UNIQUE INDEX pending_payments_open_key ON pending_payments (customer_id) WHERE resolved_at IS NULL`,
    );

    await db.query(`
      CREATE TABLE invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        gateway varchar(16) NOT NULL,
        external_id varchar(128) NOT NULL,
        -- The number shown to the customer (§3 Invoice.invoice_id).
        invoice_number varchar(64) NOT NULL,
        total_cents integer NOT NULL,
        paid_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (gateway, external_id)
      )`);
    await db.query(`CREATE INDEX invoices_customer_idx ON invoices (customer_id, paid_at DESC)`);

    // Every gateway event applied, by its id: recorded in the transaction of its effect, so a
    // redelivered event changes nothing twice.
    await db.query(`
      CREATE TABLE billing_events (
        gateway varchar(16) NOT NULL,
        event_id varchar(128) NOT NULL,
        type varchar(64) NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (gateway, event_id)
      )`);

    // The sandbox gateways' own objects (the embedded default without gateway keys).
    await db.query(`
      CREATE TABLE sandbox_gateway_objects (
        id varchar(128) PRIMARY KEY,
        kind varchar(32) NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sandbox_gateway_objects`);
    await db.query(`DROP TABLE billing_events`);
    await db.query(`DROP TABLE invoices`);
    await db.query(`DROP TABLE pending_payments`);
    await db.query(`DROP TABLE subscriptions`);
    await db.query(
      `ALTER TABLE customers DROP COLUMN stripe_customer_id, DROP COLUMN braintree_customer_id`,
    );
    await db.query(`DROP TABLE billing_plans`);
    await db.query(`DROP TABLE billing_products`);
  }
}
