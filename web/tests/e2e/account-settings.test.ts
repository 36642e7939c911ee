import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  accountMessages,
  authMessages,
  billingMessages,
  emailChangeMessages,
  fieldMessages,
} from '@animata/contracts';
import {
  newCustomer,
  newSession,
  passwordHashFor,
  sessionCookieName,
  startSmtpReceiver,
} from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { overflowsHorizontally, pathOfLink, snackbar, useBrowserTest } from '../support/browser.js';

const smtp = await startSmtpReceiver();
const STRONG = 'Correct-Horse-9-battery';

/**
 * The account settings page (issue 16, account-and-auth §2.1, §4.1): the name, password,
 * 'Forgot password' and newsletter rows, the tabs and the top bar, with JavaScript on and off.
 */
describe('account settings in Chromium', () => {
  const t = useBrowserTest({ env: { SMTP_URL: smtp.url, RATE_LIMIT_RECOVERY: '1000/60' } });
  after(async () => {
    await smtp.close();
  });

  async function signedIn(overrides: Parameters<typeof newCustomer>[1] = {}) {
    const customer = await newCustomer(t.app.runtime.dataSource, overrides);
    const token = await newSession(t.app, customer.id);
    return { customer, cookies: { [sessionCookieName(t.app.config)]: token } };
  }
  const stored = (id: string) =>
    t.app.runtime.dataSource
      .query('SELECT name, password_hash, newsletter_unsubscribed FROM customers WHERE id = $1', [
        id,
      ])
      .then(
        (
          rows: Array<{
            name: string;
            password_hash: string | null;
            newsletter_unsubscribed: boolean;
          }>,
        ) => rows[0]!,
      );
  /** A refused save answers 422; Chromium logs that as a failed resource. */
  const allowRefusals = (page: Page) => t.allowConsoleError(page, /status of 422/);

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`edits the name: cancel, an unchanged value, a refused one and a save (${mode})`, async () => {
      const { customer, cookies } = await signedIn();
      const page = await t.open('/account', { javaScript, cookies });
      allowRefusals(page);
      const row = page.getByRole('region', { name: 'Account name' });
      await row.getByText(customer.name).waitFor();
      const field = row.getByLabel('Account name', { exact: true });

      await row.getByRole('link', { name: 'Edit Account name' }).click();
      await field.fill('Somebody else');
      await row.getByRole('link', { name: 'Cancel' }).click();
      await row.getByText(customer.name).waitFor();
      assert.equal(await field.count(), 0);

      if (javaScript) {
        await row.getByRole('link', { name: 'Edit Account name' }).click();
        await field.fill('Somebody else');
        await field.press('Escape');
        await row.getByText(customer.name).waitFor();
        assert.equal(await field.count(), 0);
      }

      // An unchanged value just cancels: edit mode ends, nothing is saved or announced.
      await row.getByRole('link', { name: 'Edit Account name' }).click();
      await row.getByRole('button', { name: 'Update' }).click();
      await row.getByRole('link', { name: 'Edit Account name' }).waitFor();
      assert.equal(await page.getByTestId('snackbar').count(), 0);

      await row.getByRole('link', { name: 'Edit Account name' }).click();
      await field.fill('   ');
      await row.getByRole('button', { name: 'Update' }).click();
      await row.getByRole('alert').filter({ hasText: 'Account name is required' }).waitFor();
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      assert.equal((await stored(customer.id)).name, customer.name);

      await field.fill('Ada Lovelace');
      await row.getByRole('button', { name: 'Update' }).click();
      await snackbar(page, accountMessages.infoSaved);
      await row.getByText('Ada Lovelace').waitFor();
      assert.equal((await stored(customer.id)).name, 'Ada Lovelace');
      // The user menu has the new name too.
      await page
        .getByRole('banner')
        .getByText('Ada Lovelace', { exact: true })
        .waitFor({ state: 'attached' });
    });

    it(`changes the password, with the server's errors on the right fields, and signs the other devices out (${mode})`, async () => {
      const { customer, cookies } = await signedIn({ passwordHash: await passwordHashFor(STRONG) });
      const other = await newSession(t.app, customer.id);
      const page = await t.open('/account/change-password', { javaScript, cookies });
      allowRefusals(page);
      const row = page.getByRole('region', { name: 'Password' });
      const oldField = row.getByLabel('Old password');
      const newField = row.getByLabel('Password', { exact: true });
      await oldField.fill('Wrong-Horse-9-battery');
      await newField.fill('New-Horse-9-battery');
      await row.getByRole('button', { name: 'Update' }).click();
      await row.getByRole('alert').filter({ hasText: authMessages.oldPasswordWrong }).waitFor();
      assert.equal(await oldField.getAttribute('aria-invalid'), 'true');

      await oldField.fill(STRONG);
      await newField.fill('weakpassword');
      if (javaScript) {
        // Update is blocked until the requirements are met, and the field says so as one types
        // (§5: 'if requirements fail, the save is blocked with 'Password is not valid'').
        assert.equal(await row.getByRole('button', { name: 'Update' }).isDisabled(), true);
        await row.getByRole('alert').filter({ hasText: authMessages.passwordNotValid }).waitFor();
        assert.equal(await newField.getAttribute('aria-invalid'), 'true');
        await newField.fill('Short-9');
        await row
          .getByRole('alert')
          .filter({ hasText: fieldMessages.atLeast('Password', 8) })
          .waitFor();
      } else {
        await row.getByRole('button', { name: 'Update' }).click();
        await row.getByRole('alert').filter({ hasText: authMessages.passwordNotValid }).waitFor();
        await row.getByLabel('Old password').fill(STRONG);
      }
      await row.getByLabel('Password', { exact: true }).fill('New-Horse-9-battery');
      await row.getByRole('button', { name: 'Update' }).click();
      await snackbar(page, authMessages.passwordUpdated);
      await row.getByRole('link', { name: 'Edit Password' }).waitFor();

      // The other device's next page is the login.
      const elsewhere = await t.open('/account', {
        javaScript,
        cookies: { [sessionCookieName(t.app.config)]: other },
      });
      await elsewhere.waitForURL(/\/auth\/login\?url=%2Faccount/);
      // This one stays signed in.
      await page.goto('/account');
      await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    });

    it(`sets a first password for a customer who signed up with Google (${mode})`, async () => {
      const { customer, cookies } = await signedIn({ passwordHash: null });
      const page = await t.open('/account', { javaScript, cookies });
      const row = page.getByRole('region', { name: 'Set password' });
      await row.getByRole('link', { name: 'Edit Set password' }).click();
      assert.equal(await row.getByLabel('Old password').count(), 0);
      // No reset mail for a password that does not exist yet.
      assert.equal(await row.getByRole('button', { name: 'Forgot password' }).count(), 0);
      await row.getByLabel('Password', { exact: true }).fill('First-Horse-9-battery');
      await row.getByRole('button', { name: 'Update' }).click();
      await snackbar(page, authMessages.passwordUpdated);
      await page.getByRole('region', { name: 'Password' }).waitFor();
      assert.notEqual((await stored(customer.id)).password_hash, null);
    });

    it(`sends the reset mail from 'Forgot password' (${mode})`, async () => {
      const { customer, cookies } = await signedIn({ passwordHash: await passwordHashFor(STRONG) });
      const page = await t.open('/account/change-password', { javaScript, cookies });
      const before = smtp.received.length;
      await page.getByRole('button', { name: 'Forgot password' }).click();
      await snackbar(page, authMessages.recoveryFromAccount);
      const text = await smtp.textOfMailTo(customer.email, /Reset your Animata password/, before);
      assert.match(text, /\/auth\/reset-password\?token=/);
    });

    it(`subscribes to the newsletter, and asks before unsubscribing (${mode})`, async () => {
      const { customer, cookies } = await signedIn();
      const page = await t.open('/account', { javaScript, cookies });
      const toggle = page.getByRole('switch', { name: 'Receiving newsletters' });
      assert.equal(await toggle.getAttribute('aria-checked'), 'false');
      await toggle.click();
      await snackbar(page, accountMessages.subscribed);
      await page.getByRole('switch', { name: 'Receiving newsletters', checked: true }).waitFor();
      assert.equal((await stored(customer.id)).newsletter_unsubscribed, false);

      await page.getByRole('switch', { name: 'Receiving newsletters' }).click();
      const dialog = page.getByRole('dialog', { name: 'Newsletter subscription' });
      await dialog.waitFor();
      await dialog.getByRole('link', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.equal((await stored(customer.id)).newsletter_unsubscribed, false);

      await page.getByRole('switch', { name: 'Receiving newsletters' }).click();
      await dialog.getByRole('button', { name: 'Unsubscribe' }).click();
      await snackbar(page, accountMessages.unsubscribed);
      await page.getByRole('switch', { name: 'Receiving newsletters', checked: false }).waitFor();
      assert.equal((await stored(customer.id)).newsletter_unsubscribed, true);
      if (javaScript) {
        // Escape closes the dialog and nothing changes.
        await page.getByRole('switch', { name: 'Receiving newsletters' }).click();
        await page.getByRole('switch', { name: 'Receiving newsletters', checked: true }).waitFor();
        await page.getByRole('switch', { name: 'Receiving newsletters' }).click();
        await dialog.waitFor();
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        assert.equal((await stored(customer.id)).newsletter_unsubscribed, false);
      }
    });

    it(`changes the e-mail through the link mailed to the new address (${mode})`, async () => {
      const { customer, cookies } = await signedIn({ passwordHash: await passwordHashFor(STRONG) });
      const newEmail = `moved-${Date.now()}-${javaScript ? 'js' : 'nojs'}@example.com`;
      const page = await t.open('/account', { javaScript, cookies });
      allowRefusals(page);
      t.allowConsoleError(page, /status of 403/);
      const row = page.getByRole('region', { name: 'Account email' });
      await row.getByRole('link', { name: 'Edit Account email' }).click();
      const emailField = row.getByLabel('Account email', { exact: true });
      const passwordField = row.getByLabel('Password', { exact: true });

      // The server's 403: the wrong password on its field, nothing mailed.
      await emailField.fill(newEmail);
      await passwordField.fill('Wrong-Horse-9-battery');
      await row.getByRole('button', { name: 'Update' }).click();
      await row.getByRole('alert').filter({ hasText: emailChangeMessages.passwordWrong }).waitFor();
      assert.equal(
        await row.getByLabel('Password', { exact: true }).getAttribute('aria-invalid'),
        'true',
      );

      // The address of someone else: on the e-mail field.
      const other = await newCustomer(t.app.runtime.dataSource);
      await row.getByLabel('Account email', { exact: true }).fill(other.email);
      await row.getByLabel('Password', { exact: true }).fill(STRONG);
      await row.getByRole('button', { name: 'Update' }).click();
      await row.getByRole('alert').filter({ hasText: emailChangeMessages.inUse }).waitFor();

      const before = smtp.received.length;
      await row.getByLabel('Account email', { exact: true }).fill(newEmail);
      await row.getByLabel('Password', { exact: true }).fill(STRONG);
      await row.getByRole('button', { name: 'Update' }).click();
      await snackbar(page, emailChangeMessages.sent(newEmail));
      // Pending: the server's message, the new address, Cancel, Resend and Edit.
      await row.getByText(emailChangeMessages.pending(newEmail)).waitFor();
      await row.getByRole('button', { name: 'Resend' }).waitFor();
      await row.getByRole('button', { name: 'Cancel' }).waitFor();
      await row.getByRole('link', { name: 'Edit new email' }).waitFor();
      // After a reload the page asks the BFF again and still shows the warning.
      await page.reload();
      await row.getByText(emailChangeMessages.pending(newEmail)).waitFor();

      const firstMail = await smtp.textOfMailTo(newEmail, /Confirm your new email/, before);
      await smtp.textOfMailTo(customer.email, /about to change/, before);
      const resendMark = smtp.received.length;
      await row.getByRole('button', { name: 'Resend' }).click();
      await snackbar(page, emailChangeMessages.sent(newEmail));
      const secondMail = await smtp.textOfMailTo(newEmail, /Confirm your new email/, resendMark);
      assert.notEqual(
        pathOfLink(secondMail, '/auth/confirm-email-change'),
        pathOfLink(firstMail, '/auth/confirm-email-change'),
        'a new link replaces the first',
      );

      // The first link no longer works; the second does, after a click.
      const confirm = await t.open(pathOfLink(secondMail, '/auth/confirm-email-change'), {
        javaScript,
      });
      await confirm
        .getByRole('heading', { level: 1, name: emailChangeMessages.confirmTitle })
        .waitFor();
      // Opening the link changed nothing yet: a mail scanner cannot use it up.
      await page.reload();
      await row.getByText(emailChangeMessages.pending(newEmail)).waitFor();
      await confirm.getByRole('button', { name: emailChangeMessages.confirmButton }).click();
      await confirm.waitForURL(/\/(account|auth\/login)/);
      // This browser is signed out: the message comes along to the login page.
      await snackbar(confirm, emailChangeMessages.changed);
      await page.goto('/account');
      await row.getByText(newEmail, { exact: true }).waitFor();
      assert.equal(await row.getByText(emailChangeMessages.pending(newEmail)).count(), 0);

      // Log in with the new address.
      const login = await t.open('/auth/login', { javaScript });
      await login.getByLabel('Email').fill(newEmail);
      await login.getByLabel('Password', { exact: true }).fill(STRONG);
      await login.getByRole('button', { name: 'Log in' }).click();
      await login.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
    });

    it(`cancels a pending e-mail change, and has no Edit for a customer without a password (${mode})`, async () => {
      const { cookies } = await signedIn({ passwordHash: await passwordHashFor(STRONG) });
      const newEmail = `cancel-${Date.now()}-${javaScript ? 'js' : 'nojs'}@example.com`;
      const page = await t.open('/account?edit=email', { javaScript, cookies });
      const row = page.getByRole('region', { name: 'Account email' });
      await row.getByLabel('Account email', { exact: true }).fill(newEmail);
      await row.getByLabel('Password', { exact: true }).fill(STRONG);
      await row.getByRole('button', { name: 'Update' }).click();
      await row.getByText(emailChangeMessages.pending(newEmail)).waitFor();
      await row.getByRole('link', { name: 'Edit new email' }).click();
      assert.equal(await row.getByLabel('Account email', { exact: true }).inputValue(), newEmail);
      await row.getByRole('link', { name: 'Cancel' }).click();
      await row.getByRole('button', { name: 'Cancel' }).click();
      await snackbar(page, emailChangeMessages.cancelled);
      await row.getByRole('link', { name: 'Edit Account email' }).waitFor();
      assert.equal(await row.getByText(emailChangeMessages.pending(newEmail)).count(), 0);

      const social = await signedIn({ passwordHash: null });
      const socialPage = await t.open('/account?edit=email', {
        javaScript,
        cookies: social.cookies,
      });
      const socialRow = socialPage.getByRole('region', { name: 'Account email' });
      await socialRow.getByText(social.customer.email).waitFor();
      assert.equal(await socialRow.getByRole('link', { name: 'Edit Account email' }).count(), 0);
      assert.equal(await socialRow.getByLabel('Account email', { exact: true }).count(), 0);
    });

    it(`lists where the customer is signed in and signs other devices out (${mode})`, async () => {
      const customer = await newCustomer(t.app.runtime.dataSource);
      const cookieName = sessionCookieName(t.app.config);
      const here = await t.open('/account', {
        javaScript,
        cookies: { [cookieName]: await newSession(t.app, customer.id) },
      });
      const phone = await t.open('/account', {
        javaScript,
        viewport: 'phone',
        cookies: { [cookieName]: await newSession(t.app, customer.id) },
      });
      await here.reload();
      const devices = here.getByRole('region', { name: "Where you're signed in" });
      await devices.getByText('This device').waitFor();
      assert.equal(await devices.getByRole('listitem').count(), 2);
      assert.equal(await devices.getByText('This device').count(), 1);

      await devices.getByRole('button', { name: /^Sign out:/ }).click();
      await snackbar(here, 'That device was signed out');
      await devices.getByText('You are signed in on this device only.').waitFor();
      assert.equal(await devices.getByRole('listitem').count(), 1);
      await phone.reload();
      await phone.waitForURL(/\/auth\/login\?url=%2Faccount/);

      await newSession(t.app, customer.id);
      await here.reload();
      await devices.getByRole('listitem').nth(1).waitFor();

      await devices.getByRole('button', { name: 'Sign out of all other devices' }).click();
      await snackbar(here, '1 other device was signed out');
      await devices.getByText('You are signed in on this device only.').waitFor();
      const rows = (await t.app.runtime.dataSource.query(
        'SELECT count(*)::int AS n FROM sessions WHERE customer_id = $1',
        [customer.id],
      )) as Array<{ n: number }>;
      assert.equal(rows[0]!.n, 1);
    });

    it(`shows the tabs a customer may use; unknown paths lead to the settings page (${mode})`, async () => {
      const { cookies } = await signedIn();
      const page = await t.open('/account', { javaScript, cookies });
      const tabs = page.getByRole('navigation', { name: 'Account' });
      const labels = await tabs.getByRole('link').allTextContents();
      assert.deepEqual(labels, ['Account', 'Billing', 'Invoices', 'Team settings']);
      await tabs.getByRole('link', { name: 'Billing' }).click();
      await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
      await page.getByText('No payment method').waitFor();
      for (const path of ['/account/no-such-tab', '/own-apps', '/other-apps']) {
        await page.goto(path);
        await page.waitForURL(`${t.app.url}/account`);
        await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
      }
      await page.getByRole('link', { name: 'Manage cookie settings' }).click();
      await page.getByRole('heading', { level: 1, name: 'Cookie settings' }).waitFor();
    });
  }

  it('offers Upgrade to a free customer, and the promo banner when the coupon has a design', async () => {
    const db = t.app.runtime.dataSource;
    await db.query('DELETE FROM coupons');
    const { cookies } = await signedIn();
    // The Black Friday popup (popups.test.ts) was closed before: this test is about the banner.
    const page = await t.open('/account', {
      cookies: { ...cookies, 'PopinDialog-black-friday-promo': '1' },
    });
    const banner = page.getByRole('banner');
    assert.equal(
      await banner.getByRole('link', { name: 'Upgrade' }).getAttribute('href'),
      '/pricing',
    );
    assert.equal(await banner.locator('[data-design]').count(), 0);

    await db.query(
      `INSERT INTO coupons (code, type, discount, expires_at, custom_design, is_site_coupon)
       VALUES ('BF-ACCOUNT', 'percent', 20, now() + interval '7 days', 'black-friday-promo', true)`,
    );
    try {
      await page.reload();
      const promo = banner.locator('[data-design="black-friday-promo"]');
      await promo.getByText('20% OFF').waitFor();
      assert.equal(await promo.getAttribute('href'), '/pricing');
      await t.screenshot(page, 'account-settings-promo-desktop');
      await banner.getByRole('link', { name: 'Upgrade' }).click();
      await page.getByRole('heading', { level: 1, name: billingMessages.pricingHeading }).waitFor();
      // Not on the pricing page itself.
      assert.equal(await banner.getByRole('link', { name: 'Upgrade' }).count(), 0);
    } finally {
      await db.query('DELETE FROM coupons');
    }
  });

  it('fits a phone screen, with a row open', async () => {
    const { cookies } = await signedIn({ passwordHash: await passwordHashFor(STRONG) });
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await t.open('/account', { cookies, viewport });
      assert.equal(await overflowsHorizontally(page), false);
      await t.screenshot(page, `account-settings-${viewport}`);
      await page.goto('/account/change-password');
      await page.getByLabel('Old password').waitFor();
      assert.equal(await overflowsHorizontally(page), false);
      await t.screenshot(page, `account-settings-password-${viewport}`);
      for (const [path, name] of [
        ['/billing', 'billing'],
        ['/cookies', 'cookies'],
        ['/pricing', 'pricing'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        assert.equal(await overflowsHorizontally(page), false, path);
        await t.screenshot(page, `account-${name}-${viewport}`);
      }
    }
  });
});
