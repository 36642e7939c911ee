import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { billingMessages } from '@animata/contracts';
import {
  newCustomer,
  newSession,
  newSubscriptionRow,
  sessionCookieName,
  type SubscriptionRowOptions,
} from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { overflowsHorizontally, useBrowserTest } from '../support/browser.js';
import { pricingShot } from './pricing-support.js';

/**
 * The billing tab, read-only (issue 18, billing-teams-apps §2, §4): a free customer, a pro
 * annual card customer (end date 12 hours earlier than stored), a canceled plan and a PayPal
 * one, with JavaScript on and off.
 */
describe('the billing page in Chromium', () => {
  const t = useBrowserTest();

  async function signedIn(subscription?: SubscriptionRowOptions) {
    const customer = await newCustomer(t.app.runtime.dataSource);
    if (subscription) await newSubscriptionRow(t.app.runtime.dataSource, customer.id, subscription);
    const token = await newSession(t.app, customer.id);
    return { customer, cookies: { [sessionCookieName(t.app.config)]: token } };
  }
  const row = (page: Page, label: string) =>
    page.locator('.billing-row', { has: page.locator('.account-row__label', { hasText: label }) });
  const value = async (page: Page, label: string) =>
    ((await row(page, label).locator('.account-row__value').textContent()) ?? '').trim();

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`shows the free plan with an Upgrade button to the pricing page (${mode})`, async () => {
      const { customer, cookies } = await signedIn();
      const page = await t.open('/billing', { javaScript, cookies });
      await page.getByRole('heading', { name: 'Billing' }).waitFor();
      assert.equal(await value(page, 'Subscription'), 'Free');
      assert.equal(await value(page, 'Cost'), '$0');
      assert.equal(await value(page, 'Payment method'), 'No payment method');
      assert.equal(await row(page, 'Next renewal').count(), 0);
      assert.match(
        await value(page, 'Billing info'),
        new RegExp(customer.email.replace('.', '\\.')),
      );
      const upgrade = page.getByRole('main').getByRole('link', { name: billingMessages.upgrade });
      assert.equal(await upgrade.getAttribute('href'), '/pricing');
      if (javaScript) {
        await pricingShot(page, 'billing-free-1280');
        await upgrade.click();
        await page.getByRole('heading', { name: billingMessages.pricingHeading }).waitFor();
      }
    });
  }

  it('shows a pro annual card plan: cost, next renewal 12 hours earlier, the Visa logo, no Upgrade', async () => {
    const { cookies } = await signedIn({
      planId: 'pro-annual',
      periodEnd: new Date('2027-03-10T06:00:00Z'),
      card: { brand: 'visa', last4: '4242' },
    });
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await t.open('/billing', { cookies, viewport });
      assert.match(await value(page, 'Subscription'), /^Pro\s*Active\s*Annual$/);
      assert.equal(await value(page, 'Cost'), '$240 per year');
      // Stored 10 March 06:00 GMT; shown 12 hours earlier: 9 March.
      assert.equal(await value(page, 'Next renewal'), 'March 9, 2027');
      assert.equal(await row(page, 'Payment method').getByRole('img', { name: 'Visa' }).count(), 1);
      assert.match(await value(page, 'Payment method'), /Visa\s*•••• 4242/);
      assert.equal(
        await page.getByRole('main').getByRole('link', { name: billingMessages.upgrade }).count(),
        0,
      );
      // Premium customers have no Upgrade in the top bar either.
      assert.equal(await page.locator('.top-bar__upgrade').count(), 0);
      assert.equal(await overflowsHorizontally(page), false);
      await pricingShot(page, `billing-pro-annual-${viewport === 'desktop' ? 1280 : 375}`);
    }
  });

  it('shows the cost actually paid, with thousands separators (issue 29)', async () => {
    const db = t.app.runtime.dataSource;
    const team = await signedIn({ planId: 'team-annual' });
    let page = await t.open('/billing', { cookies: team.cookies, javaScript: false });
    assert.equal(await value(page, 'Cost'), '$1,080 per year');
    // A 15 % coupon took $5.25 off this month: the cost is what was paid, then the regular one.
    const coupon = await signedIn({ planId: 'pro-monthly' });
    await db.query(`INSERT INTO coupons (code, type, discount) VALUES ('PAID15', 'percent', 15)`);
    await db.query(`UPDATE subscriptions SET coupon_code = 'PAID15' WHERE customer_id = $1`, [
      coupon.customer.id,
    ]);
    page = await t.open('/billing', { cookies: coupon.cookies });
    assert.match(await value(page, 'Cost'), /^\$29\.75 per month\s*then \$35 per month$/);
  });

  it("shows a canceled plan as 'Available until' with 'Renewal canceled'", async () => {
    const { cookies } = await signedIn({
      planId: 'starter-monthly',
      status: 'canceled',
      periodEnd: new Date('2027-01-15T20:00:00Z'),
      card: { brand: 'mastercard', last4: '4444' },
    });
    const page = await t.open('/billing', { cookies, javaScript: false });
    assert.equal(await row(page, 'Next renewal').count(), 0);
    assert.match(await value(page, 'Available until'), /^January 15, 2027\s*Renewal canceled$/);
    assert.match(await value(page, 'Subscription'), /Renewal canceled/);
    assert.equal(await value(page, 'Cost'), '$12 per month');
    assert.equal(
      await row(page, 'Payment method').getByRole('img', { name: 'Mastercard' }).count(),
      1,
    );
    await pricingShot(page, 'billing-canceled-1280');
  });

  it('shows a PayPal plan with its e-mail and the date as stored', async () => {
    const { cookies } = await signedIn({
      planId: 'team-monthly',
      paymentMethod: 'paypal',
      paypalEmail: 'payer@example.test',
      periodEnd: new Date('2027-02-01T06:00:00Z'),
    });
    const page = await t.open('/billing', { cookies });
    assert.match(await value(page, 'Payment method'), /payer@example\.test/);
    assert.equal(await value(page, 'Next renewal'), 'February 1, 2027');
    assert.equal(await value(page, 'Cost'), '$135 per month');
  });

  it("shows a past-due plan as 'Past due'", async () => {
    const { cookies } = await signedIn({ planId: 'pro-monthly', status: 'past_due' });
    const page = await t.open('/billing', { cookies });
    assert.match(await value(page, 'Subscription'), new RegExp(billingMessages.pastDue));
    await row(page, billingMessages.pastDue).waitFor();
    // The renewal failed: no 'Next renewal' while the gateway retries.
    assert.equal(await row(page, 'Next renewal').count(), 0);
    await pricingShot(page, 'billing-past-due-1280');
  });
});
