import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { endpoints, type AnyEndpoint } from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newProject, newSessionCookie } from '../support/factories.js';

/**
 * Signed-in answers stay out of every cache (issue 28, item 7): a page or a JSON answer kept
 * by a shared cache or the back/forward history shows one customer's account to the next.
 */
describe('cache headers of signed-in answers', () => {
  let app: TestApp;
  let cookie: string;
  let projectId: string;

  before(async () => {
    app = await startTestApp();
    const customer = await newCustomer(app.runtime.dataSource);
    cookie = await newSessionCookie(app, customer.id);
    projectId = (await newProject(app.runtime.dataSource, customer.id)).id;
  });
  after(async () => {
    await app?.stop();
  });

  it('answers every signed-in page with Cache-Control: private, no-store', async () => {
    for (const page of ['/', '/account', '/billing', `/${projectId}`, '/auth/login']) {
      const response = await fetch(`${app.url}${page}`, {
        headers: { cookie },
        redirect: 'manual',
      });
      await response.arrayBuffer();
      assert.ok(response.status < 400, `${page}: ${response.status}`);
      assert.equal(response.headers.get('cache-control'), 'private, no-store', page);
    }
    // A page's data request (client navigation with JavaScript) too.
    const data = await fetch(`${app.url}/account.data`, { headers: { cookie } });
    await data.arrayBuffer();
    assert.equal(data.headers.get('cache-control'), 'private, no-store');
  });

  it('answers every signed-in GET call of the API that succeeds with no-store', async () => {
    const calls: string[] = [];
    const walk = (node: unknown) => {
      if (node && typeof node === 'object' && 'method' in node && 'path' in node) {
        const { method, path: call } = node as AnyEndpoint;
        if (method === 'GET' && !call.includes(':') && call.startsWith('/api/')) calls.push(call);
      } else if (node && typeof node === 'object') Object.values(node).forEach(walk);
    };
    walk(endpoints);
    // The site's public coupon is the same for everyone: cached a minute on purpose.
    const shared = new Set<string>([endpoints.coupons.site.path]);
    let answered = 0;
    for (const call of calls) {
      const response = await fetch(`${app.url}${call}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status >= 300 || shared.has(call)) continue;
      answered += 1;
      assert.match(response.headers.get('cache-control') ?? '', /no-store/, call);
    }
    assert.ok(answered >= 10, `only ${answered} calls answered`);
  });

  it('keeps the long cache of the hashed assets', async () => {
    const assets = readdirSync(path.join(app.config.webBuildDir, 'client', 'assets'));
    const script = assets.find((name) => name.endsWith('.js'));
    assert.ok(script, 'the build has a hashed script');
    const response = await fetch(`${app.url}/assets/${script}`);
    await response.arrayBuffer();
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });
});
