import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { catalogueMessages, endpoints, fillPath, type InvoicesResponse } from '@animata/contracts';
import Stripe from 'stripe';
import {
  invoiceSnapshotOf,
  StripePriceMap,
} from '../../src/modules/billing/gateways/stripe/stripe-mapping.js';
import { BillingLedger } from '../../src/modules/billing/subscriptions/billing-ledger.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';
import { newInvoiceRow } from '../support/invoices.js';
import { cookieCaller } from '../support/http-client.js';
import { pdfPlainText } from '../support/pdf-text.js';
import {
  seededStripeServer,
  stripeAppEnv,
  testStripePriceIds,
  type StripeServer,
} from '../support/stripe-server.js';

const WEBHOOK_SECRET = `whsec_${randomBytes(12).toString('hex')}`;
const signer = new Stripe('sk_test_signer');

interface StoredInvoice {
  id: string;
  invoice_number: string;
  total_cents: number;
  subtotal_cents: number;
  discount_cents: number;
  currency: string;
  plan_id: string | null;
  lines: Array<{ kind: string; quantity: number; amountCents: number; planId: string | null }>;
  customer_name: string;
  customer_email: string;
  billing_name: string;
  billing_details: string;
}

/**
 * Invoices (issue 30, billing-teams-apps §2 Invoices page, §7 Invoices): every invoice the card
 * gateway reports is stored once with its lines and a snapshot of the payer's billing info; the
 * list filters by a date range; the PDF is the owner's alone.
 */
describe('invoices: stored once, listed by date range, downloaded as PDF by their owner only', () => {
  let app: TestApp;
  let stripe: StripeServer;

  before(async () => {
    stripe = seededStripeServer();
    const apiUrl = await stripe.start();
    app = await startTestApp({
      web: false,
      env: {
        ...stripeAppEnv(apiUrl, WEBHOOK_SECRET),
        SELLER_NAME: 'Animata Test Seller Ltd',
        SELLER_ADDRESS: '1 Vector Street\\nSVG City',
        SELLER_TAX_ID: 'EU123456789',
      },
    });
  });
  after(async () => {
    await app?.stop();
    await stripe?.stop();
  });

  const db = () => app.runtime.dataSource;

  async function signedIn(billing?: { name: string; details: string }) {
    const customer = await newCustomer(db());
    if (billing)
      await db().query(
        `UPDATE customers SET billing_name = $2, billing_details = $3, billing_include = true
         WHERE id = $1`,
        [customer.id, billing.name, billing.details],
      );
    const cookie = await newSessionCookie(app, customer.id);
    return { customer, cookie, call: cookieCaller(app, cookie) };
  }

  const invoicesOf = async (customerId: string) =>
    (await db().query(
      `SELECT id, invoice_number, total_cents, subtotal_cents, discount_cents, currency, plan_id,
         lines, customer_name, customer_email, billing_name, billing_details
       FROM invoices WHERE customer_id = $1 ORDER BY paid_at, created_at`,
      [customerId],
    )) as StoredInvoice[];

  async function deliver(event: unknown) {
    const body = JSON.stringify(event);
    const response = await fetch(`${app.url}${endpoints.stripe.webhook.path}`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload: body,
          secret: WEBHOOK_SECRET,
        }),
      },
    });
    assert.equal(response.status, 200, await response.text());
  }

  async function deliverEventsOf(stripeCustomerId: string) {
    for (const event of stripe.events.filter((e) =>
      JSON.stringify(e.data.object).includes(stripeCustomerId),
    ))
      await deliver(event);
  }

  const stripeCustomerOf = async (customerId: string) =>
    String(
      (
        (await db().query(`SELECT stripe_customer_id FROM customers WHERE id = $1`, [
          customerId,
        ])) as Array<{ stripe_customer_id: string }>
      )[0]!.stripe_customer_id,
    );

  it('keeps a team plan with an extra seat as plan and seat lines, then a seat increase as proration, each with the billing info of its day', async () => {
    const { customer, call } = await signedIn({ name: 'ACME GmbH', details: 'VAT DE123\nBerlin' });
    const paid = await call('POST', endpoints.stripe.pay.path, {
      plan: 'annual',
      product: 'team',
      extraSlots: 1,
      source: 'pm_card_visa',
      payment: 144000,
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const [first] = await invoicesOf(customer.id);
    assert.ok(first);
    assert.equal(first.total_cents, 144000);
    assert.equal(first.subtotal_cents, 144000);
    assert.equal(first.discount_cents, 0);
    assert.equal(first.currency, 'usd');
    assert.equal(first.plan_id, 'team-annual');
    assert.deepEqual(
      first.lines.map((l) => [l.kind, l.quantity, l.amountCents, l.planId]),
      [
        ['plan', 1, 108000, 'team-annual'],
        ['seats', 1, 36000, 'team-slot-annual'],
      ],
    );
    assert.equal(first.customer_email, customer.email);
    assert.equal(first.billing_name, 'ACME GmbH');
    assert.equal(first.billing_details, 'VAT DE123\nBerlin');

    // The billing info changes; the next invoice has the new one, the first keeps its own.
    await db().query(`UPDATE customers SET billing_name = 'ACME Holding AG' WHERE id = $1`, [
      customer.id,
    ]);
    const preview = await call<{ payment: { amount: number } }>(
      'POST',
      endpoints.stripe.previewCost.path,
      { plan: 'annual', product: 'team', extraSlots: 2 },
    );
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    const upgraded = await call('POST', endpoints.stripe.upgradeSubscription.path, {
      plan: 'annual',
      product: 'team',
      extraSlots: 2,
      payment: preview.body.payment.amount,
    });
    assert.equal(upgraded.status, 200, JSON.stringify(upgraded.body));
    // Stripe's webhooks for both invoices arrive too: nothing is stored twice.
    await deliverEventsOf(await stripeCustomerOf(customer.id));
    const stored = await invoicesOf(customer.id);
    assert.equal(stored.length, 2);
    const [before, seats] = stored as [StoredInvoice, StoredInvoice];
    assert.equal(before.billing_name, 'ACME GmbH');
    assert.equal(seats.billing_name, 'ACME Holding AG');
    assert.equal(seats.total_cents, preview.body.payment.amount);
    assert.ok(seats.lines.length > 0 && seats.lines.every((l) => l.kind === 'proration'));
    assert.equal(
      seats.lines.reduce((sum, l) => sum + l.amountCents, 0),
      seats.total_cents,
    );
  });

  it('keeps a coupon as a negative line, the discount and the subtotal before it', async () => {
    await db().query(
      `INSERT INTO coupons (code, type, discount) VALUES ('TENOFF', 'amount', 1000)`,
    );
    const { customer, call } = await signedIn();
    const paid = await call('POST', endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      coupon: 'TENOFF',
      source: 'pm_card_visa',
      payment: 2500,
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const [invoice] = await invoicesOf(customer.id);
    assert.ok(invoice);
    assert.deepEqual(
      [invoice.subtotal_cents, invoice.discount_cents, invoice.total_cents],
      [3500, 1000, 2500],
    );
    assert.deepEqual(
      invoice.lines.map((l) => [l.kind, l.amountCents]),
      [
        ['plan', 3500],
        ['coupon', -1000],
      ],
    );
    // A billing info left out (include false) is not printed: the row keeps none.
    assert.equal(invoice.billing_name, '');
  });

  it('stores one row when the webhook and call answers race for the same invoice', async () => {
    const { customer, call } = await signedIn();
    const paid = await call('POST', endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'starter',
      source: 'pm_card_visa',
      payment: 1200,
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const ref = await stripeCustomerOf(customer.id);
    const paidEvent = stripe.events.find(
      (e) => e.type === 'invoice.paid' && JSON.stringify(e.data.object).includes(ref),
    );
    assert.ok(paidEvent);
    // Forget the row the answer stored, then let the webhook and three answers race.
    await db().query(`DELETE FROM invoices WHERE customer_id = $1`, [customer.id]);
    const snapshot = invoiceSnapshotOf(
      paidEvent.data.object as unknown as Stripe.Invoice,
      new StripePriceMap(testStripePriceIds),
    );
    const ledger = app.app.get(BillingLedger);
    const outcomes = await Promise.all([
      deliver(paidEvent).then(() => 'webhook'),
      ledger.recordInvoice(snapshot),
      ledger.recordInvoice(snapshot),
      ledger.recordInvoice(snapshot),
    ]);
    const stored = await invoicesOf(customer.id);
    assert.equal(stored.length, 1, JSON.stringify(outcomes));
    assert.equal(stored[0]!.total_cents, 1200);
    assert.equal(outcomes.filter((o) => o === 'applied').length <= 1, true);
  });

  it('lists the customer’s invoices newest first, filtered by whole GMT days, a start after the end swapped', async () => {
    const { customer, call } = await signedIn();
    const march1 = await newInvoiceRow(db(), customer.id, {
      paidAt: '2026-03-01T00:00:00Z',
      totalCents: 1000,
    });
    const march4 = await newInvoiceRow(db(), customer.id, {
      paidAt: '2026-03-04T23:59:59Z',
      totalCents: 2975,
    });
    const march5 = await newInvoiceRow(db(), customer.id, {
      paidAt: '2026-03-05T00:00:00Z',
      totalCents: 144000,
    });
    const other = await signedIn();
    await newInvoiceRow(db(), other.customer.id, { paidAt: '2026-03-02T12:00:00Z' });
    const list = async (query: string) => {
      const answer = await call<InvoicesResponse>(
        'GET',
        `${endpoints.invoices.list.path}${query ? `?${query}` : ''}`,
      );
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.data.map((i) => i.invoice_id);
    };
    const all = await call<InvoicesResponse>('GET', endpoints.invoices.list.path);
    assert.deepEqual(all.body.data, [
      {
        id: march5.id,
        invoice_id: march5.number,
        created_at: '2026-03-05T00:00:00.000Z',
        total: 1440,
      },
      {
        id: march4.id,
        invoice_id: march4.number,
        created_at: '2026-03-04T23:59:59.000Z',
        total: 29.75,
      },
      {
        id: march1.id,
        invoice_id: march1.number,
        created_at: '2026-03-01T00:00:00.000Z',
        total: 10,
      },
    ]);
    const table: Array<[string, string[]]> = [
      ['from=2026-03-01&to=2026-03-04', [march4.number, march1.number]],
      ['from=2026-03-04&to=2026-03-01', [march4.number, march1.number]],
      ['from=2026-03-02', [march5.number, march4.number]],
      ['to=2026-03-01', [march1.number]],
      ['from=2026-03-05&to=2026-03-05', [march5.number]],
      ['from=any&to=Any%20interval', [march5.number, march4.number, march1.number]],
      ['from=2026-04-01', []],
    ];
    for (const [query, expected] of table) assert.deepEqual(await list(query), expected, query);
    for (const bad of ['from=2026-02-30', 'to=yesterday', 'from=2026-3-1']) {
      const answer = await call<{ error: string; errors?: Record<string, string> }>(
        'GET',
        `${endpoints.invoices.list.path}?${bad}`,
      );
      assert.equal(answer.status, 422, bad);
      assert.ok(answer.body.errors?.[bad.split('=')[0]!], JSON.stringify(answer.body));
    }
    const signedOut = await fetch(`${app.url}${endpoints.invoices.list.path}`);
    assert.equal(signedOut.status, 401);
  });

  it('answers the PDF to its owner, and 404 in the catalogue shape to anyone else or for an unknown id', async () => {
    const owner = await signedIn({ name: 'Ada Billing Ltd', details: 'Registered in Utopia' });
    const paid = await owner.call('POST', endpoints.stripe.pay.path, {
      plan: 'annual',
      product: 'team',
      extraSlots: 1,
      source: 'pm_card_visa',
      payment: 144000,
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const [invoice] = await invoicesOf(owner.customer.id);
    assert.ok(invoice);
    const path = fillPath(endpoints.invoices.view.path, { params: { id: invoice.id } });

    const response = await fetch(`${app.url}${path}`, { headers: { cookie: owner.cookie } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.match(
      response.headers.get('content-disposition') ?? '',
      new RegExp(`^attachment; filename="Invoice-${invoice.invoice_number}\\.pdf"`),
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    assert.equal(Buffer.from(bytes.subarray(0, 5)).toString(), '%PDF-');
    const text = pdfPlainText(bytes);
    for (const expected of [
      `Invoice ID: ${invoice.invoice_number}`,
      'Animata Test Seller Ltd',
      '1 Vector Street',
      'SVG City',
      'Tax ID: EU123456789',
      'Ada Billing Ltd',
      owner.customer.email,
      'Registered in Utopia',
      'Team (annual)',
      '$1,080.00',
      '$360.00',
      '$1,440.00',
      'Subtotal',
      'Total',
    ])
      assert.ok(text.includes(expected), `${expected} in:\n${text}`);
    assert.match(text, /Paid on \w{3} \d{1,2}, \d{4}/);

    // Someone else (a plain other customer: teams are another change), an unknown id, a
    // malformed id, and someone else's list: none of it shows.
    const stranger = await signedIn();
    for (const [who, url] of [
      [stranger.cookie, path],
      [owner.cookie, fillPath(endpoints.invoices.view.path, { params: { id: randomUUID() } })],
      [owner.cookie, fillPath(endpoints.invoices.view.path, { params: { id: 'not-an-id' } })],
    ] as const) {
      const denied = await fetch(`${app.url}${url}`, { headers: { cookie: who } });
      assert.equal(denied.status, 404, url);
      assert.equal(((await denied.json()) as { error: string }).error, catalogueMessages.notFound);
    }
    const strangersList = await stranger.call<InvoicesResponse>(
      'GET',
      endpoints.invoices.list.path,
    );
    assert.deepEqual(strangersList.body.data, []);
    const signedOut = await fetch(`${app.url}${path}`);
    assert.equal(signedOut.status, 401);
  });
});

describe('invoices of the sandbox gateways (the embedded default): the same lines', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  it('keeps a sandbox team plan as plan and seat lines, and a seat increase as one proration line', async () => {
    const customer = await newCustomer(app.runtime.dataSource);
    const call = cookieCaller(app, await newSessionCookie(app, customer.id));
    const paid = await call('POST', endpoints.stripe.pay.path, {
      plan: 'annual',
      product: 'team',
      extraSlots: 1,
      source: 'pm_card_visa',
      payment: 144000,
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const preview = await call<{ payment: { amount: number } }>(
      'POST',
      endpoints.stripe.previewCost.path,
      { plan: 'annual', product: 'team', extraSlots: 2 },
    );
    const upgraded = await call('POST', endpoints.stripe.upgradeSubscription.path, {
      plan: 'annual',
      product: 'team',
      extraSlots: 2,
      payment: preview.body.payment.amount,
    });
    assert.equal(upgraded.status, 200, JSON.stringify(upgraded.body));
    const rows = (await app.runtime.dataSource.query(
      `SELECT gateway, plan_id, subtotal_cents, total_cents, lines FROM invoices
       WHERE customer_id = $1 ORDER BY paid_at, created_at`,
      [customer.id],
    )) as Array<{
      gateway: string;
      plan_id: string;
      subtotal_cents: number;
      total_cents: number;
      lines: Array<{ kind: string; description: string; quantity: number; amountCents: number }>;
    }>;
    assert.equal(rows.length, 2);
    assert.deepEqual(
      rows.map((r) => [r.gateway, r.plan_id, r.subtotal_cents, r.total_cents]),
      [
        ['sandbox-card', 'team-annual', 144000, 144000],
        ['sandbox-card', 'team-annual', preview.body.payment.amount, preview.body.payment.amount],
      ],
    );
    assert.deepEqual(
      rows[0]!.lines.map((l) => [l.kind, l.description, l.quantity, l.amountCents]),
      [
        ['plan', 'Team plan (annual)', 1, 108000],
        ['seats', 'Extra seats (annual)', 1, 36000],
      ],
    );
    assert.deepEqual(
      rows[1]!.lines.map((l) => [l.kind, l.description, l.amountCents]),
      [
        [
          'proration',
          'Remaining time on Team plan (annual) with 2 extra seats',
          preview.body.payment.amount,
        ],
      ],
    );
  });
});
