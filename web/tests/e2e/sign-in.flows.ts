import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { authMessages, authTexts, twoFactorMessages } from '@animata/contracts';
import {
  MockOAuthProvider,
  newCustomer,
  passwordHashFor,
  startSmtpReceiver,
} from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import {
  overflowsHorizontally,
  pathOfLink,
  snackbar,
  useBrowserTest,
  waitForHydration,
} from '../support/browser.js';

// Real services for the whole file: an SMTP receiver for the mail, an OAuth server for Google.
const smtp = await startSmtpReceiver();
const google = new MockOAuthProvider();
await google.start();

const STRONG = 'Correct-Horse-7';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${(counter += 1)}@example.com`;

/** The text part of the mail to `to` whose subject matches (the SMTP receiver's). */
const mailTo = (to: string, subject: RegExp, after = 0) => smtp.textOfMailTo(to, subject, after);

/**
 * The sign-in flows in Chromium, with JavaScript on or off (one file each, run in parallel):
 * the spec's exact texts, mail through a real SMTP receiver, Google through a local OAuth server.
 */
export function defineSignInTests(javaScript: boolean, extra: boolean): void {
  describe(`sign-in in Chromium (${javaScript ? 'JavaScript on' : 'JavaScript off'})`, () => {
    const t = useBrowserTest({
      env: {
        SMTP_URL: smtp.url,
        ...google.googleEnv(),
        RATE_LIMIT_REGISTER: '1000/60',
        RATE_LIMIT_LOGIN: '1000/60',
        RATE_LIMIT_RECOVERY: '1000/60',
        TFA_AFTER_REGISTRATIONS: '1000',
      },
    });
    after(async () => {
      await smtp.close();
      await google.stop();
    });

    /** A refused form post answers 422 (or 429); Chromium logs that as a failed resource. */
    function allowRefusals(page: Page): void {
      t.allowConsoleError(page, /status of 42[29]/);
    }

    async function logIn(page: Page, email: string, password: string): Promise<void> {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: authTexts.loginButton }).click();
    }

    async function createCustomer(password: string, extra: Record<string, unknown> = {}) {
      const hash = await passwordHashFor(password);
      return newCustomer(t.app.runtime.dataSource, { passwordHash: hash, ...extra });
    }

    {
      const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

      it(`registers, verifies through the e-mailed link and logs in (${mode})`, async () => {
        const email = uniqueEmail(`register-${javaScript}`);
        const page = await t.open('/auth/register', { javaScript });
        await page.getByRole('heading', { level: 1, name: 'Create your free account' }).waitFor();
        await page.getByText('No credit card needed').waitFor();
        if (javaScript) {
          await page.getByLabel('Password', { exact: true }).fill('short');
          const list = page.getByRole('list', { name: 'Password requirements' });
          await list.getByText('One uppercase letter').waitFor();
          await t.screenshot(page, 'register-requirements-desktop');
        }
        await page.getByLabel('Name').fill('Ada Lovelace');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill(STRONG);
        await page.getByRole('button', { name: authTexts.createAccount }).click();
        await page.waitForURL(`${t.app.url}/auth/verify-email`);
        await snackbar(page, authMessages.registered);
        await page.getByRole('heading', { level: 1, name: "You're almost there!" }).waitFor();

        const text = await mailTo(email, /Confirm your email/);
        await page.goto(pathOfLink(text, '/auth/verify-email'));
        await page.waitForURL(`${t.app.url}/`);
        await snackbar(page, 'Your email was verified');

        await page.goto('/auth/logout');
        await page.getByRole('button', { name: 'Log out' }).click();
        await page.waitForURL(`${t.app.url}/auth/login`);
        await logIn(page, email, STRONG);
        await page.waitForURL(`${t.app.url}/`);
        await page
          .getByRole('navigation', { name: 'User menu' })
          .getByText('Account')
          .first()
          .waitFor();
      });

      it(`shows the spec messages for a wrong password and bad input (${mode})`, async () => {
        const customer = await createCustomer(STRONG);
        const page = await t.open('/auth/login', { javaScript });
        allowRefusals(page);
        await logIn(page, customer.email, 'Wrong-Password-1');
        await page.getByText(authMessages.wrongCredentials).waitFor();
        assert.equal(new URL(page.url()).pathname, '/auth/login');
        await logIn(page, 'not-an-email', '123');
        await page.getByText(authMessages.invalidEmail).waitFor();
        await page.getByText(authMessages.passwordMinDisplayed).waitFor();
        if (!javaScript) await t.screenshot(page, 'login-errors-no-js-desktop');
      });

      it(`recovers the password through the e-mailed reset link, once (${mode})`, async () => {
        const customer = await createCustomer(STRONG);
        const page = await t.open('/auth/login', { javaScript });
        await page.getByRole('link', { name: authTexts.forgotPassword }).click();
        await page.waitForURL(`${t.app.url}/auth/recover-password`);
        // The address changes before the new page renders: the login form has an Email field too.
        await page.getByRole('heading', { level: 1, name: authTexts.recoverTitle }).waitFor();
        await page.getByLabel('Email').fill(customer.email);
        await page.getByRole('button', { name: authTexts.sendEmail }).click();
        await snackbar(page, authMessages.recoverySent);

        const resetPath = pathOfLink(
          await mailTo(customer.email, /Reset your Animata password/),
          '/auth/reset-password',
        );
        await page.goto(resetPath);
        await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
        await page.getByLabel('New password').fill('New-Password-8');
        await page.getByRole('button', { name: authTexts.setPassword }).click();
        await page.waitForURL(`${t.app.url}/`);
        await snackbar(page, authMessages.passwordReset);

        const fresh = await t.open('/auth/login', { javaScript });
        allowRefusals(fresh);
        await logIn(fresh, customer.email, STRONG);
        await fresh.getByText(authMessages.wrongCredentials).waitFor();
        await logIn(fresh, customer.email, 'New-Password-8');
        await fresh.waitForURL(`${t.app.url}/`);

        // The used link says so as soon as it opens, with no form to fill in.
        const again = await t.open(resetPath, { javaScript });
        await again.getByRole('alert').getByText(authMessages.resetLinkInvalid).waitFor();
        assert.equal(await again.getByLabel('New password').count(), 0);
      });

      it(`sends a weak-password login to the strong-password screen: later, then update (${mode})`, async () => {
        const customer = await createCustomer('weakpass');
        const page = await t.open('/auth/login?url=%2Faccount', { javaScript });
        await logIn(page, customer.email, 'weakpass');
        await page.waitForURL(`${t.app.url}/auth/strong-password?url=%2Faccount`);
        await page.getByRole('heading', { level: 1, name: authTexts.strongTitle }).waitFor();
        await page.getByRole('button', { name: authTexts.updateLater }).click();
        await page.waitForURL(`${t.app.url}/account`);

        const next = await t.open('/auth/login', { javaScript });
        await logIn(next, customer.email, 'weakpass');
        await next.waitForURL(/\/auth\/strong-password/);
        if (javaScript) await t.screenshot(next, 'strong-password-desktop');
        await next.getByLabel('New password').fill('stillweak');
        if (javaScript) {
          // §4.6: Update is allowed only when the requirements are met.
          assert.equal(
            await next.getByRole('button', { name: authTexts.updatePassword }).isDisabled(),
            true,
          );
        } else {
          allowRefusals(next);
          await next.getByRole('button', { name: authTexts.updatePassword }).click();
          await next.getByText(authMessages.passwordNotValid).waitFor();
        }
        await next.getByLabel('New password').fill(STRONG);
        await next.getByRole('button', { name: authTexts.updatePassword }).click();
        await next.waitForURL(`${t.app.url}/`);
        await snackbar(next, authMessages.passwordUpdated);
      });

      it(`logs in with an e-mailed two-factor code, after a resend and a wrong code (${mode})`, async () => {
        const customer = await createCustomer(STRONG, { twoFactorEnabled: true });
        const page = await t.newPage({ javaScript });
        // The resend countdown runs on the page's clock, which the test moves on by a minute.
        if (javaScript) await page.clock.install();
        await page.goto('/auth/login');
        if (javaScript) await waitForHydration(page);
        await logIn(page, customer.email, STRONG);
        allowRefusals(page);
        const dialog = page.getByRole('dialog', { name: twoFactorMessages.title });
        await dialog.waitFor();
        const before = smtp.received.length;
        await dialog.getByRole('button', { name: twoFactorMessages.sendEmail }).click();
        await mailTo(customer.email, /security code/, before);
        if (javaScript) {
          const resend = dialog.getByRole('button', { name: /^Resend email \(\d+s\)$/ });
          await resend.waitFor();
          assert.equal(await resend.isDisabled(), true);
          await t.screenshot(page, 'two-factor-dialog-desktop');
        }
        // A minute later (moved back in the database rather than waited for), resend.
        await t.app.runtime.dataSource.query(
          `UPDATE two_factor_challenges SET last_sent_at = last_sent_at - interval '61 seconds' WHERE email = $1`,
          [customer.email],
        );
        if (javaScript) await page.clock.fastForward(61_000);
        const resendCount = smtp.received.length;
        await dialog.getByRole('button', { name: 'Resend email', exact: true }).click();
        const text = await mailTo(customer.email, /security code/, resendCount);
        const code = /\b(\d{6})\b/.exec(text)![1]!;
        const wrong = code === '000000' ? '111111' : '000000';
        await dialog.getByLabel('Code').fill(wrong);
        await dialog.getByRole('button', { name: 'Verify code' }).click();
        await page.getByText(twoFactorMessages.wrongCode).waitFor();
        await page
          .getByRole('dialog', { name: twoFactorMessages.title })
          .getByLabel('Code')
          .fill(code);
        await page
          .getByRole('dialog', { name: twoFactorMessages.title })
          .getByRole('button', { name: twoFactorMessages.verifyCode })
          .click();
        // The accepted step continues by itself with JavaScript; without it, on a click.
        if (!javaScript) {
          await page.getByText(twoFactorMessages.accepted).waitFor();
          await page.getByRole('button', { name: twoFactorMessages.continue }).click();
        }
        await page.waitForURL(`${t.app.url}/`);
        await page
          .getByRole('navigation', { name: 'User menu' })
          .getByText('Account')
          .first()
          .waitFor();
      });

      it(`signs in with Google and returns to where the visitor was going (${mode})`, async () => {
        google.profile = {
          sub: `google-${javaScript}`,
          email: uniqueEmail(`google-${javaScript}`),
          email_verified: true,
          name: 'Grace Hopper',
        };
        const page = await t.open('/auth/login?url=%2Faccount', { javaScript });
        await page.getByRole('link', { name: authTexts.continueWithGoogle }).click();
        await page.waitForURL(`${t.app.url}/account`);
        await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
      });
    }

    if (!extra) return;

    it('keeps the redirect on the register link and hides the two links in minimal mode', async () => {
      const page = await t.open('/auth/login?url=%2Fbilling');
      assert.equal(
        await page.getByRole('link', { name: authTexts.createAccount }).getAttribute('href'),
        '/auth/register?url=%2Fbilling',
      );
      const minimal = await t.open('/auth/login?minimal=1');
      assert.equal(await minimal.getByRole('link', { name: authTexts.forgotPassword }).count(), 0);
      assert.equal(await minimal.getByRole('link', { name: authTexts.confirmEmail }).count(), 0);
    });

    it('turns the password field to hidden type within a second of the screen appearing', async () => {
      const page = await t.open('/auth/login');
      const field = page.getByLabel('Password', { exact: true });
      await page.waitForFunction(
        () => document.querySelector('input[name="password"]')?.getAttribute('type') === 'password',
        null,
        { timeout: 2000 },
      );
      assert.equal(await field.getAttribute('type'), 'password');
      await page.getByRole('button', { name: authTexts.showPassword, exact: true }).click();
      assert.equal(await field.getAttribute('type'), 'text');
    });

    it('turns two-factor on in account settings, and the next login asks for a code', async () => {
      const customer = await createCustomer(STRONG);
      const page = await t.open('/auth/login?url=%2Faccount');
      await logIn(page, customer.email, STRONG);
      await page.waitForURL(`${t.app.url}/account`);
      await page.getByRole('button', { name: 'Turn on' }).click();
      await snackbar(page, twoFactorMessages.settingOn);
      await t.screenshot(page, 'account-two-factor-desktop');
      const next = await t.open('/auth/login');
      await logIn(next, customer.email, STRONG);
      await next.getByRole('dialog', { name: twoFactorMessages.title }).waitFor();
    });

    it('sends unknown /auth paths to the login form, and shows the login form first on the listed protected paths', async () => {
      const page = await t.open('/auth/nothing-here');
      await page.waitForURL(`${t.app.url}/auth/login`);
      const billing = await t.open('/billing');
      await billing.waitForURL(`${t.app.url}/auth/login?url=%2Fbilling`);
    });

    it('sends a signed-out visitor of a protected page to login and back after it', async () => {
      const customer = await createCustomer(STRONG);
      const page = await t.open('/account');
      await page.waitForURL(`${t.app.url}/auth/login?url=%2Faccount`);
      await logIn(page, customer.email, STRONG);
      await page.waitForURL(`${t.app.url}/account`);
    });

    it('shows the coupon banner variants on login and registration when a site coupon exists', async () => {
      const db = t.app.runtime.dataSource;
      const cases = [
        ['black-friday-promo', 'percent', 20, 'Black Friday: 20% OFF for one year'],
        ['cyber-monday-promo', 'amount', 3600, 'Cyber Monday: save $36'],
        ['spring-2022', 'percent', 20, '20% OFF'],
      ] as const;
      for (const [design, type, discount, title] of cases) {
        await db.query('DELETE FROM coupons');
        await db.query(
          `INSERT INTO coupons (code, type, discount, expires_at, custom_design, is_site_coupon)
         VALUES ($1, $2, $3, now() + interval '7 days', $4, true)`,
          [`C-${design}`, type, discount, design],
        );
        for (const path of ['/auth/login', '/auth/register']) {
          const page = await t.open(path);
          const banner = page.getByRole('complementary', { name: 'Offer' });
          await banner.getByText(title).waitFor();
          const variant = design === 'spring-2022' ? 'default' : design;
          assert.equal(await banner.getAttribute('data-variant'), variant);
          if (path === '/auth/register') await t.screenshot(page, `coupon-${variant}-desktop`);
        }
      }
      await db.query('DELETE FROM coupons');
      const without = await t.open('/auth/login');
      assert.equal(await without.getByRole('complementary', { name: 'Offer' }).count(), 0);
    });

    it('fits the sign-in pages on a phone and on a desktop', async () => {
      for (const path of [
        '/auth/login',
        '/auth/register',
        '/auth/recover-password',
        '/auth/confirm-email',
      ]) {
        for (const viewport of ['phone', 'desktop'] as const) {
          const page = await t.open(path, { viewport });
          assert.equal(await overflowsHorizontally(page), false, `${path} on ${viewport}`);
          await t.screenshot(page, `${path.replace('/auth/', 'auth-')}-${viewport}`);
        }
      }
    });
  });
}
