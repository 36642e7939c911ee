import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.js';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  assert.ok(header, 'the response has a Content-Security-Policy');
  const parsed = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), sources);
  }
  return parsed;
}

function nonceOf(scriptSources: string[]): string {
  const nonces = scriptSources.filter((source) => /^'nonce-.+'$/.test(source));
  assert.equal(nonces.length, 1, `one nonce in script-src: ${scriptSources.join(' ')}`);
  return nonces[0]!.slice("'nonce-".length, -1);
}

function assertApiHeaders(response: Response): void {
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
  assert.equal(
    response.headers.get('content-security-policy'),
    "default-src 'none'; frame-ancestors 'none'",
  );
}

describe('security headers on pages and API answers', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp();
  });
  after(async () => {
    await app?.stop();
  });

  it('gives a page a nonce-based Content-Security-Policy that every script of its HTML carries', async () => {
    const response = await fetch(`${app.url}/auth/login`);
    assert.equal(response.status, 200);
    const csp = directives(response.headers.get('content-security-policy'));
    const scriptSrc = csp.get('script-src') ?? [];
    assert.ok(!scriptSrc.includes("'unsafe-inline'"), 'no unsafe-inline scripts');
    assert.ok(!scriptSrc.includes("'unsafe-eval'"), 'no eval');
    assert.ok(scriptSrc.includes("'self'"));
    const nonce = nonceOf(scriptSrc);
    assert.ok(Buffer.from(nonce, 'base64').length >= 16, 'at least 128 random bits');

    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    assert.ok(scripts.length >= 3, 'the page has its inline and module scripts');
    for (const tag of scripts) assert.ok(tag.includes(` nonce="${nonce}"`), `${tag} has the nonce`);
    assert.ok(!html.includes('nonce=""'), 'no empty nonce');

    assert.deepEqual(csp.get('default-src'), ["'self'"]);
    assert.deepEqual(csp.get('object-src'), ["'none'"]);
    assert.deepEqual(csp.get('base-uri'), ["'self'"]);
    assert.deepEqual(csp.get('form-action'), ["'self'"]);
    assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
    assert.deepEqual(csp.get('frame-src'), ["'none'"]);
    assert.deepEqual(csp.get('img-src'), ["'self'", 'data:', 'blob:']);
    assert.deepEqual(csp.get('style-src'), ["'self'", "'unsafe-inline'"]);
    // The live channel (Socket.IO) on the page's own origin, over WebSocket too.
    assert.deepEqual(csp.get('connect-src'), ["'self'", app.url.replace(/^http/, 'ws')]);
  });

  it('uses a new nonce for every page', async () => {
    const nonces = await Promise.all(
      [1, 2].map(async () => {
        const response = await fetch(`${app.url}/auth/login`);
        await response.body?.cancel();
        return nonceOf(
          directives(response.headers.get('content-security-policy')).get('script-src') ?? [],
        );
      }),
    );
    assert.notEqual(nonces[0], nonces[1]);
  });

  it('turns off the browser features the product does not use, on every page', async () => {
    for (const page of ['/auth/login', '/no/such/page']) {
      const response = await fetch(`${app.url}${page}`);
      await response.body?.cancel();
      const policy = response.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        assert.match(
          policy,
          new RegExp(`(^|, )${feature}=\\(\\)(,|$)`),
          `${feature} off on ${page}`,
        );
      }
      assert.equal(response.headers.get('x-frame-options'), 'DENY');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
      assert.ok(response.headers.get('content-security-policy')?.includes("'nonce-"));
    }
  });

  it('sends nosniff with an API answer of 200', async () => {
    const response = await fetch(`${app.url}/api/health`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/);
    assertApiHeaders(response);
  });

  it('sends nosniff with API answers of 4xx: validation, unknown path, refused cross-site write', async () => {
    const invalid = await fetch(`${app.url}/api/animata/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(invalid.status, 422);
    assertApiHeaders(invalid);

    const unknown = await fetch(`${app.url}/api/no-such-call`);
    assert.equal(unknown.status, 404);
    assertApiHeaders(unknown);

    // Refused in an onRequest hook, before any route: the headers are there all the same.
    const crossSite = await fetch(`${app.url}/api/animata/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    assert.equal(crossSite.status, 403);
    assertApiHeaders(crossSite);
  });

  it('keeps the page-only headers off API answers', async () => {
    const response = await fetch(`${app.url}/api/health`);
    assert.equal(response.headers.get('permissions-policy'), null);
  });
});

describe('the page policy with reCAPTCHA configured', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({
      env: { RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET_KEY: 'secret-key' },
    });
  });
  after(async () => {
    await app?.stop();
  });

  it('lets in Google’s reCAPTCHA scripts and frames, still without unsafe-inline scripts', async () => {
    const response = await fetch(`${app.url}/auth/login`);
    await response.body?.cancel();
    const csp = directives(response.headers.get('content-security-policy'));
    const scriptSrc = csp.get('script-src') ?? [];
    assert.ok(scriptSrc.includes('https://www.google.com/recaptcha/'));
    assert.ok(scriptSrc.includes('https://www.gstatic.com/recaptcha/'));
    assert.ok(!scriptSrc.includes("'unsafe-inline'"));
    nonceOf(scriptSrc);
    assert.deepEqual(csp.get('frame-src'), [
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
  });
});
