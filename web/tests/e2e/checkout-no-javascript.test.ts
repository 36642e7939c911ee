import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { billingMessages, cardFormMessages, twoFactorMessages } from '@animata/contracts';
import { codeIn, waitForMail } from '@animata/server/test-support';
import { snackbar, useBrowserTest } from '../support/browser.js';
import {
  billingSubscription,
  customerOf,
  dialog,
  fillCard,
  shot,
  signedIn,
} from './checkout-support.js';

/** The checkout with JavaScript off: the dialog is a page section, every step a form post. */
describe('the checkout dialog (JavaScript off)', () => {
  const t = useBrowserTest();

  it('buys Pro annual with the sandbox card through plain forms, saying why its coupon is used up', async () => {
    const { cookies } = await signedIn(t);
    await t.app.runtime.dataSource.query(
      `INSERT INTO coupons (code, type, discount, max_redemptions, redemptions)
       VALUES ('GONE10', 'percent', 10, 5, 5)`,
    );
    const page = await t.open('/pay/monthly/pro?coupon=GONE10', { cookies, javaScript: false });
    // The refused post answers 422 (the form shown again with its errors).
    t.allowConsoleError(page, /status of 422/);
    const checkout = dialog(page, billingMessages.checkoutTitle);
    await checkout.waitFor();
    // The period switch is a link that rewrites the path.
    await checkout.getByRole('link', { name: 'Annual' }).click();
    await page.waitForURL(/\/pay\/annual\/pro\?coupon=GONE10$/);
    // The coupon takes nothing off, and the summary says why next to the amount due.
    assert.equal(
      await checkout.locator('.order-summary__coupon .coupon-refusal').textContent(),
      'The coupon GONE10 has been used up and is not applied.',
    );
    assert.equal(await checkout.getByTestId('amount-due').textContent(), '$240.00');

    // The action checks the card with the same rules and messages.
    let form = await fillCard(page, '4000 0000 0000 1234', '01 / 20', '12');
    await form.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByText(cardFormMessages.numberInvalid).waitFor();
    await page.getByText(cardFormMessages.expiryYearPast).waitFor();
    await page.getByText(cardFormMessages.cvcIncomplete).waitFor();
    await shot(t, page, 'no-javascript-card-errors', 'desktop');

    form = await fillCard(page, '4242 4242 4242 4242');
    await form.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/pricing\?payment=success&method=card&plan=annual&product=pro$/);
    await snackbar(page, billingMessages.paymentSuccess);
    assert.equal((await customerOf(page)).subscription.planTitle, 'Pro');
    assert.match(await billingSubscription(page), /^Pro Active Annual$/);
  });

  it('confirms 3-D Secure and passes the two-factor check through plain forms', async () => {
    const { customer, cookies } = await signedIn(t, { twoFactor: true });
    const page = await t.open('/pay/monthly/pro', { cookies, javaScript: false });
    const form = await fillCard(page, '4000 0027 6000 3184');
    await form.getByRole('button', { name: /^Pay \$/ }).click();
    // Two-factor first (the customer has it on): send, enter the code, continue.
    const tfa = page.getByRole('dialog', { name: twoFactorMessages.title });
    const before = new Date();
    await tfa.getByRole('button', { name: twoFactorMessages.sendEmail }).click();
    const mail = await waitForMail(t.app.runtime.dataSource, customer.email, /code/i, {
      after: before,
    });
    await tfa.getByLabel(twoFactorMessages.codeLabel).fill(codeIn(mail));
    await tfa.getByRole('button', { name: twoFactorMessages.verifyCode }).click();
    await page.getByText(twoFactorMessages.accepted).waitFor();
    await page.getByRole('button', { name: twoFactorMessages.continue }).click();
    // Then the card's 3-D Secure challenge.
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(/\/pricing\?payment=success&method=card&plan=monthly&product=pro$/);
    await snackbar(page, billingMessages.paymentSuccess);
    assert.match(await billingSubscription(page), /^Pro Active Monthly$/);
  });
});
