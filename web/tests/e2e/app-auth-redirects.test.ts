import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { appAuthMessages, appAuthQuery, pagePaths } from '@animata/contracts';
import {
  newApp,
  newCustomer,
  newSession,
  REDIRECT_VARIANT_COUNT,
  redirectVariants,
  sessionCookieName,
} from '@animata/server/test-support';
import { useBrowserTest } from '../support/browser.js';
import {
  CALLBACK_PATH,
  startThirdPartyApp,
  type ThirdPartyApp,
} from '../support/third-party-app.js';

/**
 * Issue 19's Done-when: unregistered redirect URIs (schemes, hosts, ports, paths, user info,
 * encodings) for an app whose one registered URI is the site's /callback lead to 0 redirects off
 * the registered list, with JavaScript (the page) and without (its action's answer). The page
 * walks every tenth of the 100 (the list runs kind by kind); the rule itself is checked for all 100 over
 * HTTP: the BFF in integration/app-auth.test.ts, the page's action in e2e/app-auth-redirects.
 */
const everyTenth = (variants: string[]) => variants.filter((_variant, index) => index % 10 === 0);
describe('unregistered redirect URIs on the authorization page in Chromium', () => {
  const t = useBrowserTest();
  let site: ThirdPartyApp;
  before(async () => {
    site = await startThirdPartyApp({ animataOrigin: t.app.url });
  });
  after(async () => {
    await site.close();
  });

  it(`sends the browser nowhere for every tenth of the ${REDIRECT_VARIANT_COUNT} variants`, async () => {
    const developer = await newCustomer(t.app.runtime.dataSource);
    const app = await newApp(t.app.runtime.dataSource, developer.id, {
      redirectUris: [site.redirectUri],
      origins: [site.origin],
    });
    site.configure(app);
    const customer = await newCustomer(t.app.runtime.dataSource);
    const token = await newSession(t.app, customer.id);
    const variants = redirectVariants(site.redirectUri);
    assert.equal(new Set(variants).size, REDIRECT_VARIANT_COUNT);
    assert.ok(!variants.includes(site.redirectUri));
    const walked = everyTenth(variants);
    assert.equal(walked.length, REDIRECT_VARIANT_COUNT / 10);

    const page = await t.newPage({ cookies: { [sessionCookieName(t.app.config)]: token } });
    const animata = new URL(t.app.url).origin;
    // Every request the page makes and every document it shows, off Animata's origin.
    const offSite: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${animata}/`)) offSite.push(`request ${url}`);
    });
    page.on('framenavigated', (frame) => {
      const url = frame.url();
      if (!url.startsWith(`${animata}/`) && url !== 'about:blank') offSite.push(`page ${url}`);
    });
    const offered: string[] = [];
    const notAllowed = page.getByText(/^Redirect not allowed to /);
    const invalid = page.getByText(appAuthMessages.invalidRedirect);
    const authorize = page.getByRole('button', { name: appAuthMessages.authorize });

    for (const variant of walked) {
      const search = new URLSearchParams({
        [appAuthQuery.appId]: app.appId,
        [appAuthQuery.redirectUri]: variant,
        [appAuthQuery.state]: 'variant',
      });
      const path = `${pagePaths.appAuth}?${search.toString()}`;
      await page.goto(path);
      await notAllowed.or(invalid).or(authorize).first().waitFor();
      if (await authorize.isVisible()) {
        // Never expected; if the page offers it, Authorize must still lead nowhere.
        offered.push(variant);
        await authorize.click();
        // The page either leaves (the check below fails it) or says it may not.
        await Promise.race([
          page.waitForURL((url) => url.origin !== animata),
          notAllowed.waitFor(),
        ]).catch(() => undefined);
      }
      // Without JavaScript the action answers the post: never a redirect off Animata.
      // (The Origin header a browser's form post carries, which the CSRF check reads.)
      const answer = await page.request.post(path, {
        form: { intent: 'authorize' },
        headers: { origin: animata },
        maxRedirects: 0,
      });
      const location = answer.headers()['location'] ?? '';
      if (answer.status() !== 302 || !new URL(location, animata).href.startsWith(`${animata}/`)) {
        offSite.push(`${answer.status()} ${location}`);
      }
    }

    assert.deepEqual(offered, [], 'Authorize offered for unregistered redirect URIs');
    assert.deepEqual(offSite, []);
    const strays = site.requests.filter((request) => request.path !== CALLBACK_PATH);
    assert.deepEqual(strays, []);
    assert.equal(site.requests.length, 0, 'the site received nothing at all');
  });
});
