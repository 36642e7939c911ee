import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { appAuthQuery, pagePaths } from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { newApp, newCustomer, newSessionCookie } from '../support/factories.js';
import { REDIRECT_VARIANT_COUNT, redirectVariants } from '../support/redirect-variants.js';

const REDIRECT = 'http://127.0.0.1:45679/callback';

/**
 * The authorization page's action without JavaScript (a plain form post of Authorize) for each
 * of the 100 unregistered redirect URIs: always a 302 on Animata, never off it. (Moved here from
 * the browser test, which walks a sample of them through the page: docs/testing.md.)
 */
describe('the authorization page answers a plain Authorize post on Animata for every unregistered redirect URI', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(async () => {
    await app?.stop();
  });

  it(`answers 302 to Animata for each of the ${REDIRECT_VARIANT_COUNT} variants`, async () => {
    const developer = await newCustomer(app.runtime.dataSource);
    const thirdApp = await newApp(app.runtime.dataSource, developer.id, {
      redirectUris: [REDIRECT],
      origins: [new URL(REDIRECT).origin],
    });
    const customer = await newCustomer(app.runtime.dataSource);
    const cookie = await newSessionCookie(app, customer.id);
    const animata = new URL(app.url).origin;
    const variants = redirectVariants(REDIRECT);
    assert.equal(new Set(variants).size, REDIRECT_VARIANT_COUNT);
    const offSite: string[] = [];
    for (const variant of variants) {
      const search = new URLSearchParams({
        [appAuthQuery.appId]: thirdApp.appId,
        [appAuthQuery.redirectUri]: variant,
        [appAuthQuery.state]: 'variant',
      });
      // The Origin header a browser's form post carries, which the CSRF check reads.
      const answer = await fetch(`${app.url}${pagePaths.appAuth}?${search.toString()}`, {
        method: 'POST',
        headers: {
          cookie,
          origin: animata,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ intent: 'authorize' }).toString(),
        redirect: 'manual',
      });
      await answer.arrayBuffer();
      const location = answer.headers.get('location') ?? '';
      if (answer.status !== 302 || !new URL(location, animata).href.startsWith(`${animata}/`)) {
        offSite.push(`${variant}: ${answer.status} ${location}`);
      }
    }
    assert.deepEqual(offSite, []);
  });
});
