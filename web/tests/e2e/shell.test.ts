import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalogueMessages } from '@animata/contracts';
import { newCustomer, newSession, sessionCookieName } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { useBrowserTest } from '../support/browser.js';

describe('the web shell in Chromium', () => {
  const t = useBrowserTest();

  async function signedInCookies() {
    const customer = await newCustomer(t.app.runtime.dataSource);
    const token = await newSession(t.app, customer.id);
    return { cookies: { [sessionCookieName(t.app.config)]: token }, customer };
  }

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`loads the home page with its top bar and a way to log in (${mode})`, async () => {
      const page = await t.open('/', { javaScript });
      assert.equal(await page.title(), 'Animata');
      await page
        .getByRole('heading', { level: 1, name: 'Animated SVG graphics, made simple' })
        .waitFor();
      const banner = page.getByRole('banner');
      assert.equal(
        await banner.getByRole('link', { name: 'Animata home' }).getAttribute('href'),
        '/',
      );
      const userMenu = page.getByRole('navigation', { name: 'User menu' });
      assert.equal(
        await userMenu.getByRole('link', { name: 'Log in' }).getAttribute('href'),
        '/auth/login',
      );

      await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
      await page.waitForURL(`${t.app.url}/auth/login`);
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    });

    it(`loads the login page, whose logo leads home (${mode})`, async () => {
      const page = await t.open('/auth/login?url=%2Faccount', { javaScript });
      assert.equal(await page.title(), 'Log in · Animata');
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      await page.getByRole('link', { name: 'Animata home' }).click();
      await page.waitForURL(`${t.app.url}/`);
      await page
        .getByRole('heading', { level: 1, name: 'Animated SVG graphics, made simple' })
        .waitFor();
    });

    it(`sends an unknown page to the home page (projects-dashboard §2) (${mode})`, async () => {
      const page = await t.open('/no/such/page', { javaScript });
      await page.waitForURL(`${t.app.url}/`);
      await page
        .getByRole('heading', { level: 1, name: 'Animated SVG graphics, made simple' })
        .waitFor();
    });

    it(`sends a visitor whose session ended from /account to the login page with the logged-out notice (${mode})`, async () => {
      const { cookies, customer } = await signedInCookies();
      await t.app.runtime.dataSource.query('DELETE FROM sessions WHERE customer_id = $1', [
        customer.id,
      ]);
      const page = await t.open('/account', { javaScript, cookies });
      assert.equal(page.url(), `${t.app.url}/auth/login?url=%2Faccount`);
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      const notice = page.getByRole('status');
      await notice.getByText(catalogueMessages.loggedOut, { exact: true }).waitFor();
      assert.equal(catalogueMessages.loggedOut, 'You have been logged out. Please log in again.');
      const logIn = notice.getByRole('link', { name: 'Log In', exact: true });
      assert.equal(await logIn.getAttribute('href'), '/auth/login?url=%2Faccount');
      assert.equal(await page.getByRole('alert').textContent(), '');
    });

    it(`shows the account page and its user menu to a signed-in customer (${mode})`, async () => {
      const { cookies } = await signedInCookies();
      const page = await t.open('/account', { javaScript, cookies });
      assert.equal(page.url(), `${t.app.url}/account`);
      await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
      const menuButton = page.locator('summary', { hasText: 'Account menu' });
      const settings = page.getByRole('link', { name: 'Account settings' });
      assert.equal(await settings.isVisible(), false);
      await menuButton.click();
      await settings.waitFor({ state: 'visible' });
      assert.equal(await settings.getAttribute('href'), '/account');
    });
  }

  it('opens the user menu from the keyboard and closes it with Escape (JavaScript on)', async () => {
    const { cookies } = await signedInCookies();
    const page = await t.open('/account', { cookies });
    const menuButton = page.locator('summary', { hasText: 'Account menu' });
    const settings = page.getByRole('link', { name: 'Account settings' });
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab'); // logo
    await page.keyboard.press('Tab'); // Upgrade (a free customer)
    await page.keyboard.press('Tab'); // the menu button
    assert.equal(await menuButton.evaluate((node) => node === document.activeElement), true);
    await page.keyboard.press('Enter');
    await settings.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    assert.equal(await settings.evaluate((node) => node === document.activeElement), true);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });
    assert.equal(await menuButton.evaluate((node) => node === document.activeElement), true);
    await page.keyboard.press('Space');
    await settings.waitFor({ state: 'visible' });
    await page.getByRole('heading', { level: 1 }).click();
    await settings.waitFor({ state: 'hidden' });
  });

  it('sends a customer whose session ended to the login page on the next client-side navigation', async () => {
    const { cookies, customer } = await signedInCookies();
    const page = await t.open('/account', { cookies });
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    await page.getByRole('link', { name: 'Animata home' }).click();
    await page.getByRole('heading', { level: 1, name: 'All projects' }).waitFor();
    // The dashboard measures the window and reloads its list with that page size once: let
    // that settle before the session ends, or the reload meets the ended session first.
    await page.waitForFunction(() => document.cookie.includes('animata_grid_rows'));
    await page.waitForLoadState('networkidle');
    await t.app.runtime.dataSource.query('DELETE FROM sessions WHERE customer_id = $1', [
      customer.id,
    ]);
    // Back to /account without a document load: Remix asks for that route's data alone.
    await page.goBack();
    await page.waitForURL(`${t.app.url}/auth/login?url=%2Faccount`);
    const notice = page.getByRole('status');
    await notice.getByText(catalogueMessages.loggedOut, { exact: true }).waitFor();
    assert.equal(
      await notice.getByRole('link', { name: 'Log In', exact: true }).getAttribute('href'),
      '/auth/login?url=%2Faccount',
    );
  });

  it('plays the sign-in and home illustrations, and rests them for a visitor who asks for less motion (decision 92)', async () => {
    const playing = (page: Page) =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .map((animation) => (animation as CSSAnimation).animationName)
          .sort(),
      );
    // Plain CSS, without JavaScript: the other tests of the file load the same pages with it.
    const javaScript = false;
    const moving = await t.open('/auth/login', { javaScript, motion: 'no-preference' });
    assert.deepEqual(await playing(moving), ['auth-bounce', 'auth-spin']);
    const home = await t.open('/', { javaScript, motion: 'no-preference' });
    assert.deepEqual(await playing(home), ['art-playhead', 'art-progress', 'art-spin']);
    for (const path of ['/auth/login', '/']) {
      const resting = await t.open(path, { javaScript, motion: 'reduce' });
      // The reduced-motion rules leave none, or a single 1 ms run.
      const lasting = await resting.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => Number(animation.effect?.getComputedTiming().endTime ?? 0) > 10)
          .map((animation) => (animation as CSSAnimation).animationName),
      );
      assert.deepEqual(lasting, [], path);
    }
  });
});
