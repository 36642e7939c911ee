import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { authTexts } from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';

describe('one process serves the API and the pages', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp();
  });
  after(async () => {
    await app?.stop();
  });

  it('serves the login page from the Remix handler', async () => {
    const response = await fetch(`${app.url}/auth/login`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    assert.match(await response.text(), /<h1[^>]*>Log in<\/h1>/);
  });

  it('serves fingerprinted assets with a long cache', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    assert.ok(asset, 'the page links its stylesheet');
    const response = await fetch(`${app.url}${asset}`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('cache-control') ?? '', /immutable/);
  });

  it('redirects an unknown page path to / (projects-dashboard §2)', async () => {
    const response = await fetch(`${app.url}/no/such/page`, { redirect: 'manual' });
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), '/');
  });

  // The browser walks one of each (web/tests/e2e/first-visit-pages.test.ts).
  for (const [from, to] of [
    ['/auth', '/auth/login'],
    ['/auth/', '/auth/login'],
    ['/auth?url=%2Fbilling', '/auth/login?url=%2Fbilling'],
    ['/auth/nothing-here?url=%2Fbilling', '/auth/login?url=%2Fbilling'],
    ['/auth/social/google', '/auth/login'],
    ['/auth/social/google?redirectTo=%2Faccount', '/auth/login?url=%2Faccount'],
    ['/auth/social/facebook?redirectTo=%2Fbilling', '/auth/login?url=%2Fbilling'],
    ['/auth/social/myspace?redirectTo=%2Faccount', '/auth/login?url=%2Faccount'],
  ] as const) {
    it(`leads ${from} to the login page at ${to} (no social provider configured)`, async () => {
      const response = await fetch(`${app.url}${from}`);
      assert.equal(response.url, `${app.url}${to}`);
      assert.equal(response.status, 200);
      assert.match(await response.text(), new RegExp(`<h1[^>]*>${authTexts.loginTitle}</h1>`));
    });
  }

  it('still answers unknown /api paths with JSON, not HTML', async () => {
    const response = await fetch(`${app.url}/api/unknown`, { method: 'POST', body: 'x' });
    assert.equal(response.status, 404);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  });

  it('carries a one-time notification cookie to the page and clears it', async () => {
    const value = Buffer.from(
      JSON.stringify({ type: 'success', message: 'Account info saved', timeout: 6000 }),
    ).toString('base64url');
    const response = await fetch(`${app.url}/`, {
      headers: { cookie: `animata_notification=${value}` },
    });
    assert.match(await response.text(), /Account info saved/);
    assert.match(
      response.headers.get('set-cookie') ?? '',
      /animata_notification=; Path=\/; Max-Age=0/,
    );
  });
});
