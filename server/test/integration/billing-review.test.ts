import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpoints, type PayResponse } from '@animata/contracts';
import { SubscriptionsRepository } from '../../src/modules/billing/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { signedInCustomer } from '../support/billing-client.js';
import { TestClient } from '../support/http-client.js';

/** The review of issue 18: money and access under races and hostile callers. */
describe('billing review: concurrent payments, other customers, hostile bodies', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  const db = () => app.runtime.dataSource;

  const signedIn = () => signedInCustomer(app);

  const invoicesOf = async (customerId: string) =>
    Number(
      (
        (await db().query(`SELECT count(*) AS n FROM invoices WHERE customer_id = $1`, [
          customerId,
        ])) as Array<{ n: string }>
      )[0]!.n,
    );
  /** Every sandbox subscription of any sandbox customer made for this e-mail. */
  const sandboxSubscriptionsOf = async (email: string) =>
    Number(
      (
        (await db().query(
          `SELECT count(*) AS n FROM sandbox_gateway_objects s
             JOIN sandbox_gateway_objects c ON c.id = s.data->>'customer' AND c.kind = 'customer'
            WHERE s.kind = 'subscription' AND c.data->>'email' = $1`,
          [email],
        )) as Array<{ n: string }>
      )[0]!.n,
    );

  it('charges once for parallel pay calls of one customer (a double click)', async () => {
    const { customer, call } = await signedIn();
    const body = { plan: 'monthly', product: 'pro', source: 'pm_card_visa', payment: 3500 };
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => call<PayResponse>(endpoints.stripe.pay.path, body)),
    );
    const statuses = answers.map((a) => a.status);
    assert.ok(statuses.includes(200), statuses.join());
    for (const a of answers) assert.ok(a.status === 200 || a.status === 409, JSON.stringify(a));
    assert.equal(await invoicesOf(customer.id), 1, 'one invoice');
    assert.equal(await sandboxSubscriptionsOf(customer.email), 1, 'one gateway subscription');
  });

  it('charges once for parallel pay calls of one customer for different plans', async () => {
    const { customer, call } = await signedIn();
    const answers = await Promise.all([
      call<PayResponse>(endpoints.stripe.pay.path, {
        plan: 'monthly',
        product: 'pro',
        source: 'pm_card_visa',
      }),
      call<PayResponse>(endpoints.stripe.pay.path, {
        plan: 'annual',
        product: 'pro',
        source: 'pm_card_visa',
      }),
      call<PayResponse>(endpoints.stripe.pay.path, {
        plan: 'monthly',
        product: 'starter',
        source: 'pm_card_visa',
      }),
    ]);
    assert.deepEqual(
      answers.map((a) => a.status).sort(),
      [200, 409, 409],
      JSON.stringify(answers.map((a) => [a.status, a.body])),
    );
    assert.equal(await invoicesOf(customer.id), 1);
    assert.equal(await sandboxSubscriptionsOf(customer.email), 1);
  });

  it("refuses handle3ds and the sandbox confirmation for another customer's payment", async () => {
    const owner = await signedIn();
    const paid = await owner.call<PayResponse>(endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      source: 'pm_card_threeDSecure2Required',
    });
    assert.equal(paid.status, 200);
    const payment = paid.body.payment!;
    const other = await signedIn();
    const stolen = await other.call(endpoints.stripe.handle3ds.path, {
      paymentIntentId: payment.id,
    });
    assert.equal(stolen.status, 404);
    const guessed = await other.call(endpoints.stripe.sandboxConfirm.path, {
      clientSecret: `${payment.id}_secret_wrong`,
      outcome: 'complete',
    });
    assert.equal(guessed.status, 404);
    // The browser cannot claim success: the gateway still waits for the challenge.
    const early = await owner.call(endpoints.stripe.handle3ds.path, {
      paymentIntentId: payment.id,
    });
    assert.equal(early.status, 402);
    const premium: Array<{ status: string }> = await db().query(
      `SELECT status FROM subscriptions WHERE customer_id = $1`,
      [owner.customer.id],
    );
    assert.deepEqual(premium, [{ status: 'incomplete' }]);
  });

  it('answers hostile bodies on every billing call with 4xx in the catalogue shape', async () => {
    const { call } = await signedIn();
    const paths = [
      endpoints.stripe.previewCost.path,
      endpoints.stripe.pay.path,
      endpoints.stripe.handle3ds.path,
      endpoints.stripe.upgradeSubscription.path,
      endpoints.stripe.changeCard.path,
      endpoints.stripe.cancelSubscription.path,
      endpoints.stripe.sandboxConfirm.path,
      endpoints.paypal.previewCost.path,
      endpoints.paypal.pay.path,
      endpoints.paypal.upgradeSubscription.path,
      endpoints.paypal.cancelSubscription.path,
      endpoints.tracking.track.path,
    ];
    const bodies: unknown[] = [
      [],
      [{ plan: 'monthly', product: 'pro' }],
      'pro',
      42,
      null,
      { plan: ['monthly'], product: 'pro', source: 'pm_card_visa' },
      { plan: 'monthly', product: { $ne: 1 }, source: 'pm_card_visa' },
      { plan: 'monthly', product: 'team', source: 'pm_card_visa', extraSlots: 1e308 },
      { plan: 'monthly', product: 'team', source: 'pm_card_visa', extraSlots: 1.5 },
      { plan: 'monthly', product: 'pro', source: 'pm_card_visa', payment: -1 },
      { plan: 'monthly', product: 'pro', source: 'pm_card_visa', payment: 35.5 },
      { plan: 'monthly', product: 'pro', source: ['pm_card_visa'] },
      { plan: 'monthly', product: 'pro', nonce: { a: 1 } },
      { plan: 'quarterly', product: 'pro', source: 'pm_card_visa' },
      { paymentIntentId: ['pi_x'] },
      { paymentIntentId: 'x'.repeat(100_000) },
      { reason: [] },
      { reason: { code: '1' } },
      { reason: { code: 0, text: 42 } },
      { reason: { code: 0, text: 'x'.repeat(1001) } },
      { reason: { code: 9 } },
      { reason: null },
      { clientSecret: { toString: 'x' }, outcome: 'complete' },
      { eventName: 'Purchase', eventData: [] },
      { eventName: 'Purchase', eventData: 'x' },
    ];
    for (const path of paths) {
      for (const body of bodies) {
        const answer = await call(path, body);
        assert.ok(
          answer.status >= 400 && answer.status < 500,
          `${path} ${JSON.stringify(body).slice(0, 120)}: ${answer.status}`,
        );
        const shaped = answer.body as { error?: unknown; errors?: unknown } | null;
        assert.ok(
          shaped && (typeof shaped.error === 'string' || typeof shaped.errors === 'object'),
          `${path} ${JSON.stringify(body).slice(0, 120)}: the catalogue shape`,
        );
      }
    }
  });

  it('pays once when the 3-D Secure confirmation comes twice at once (two tabs)', async () => {
    const { customer, call } = await signedIn();
    const paid = await call<PayResponse>(endpoints.stripe.pay.path, {
      plan: 'monthly',
      product: 'pro',
      source: 'pm_card_threeDSecure2Required',
    });
    const payment = paid.body.payment!;
    const confirmations = await Promise.all(
      [0, 1, 2].map(() =>
        call(endpoints.stripe.sandboxConfirm.path, {
          clientSecret: payment.clientSecret,
          outcome: 'complete',
        }),
      ),
    );
    for (const answer of confirmations) assert.equal(answer.status, 200);
    const handled = await call(endpoints.stripe.handle3ds.path, { paymentIntentId: payment.id });
    assert.equal(handled.status, 200, JSON.stringify(handled.body));
    assert.equal(await invoicesOf(customer.id), 1);
  });

  it('answers 401 to every billing call of a signed-out caller', async () => {
    const client = new TestClient(app.url);
    for (const endpoint of [
      ...Object.values(endpoints.stripe),
      ...Object.values(endpoints.paypal),
      endpoints.tracking.track,
    ]) {
      if (
        endpoint === endpoints.stripe.sandboxConfirm ||
        endpoint === endpoints.stripe.webhook ||
        endpoint === endpoints.paypal.webhook ||
        endpoint.method !== 'POST'
      )
        continue;
      const response = await client.post(endpoint.path, {});
      assert.equal(response.status, 401, endpoint.path);
    }
  });

  it('holds the checkout lease for one call, answers busy past the wait, and lets a lapsed lease go', async () => {
    const { customer } = await signedIn();
    const repository = app.app.get(SubscriptionsRepository);
    const short = { waitMs: 150, leaseMs: 60_000 };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const leaseTaken = new Promise<void>((resolve) => (holding = resolve));
    const first = repository.whileCheckoutLocked(customer.id, short, () => {
      holding();
      return held.then(() => 1);
    });
    await leaseTaken;
    assert.deepEqual(await repository.whileCheckoutLocked(customer.id, short, async () => 2), {
      locked: false,
    });
    release();
    assert.deepEqual(await first, { locked: true, value: 1 });
    assert.deepEqual(await repository.whileCheckoutLocked(customer.id, short, async () => 3), {
      locked: true,
      value: 3,
    });
    // A process that died holding it: the lease lapses.
    await db().query(
      `INSERT INTO billing_checkout_locks (customer_id, token, expires_at)
       VALUES ($1, gen_random_uuid(), now() - interval '1 second')`,
      [customer.id],
    );
    assert.deepEqual(await repository.whileCheckoutLocked(customer.id, short, async () => 4), {
      locked: true,
      value: 4,
    });
  });

  it('renews the checkout lease while the call works, however long past the lease it takes', async () => {
    const { customer } = await signedIn();
    const repository = app.app.get(SubscriptionsRepository);
    const brief = { waitMs: 0, leaseMs: 1_000 };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const leaseTaken = new Promise<void>((resolve) => (holding = resolve));
    const first = repository.whileCheckoutLocked(customer.id, brief, () => {
      holding();
      return held.then(() => 1);
    });
    await leaseTaken;
    // Two and a half leases long: a lease that was not renewed would have lapsed twice over.
    const until = Date.now() + 2_500;
    while (Date.now() < until) {
      assert.deepEqual(await repository.whileCheckoutLocked(customer.id, brief, async () => 2), {
        locked: false,
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    release();
    assert.deepEqual(await first, { locked: true, value: 1 });
  });
});
