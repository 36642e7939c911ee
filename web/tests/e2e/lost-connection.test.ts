import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authTexts, catalogueMessages, twoFactorMessages } from '@animata/contracts';
import { newCustomer, newSessionCookie, passwordHashFor } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { useBrowserTest } from '../support/browser.js';

const PASSWORD = 'Correct-Horse-7';

/** Remix's form posts with JavaScript go to the route's `.data` address; these never arrive. */
async function cutTheConnection(page: Page): Promise<void> {
  await page.route(/\.data(\?|$)/, (route) => route.abort('internetdisconnected'));
}

async function restoreTheConnection(page: Page): Promise<void> {
  await page.unroute(/\.data(\?|$)/);
}

/**
 * Issue 15, item 17: a post the network loses keeps the page and its form, and says so in the
 * catalogue's words; the next try, once the connection is back, goes through.
 */
describe('a form post that loses the connection (JavaScript on)', () => {
  const t = useBrowserTest();

  it('keeps the login form and what was typed, then logs in on the next try', async () => {
    const customer = await newCustomer(t.app.runtime.dataSource, {
      passwordHash: await passwordHashFor(PASSWORD),
    });
    const page = await t.open('/auth/login');
    t.allowConsoleError(page, /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await cutTheConnection(page);
    await page.getByRole('button', { name: authTexts.loginButton }).click();

    await page.getByRole('alert').filter({ hasText: catalogueMessages.connectionFailed }).waitFor();
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), authTexts.loginTitle);
    assert.equal(await page.getByLabel('Email').inputValue(), customer.email);
    assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), PASSWORD);

    await restoreTheConnection(page);
    await page.getByRole('button', { name: authTexts.loginButton }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('keeps the recovery form and its address', async () => {
    const page = await t.open('/auth/recover-password');
    t.allowConsoleError(page, /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/);
    await page.getByLabel('Email').fill('ada@example.com');
    await cutTheConnection(page);
    await page.getByRole('button', { name: authTexts.sendEmail }).click();
    await page.getByRole('alert').filter({ hasText: catalogueMessages.connectionFailed }).waitFor();
    assert.equal(await page.getByLabel('Email').inputValue(), 'ada@example.com');
  });

  it('keeps the account page when a setting cannot be saved', async () => {
    const customer = await newCustomer(t.app.runtime.dataSource);
    const cookie = await newSessionCookie(t.app, customer.id);
    const [name, value] = cookie.split('=') as [string, string];
    const page = await t.open('/account', { cookies: { [name]: value } });
    t.allowConsoleError(page, /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/);
    await cutTheConnection(page);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('alert').filter({ hasText: catalogueMessages.connectionFailed }).waitFor();
    await page.getByRole('heading', { name: twoFactorMessages.settingTitle }).waitFor();
  });
});
