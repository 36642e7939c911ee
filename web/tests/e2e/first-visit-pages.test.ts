import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authMessages, authTexts, catalogueMessages } from '@animata/contracts';
import {
  newCustomer,
  newResetToken,
  newSession,
  passwordHashFor,
  sessionCookieName,
} from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { overflowsHorizontally, useBrowserTest, waitForHydration } from '../support/browser.js';

const STRONG = 'Correct-Horse-7';
const MARKETING_TITLE = 'Animated SVG graphics, made simple';

/**
 * What a first visit meets (issue 15): the home page signed in and out, protected pages without
 * a session or with one that ended, the /auth paths that are no page, the return address's
 * fragment, reset links that no longer work, and the logout page. JavaScript on and off.
 */
describe('first-visit pages in Chromium', () => {
  const t = useBrowserTest();

  async function customerWithPassword() {
    return newCustomer(t.app.runtime.dataSource, { passwordHash: await passwordHashFor(STRONG) });
  }

  async function signedIn(name?: string) {
    const customer = await newCustomer(t.app.runtime.dataSource, name ? { name } : {});
    const token = await newSession(t.app, customer.id);
    return { customer, cookies: { [sessionCookieName(t.app.config)]: token } };
  }

  /** A session cookie whose session has ended (revoked on the server). */
  async function endedSessionCookies() {
    const { customer, cookies } = await signedIn();
    await t.app.runtime.dataSource.query('DELETE FROM sessions WHERE customer_id = $1', [
      customer.id,
    ]);
    return cookies;
  }

  async function sessionCookieOf(page: Page) {
    const name = sessionCookieName(t.app.config);
    return (await page.context().cookies()).find((cookie) => cookie.name === name);
  }

  async function logIn(page: Page, email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: authTexts.loginButton }).click();
  }

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`shows a signed-in customer's projects at /, with account settings and log out in the user menu (${mode})`, async () => {
      const { cookies } = await signedIn('Ada Lovelace');
      const page = await t.open('/', { javaScript, cookies });
      await page.getByRole('heading', { level: 1, name: 'All projects' }).waitFor();
      assert.equal(await page.getByRole('heading', { name: MARKETING_TITLE }).count(), 0);
      assert.equal(await page.getByRole('link', { name: 'Log in' }).count(), 0);
      const userMenu = page.getByRole('navigation', { name: 'User menu' });
      await userMenu.getByText('Account').first().click();
      await userMenu.getByRole('link', { name: 'Account settings' }).click();
      await page.waitForURL(`${t.app.url}/account`);
      await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();

      await page.goto('/');
      if (javaScript) await waitForHydration(page);
      await userMenu.getByText('Account').first().click();
      await userMenu.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL(`${t.app.url}/auth/login`);
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: MARKETING_TITLE }).waitFor();
    });

    it(`keeps the marketing page for a visitor, whose Log in leads to the login page (${mode})`, async () => {
      const page = await t.open('/', { javaScript });
      await page.getByRole('heading', { level: 1, name: MARKETING_TITLE }).waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
      await page.waitForURL(`${t.app.url}/auth/login`);
      await page.getByRole('heading', { level: 1, name: authTexts.loginTitle }).waitFor();
    });

    it(`sends a visitor without a session cookie from /account to the login page, without the logged-out notice (${mode})`, async () => {
      const page = await t.open('/account', { javaScript });
      assert.equal(page.url(), `${t.app.url}/auth/login?url=%2Faccount`);
      await page.getByRole('heading', { level: 1, name: authTexts.loginTitle }).waitFor();
      assert.equal(await page.getByTestId('snackbar').count(), 0);
      assert.equal(await page.getByText(catalogueMessages.loggedOut).count(), 0);
    });

    it(`tells a visitor whose session ended that they were logged out, once, with a working Log In button (${mode})`, async () => {
      const page = await t.open('/account', { javaScript, cookies: await endedSessionCookies() });
      assert.equal(page.url(), `${t.app.url}/auth/login?url=%2Faccount`);
      const notice = page.getByRole('status');
      await notice
        .getByText('You have been logged out. Please log in again.', { exact: true })
        .waitFor();
      // The BFF cleared the refused cookie, and the clearing reached the browser.
      assert.equal(await sessionCookieOf(page), undefined);

      const logInButton = notice.getByRole('link', { name: 'Log In', exact: true });
      assert.equal(await logInButton.getAttribute('href'), '/auth/login?url=%2Faccount');
      await logInButton.click();
      await page.waitForURL(`${t.app.url}/auth/login?url=%2Faccount`);
      await page.getByRole('heading', { level: 1, name: authTexts.loginTitle }).waitFor();

      // Told once: the next visit of a protected page has no cookie left to refuse.
      await page.goto('/account');
      await page.waitForURL(`${t.app.url}/auth/login?url=%2Faccount`);
      await page.getByRole('heading', { level: 1, name: authTexts.loginTitle }).waitFor();
      assert.equal(await page.getByText(catalogueMessages.loggedOut).count(), 0);
    });

    it(`sends the expired or used reset link's visitor on at once, before any password is typed (${mode})`, async () => {
      const customer = await customerWithPassword();
      const used = await newResetToken(t.app, customer.id);
      const expired = await newResetToken(t.app, customer.id);
      const db = t.app.runtime.dataSource;
      await db.query(
        `UPDATE auth_tokens SET used_at = now() WHERE token_hash = encode(sha256($1::bytea), 'hex')`,
        [used],
      );
      await db.query(
        `UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE token_hash = encode(sha256($1::bytea), 'hex')`,
        [expired],
      );
      for (const token of [used, expired, 'not-a-token']) {
        const page = await t.open(`/auth/reset-password?token=${token}`, { javaScript });
        await page.getByRole('heading', { level: 1, name: authTexts.resetTitle }).waitFor();
        await page.getByRole('alert').getByText(authMessages.resetLinkInvalid).waitFor();
        assert.equal(await page.getByLabel('New password').count(), 0, token);
        assert.equal(
          await page.getByRole('button', { name: authTexts.setPassword }).count(),
          0,
          token,
        );
        await page.getByRole('link', { name: 'Ask for a new link' }).click();
        await page.waitForURL(`${t.app.url}/auth/recover-password`);
        await page.getByRole('heading', { level: 1, name: authTexts.recoverTitle }).waitFor();
      }
    });

    it(`opens a working reset link on its form, and the link still works after the check (${mode})`, async () => {
      const customer = await customerWithPassword();
      const token = await newResetToken(t.app, customer.id);
      const page = await t.open(`/auth/reset-password?token=${token}`, { javaScript });
      await page.getByRole('heading', { level: 1, name: authTexts.resetTitle }).waitFor();
      assert.equal(await page.getByRole('alert').filter({ hasText: /\S/ }).count(), 0);
      await page.getByLabel('New password').fill('New-Password-8');
      await page.getByRole('button', { name: authTexts.setPassword }).click();
      await page.waitForURL(`${t.app.url}/`);
      await page.getByTestId('snackbar').getByText(authMessages.passwordReset).waitFor();
    });

    it(`shows the logout page only to a signed-in customer; others go to the login page (${mode})`, async () => {
      const visitor = await t.open('/auth/logout', { javaScript });
      assert.equal(visitor.url(), `${t.app.url}/auth/login`);
      await visitor.getByRole('heading', { level: 1, name: authTexts.loginTitle }).waitFor();
      assert.equal(await visitor.getByTestId('snackbar').count(), 0);

      const withUrl = await t.open('/auth/logout?url=%2Fbilling', { javaScript });
      assert.equal(withUrl.url(), `${t.app.url}/auth/login?url=%2Fbilling`);

      const { cookies } = await signedIn();
      const customer = await t.open('/auth/logout', { javaScript, cookies });
      await customer.getByRole('heading', { level: 1, name: authTexts.logOut }).waitFor();
      await customer.getByRole('button', { name: authTexts.logOut }).click();
      await customer.waitForURL(`${t.app.url}/auth/login`);
      assert.equal(await sessionCookieOf(customer), undefined);
    });
  }

  // One of each in the browser; every variant over HTTP in server/test/e2e/pages.test.ts.
  for (const [name, from, to] of [
    [
      'sends an unknown /auth path to the login page, keeping the url parameter',
      '/auth/nothing-here?url=%2Fbilling',
      '/auth/login?url=%2Fbilling',
    ],
    [
      'sends social sign-in with a provider that is not configured to the login page',
      '/auth/social/facebook?redirectTo=%2Fbilling',
      '/auth/login?url=%2Fbilling',
    ],
  ] as const) {
    it(name, async () => {
      const page = await t.open(from, { javaScript: false });
      assert.equal(page.url(), `${t.app.url}${to}`);
      await page.getByRole('heading', { level: 1, name: authTexts.loginTitle }).waitFor();
    });
  }

  it('brings a visitor sent to login from /account#devices back to /account#devices (JavaScript on)', async () => {
    const customer = await customerWithPassword();
    const page = await t.open('/account#devices');
    // Browsers keep the fragment through the redirect; the page adds it to the form's url.
    assert.equal(page.url(), `${t.app.url}/auth/login?url=%2Faccount#devices`);
    assert.equal(await page.locator('input[name="url"]').inputValue(), '/account#devices');
    assert.equal(
      await page.getByRole('link', { name: authTexts.createAccount }).getAttribute('href'),
      '/auth/register?url=%2Faccount%23devices',
    );
    await logIn(page, customer.email, STRONG);
    await page.waitForURL(`${t.app.url}/account#devices`);
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
  });

  it('fits the signed-in home, the logged-out notice and a used reset link at 320, 375 and 1280 px', async () => {
    const customer = await customerWithPassword();
    const token = await newResetToken(t.app, customer.id);
    await t.app.runtime.dataSource.query(
      'UPDATE auth_tokens SET used_at = now() WHERE customer_id = $1',
      [customer.id],
    );
    for (const width of [320, 375, 1280]) {
      const screens: Array<[string, Record<string, string>, (page: Page) => Promise<void>]> = [
        [
          '/',
          (await signedIn()).cookies,
          (page) => page.getByRole('heading', { level: 1, name: 'All projects' }).waitFor(),
        ],
        [
          '/account',
          await endedSessionCookies(),
          (page) => page.getByText(catalogueMessages.loggedOut).waitFor(),
        ],
        [
          `/auth/reset-password?token=${token}`,
          {},
          (page) => page.getByText(authMessages.resetLinkInvalid).waitFor(),
        ],
      ];
      for (const [path, cookies, ready] of screens) {
        const page = await t.newPage({ cookies });
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await ready(page);
        assert.equal(await overflowsHorizontally(page), false, `${path} at ${width} px`);
      }
    }
  });
});
