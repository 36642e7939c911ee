import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  appAuthMessages,
  appAuthQuery,
  appsTexts,
  authMessages,
  authTexts,
  pagePaths,
  twoFactorMessages,
} from '@animata/contracts';
import {
  newApp,
  newCustomer,
  newProject,
  newSession,
  passwordHashFor,
  sessionCookieName,
  startSmtpReceiver,
  type NewApp,
} from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { overflowsHorizontally, useBrowserTest, waitForHydration } from '../support/browser.js';
import {
  CONNECT_BUTTON,
  CONNECT_REDIRECT_LINK,
  REFRESH_BUTTON,
  startThirdPartyApp,
  type ThirdPartyApp,
} from '../support/third-party-app.js';

const PASSWORD = 'Correct-Horse-9-battery';
const smtp = await startSmtpReceiver();

/**
 * The authorization screen with a real third-party site (issue 19's Done-when; account-and-auth
 * §2.7, §4.7; decision 82): popup and redirect modes, Authorize and Deny, the message reaching
 * the registered origin only, the code exchanged and the projects read with the token, and the
 * token dying when the customer revokes the app on /other-apps.
 */
describe('app authorization with a third-party site in Chromium', () => {
  const t = useBrowserTest({ env: { SMTP_URL: smtp.url } });
  let site: ThirdPartyApp;
  let stranger: ThirdPartyApp;

  before(async () => {
    site = await startThirdPartyApp({ animataOrigin: t.app.url });
    // Another site, not registered, that asks for the registered origin to get the message.
    stranger = await startThirdPartyApp({ animataOrigin: t.app.url, askedOrigin: site.origin });
  });
  after(async () => {
    await site.close();
    await stranger.close();
    await smtp.close();
  });

  async function customerWithProjects(titles: string[] = ['Bouncing logo', 'Intro card']) {
    const customer = await newCustomer(t.app.runtime.dataSource, {
      passwordHash: await passwordHashFor(PASSWORD),
    });
    for (const title of titles) await newProject(t.app.runtime.dataSource, customer.id, { title });
    const token = await newSession(t.app, customer.id);
    return { customer, titles, cookies: { [sessionCookieName(t.app.config)]: token } };
  }

  /** A registered app of another customer (its developer), for `site`. */
  async function registeredApp(name = 'Sketch Sync'): Promise<NewApp> {
    const developer = await newCustomer(t.app.runtime.dataSource);
    const app = await newApp(t.app.runtime.dataSource, developer.id, {
      name,
      redirectUris: [site.redirectUri],
      origins: [site.origin],
    });
    site.configure(app);
    stranger.configure(app);
    return app;
  }

  const projectTitles = (page: Page) => page.locator('#projects li').allTextContents();

  /** Opens `from`'s page and clicks 'Connect with Animata': the authorization popup. */
  async function connectInPopup(page: Page, from: ThirdPartyApp): Promise<Page> {
    await page.goto(from.origin);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: CONNECT_BUTTON }).click(),
    ]);
    return popup;
  }

  /**
   * Clicks Authorize or Deny in the popup and waits for it to close; if it stays open, the
   * failure says what it shows and what it logged (the harness does not watch popups).
   */
  async function decideInPopup(popup: Page, button: string): Promise<void> {
    const logged: string[] = [];
    popup.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
    popup.on('pageerror', (error) => logged.push(`page error: ${error.message}`));
    const closed = popup.waitForEvent('close', { timeout: 15_000 });
    // Deny answers at once: the popup may close while the click is still finishing.
    await popup
      .getByRole('button', { name: button })
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      });
    try {
      await closed;
    } catch (error) {
      const shown = await popup
        .locator('main')
        .innerText()
        .catch(() => '(gone)');
      throw new Error(`The popup stayed open showing "${shown}"; it logged ${logged.join(' | ')}`, {
        cause: error,
      });
    }
  }

  it('popup: authorize, the site lists the projects with the token; revoke on /other-apps makes the next call 401', async () => {
    const app = await registeredApp();
    const { titles, cookies } = await customerWithProjects();
    const page = await t.newPage({ cookies });
    const popup = await connectInPopup(page, site);
    await popup.getByRole('heading', { name: appAuthMessages.titleFor(app.name) }).waitFor();
    await popup.getByText(appAuthMessages.redirectHostNote(new URL(site.origin).host)).waitFor();
    await decideInPopup(popup, appAuthMessages.authorize);

    await page.getByText('API answered 200').waitFor();
    assert.deepEqual((await projectTitles(page)).sort(), [...titles].sort());
    const received = (await page.evaluate('window.received')) as Array<{
      origin: string;
      data: { type: string; result: number; appId: string; code: string };
    }>;
    assert.equal(received.length, 1);
    assert.equal(received[0]!.origin, t.app.url);
    assert.equal(received[0]!.data.result, 0);
    assert.equal(received[0]!.data.appId, app.appId);

    // The customer revokes the app through the page; the site's next call is refused.
    const account = await page.context().newPage();
    await account.goto(pagePaths.otherApps);
    await waitForHydration(account);
    const row = account.getByRole('row', { name: new RegExp(app.name) });
    await row.getByRole('link', { name: `${appsTexts.revoke} ${app.name}` }).click();
    const dialog = account.getByRole('dialog', { name: appsTexts.revokeTitle });
    await dialog.getByText(appsTexts.revokeText(app.name)).waitFor();
    await dialog.getByRole('button', { name: appsTexts.revoke }).click();
    // The last app: the tab goes away and the customer lands on /account.
    await account.waitForURL((url) => url.pathname === pagePaths.account);
    await account.getByText(appsTexts.revoked(app.name)).waitFor();

    await page.bringToFront();
    await page.getByRole('button', { name: REFRESH_BUTTON }).click();
    await page.getByText('API answered 401').waitFor();
  });

  it('popup: the message reaches the registered origin only, never a site that asks for it', async () => {
    const app = await registeredApp();
    const { cookies } = await customerWithProjects([]);
    const page = await t.newPage({ cookies });
    const popup = await connectInPopup(page, stranger);
    // The page names the registered site as the one it hands access to.
    await popup.getByText(appAuthMessages.redirectHostNote(new URL(site.origin).host)).waitFor();
    await decideInPopup(popup, appAuthMessages.authorize);
    // The popup has posted and closed; a message it posted here would be delivered before a
    // task the page queues now.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    assert.deepEqual(await page.evaluate('window.received'), []);
    assert.equal(await page.locator('#auth-status').textContent(), '');
    assert.equal(
      stranger.requests.filter((request) => request.path === '/exchange').length,
      0,
      'the unregistered site never got a code to exchange',
    );

    // The registered site, with the same customer and app, does receive it.
    const again = await connectInPopup(page, site);
    await again.getByRole('button', { name: appAuthMessages.authorize }).click();
    await page.getByText('API answered 200').waitFor();
    const received = (await page.evaluate('window.received')) as unknown[];
    assert.equal(received.length, 1);
    assert.ok(app.appId);
  });

  it('popup: Deny posts result 3 with error and "User denied the access" to the opener, and closes', async () => {
    const app = await registeredApp();
    const { cookies } = await customerWithProjects([]);
    const page = await t.newPage({ cookies });
    const popup = await connectInPopup(page, site);
    await decideInPopup(popup, appAuthMessages.deny);
    await page.getByText(`Denied: ${appAuthMessages.denied}`).waitFor();
    const received = (await page.evaluate('window.received')) as Array<{
      data: Record<string, unknown>;
    }>;
    assert.equal(received.length, 1);
    assert.equal(received[0]!.data.result, 3);
    assert.equal(received[0]!.data.error, 'access_denied');
    assert.equal(received[0]!.data.appId, app.appId);
    assert.equal(received[0]!.data.code, undefined);
  });

  it("redirect: says 'Redirect not allowed to {url}' when the page is still there after 500 ms", async () => {
    await registeredApp();
    const { cookies } = await customerWithProjects([]);
    const page = await t.newPage({ cookies });
    await page.goto(site.origin);
    await page.getByRole('link', { name: CONNECT_REDIRECT_LINK }).click();
    await page.getByRole('button', { name: appAuthMessages.authorize }).waitFor();
    await waitForHydration(page);
    // The site answers 204 No Content: the browser stays on the page.
    await page.route(`${site.redirectUri}?**`, (route) => route.fulfill({ status: 204 }));
    const started = Date.now();
    await page.getByRole('button', { name: appAuthMessages.authorize }).click();
    await page.getByText(appAuthMessages.redirectNotAllowed(site.redirectUri)).waitFor();
    assert.ok(Date.now() - started >= 500);
    assert.equal(new URL(page.url()).pathname, pagePaths.appAuth);
  });

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`redirect: Authorize sends code, state and appId to /callback, which lists the projects (${mode})`, async () => {
      const app = await registeredApp();
      const { titles, cookies } = await customerWithProjects(['Redirected one']);
      const page = await t.newPage({ cookies, javaScript });
      await page.goto(site.origin);
      await page.getByRole('link', { name: CONNECT_REDIRECT_LINK }).click();
      await page.getByRole('heading', { name: appAuthMessages.titleFor(app.name) }).waitFor();
      if (javaScript) await waitForHydration(page);
      await page.getByRole('button', { name: appAuthMessages.authorize }).click();
      await page.waitForURL((url) => url.origin === site.origin && url.pathname === '/callback');
      await page.getByText('API answered 200').waitFor();
      assert.deepEqual(await projectTitles(page), titles);
      const callback = site.requests.filter((request) => request.path === '/callback').at(-1)!;
      assert.equal(callback.query.appId, app.appId);
      assert.ok(callback.query.code);
      assert.ok(callback.query.state);
      assert.equal(callback.query.error, undefined);
    });

    it(`redirect: Deny sends error=access_denied and 'User denied the access' (${mode})`, async () => {
      const app = await registeredApp();
      const { cookies } = await customerWithProjects([]);
      const page = await t.newPage({ cookies, javaScript });
      await page.goto(site.origin);
      await page.getByRole('link', { name: CONNECT_REDIRECT_LINK }).click();
      await page.getByRole('heading', { name: appAuthMessages.titleFor(app.name) }).waitFor();
      if (javaScript) await waitForHydration(page);
      await page.getByRole('button', { name: appAuthMessages.deny }).click();
      await page.waitForURL((url) => url.origin === site.origin && url.pathname === '/callback');
      await page.getByText(`access_denied: ${appAuthMessages.denied}`).waitFor();
      const callback = site.requests.filter((request) => request.path === '/callback').at(-1)!;
      assert.equal(callback.query.error, 'access_denied');
      assert.equal(callback.query.error_description, appAuthMessages.denied);
      assert.equal(callback.query.appId, app.appId);
      assert.equal(callback.query.code, undefined);
    });
  }

  /**
   * The page for `app` in popup mode or with `redirect_uri`, as the site would open it: the code
   * flow with a PKCE S256 challenge (RFC 7636 Appendix B's), which the page requires.
   */
  function authPath(app: NewApp, extra: Record<string, string> = {}): string {
    const search = new URLSearchParams({
      [appAuthQuery.appId]: app.appId,
      [appAuthQuery.responseType]: 'code',
      [appAuthQuery.codeChallenge]: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      [appAuthQuery.codeChallengeMethod]: 'S256',
      ...extra,
    });
    return `${pagePaths.appAuth}?${search.toString()}`;
  }

  it('shows No Application Found for an unknown or malformed app id, and keeps the query on other paths', async () => {
    const page = await t.open(`${pagePaths.appAuth}?appId=ai_${'x'.repeat(29)}`);
    await page.getByRole('heading', { name: appAuthMessages.noApp }).waitFor();
    await page.getByText(appAuthMessages.noAppDetail).waitFor();
    await page.goto(`${pagePaths.appAuth}/somewhere/else?appId=nonsense`);
    assert.equal(new URL(page.url()).pathname, pagePaths.appAuth);
    assert.equal(new URL(page.url()).searchParams.get('appId'), 'nonsense');
    await page.getByRole('heading', { name: appAuthMessages.noApp }).waitFor();
  });

  it("says Can't communicate with the original window without an opener or a redirect, and when the opener closes", async () => {
    const app = await registeredApp();
    const { cookies } = await customerWithProjects([]);
    const page = await t.open(authPath(app), { cookies });
    await page.getByRole('heading', { name: appAuthMessages.noWindow }).waitFor();
    assert.equal(await page.getByRole('button', { name: appAuthMessages.authorize }).count(), 0);

    // Without JavaScript the popup mode cannot work: the page says so.
    const plain = await t.open(authPath(app), { cookies, javaScript: false });
    await plain.getByRole('heading', { name: appAuthMessages.noWindow }).waitFor();

    // The site's window closes while the popup is open: polled, the popup says so.
    const opener = await t.newPage({ cookies });
    const popup = await connectInPopup(opener, site);
    await popup.getByRole('button', { name: appAuthMessages.authorize }).waitFor();
    await opener.close();
    await popup.getByRole('heading', { name: appAuthMessages.noWindow }).waitFor();
  });

  it('shows a signed-out visitor the minimal login form; after login the page reloads into the consent', async () => {
    const app = await registeredApp();
    const { customer } = await customerWithProjects([]);
    const page = await t.open(authPath(app, { [appAuthQuery.redirectUri]: site.redirectUri }));
    await page.getByRole('heading', { name: appAuthMessages.titleFor(app.name) }).waitFor();
    assert.equal(await page.getByRole('link', { name: authTexts.forgotPassword }).count(), 0);
    assert.equal(await page.getByRole('link', { name: authTexts.confirmEmail }).count(), 0);
    assert.equal(await page.getByRole('button', { name: appAuthMessages.authorize }).count(), 0);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: authTexts.loginButton }).click();
    await page.getByText(appAuthMessages.loggedInAs(customer.email)).waitFor();
    assert.equal(new URL(page.url()).pathname, pagePaths.appAuth);
    assert.equal(new URL(page.url()).searchParams.get(appAuthQuery.redirectUri), site.redirectUri);
    await page.getByRole('button', { name: appAuthMessages.authorize }).waitFor();
  });

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';
    it(`logs in with a two-factor code on the page, after a wrong password (${mode})`, async () => {
      const app = await registeredApp();
      const customer = await newCustomer(t.app.runtime.dataSource, {
        passwordHash: await passwordHashFor(PASSWORD),
        twoFactorEnabled: true,
      });
      const path = authPath(app, { [appAuthQuery.redirectUri]: site.redirectUri });
      const page = await t.open(path, { javaScript });
      // A refused login answers 422, which Chromium logs as a failed resource.
      t.allowConsoleError(page, /status of (401|422)/);
      await page.getByLabel('Email').fill(customer.email);
      await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
      await page.getByRole('button', { name: authTexts.loginButton }).click();
      await page.getByText(authMessages.wrongCredentials).waitFor();
      assert.equal(new URL(page.url()).pathname, pagePaths.appAuth);

      await page.getByLabel('Email').fill(customer.email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: authTexts.loginButton }).click();
      const dialog = page.getByRole('dialog', { name: twoFactorMessages.title });
      const before = smtp.received.length;
      await dialog.getByRole('button', { name: twoFactorMessages.sendEmail }).click();
      const text = await smtp.textOfMailTo(customer.email, /security code/, before);
      await page
        .getByRole('dialog', { name: twoFactorMessages.title })
        .getByLabel('Code')
        .fill(/\b(\d{6})\b/.exec(text)![1]!);
      await page
        .getByRole('dialog', { name: twoFactorMessages.title })
        .getByRole('button', { name: twoFactorMessages.verifyCode })
        .click();
      if (!javaScript) await page.getByRole('button', { name: twoFactorMessages.continue }).click();
      await page.getByText(appAuthMessages.loggedInAs(customer.email)).waitFor();
      assert.equal(new URL(page.url()).pathname, pagePaths.appAuth);
      await page.getByRole('button', { name: appAuthMessages.authorize }).waitFor();
    });
  }

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';
    it(`'Use another account' reveals the login form and signs the other customer in (${mode})`, async () => {
      const app = await registeredApp();
      const first = await customerWithProjects([]);
      const other = await customerWithProjects([]);
      const page = await t.open(authPath(app, { [appAuthQuery.redirectUri]: site.redirectUri }), {
        cookies: first.cookies,
        javaScript,
      });
      await page.getByText(appAuthMessages.loggedInAs(first.customer.email)).waitFor();
      assert.equal(await page.getByLabel('Email').count(), 0);
      await page.getByRole('link', { name: appAuthMessages.useAnotherAccount }).click();
      if (javaScript) {
        // Revealed in place, with the focus in its first field.
        await page.waitForFunction(
          () => (document.activeElement as HTMLInputElement | null)?.name === 'email',
        );
      }
      await page.getByLabel('Email').fill(other.customer.email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: authTexts.loginButton }).click();
      await page.getByText(appAuthMessages.loggedInAs(other.customer.email)).waitFor();
      assert.equal(await page.getByLabel('Email').count(), 0);
    });
  }

  it("shows 'Invalid redirect URL provided:' for a redirect that is not a URL", async () => {
    const app = await registeredApp();
    const { cookies } = await customerWithProjects([]);
    const page = await t.open(authPath(app, { [appAuthQuery.redirectUri]: 'not a url' }), {
      cookies,
    });
    await page.getByText(appAuthMessages.invalidRedirect).waitFor();
    await page.getByText('not a url').waitFor();
    assert.equal(await page.getByRole('button', { name: appAuthMessages.authorize }).count(), 0);
  });

  it("carries frame-ancestors 'none' and no Cross-Origin-Opener-Policy that would cut the opener", async () => {
    const app = await registeredApp();
    const page = await t.newPage();
    const response = await page.goto(authPath(app));
    const headers = response!.headers();
    assert.match(headers['content-security-policy'] ?? '', /frame-ancestors 'none'/);
    assert.equal(headers['cross-origin-opener-policy'], undefined);
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`screenshots every state at ${viewport === 'desktop' ? 1280 : 375} px`, async () => {
      const app = await registeredApp('Sketch Sync for Teams');
      const { cookies } = await customerWithProjects([]);
      const width = viewport === 'desktop' ? 1280 : 375;
      const shots: Array<[string, string, Record<string, string>, string]> = [
        [
          'consent',
          authPath(app, { [appAuthQuery.redirectUri]: site.redirectUri }),
          cookies,
          appAuthMessages.authorize,
        ],
        [
          'no-app',
          `${pagePaths.appAuth}?appId=ai_${'0'.repeat(29)}`,
          cookies,
          appAuthMessages.noApp,
        ],
        ['no-window', authPath(app), cookies, appAuthMessages.noWindow],
        [
          'login',
          authPath(app, { [appAuthQuery.redirectUri]: site.redirectUri }),
          {},
          authTexts.loginButton,
        ],
        [
          'redirect-not-allowed',
          authPath(app, { [appAuthQuery.redirectUri]: `${site.origin}/elsewhere` }),
          cookies,
          appAuthMessages.redirectNotAllowed(`${site.origin}/elsewhere`),
        ],
      ];
      for (const [name, path, pageCookies, text] of shots) {
        const page = await t.open(path, { cookies: pageCookies, viewport });
        await page.getByText(text, { exact: true }).first().waitFor();
        assert.equal(await overflowsHorizontally(page), false, `${name} overflows at ${width} px`);
        await t.screenshot(page, `app-auth-${name}-${width}`);
      }
    });
  }

  it('works from the keyboard: Tab reaches Authorize and Enter authorizes', async () => {
    await registeredApp();
    const { cookies } = await customerWithProjects(['Keyboard project']);
    const page = await t.newPage({ cookies });
    await page.goto(site.origin);
    await page.getByRole('link', { name: CONNECT_REDIRECT_LINK }).click();
    await page.getByRole('button', { name: appAuthMessages.authorize }).waitFor();
    await waitForHydration(page);
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused === appAuthMessages.authorize) break;
    }
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.origin === site.origin);
    await page.getByText('Keyboard project').waitFor();
  });
});
