import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { billingMessages, cardFormMessages, catalogueMessages } from '@animata/contracts';
import { snackbar, useBrowserTest, waitForHydration } from '../support/browser.js';
import {
  billingSubscription,
  customerOf,
  dialog,
  fillCard,
  shot,
  signedIn,
  trackedEvents,
} from './checkout-support.js';

const VISA = '4242 4242 4242 4242';
const THREE_D_SECURE = '4000 0027 6000 3184';
const DECLINED = '4000 0000 0000 0002';
const STRIPE_3DS_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/**
 * The checkout dialog with the sandbox card gateway, JavaScript on (billing-teams-apps §2, §4,
 * §8): Stripe's test cards through the sandbox form, 3-D Secure confirmed and failed, the
 * declined card, the period switch, the dialog's routes.
 */
describe('the checkout dialog with a card (JavaScript on)', () => {
  const t = useBrowserTest();

  it('buys Pro annual with 4242 4242 4242 4242 and lands on the success result', async () => {
    const { customer: buyer, cookies } = await signedIn(t);
    const phone = await t.open('/pay/annual/pro', { cookies, viewport: 'phone' });
    await dialog(phone, billingMessages.checkoutTitle).waitFor();
    await shot(t, phone, 'dialog', 'phone');
    const page = await t.open('/pay/annual/pro', { cookies });
    await dialog(page, billingMessages.checkoutTitle).waitFor();
    await page.getByText(billingMessages.sandboxNotice).waitFor();
    await shot(t, page, 'dialog', 'desktop');
    // The form refuses to post with field errors, each with Stripe's message.
    const form = await fillCard(page, '4242 4242', '13 / 20', '1');
    await form.getByRole('button', { name: /^Pay \$/ }).click();
    await form.getByText(cardFormMessages.numberIncomplete).waitFor();
    await form.getByText(cardFormMessages.expiryInvalid).waitFor();
    await form.getByText(cardFormMessages.cvcIncomplete).waitFor();
    await shot(t, page, 'card-errors', 'desktop');
    await fillCard(page, '5555 5555 5555 4444');
    await form.getByRole('button', { name: /^Pay \$/ }).click();
    await form.getByText(cardFormMessages.numberNotTestCard).waitFor();

    await fillCard(page, VISA);
    await form.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/pricing\?payment=success&method=card&plan=annual&product=pro$/);
    await snackbar(page, billingMessages.paymentSuccess);
    await shot(t, page, 'success', 'desktop');
    const customer = await customerOf(page);
    assert.equal(customer.subscription.planTitle, 'Pro');
    assert.equal(customer.subscription.plan, 'annual');
    assert.equal(customer.subscription.paymentMethod, 'card');
    assert.match(await billingSubscription(page), /^Pro Active Annual$/);
    // InitiateCheckout as the dialog opened (twice: phone and desktop), AddPaymentInfo for each
    // card sent to the gateway, Purchase with value = monthly price × months.
    const events = await trackedEvents(t, buyer.id);
    assert.deepEqual(
      events.map((event) => event.name),
      ['InitiateCheckout', 'InitiateCheckout', 'AddPaymentInfo', 'Purchase'],
    );
    assert.equal(events[3]?.data.value, 240);
  });

  it('confirms a card that needs 3-D Secure in the sandbox challenge', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.open('/pay/monthly/pro', { cookies });
    const form = await fillCard(page, THREE_D_SECURE);
    await form.getByRole('button', { name: /^Pay \$/ }).click();
    const challenge = page.getByRole('region', { name: '3D Secure 2 Test Page' });
    await challenge.waitFor();
    await shot(t, page, '3ds', 'desktop');
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(/\/pricing\?payment=success&method=card&plan=monthly&product=pro$/);
    await snackbar(page, billingMessages.paymentSuccess);
    const customer = await customerOf(page);
    assert.equal(customer.subscription.planTitle, 'Pro');
    assert.equal(customer.is3DSPending, false);
    assert.match(await billingSubscription(page), /^Pro Active Monthly$/);
  });

  it('ends as an error with the provider’s message when 3-D Secure fails', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.open('/pay/annual/pro', { cookies, viewport: 'phone' });
    const form = await fillCard(page, THREE_D_SECURE);
    await form.getByRole('button', { name: /^Pay \$/ }).click();
    const challenge = page.getByRole('region', { name: '3D Secure 2 Test Page' });
    await challenge.waitFor();
    await shot(t, page, '3ds', 'phone');
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    await page.waitForURL(/\/pricing\?payment=error&method=card&plan=annual&product=pro$/);
    // Stripe's message for a failed authentication, as the sandbox gives it (§8: the provider's).
    await snackbar(page, STRIPE_3DS_FAILED);
    const customer = await customerOf(page);
    assert.equal(customer.subscription.planTitle, 'Free');
  });

  it('shows the declined card’s message as the gateway gives it', async () => {
    const { cookies } = await signedIn(t);
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await t.open('/pay/annual/starter', { cookies, viewport });
      if (viewport === 'phone') {
        const refused = await fillCard(page, '4242 4242 4242', '1', '');
        await refused.getByRole('button', { name: /^Pay \$/ }).click();
        await refused.getByText(cardFormMessages.numberIncomplete).waitFor();
        await shot(t, page, 'card-errors', viewport);
      }
      const form = await fillCard(page, DECLINED);
      await form.getByRole('button', { name: /^Pay \$/ }).click();
      await page.waitForURL(/\/pricing\?payment=error&method=card&plan=annual&product=starter$/);
      await snackbar(page, billingMessages.declined);
      await shot(t, page, 'error', viewport);
      assert.equal((await customerOf(page)).subscription.planTitle, 'Free');
    }
  });

  it("rewrites the path when the period is switched, and closes to '/' (§2)", async () => {
    const { cookies } = await signedIn(t);
    const page = await t.open('/pay/annual/team?coupon=SPRING', { cookies });
    const checkout = dialog(page, billingMessages.checkoutTitle);
    await checkout.getByRole('link', { name: 'Monthly' }).click();
    await page.waitForURL(/\/pay\/monthly\/team\?coupon=SPRING$/);
    await checkout.getByText('Monthly', { exact: true }).waitFor();
    // No coupon has that code: the summary says so next to the amount due.
    await checkout.getByText('The coupon code SPRING is not valid.').waitFor();
    // Extra seats change the amount due (team).
    const due = await checkout.getByTestId('amount-due').innerText();
    await checkout.getByLabel('Extra seats').selectOption('2');
    await page.waitForURL(/extraSlots=2/);
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="amount-due"]')?.textContent !== before,
      due,
    );
    await checkout.getByRole('link', { name: 'Annual' }).click();
    await page.waitForURL(/\/pay\/annual\/team\?/);
    // A click on the backdrop does nothing; Escape closes to '/' (billing-teams-apps §2:
    // 'Closing goes back to '/''), as do the close button and, without JavaScript, its link.
    await page.mouse.click(5, 5);
    await checkout.waitFor();
    await waitForHydration(page);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    for (const javaScript of [true, false]) {
      const again = await t.open('/pay/monthly/pro?coupon=SPRING', { cookies, javaScript });
      const close = dialog(again, billingMessages.checkoutTitle).getByRole('link', {
        name: 'Close',
      });
      assert.equal(await close.getAttribute('href'), '/');
      await close.click();
      await again.waitForURL((url) => url.pathname === '/' && url.search === '');
    }
  });

  it('answers an unknown period, product or method with the 404 page', async () => {
    const { cookies } = await signedIn(t);
    for (const path of [
      '/pay/weekly/pro',
      '/pay/annual/gold',
      '/pay/annual/free',
      '/upgrade/cash/annual/team',
    ]) {
      const page = await t.newPage({ cookies });
      t.allowConsoleError(page, /status of 404/);
      const response = await page.goto(path);
      assert.equal(response?.status(), 404, path);
      await page.getByText(catalogueMessages.notFound).waitFor();
    }
  });

  it('sends a signed-out visitor to the login page, which returns to the checkout', async () => {
    const page = await t.newPage();
    await page.goto('/pay/annual/pro');
    await page.waitForURL(/\/auth\/login\?url=%2Fpay%2Fannual%2Fpro$/);
  });
});
