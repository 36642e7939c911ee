import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newCspNonce, pageContentSecurityPolicy, pageSecurityHeaders } from './security-headers.js';

describe('page security headers', () => {
  it('names the live channel over wss for an https page and ws for an http one', () => {
    const policy = pageContentSecurityPolicy({ recaptcha: false });
    assert.match(
      policy('n', 'https://animata.example'),
      /connect-src 'self' wss:\/\/animata\.example;/,
    );
    assert.match(policy('n', 'http://localhost:3000'), /connect-src 'self' ws:\/\/localhost:3000;/);
  });

  it('puts the nonce in script-src, and never unsafe-inline there, with or without reCAPTCHA', () => {
    for (const recaptcha of [false, true]) {
      const policy = pageContentSecurityPolicy({ recaptcha })('abc+/=', 'http://localhost:3000');
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      assert.ok(scriptSrc.includes("'nonce-abc+/='"));
      assert.ok(!scriptSrc.includes('unsafe'), scriptSrc);
      assert.equal(scriptSrc.includes('https://www.gstatic.com/recaptcha/'), recaptcha);
    }
  });

  it('lets Stripe.js and the Braintree drop-in in only when their keys are configured', () => {
    const origin = 'http://localhost:3000';
    const sandbox = pageContentSecurityPolicy({ recaptcha: false })('n', origin);
    assert.ok(!sandbox.includes('stripe.com'));
    assert.ok(!sandbox.includes('braintreegateway.com'));
    assert.match(sandbox, /frame-src 'none'/);

    const stripe = pageContentSecurityPolicy({ recaptcha: false, cardGateway: true })('n', origin);
    assert.match(stripe, /script-src 'self' https:\/\/js\.stripe\.com/);
    assert.match(stripe, /frame-src https:\/\/js\.stripe\.com [^;]*https:\/\/hooks\.stripe\.com/);
    assert.match(stripe, /connect-src 'self' ws:\/\/localhost:3000 https:\/\/api\.stripe\.com;/);
    assert.ok(!stripe.includes('braintreegateway.com'));

    const both = pageContentSecurityPolicy({
      recaptcha: true,
      cardGateway: true,
      walletGateway: true,
    })('n', origin);
    assert.match(both, /script-src [^;]*https:\/\/js\.braintreegateway\.com/);
    assert.match(
      both,
      /frame-src https:\/\/www\.google\.com\/recaptcha\/ [^;]*https:\/\/\*\.paypal\.com/,
    );
    assert.match(both, /img-src 'self' data: blob: [^;]*https:\/\/checkout\.paypal\.com/);
  });

  it('lets Google Tag Manager in only when a container id is configured', () => {
    const origin = 'http://localhost:3000';
    const off = pageContentSecurityPolicy({ recaptcha: false })('n', origin);
    assert.ok(!off.includes('googletagmanager.com'));
    const on = pageContentSecurityPolicy({ recaptcha: false, tagManager: true })('n', origin);
    assert.match(on, /script-src 'self' https:\/\/www\.googletagmanager\.com 'nonce-n'/);
    assert.match(
      on,
      /connect-src 'self' ws:\/\/localhost:3000 https:\/\/www\.googletagmanager\.com/,
    );
    assert.match(on, /frame-src 'none'/);
  });

  it('posts forms to our origin only, unless a page names more form-action sources', () => {
    const policy = pageContentSecurityPolicy({ recaptcha: false });
    const formAction = (csp: string) => /form-action ([^;]*)/.exec(csp)?.[1];
    assert.equal(formAction(policy('n', 'http://localhost:3000')), "'self'");
    const consent = policy('n', 'http://localhost:3000', ['https://app.example']);
    assert.equal(formAction(consent), "'self' https://app.example");
    assert.match(consent, /frame-ancestors 'none'/);
    assert.ok(consent.includes("'nonce-n'"));
  });

  it('adds the Permissions-Policy and X-Frame-Options to a page', () => {
    const headers = pageSecurityHeaders({ recaptcha: false })('n', 'http://localhost:3000');
    assert.match(headers['permissions-policy'] ?? '', /camera=\(\)/);
    assert.equal(headers['x-frame-options'], 'DENY');
  });

  it('draws a different 128-bit nonce every time', () => {
    const a = newCspNonce();
    assert.equal(Buffer.from(a, 'base64').length, 16);
    assert.notEqual(a, newCspNonce());
  });
});
