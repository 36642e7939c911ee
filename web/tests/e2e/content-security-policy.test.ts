import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { authTexts } from '@animata/contracts';
import { newCustomer, passwordHashFor, RecaptchaServer } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { useBrowserTest, waitForHydration } from '../support/browser.js';
import { notificationCookie } from '../support/notification.js';

const STRONG = 'Correct-Horse-7';

/**
 * Collects the page's Content-Security-Policy violations from the moment it starts loading.
 * Chromium also logs each one as a console error, which fails the test (support/browser.ts);
 * the list says which directive blocked what.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = found;
    document.addEventListener('securitypolicyviolation', (event) => {
      found.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

describe('the Content-Security-Policy in Chromium', () => {
  const t = useBrowserTest();

  it('logs in with JavaScript on while the policy blocks nothing the page needs', async () => {
    const customer = await newCustomer(t.app.runtime.dataSource, {
      passwordHash: await passwordHashFor(STRONG),
    });
    const page = await t.newPage();
    const violations = await watchViolations(page);
    await page.goto('/auth/login');
    await waitForHydration(page);
    // The stylesheets loaded and apply (a blocked sheet would leave the page unstyled).
    const styled = await page.evaluate(
      () =>
        document.styleSheets.length > 0 &&
        Array.from(document.styleSheets).every((sheet) => sheet.cssRules.length > 0),
    );
    assert.equal(styled, true);

    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG);
    await page.getByRole('button', { name: authTexts.loginButton }).click();
    await page.waitForURL(`${t.app.url}/`);
    await page
      .getByRole('navigation', { name: 'User menu' })
      .getByText('Account')
      .first()
      .waitFor();
    assert.deepEqual(await violations(), []);
  });

  it('shows a notification rendered by the server, whose style attribute the policy allows', async () => {
    const page = await t.newPage({
      cookies: notificationCookie({
        type: 'success',
        message: 'Account info saved',
        timeout: 600_000,
      }),
    });
    const violations = await watchViolations(page);
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('status').getByText('Account info saved', { exact: true }).waitFor();
    assert.deepEqual(await violations(), []);
  });

  it('refuses an inline script that lacks the page’s nonce', async () => {
    const page = await t.newPage();
    const violations = await watchViolations(page);
    t.allowConsoleError(page, /Content Security Policy/);
    await page.goto('/auth/login');
    await waitForHydration(page);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true;';
      // An inserted inline script runs as it is appended, or never.
      document.body.append(script);
      return (window as unknown as { injectedScriptRan?: boolean }).injectedScriptRan === true;
    });
    assert.equal(ran, false);
    // The violation event is dispatched a task later.
    await page.waitForFunction(
      () => (window as unknown as { cspViolations: string[] }).cspViolations.length > 0,
    );
    assert.deepEqual(await violations(), ['script-src-elem blocked inline']);
  });
});

/**
 * Google cannot be reached from here, so its answers are played by the browser's request
 * routing: api.js behaves like reCAPTCHA v3 where the policy is concerned (it loads its release
 * from www.gstatic.com, frames www.google.com, adds a badge with a style attribute and a style
 * element) and hands out a token that the local siteverify server accepts.
 */
const RECAPTCHA_API = `(() => {
  const release = document.createElement('script');
  release.src = 'https://www.gstatic.com/recaptcha/releases/test/recaptcha__en.js';
  document.head.appendChild(release);
  const style = document.createElement('style');
  style.textContent = '.grecaptcha-badge { box-shadow: none; }';
  document.head.appendChild(style);
  const badge = document.createElement('div');
  badge.className = 'grecaptcha-badge';
  badge.setAttribute('style', 'width: 256px; height: 60px; position: fixed; bottom: 14px;');
  const frame = document.createElement('iframe');
  frame.title = 'reCAPTCHA';
  frame.src = 'https://www.google.com/recaptcha/api2/anchor?k=site-key';
  badge.appendChild(frame);
  document.body.appendChild(badge);
  window.grecaptcha = {
    ready: (callback) => callback(),
    execute: (_key, { action }) => Promise.resolve('good-' + action),
  };
})();`;

// A local siteverify server for the whole file (Google's protocol, tokens 'good-<action>').
const siteverify = new RecaptchaServer();
const verifyUrl = await siteverify.start();

describe('the Content-Security-Policy with reCAPTCHA v3 in Chromium', () => {
  after(() => siteverify.stop());
  const t = useBrowserTest({
    env: {
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET_KEY: 'secret-key',
      RECAPTCHA_VERIFY_URL: verifyUrl,
    },
  });

  it('loads Google’s scripts and frame and logs in with a token, blocking nothing', async () => {
    const customer = await newCustomer(t.app.runtime.dataSource, {
      passwordHash: await passwordHashFor(STRONG),
    });
    const page = await t.newPage();
    const google: string[] = [];
    await page.route(/^https:\/\/www\.(google|gstatic)\.com\/recaptcha\//, (route) => {
      const url = route.request().url();
      google.push(new URL(url).pathname);
      const [contentType, body] = url.includes('/api.js')
        ? ['text/javascript', RECAPTCHA_API]
        : url.endsWith('.js')
          ? ['text/javascript', 'window.recaptchaReleaseRan = true;']
          : ['text/html', '<!doctype html><p>reCAPTCHA anchor</p>'];
      return route.fulfill({ status: 200, contentType, body });
    });
    const violations = await watchViolations(page);
    await page.goto('/auth/login');
    await waitForHydration(page);
    await page.waitForFunction(
      () => (window as unknown as { recaptchaReleaseRan?: boolean }).recaptchaReleaseRan === true,
    );
    await page.frameLocator('iframe[title="reCAPTCHA"]').getByText('reCAPTCHA anchor').waitFor();

    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG);
    await page.getByRole('button', { name: authTexts.loginButton }).click();
    await page.waitForURL(`${t.app.url}/`);
    assert.deepEqual(google.sort(), [
      '/recaptcha/api.js',
      '/recaptcha/api2/anchor',
      '/recaptcha/releases/test/recaptcha__en.js',
    ]);
    assert.equal(siteverify.requests.at(-1)?.response, 'good-login');
    assert.deepEqual(await violations(), []);
  });
});
