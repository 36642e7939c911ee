import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  billingMessages,
  billingPageTexts,
  CANCEL_REASONS,
  DOWNGRADE_LIMITS,
  twoFactorMessages,
} from '@animata/contracts';
import {
  codeIn,
  newCustomer,
  newSession,
  newSubscriptionRow,
  sessionCookieName,
  type SubscriptionRowOptions,
  waitForMail,
} from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { overflowsHorizontally, snackbar, useBrowserTest } from '../support/browser.js';
import { customerOf, fillCard, payByApi } from './checkout-support.js';
import { pricingShot } from './pricing-support.js';

/**
 * The billing tab (issue 18, billing-teams-apps §2, §4): a free customer, a pro annual card
 * customer (end date 12 hours earlier than stored), a canceled plan and a PayPal one, with
 * JavaScript on and off; and (issue 30) its controls walked once with JavaScript and once
 * without: change the card (two-factor), billing info, cancel with a reason, resume, cancel
 * again and remove the card.
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
    assert.equal(await value(page, 'Cost'), '$1,080 per year, incl. 3 seats');
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
    assert.equal(await value(page, 'Cost'), '$135 per month, incl. 3 seats');
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

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`changes the card with two-factor, edits billing info, cancels with a reason, resumes, removes the card (${mode})`, async () => {
      const db = t.app.runtime.dataSource;
      const { customer, cookies } = await signedIn();
      const page = await t.open('/billing', { cookies, javaScript });
      await payByApi(t, page, { plan: 'monthly', product: 'pro', source: 'pm_card_visa' });
      await page.reload();
      // The refused posts (a declined card, too long a name, too short a reason) answer 422.
      t.allowConsoleError(page, /status of 422/);
      assert.match(await value(page, 'Payment method'), /Visa\s*•••• 4242/);

      // Change card: edit, a declined card's message, then a good one and the two-factor step.
      await page.getByRole('link', { name: billingPageTexts.changeCard }).click();
      let form = await fillCard(page, '4000 0000 0000 0002');
      await form.getByRole('button', { name: billingPageTexts.saveCard }).click();
      await form.getByText(billingMessages.declined).waitFor();
      // Two-factor on now: the change asks for the e-mail code.
      await db.query(`UPDATE customers SET two_factor_enabled = true WHERE id = $1`, [customer.id]);
      form = await fillCard(page, '4000 0027 6000 3184');
      await form.getByRole('button', { name: billingPageTexts.saveCard }).click();
      const tfa = page.getByRole('dialog', { name: twoFactorMessages.title });
      const before = new Date();
      await tfa.getByRole('button', { name: twoFactorMessages.sendEmail }).click();
      const mail = await waitForMail(db, customer.email, /code/i, { after: before });
      await tfa.getByLabel(twoFactorMessages.codeLabel).fill(codeIn(mail));
      await tfa.getByRole('button', { name: twoFactorMessages.verifyCode }).click();
      if (!javaScript) {
        await page.getByText(twoFactorMessages.accepted).waitFor();
        await page.getByRole('button', { name: twoFactorMessages.continue }).click();
      }
      await snackbar(page, billingMessages.cardChanged);
      await page.waitForURL(/\/billing$/);
      assert.match(await value(page, 'Payment method'), /Visa\s*•••• 3184/);

      // Billing info: too long is refused (live with JavaScript, by the server without).
      await row(page, 'Billing info').getByRole('link', { name: billingPageTexts.edit }).click();
      const info = page.getByRole('form', { name: 'Billing info' });
      await info.getByLabel('Billing name').fill('n'.repeat(181));
      await info.getByRole('button', { name: billingPageTexts.save }).click();
      await info.getByText('Billing name must be at most 180 characters long').waitFor();
      await info.getByLabel('Billing name').fill('  Acme Ltd  ');
      await info.getByLabel('Billing details').fill('VAT DE123');
      await info.getByRole('button', { name: billingPageTexts.save }).click();
      await snackbar(page, billingMessages.billingInfoChanged);
      assert.match(await value(page, 'Billing info'), /^Acme Ltd\s*VAT DE123/);
      assert.deepEqual((await customerOf(page)).billing, {
        name: 'Acme Ltd',
        details: 'VAT DE123',
        include: true,
      });

      // Cancel with 'Other' and a text: too short keeps Cancel Renewal inactive (with JS).
      await page.getByRole('link', { name: billingPageTexts.cancelSubscription }).click();
      const cancel = page.getByRole('dialog', { name: billingPageTexts.cancelSubscription });
      await cancel.getByRole('radio').first().waitFor();
      assert.equal(await cancel.getByRole('radio').count(), CANCEL_REASONS.length);
      await cancel.getByRole('radio', { name: 'Other', exact: true }).check();
      const text = cancel.getByLabel(billingPageTexts.otherLabel);
      await text.fill('Too short');
      await cancel.getByText(billingPageTexts.minimumHint).waitFor();
      const confirm = cancel.getByRole('button', { name: billingPageTexts.cancelRenewal });
      if (javaScript) {
        await cancel.getByText(billingPageTexts.counter(9)).waitFor();
        assert.equal(await confirm.isDisabled(), true);
      } else {
        await confirm.click();
        await page
          .getByRole('dialog', { name: billingPageTexts.cancelSubscription })
          .getByText(billingPageTexts.minimumHint)
          .nth(1)
          .waitFor();
      }
      await page
        .getByRole('dialog', { name: billingPageTexts.cancelSubscription })
        .getByRole('radio', { name: 'Other', exact: true })
        .check();
      await page
        .getByRole('dialog', { name: billingPageTexts.cancelSubscription })
        .getByLabel(billingPageTexts.otherLabel)
        .fill('We moved to another tool');
      await page
        .getByRole('dialog', { name: billingPageTexts.cancelSubscription })
        .getByRole('button', { name: billingPageTexts.cancelRenewal })
        .click();
      await snackbar(page, billingMessages.subscriptionCanceled);
      const limits = page.getByRole('region', { name: billingPageTexts.limitsTitle });
      for (const limit of DOWNGRADE_LIMITS)
        await limits.getByText(limit, { exact: true }).waitFor();
      assert.match(await value(page, 'Available until'), /Renewal canceled$/);
      const reasons: Array<{ reason_code: number; reason_text: string }> = await db.query(
        `SELECT reason_code, reason_text FROM subscription_cancellations WHERE customer_id = $1`,
        [customer.id],
      );
      assert.deepEqual(reasons, [{ reason_code: 0, reason_text: 'We moved to another tool' }]);

      // Resume before the end date.
      await page.getByRole('button', { name: billingPageTexts.resumeSubscription }).click();
      await snackbar(page, billingPageTexts.subscriptionResumed);
      await row(page, 'Next renewal').waitFor();
      assert.equal((await customerOf(page)).subscription.state, 'active');
      // An active plan's method cannot be removed: no such control.
      assert.equal(
        await page.getByRole('link', { name: billingPageTexts.removePaymentMethod }).count(),
        0,
      );

      // Cancel again (a listed reason), then remove the card.
      await page.getByRole('link', { name: billingPageTexts.cancelSubscription }).click();
      const again = page.getByRole('dialog', { name: billingPageTexts.cancelSubscription });
      await again.getByRole('radio', { name: CANCEL_REASONS[0]!.text }).check();
      await again.getByRole('button', { name: billingPageTexts.cancelRenewal }).click();
      await snackbar(page, billingMessages.subscriptionCanceled);
      await page.getByRole('link', { name: billingPageTexts.removePaymentMethod }).click();
      await page
        .getByRole('dialog', { name: billingPageTexts.removePaymentMethod })
        .getByRole('button', { name: billingPageTexts.remove })
        .click();
      await snackbar(page, billingMessages.paymentMethodRemoved);
      assert.equal(await value(page, 'Payment method'), 'No payment method');
      // Nothing to renew with: no Resume.
      assert.equal(
        await page.getByRole('button', { name: billingPageTexts.resumeSubscription }).count(),
        0,
      );
      assert.equal(await overflowsHorizontally(page), false);
    });
  }
});
