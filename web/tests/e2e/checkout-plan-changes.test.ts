import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  billingMessages,
  endpoints,
  formatDate,
  shownBillingDate,
  type PayResponse,
} from '@animata/contracts';
import type { Locator, Page } from 'playwright-core';
import { snackbar, useBrowserTest } from '../support/browser.js';
import {
  billingSubscription,
  customerOf,
  dialog,
  fillCard,
  payByApi,
  shot,
  signedIn,
  trackedEvents,
} from './checkout-support.js';
import { pricingShot } from './pricing-support.js';

/**
 * Plan changes that are no plain upgrade (issue 29, billing-teams-apps §2, §4, §7): a downgrade
 * or a shorter period says when it starts and shows as pending on /billing (JavaScript on and
 * off); a free customer whose 3-D Secure failed, and a canceled one whose card was removed, are
 * sent to a checkout that takes their money; the checkout's renewal date is the billing page's.
 */
describe('plan changes in the checkout (issue 29)', () => {
  const t = useBrowserTest();

  /** A value of the order summary by its label ('Starts on', 'Renews on', 'Due now'), exactly. */
  const summary = (scope: Locator, label: string) =>
    scope
      .locator('.order-summary__lines > div', {
        has: scope
          .page()
          .locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }),
      })
      .locator('dd');
  /** A /billing row's value, whitespace collapsed. */
  async function billingRow(page: Page, label: string): Promise<string> {
    const row = page.locator('.billing-row', {
      has: page.locator('.account-row__label', { hasText: label }),
    });
    return ((await row.locator('.account-row__value').innerText()) ?? '')
      .replace(/\s+/g, ' ')
      .trim();
  }
  /** The long date a card plan's stored period end shows as (the 12-hour rule). */
  const cardDate = (iso: string) => formatDate(shownBillingDate(iso, 'card')!, 'long');
  /** A pricing column's button address. */
  const upgradeHref = (page: Page, product: string) =>
    page.locator(`.plan[data-product="${product}"] .plan__action a`).getAttribute('href');

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';
    // With JavaScript, a downgrade; without, a shorter period at a higher level (issue 29).
    const from = javaScript
      ? ({ plan: 'annual', product: 'pro', title: 'Pro' } as const)
      : ({ plan: 'annual', product: 'starter', title: 'Starter' } as const);
    const to = javaScript
      ? ({ plan: 'annual', product: 'starter', title: 'Starter', price: '$108 per year' } as const)
      : ({ plan: 'monthly', product: 'pro', title: 'Pro', price: '$35 per month' } as const);

    it(`says when a change for the period end starts, shows it pending, records no purchase (${mode})`, async () => {
      const { customer, cookies } = await signedIn(t);
      const page = await t.open('/pricing', { cookies, javaScript });
      await payByApi(t, page, { plan: from.plan, product: from.product, source: 'pm_card_visa' });
      const endDate = (await customerOf(page)).subscription.endDate!;
      const date = cardDate(endDate);

      await page.goto(`/upgrade/card/${to.plan}/${to.product}`);
      const upgrade = dialog(page, billingMessages.upgradeTitle);
      await upgrade.waitFor();
      assert.equal(await summary(upgrade, billingMessages.startsOn).textContent(), date);
      assert.equal(await summary(upgrade, 'Due now').textContent(), '$0.00');
      assert.equal(await summary(upgrade, 'Price').textContent(), to.price);
      assert.equal(await summary(upgrade, 'Payment method').textContent(), 'Visa •••• 4242');
      assert.equal(await summary(upgrade, 'Renews on').count(), 0);
      await upgrade
        .getByText(billingMessages.scheduledNote(from.title, to.title, date, to.price))
        .waitFor();
      assert.equal(await upgrade.getByText(/Upgrade and pay|starts now/).count(), 0);
      if (javaScript) {
        await shot(t, page, 'scheduled-change', 'desktop');
        const phone = await t.open(`/upgrade/card/${to.plan}/${to.product}`, {
          cookies,
          viewport: 'phone',
        });
        await dialog(phone, billingMessages.upgradeTitle).waitFor();
        await shot(t, phone, 'scheduled-change', 'phone');
      }
      await upgrade
        .getByRole('button', { name: billingMessages.scheduledButton(to.title, date) })
        .click();

      // Nothing was paid: the billing page, where the change shows as the next plan.
      await page.waitForURL(/\/billing$/);
      await snackbar(page, billingMessages.changeScheduled(to.title, date));
      assert.match(await billingRow(page, 'Subscription'), new RegExp(`^${from.title} Active`));
      assert.equal(await billingRow(page, 'Next renewal'), date);
      assert.equal(
        await billingRow(page, billingMessages.scheduledChange),
        `${to.title} from ${date} ${to.plan === 'annual' ? 'Annual' : 'Monthly'} ${to.price}`,
      );
      if (javaScript) {
        await page.mouse.move(5, 5);
        await pricingShot(page, 'billing-pending-change-1280');
        const phone = await t.open('/billing', { cookies, viewport: 'phone' });
        await phone.getByText(billingMessages.scheduledChange).waitFor();
        await pricingShot(phone, 'billing-pending-change-375');
      }
      const pending = (await customerOf(page)).subscription.pending;
      assert.equal(pending?.planName, to.title);
      assert.equal(pending?.payment, null);
      assert.equal(pending?.startsAt, endDate);
      const names = (await trackedEvents(t, customer.id)).map((event) => event.name);
      assert.equal(names.includes('Purchase'), false, names.join(', '));
    });
  }

  it('sends a free customer whose 3-D Secure failed to a checkout that takes a new card', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.open('/pricing', { cookies });
    const paid = await payByApi(t, page, {
      plan: 'annual',
      product: 'pro',
      source: 'pm_card_threeDSecure2Required',
    });
    const post = (path: string, data: unknown) =>
      page.request.post(path, { data, headers: { origin: t.app.url } });
    await post(endpoints.stripe.sandboxConfirm.path, {
      clientSecret: paid.payment!.clientSecret,
      outcome: 'fail',
    });
    await post(endpoints.stripe.handle3ds.path, { paymentIntentId: paid.payment!.id });
    assert.match(await billingSubscription(page), /^Free/);

    await page.goto('/pricing');
    assert.equal(await upgradeHref(page, 'pro'), '/pay/annual/pro');
    // An old upgrade address leads to the checkout too.
    await page.goto('/upgrade/card/annual/pro');
    await page.waitForURL(/\/pay\/annual\/pro$/);
    const checkout = dialog(page, billingMessages.checkoutTitle);
    const renewsOn = await summary(checkout, 'Renews on').textContent();
    const form = await fillCard(page, '4242 4242 4242 4242');
    await form.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/pricing\?payment=success&method=card&plan=annual&product=pro$/);
    await snackbar(page, billingMessages.paymentSuccess);
    assert.match(await billingSubscription(page), /^Pro Active Annual$/);
    // The renewal date reads the same in the checkout and on the billing page (issue 29).
    assert.equal(await billingRow(page, 'Next renewal'), renewsOn);
  });

  it('lets a canceled customer whose card was removed pay with a new card (JavaScript off)', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.open('/pricing', { cookies, javaScript: false });
    await payByApi(t, page, { plan: 'monthly', product: 'pro', source: 'pm_card_visa' });
    const post = async <T>(path: string, data: unknown) =>
      (await (await page.request.post(path, { data, headers: { origin: t.app.url } })).json()) as T;
    await post<PayResponse>(endpoints.stripe.cancelSubscription.path, { reason: { code: 1 } });
    await post(endpoints.stripe.removePaymentMethod.path, {});
    assert.equal((await customerOf(page)).subscription.paymentMethod, null);

    await page.goto('/pricing?plan=annual');
    assert.equal(await upgradeHref(page, 'team'), '/pay/annual/team');
    await page.goto('/pay/annual/team');
    const form = await fillCard(page, '4242 4242 4242 4242');
    await form.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/pricing\?payment=success&method=card&plan=annual&product=team$/);
    await snackbar(page, billingMessages.paymentSuccess);
    assert.match(await billingSubscription(page), /^Team Active Annual$/);
  });
});
