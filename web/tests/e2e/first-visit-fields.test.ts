import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { authMessages, authTexts, twoFactorMessages } from '@animata/contracts';
import {
  newCustomer,
  newResetToken,
  newSessionCookie,
  passwordHashFor,
  startSmtpReceiver,
} from '@animata/server/test-support';
import type { Page, Route } from 'playwright-core';
import { overflowsHorizontally, useBrowserTest, waitForHydration } from '../support/browser.js';

/**
 * What a new user meets in the fields of the sign-in pages (issue 15, items 10, 14, 15, 16, 18):
 * what is typed before the page has loaded is kept and never shown, the two-factor code field
 * speaks the spec's message, the strong-password screen, errors cleared on edit, focus on the
 * first field in error, 320 px wide screens.
 */
const smtp = await startSmtpReceiver();

const STRONG = 'Correct-Horse-7';
const SMALL = { width: 320, height: 640 };

/** The text part of the mail to `to` whose subject matches (the SMTP receiver's). */
const mailTo = (to: string, subject: RegExp, after = 0) => smtp.textOfMailTo(to, subject, after);

/**
 * Holds the page's JavaScript (Vite's /assets/ files) until `release` is called, so the test can
 * type into the server-rendered page before React hydrates it.
 */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/**', (route) => {
    if (released) return route.continue();
    held.push(route);
    return undefined;
  });
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

/**
 * Records, from the first byte of the document, every moment a password input (named
 * `password` or `old_password`) has type text: the page must never show a password unasked.
 */
const WATCH_PASSWORD_TYPE = `
  window.__passwordShown = [];
  const check = () => {
    for (const input of document.querySelectorAll('input[name="password"], input[name="old_password"]')) {
      if (input.type !== 'password') window.__passwordShown.push(input.type + ':' + input.value);
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['type'],
  });
`;

describe('the fields of the sign-in pages on a first visit', () => {
  const t = useBrowserTest({
    env: {
      SMTP_URL: smtp.url,
      RATE_LIMIT_REGISTER: '1000/60',
      RATE_LIMIT_LOGIN: '1000/60',
      RATE_LIMIT_RECOVERY: '1000/60',
      TFA_AFTER_REGISTRATIONS: '1000',
    },
  });
  after(() => smtp.close());

  function allowRefusals(page: Page): void {
    t.allowConsoleError(page, /status of 42[29]/);
  }

  async function createCustomer(password: string, extra: Record<string, unknown> = {}) {
    return newCustomer(t.app.runtime.dataSource, {
      passwordHash: await passwordHashFor(password),
      ...extra,
    });
  }

  async function logIn(page: Page, email: string, password: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(authTexts.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: authTexts.loginButton }).click();
  }

  /** A page signed in as `customer` (a real session cookie), not yet navigated. */
  async function signedInPage(customerId: string, options: { javaScript?: boolean } = {}) {
    const cookie = await newSessionCookie(t.app, customerId);
    const [name, value] = [
      cookie.slice(0, cookie.indexOf('=')),
      cookie.slice(cookie.indexOf('=') + 1),
    ];
    return t.newPage({ ...options, cookies: { [name!]: decodeURIComponent(value!) } });
  }

  /** A weak-password login (the session asks for a stronger password) on the strong-password screen. */
  async function weakSessionPage(javaScript = true): Promise<Page> {
    const customer = await createCustomer('weakpass');
    const page = await t.newPage({ javaScript });
    await page.goto('/auth/login?url=%2Faccount');
    if (javaScript) await waitForHydration(page);
    await logIn(page, customer.email, 'weakpass');
    await page.waitForURL(/\/auth\/strong-password/);
    if (javaScript) await waitForHydration(page);
    return page;
  }

  async function openTwoFactorDialog(page: Page, javaScript: boolean) {
    const customer = await createCustomer(STRONG, { twoFactorEnabled: true });
    await page.goto('/auth/login');
    if (javaScript) await waitForHydration(page);
    await logIn(page, customer.email, STRONG);
    const dialog = page.getByRole('dialog', { name: twoFactorMessages.title });
    await dialog.waitFor();
    return { customer, dialog };
  }

  // Item 10 ---------------------------------------------------------------------------------

  it('keeps a password typed before the page has loaded, and never shows it as text', async () => {
    const weak = await weakSessionPage();
    // A working link: the reset page checks it when it opens (a bad one shows no form).
    const resetToken = await newResetToken(t.app, (await createCustomer(STRONG)).id);
    const pages: Array<{ path: string; page: Page; label: string }> = [
      { path: '/auth/login', page: await t.newPage(), label: authTexts.password },
      { path: '/auth/register', page: await t.newPage(), label: authTexts.password },
      {
        path: `/auth/reset-password?token=${encodeURIComponent(resetToken)}`,
        page: await t.newPage(),
        label: authTexts.newPassword,
      },
      {
        path: new URL(weak.url()).pathname + new URL(weak.url()).search,
        page: weak,
        label: authTexts.newPassword,
      },
    ];
    for (const { path, page, label } of pages) {
      await page.addInitScript(WATCH_PASSWORD_TYPE);
      // The page's clock, so the second below passes at once (time flows as usual until then).
      await page.clock.install();
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      const field = page.getByLabel(label, { exact: true });
      await field.pressSequentially('Typed-Early-9');
      await release();
      await waitForHydration(page);
      // Past the second in which the old login screen showed its field as text.
      await page.clock.runFor(1200);
      assert.equal(await field.inputValue(), 'Typed-Early-9', `${path}: the typed password`);
      assert.equal(await field.getAttribute('type'), 'password', `${path}: type`);
      assert.deepEqual(
        await page.evaluate(
          () => (window as unknown as { __passwordShown: string[] }).__passwordShown,
        ),
        [],
        `${path}: the password field was never of type text`,
      );
    }
  });

  it('logs in with what was typed before the page hydrated', async () => {
    const customer = await createCustomer(STRONG);
    const page = await t.newPage();
    const release = await holdScripts(page);
    await page.goto('/auth/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').pressSequentially(customer.email);
    await page.getByLabel(authTexts.password, { exact: true }).pressSequentially(STRONG);
    await release();
    await waitForHydration(page);
    await page.getByRole('button', { name: authTexts.loginButton }).click();
    await page.waitForURL(`${t.app.url}/`);
  });

  // Item 14 ---------------------------------------------------------------------------------

  for (const javaScript of [false, true]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`says 'Code must be a 6 digits long number.' for a malformed code, then 'Code accepted' (${mode})`, async () => {
      const page = await t.newPage({ javaScript });
      allowRefusals(page);
      const { customer, dialog } = await openTwoFactorDialog(page, javaScript);
      const before = smtp.received.length;
      await dialog.getByRole('button', { name: twoFactorMessages.sendEmail }).click();
      const code = /\b(\d{6})\b/.exec(await mailTo(customer.email, /security code/, before))![1]!;

      const field = dialog.getByLabel(twoFactorMessages.codeLabel);
      await field.fill('12ab');
      await dialog.getByRole('button', { name: twoFactorMessages.verifyCode }).click();
      await dialog.getByText(twoFactorMessages.codeFormat, { exact: true }).waitFor();
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      if (javaScript) {
        assert.equal(await field.evaluate((input) => input === document.activeElement), true);
      }

      // With JavaScript the continuing post is held, so the accepted step can be seen before the
      // page moves on by itself; without it the step waits for 'Continue'.
      let releaseContinue: () => void = () => undefined;
      const continuing = new Promise<void>((resolve) => (releaseContinue = resolve));
      if (javaScript) {
        await page.route('**/auth/login*', async (route) => {
          if (
            route.request().method() === 'POST' &&
            /tfa-continue/.test(route.request().postData() ?? '')
          ) {
            await continuing;
          }
          await route.continue();
        });
      }
      await dialog
        .getByLabel(twoFactorMessages.codeLabel)
        .fill(` ${code.slice(0, 3)} ${code.slice(3)} `);
      await dialog.getByRole('button', { name: twoFactorMessages.verifyCode }).click();
      await dialog.getByRole('status').filter({ hasText: twoFactorMessages.accepted }).waitFor();
      if (!javaScript)
        await dialog.getByRole('button', { name: twoFactorMessages.continue }).click();
      releaseContinue();
      await page.waitForURL(`${t.app.url}/`);
    });
  }

  it('shows a refused resend without JavaScript as a notice, not as a second button', async () => {
    const page = await t.newPage({ javaScript: false });
    allowRefusals(page);
    const { dialog } = await openTwoFactorDialog(page, false);
    await dialog.getByRole('button', { name: twoFactorMessages.sendEmail }).click();
    await dialog.getByLabel(twoFactorMessages.codeLabel).waitFor();
    await dialog.getByRole('button', { name: 'Resend email', exact: true }).click();
    const notice = dialog.getByRole('alert');
    await notice.waitFor();
    assert.match(
      (await notice.textContent()) ?? '',
      /^You can ask for a new email in \d+ seconds?\.$/,
    );
    // The only text naming the resend is the real button.
    assert.equal(await dialog.getByText(/Resend email/).count(), 1);
    assert.equal(await dialog.getByRole('button', { name: /Resend email/ }).count(), 1);
  });

  // Item 15 ---------------------------------------------------------------------------------

  it('takes the first click on Update later while the password field has focus', async () => {
    const page = await weakSessionPage();
    await page.getByLabel(authTexts.newPassword, { exact: true }).click();
    await page.getByRole('list', { name: 'Password requirements' }).waitFor();
    await page.getByRole('button', { name: authTexts.updateLater }).click();
    await page.waitForURL(`${t.app.url}/account`, { timeout: 5000 });
  });

  it('links Account settings on the strong-password screen to the account page, which opens', async () => {
    const page = await weakSessionPage();
    const link = page.getByRole('link', { name: authTexts.accountSettings });
    assert.equal(await link.getAttribute('href'), '/account');
    await link.click();
    await page.waitForURL(`${t.app.url}/account`);
    await page.getByRole('heading', { level: 1, name: authTexts.accountSettings }).waitFor();
  });

  for (const javaScript of [false, true]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';
    it(`asks for the old password on the strong-password screen outside a weak-password login (${mode})`, async () => {
      const customer = await createCustomer(STRONG);
      const page = await signedInPage(customer.id, { javaScript });
      allowRefusals(page);
      await page.goto('/auth/strong-password?url=%2Faccount');
      if (javaScript) await waitForHydration(page);
      const old = page.getByLabel(authTexts.oldPassword, { exact: true });
      await old.fill('Wrong-Old-1');
      await page.getByLabel(authTexts.newPassword, { exact: true }).fill('Brand-New-Pass-2');
      await page.getByRole('button', { name: authTexts.updatePassword }).click();
      await page.getByText(authMessages.oldPasswordWrong, { exact: true }).waitFor();
      await page.getByLabel(authTexts.oldPassword, { exact: true }).fill(STRONG);
      await page.getByLabel(authTexts.newPassword, { exact: true }).fill('Brand-New-Pass-2');
      await page.getByRole('button', { name: authTexts.updatePassword }).click();
      await page.waitForURL(`${t.app.url}/account`);
      await page
        .getByTestId('snackbar')
        .filter({ hasText: authMessages.passwordUpdated })
        .waitFor();
    });
  }

  it('shows no old-password field in the weak-password login', async () => {
    const page = await weakSessionPage();
    assert.equal(await page.getByLabel(authTexts.oldPassword, { exact: true }).count(), 0);
  });

  // Item 16 ---------------------------------------------------------------------------------

  it('clears a server field error as soon as the field is edited', async () => {
    const taken = await createCustomer(STRONG);
    const page = await t.open('/auth/register');
    allowRefusals(page);
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(taken.email);
    await page.getByLabel(authTexts.password, { exact: true }).fill(STRONG);
    await page.getByRole('button', { name: authTexts.createAccount }).click();
    const error = page.getByText(authMessages.emailTaken, { exact: true });
    await error.waitFor();
    // Focus moves to the field in error after the server's answer.
    assert.equal(
      await page.getByLabel('Email').evaluate((input) => input === document.activeElement),
      true,
    );
    await page.getByLabel('Email').press('End');
    await page.getByLabel('Email').pressSequentially('x');
    await error.waitFor({ state: 'detached' });
    assert.equal(await page.getByLabel('Email').getAttribute('aria-invalid'), null);
  });

  it("says 'Password is required' when registration is submitted without a password", async () => {
    const page = await t.open('/auth/register');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    // The button looks disabled (aria-disabled) until the password is valid, but takes the
    // click; Playwright waits for aria-disabled buttons to be enabled, so the click is forced.
    await page.getByRole('button', { name: authTexts.createAccount }).click({ force: true });
    await page.getByText(authMessages.passwordRequired, { exact: true }).waitFor();
    const password = page.getByLabel(authTexts.password, { exact: true });
    assert.equal(await password.evaluate((input) => input === document.activeElement), true);
  });

  // Item 18 ---------------------------------------------------------------------------------

  it('moves focus to the first field in error after an invalid login', async () => {
    const page = await t.open('/auth/login');
    await page.getByLabel(authTexts.password, { exact: true }).fill('abc');
    await page.getByRole('button', { name: authTexts.loginButton }).click();
    await page.getByText(authMessages.emailRequired, { exact: true }).waitFor();
    assert.equal(
      await page.getByLabel('Email').evaluate((input) => input === document.activeElement),
      true,
    );
  });

  it('names the show/hide toggle after what it shows', async () => {
    const page = await t.open('/auth/login');
    const field = page.getByLabel(authTexts.password, { exact: true });
    await field.fill('secret-1');
    const show = page.getByRole('button', { name: authTexts.showPassword, exact: true });
    assert.equal(await show.textContent(), authTexts.show);
    await show.click();
    assert.equal(await field.getAttribute('type'), 'text');
    await page.getByRole('button', { name: authTexts.hidePassword, exact: true }).click();
    assert.equal(await field.getAttribute('type'), 'password');
  });

  it('fits every sign-in screen and the two-factor dialog into 320 px', async () => {
    const paths = [
      '/auth/login',
      '/auth/register',
      '/auth/recover-password',
      '/auth/reset-password?token=x',
    ];
    for (const javaScript of [true, false]) {
      // One visitor walking the screens: a layout does not depend on the way in.
      const page = await t.newPage({ javaScript });
      await page.setViewportSize(SMALL);
      for (const path of paths) {
        await page.goto(path);
        if (javaScript) await waitForHydration(page);
        assert.equal(await overflowsHorizontally(page), false, `${path} (${javaScript})`);
      }
    }
    const strong = await weakSessionPage();
    await strong.setViewportSize(SMALL);
    await strong.getByLabel(authTexts.newPassword, { exact: true }).click();
    assert.equal(await overflowsHorizontally(strong), false, 'strong password');

    const unverified = await createCustomer(STRONG, { verifiedAt: null });
    const verify = await signedInPage(unverified.id);
    await verify.setViewportSize(SMALL);
    await verify.goto('/auth/verify-email');
    await verify.getByRole('heading', { level: 1, name: authTexts.verifyTitle }).waitFor();
    assert.equal(await overflowsHorizontally(verify), false, 'verify email');

    const page = await t.newPage();
    await page.setViewportSize(SMALL);
    const { dialog } = await openTwoFactorDialog(page, true);
    assert.equal(await overflowsHorizontally(page), false, 'two-factor dialog');
    await dialog.getByRole('button', { name: twoFactorMessages.sendEmail }).click();
    await dialog.getByLabel(twoFactorMessages.codeLabel).waitFor();
    assert.equal(await overflowsHorizontally(page), false, 'two-factor dialog, code step');
  });
});
