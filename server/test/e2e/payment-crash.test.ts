import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { billingMessages, endpoints, sessionCookieNameFor } from '@animata/contracts';
import pg from 'pg';
import { BraintreeServer } from '../support/braintree-server.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort } from '../support/ports.js';
import { seededStripeServer, stripeAppEnv, type StripeServer } from '../support/stripe-server.js';

/**
 * Issue 28 item 1: the real server process (`main.js`) is killed with SIGKILL after each gateway
 * write of a card payment (the Stripe server) and of a wallet payment (the Braintree server),
 * right when the gateway has done a step but before the process hears of it; a new process is
 * started and the customer retries. Each time the gateway ends up with exactly one live
 * subscription and one charge, and our database shows the customer on the plan.
 */

const main = fileURLToPath(new URL('../../src/main.js', import.meta.url));

const BRAINTREE_KEYS = {
  merchantId: 'animata_merchant',
  publicKey: 'animata_public',
  privateKey: 'animata_private',
};

interface Running {
  child: ChildProcess;
  exited: Promise<unknown>;
  output(): string;
}

describe('a crash during a payment never charges twice (kill -9 at each step, restart, retry)', () => {
  let database: TestDatabase;
  let db: pg.Client;
  let stripe: StripeServer;
  let braintree: BraintreeServer;
  let env: Record<string, string>;
  let port: number;
  let server: Running | null = null;

  async function start(): Promise<Running> {
    const child = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        SERVE_WEB: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 90_000;
    while (!output.includes('Animata is running')) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the server did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { child, exited, output: () => output };
  }

  /** Kills the server with SIGKILL once the gateway has run the request `step` matches. */
  function killAfter(step: RegExp) {
    let armed = true;
    const hook = async (request: { method: string; path: string }) => {
      if (!armed || !step.test(`${request.method} ${request.path}`)) return;
      armed = false;
      const running = server!;
      running.child.kill('SIGKILL');
      await running.exited;
    };
    stripe.beforeAnswer = hook;
    braintree.beforeAnswer = hook;
    return () => !armed;
  }

  async function newSignedInCustomer(): Promise<{ id: string; cookie: string }> {
    const suffix = randomBytes(5).toString('hex');
    const rows = await db.query<{ id: string }>(
      `INSERT INTO customers (email, name, verified_at) VALUES ($1, $2, now()) RETURNING id`,
      [`payer-${suffix}@example.test`, `Payer ${suffix}`],
    );
    const id = rows.rows[0]!.id;
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO sessions (id, customer_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), id],
    );
    return { id, cookie: `${sessionCookieNameFor(false)}=${encodeURIComponent(token)}` };
  }

  function pay(cookie: string, kind: 'card' | 'wallet') {
    const origin = `http://127.0.0.1:${port}`;
    const [path, body] =
      kind === 'card'
        ? [endpoints.stripe.pay.path, { plan: 'monthly', product: 'pro', source: 'pm_card_visa' }]
        : [
            endpoints.paypal.pay.path,
            { plan: 'monthly', product: 'pro', nonce: 'fake-paypal-billing-agreement-nonce' },
          ];
    return fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async function ourRow(customerId: string) {
    const rows = await db.query<{
      gateway: string;
      external_id: string;
      plan_id: string;
      status: string;
    }>(`SELECT gateway, external_id, plan_id, status FROM subscriptions WHERE customer_id = $1`, [
      customerId,
    ]);
    return rows.rows;
  }

  /** The customer's live subscriptions and unrefunded paid charges at the Stripe server. */
  function atStripe(customerId: string) {
    const customers = [...stripe.customers.values()]
      .filter((c) => c.metadata.animata_customer_id === customerId)
      .map((c) => c.id);
    const live = [...stripe.subscriptions.values()].filter(
      (s) => customers.includes(s.customer) && (s.status === 'active' || s.status === 'past_due'),
    );
    const refunded = new Set([...stripe.refunds.values()].map((r) => r.paymentIntent));
    const charges = [...stripe.invoices.values()].filter(
      (i) =>
        customers.includes(i.customer) &&
        i.status === 'paid' &&
        i.total > 0 &&
        !(i.paymentIntent && refunded.has(i.paymentIntent)),
    );
    return { customers, live: live.map((s) => s.id), charges: charges.length };
  }

  /** The same at the Braintree server (its customer id is ours without dashes). */
  function atBraintree(customerId: string) {
    const ref = customerId.replace(/-/g, '');
    const tokens = new Set(
      [...braintree.paymentMethods.values()]
        .filter((m) => m.customerId === ref)
        .map((m) => m.token),
    );
    const mine = [...braintree.subscriptions.values()].filter((s) =>
      tokens.has(s.paymentMethodToken),
    );
    const refunded = new Set(braintree.refunds.map((r) => r.refundedTransactionId));
    return {
      live: mine.filter((s) => s.status === 'Active' || s.status === 'Past Due').map((s) => s.id),
      charges: mine.flatMap((s) => s.transactions).filter((t) => !refunded.has(t.id)).length,
    };
  }

  before(async () => {
    database = await createTestDatabase();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    stripe = seededStripeServer();
    braintree = new BraintreeServer(BRAINTREE_KEYS, [
      { id: 'bt_pro_monthly', price: 35, billingFrequency: 1 },
    ]);
    port = await freePort();
    env = {
      DATABASE_URL: database.url,
      ...stripeAppEnv(await stripe.start(), `whsec_${randomBytes(12).toString('hex')}`),
      BRAINTREE_MERCHANT_ID: BRAINTREE_KEYS.merchantId,
      BRAINTREE_PUBLIC_KEY: BRAINTREE_KEYS.publicKey,
      BRAINTREE_PRIVATE_KEY: BRAINTREE_KEYS.privateKey,
      BRAINTREE_API_URL: await braintree.start(),
      BRAINTREE_PLAN_PRO_MONTHLY: 'bt_pro_monthly',
    };
    server = await start();
  });
  after(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await db?.end();
    await stripe?.stop();
    await braintree?.stop();
    await database?.drop();
  });

  const steps: Array<{ kind: 'card' | 'wallet'; after: string; step: RegExp }> = [
    { kind: 'card', after: 'the customer was created', step: /^POST \/v1\/customers$/ },
    {
      kind: 'card',
      after: 'the card was attached',
      step: /^POST \/v1\/payment_methods\/[^/]+\/attach$/,
    },
    {
      kind: 'card',
      after: 'the card was made the default',
      step: /^POST \/v1\/customers\/[^/]+$/,
    },
    {
      kind: 'card',
      after: 'the subscription was created and charged (before our commit)',
      step: /^POST \/v1\/subscriptions$/,
    },
    { kind: 'wallet', after: 'the customer was created', step: /^POST .*\/customers$/ },
    {
      kind: 'wallet',
      after: 'the PayPal account was vaulted',
      step: /^POST .*\/payment_methods$/,
    },
    {
      kind: 'wallet',
      after: 'the subscription was created and charged',
      step: /^POST .*\/subscriptions$/,
    },
    {
      kind: 'wallet',
      after: 'the last gateway answer before our commit',
      step: /^GET .*\/payment_methods\/.+/,
    },
  ];

  for (const { kind, after: when, step } of steps) {
    it(`${kind === 'card' ? 'a card payment (Stripe)' : 'a wallet payment (Braintree)'}: killed after ${when}`, async () => {
      const customer = await newSignedInCustomer();
      const killed = killAfter(step);
      await assert.rejects(pay(customer.cookie, kind), 'the process dies before it answers');
      assert.ok(killed(), 'the process was killed at the step');
      stripe.beforeAnswer = null;
      braintree.beforeAnswer = null;

      server = await start();
      const retry = await pay(customer.cookie, kind);
      const body = (await retry.json()) as { message?: string; plan?: { product: string } };
      assert.equal(retry.status, 200, JSON.stringify(body));
      assert.equal(body.message, billingMessages.paymentSuccess);
      assert.equal(body.plan?.product, 'pro');

      const gateway = kind === 'card' ? atStripe(customer.id) : atBraintree(customer.id);
      if (kind === 'card') assert.equal(atStripe(customer.id).customers.length, 1);
      assert.equal(gateway.live.length, 1, 'exactly one live subscription at the gateway');
      assert.equal(gateway.charges, 1, 'exactly one charge at the gateway');
      const rows = await ourRow(customer.id);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.plan_id, 'pro-monthly');
      assert.equal(rows[0]!.status, 'active');
      assert.equal(rows[0]!.gateway, kind === 'card' ? 'stripe' : 'braintree');
      assert.equal(rows[0]!.external_id, gateway.live[0]);
    });
  }
});
