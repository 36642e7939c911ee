import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { authTexts, emailChangeMessages, ownMessages } from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { FUZZ_RATE_LIMITS, seededRandom } from '../support/fuzz.js';
import { newApp, newCustomer, newSessionCookie, passwordHashFor } from '../support/factories.js';

/**
 * Bounded, deterministic fuzzing of every page form action (issue 15, item 4): the posts a
 * browser sends with JavaScript off (the page's address) and on (Remix's `.data` address), with
 * wrong fields, nulls, huge values, lone surrogates, NUL, prototype keys, characters outside
 * Latin-1 in `url`, and bodies of the wrong type or size. Nothing may answer 5xx, and a page
 * post that is refused comes back as the page with its form.
 */
const SEED = 0xf0_2026;
const POSTS_PER_ACTION = 100;

/** Every page route with an action, as its form posts it. */
const ACTIONS = [
  '/auth/login',
  '/auth/login?url=%2Faccount',
  '/auth/register',
  '/auth/recover-password',
  '/auth/confirm-email',
  '/auth/reset-password?token=abc',
  '/auth/strong-password',
  '/auth/logout',
  '/auth/verify-email',
  '/account',
  '/account/change-password',
  '/billing',
  '/auth/confirm-email-change?token=abc',
  '/dev/outbox',
  '/own-apps',
  '/own-apps?sort=name&dir=asc&edit=x',
  '/other-apps',
  '/other-apps?sort=name&order=asc',
];

/**
 * The authorization page's action, for an app registered in `before` (its address needs it), in
 * redirect mode: the popup mode has no form without JavaScript (decision 89). The request is a
 * valid one (code flow, PKCE S256: RFC 7636 Appendix B's challenge), so the consent is reached.
 */
const APP_REDIRECT_URI = 'https://app.example/callback';
function appAuthActions(appId: string): string[] {
  const query = new URLSearchParams({
    appId,
    redirect_uri: APP_REDIRECT_URI,
    state: 's',
    response_type: 'code',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  return [`/app-auth?${query.toString()}`];
}

const FIELDS = [
  'email',
  'password',
  'old_password',
  'name',
  'url',
  'intent',
  'code',
  'contact',
  'token',
  'tfaToken',
  'tfaSends',
  'tfaResendAt',
  'recaptcha',
  'twoFactor',
  'unsubscribed',
  'newEmail',
  'resend',
  'image',
  'payload',
  'id',
  'app',
  'member',
  'role',
  'current',
  'redirectUris',
  'origins',
  'respond',
  '__proto__',
  'constructor',
  'email[]',
  'a[b][c]',
];
const VALUES = [
  '',
  ' ',
  'ada@example.com',
  'Correct-Horse-7',
  'login',
  'later',
  'clear',
  'tfa-send',
  'tfa-code',
  'tfa-cancel',
  'name',
  'password',
  'newsletter',
  'forgot-password',
  'sign-out-device',
  'sign-out-others',
  'email',
  'email-resend',
  'email-cancel',
  'two-factor',
  'true',
  'false',
  'avatar',
  'remove-avatar',
  'create',
  'rename',
  'redirects',
  'delete',
  'regenerate',
  'add-manager',
  'remove-manager',
  'admin',
  'https://app.example/cb\nhttp://evil.example/',
  '{"image":{"width":10,"height":10},"coordinates":{"left":0,"top":0,"width":5,"height":5}}',
  'on',
  '123456',
  '-1',
  '1e308',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  'ſtella@example.com',
  '/größe#ü',
  '/𝓐?x=€',
  '//evil.example',
  'javascript:alert(1)',
  '/a\r\nSet-Cookie: x=1',
  '<script>alert(1)</script>',
  'x'.repeat(5000),
];

/** A urlencoded body by hand, so unpaired surrogates and odd escapes reach the server as sent. */
function encodeRaw(pairs: Array<[string, string]>): string {
  const escape = (text: string) =>
    Array.from(text, (char) => {
      const code = char.charCodeAt(0);
      // A lone surrogate as the bytes of its (invalid) UTF-8 encoding.
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
      }
      return encodeURIComponent(char);
    }).join('');
  return pairs.map(([name, value]) => `${escape(name)}=${escape(value)}`).join('&');
}

interface FuzzPost {
  body?: string | FormData;
  contentType?: string;
  label: string;
}

function fuzzPost(next: () => number): FuzzPost {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const pairs: Array<[string, string]> = [];
  const count = Math.floor(next() * 6);
  for (let i = 0; i < count; i += 1) pairs.push([pick(FIELDS), pick(VALUES)]);
  const roll = next();
  if (roll < 0.55) {
    const body = encodeRaw(pairs);
    return { body, contentType: 'application/x-www-form-urlencoded', label: body.slice(0, 120) };
  }
  if (roll < 0.7) {
    const form = new FormData();
    for (const [name, value] of pairs) form.append(name, value);
    if (next() < 0.5) {
      // Sometimes an avatar upload's file: a type it accepts, bytes that are not that type.
      const type = pick(['', 'image/png', 'image/svg+xml', 'image/gif', 'text/html']);
      const bytes = pick(['file', '\x89PNG\r\n', '<svg xmlns="http://www.w3.org/2000/svg"/>']);
      form.append(pick(['image', ...FIELDS]), new Blob([bytes], { type }), 'x.txt');
    }
    return { body: form, label: `multipart ${JSON.stringify(pairs).slice(0, 120)}` };
  }
  if (roll < 0.75) {
    return {
      body: `email=${'x'.repeat(80 * 1024)}`,
      contentType: 'application/x-www-form-urlencoded',
      label: 'an 80 KiB form',
    };
  }
  if (roll < 0.8) {
    return {
      body: JSON.stringify(Object.fromEntries(pairs)),
      contentType: 'application/json',
      label: 'json',
    };
  }
  if (roll < 0.85) return { body: 'email=a', contentType: 'text/plain', label: 'text/plain' };
  if (roll < 0.9) {
    return {
      body: '--x\r\nbroken',
      contentType: 'multipart/form-data; boundary=x',
      label: 'broken multipart',
    };
  }
  if (roll < 0.95) return { body: 'email=a', label: 'no content type' };
  return { label: 'no body' };
}

/**
 * A refused post shows its page again: the form, or for the reset and e-mail confirmation pages
 * with a link that does not work (this test's token) the invalid-link view the page opens on.
 */
function pageAgain(html: string): boolean {
  return (
    /<form/.test(html) ||
    html.includes(authTexts.requestNewResetLink) ||
    html.includes(emailChangeMessages.linkInvalid)
  );
}

describe('fuzzing every page form action (deterministic seed)', () => {
  let app: TestApp;
  let cookie: string;
  let actions: string[];

  before(async () => {
    app = await startTestApp({
      env: FUZZ_RATE_LIMITS,
    });
    // A developer, so that the own apps page's forms reach the BFF's rules too.
    const customer = await newCustomer(app.runtime.dataSource, { developerSince: new Date() });
    cookie = await newSessionCookie(app, customer.id);
    const registered = await newApp(app.runtime.dataSource, customer.id, {
      redirectUris: [APP_REDIRECT_URI],
    });
    actions = [...ACTIONS, ...appAuthActions(registered.appId)];
  });
  after(async () => {
    await app?.stop();
  });

  it('answers no post with 5xx; a refused page post comes back with its form', async () => {
    const next = seededRandom(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const action of actions) {
      for (let i = 0; i < POSTS_PER_ACTION; i += 1) {
        const signedIn = next() < 0.5;
        // With JavaScript, Remix posts to the route's `.data` address.
        const script = next() < 0.4;
        const [pathname, search] = action.split('?');
        const target = script ? `${pathname}.data${search ? `?${search}` : ''}` : action;
        const post = fuzzPost(next);
        const response = await fetch(`${app.url}${target}`, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            origin: app.url,
            ...(post.contentType ? { 'content-type': post.contentType } : {}),
            ...(signedIn ? { cookie } : {}),
          },
          ...(post.body === undefined ? {} : { body: post.body }),
        });
        sent += 1;
        const text = await response.text();
        const what = `POST ${target} ${signedIn ? 'signed in' : 'signed out'} ${post.label}`;
        if (response.status >= 500) {
          failures.push(`${response.status} ${what}: ${text.slice(0, 160)}`);
        } else if (!script && [400, 413, 415].includes(response.status) && !pageAgain(text)) {
          failures.push(`${response.status} without the form: ${what}`);
        }
      }
    }
    assert.ok(sent >= 1000, `only ${sent} posts were sent`);
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${sent} posts failed`);
  });

  it('answers an empty value, a NUL and lone surrogates in every field of every form with no 5xx', async () => {
    // A form field cannot be null: an empty value is the nearest a browser sends.
    const hostileValues = ['', 'a\u0000b', '\uD800'];
    const intents = VALUES.filter((value) => /^[a-z-]+$/.test(value));
    const failures: string[] = [];
    let sent = 0;
    for (const action of actions) {
      for (const [index, field] of FIELDS.entries()) {
        for (const hostile of hostileValues) {
          // Each field beside one of the intents in turn, so every form's branches get some.
          const intent = intents[(index + sent) % intents.length]!;
          const body = encodeRaw([
            ['intent', intent],
            [field, hostile],
          ]);
          const response = await fetch(`${app.url}${action}`, {
            method: 'POST',
            redirect: 'manual',
            headers: {
              origin: app.url,
              cookie,
              'content-type': 'application/x-www-form-urlencoded',
            },
            body,
          });
          sent += 1;
          const text = await response.text();
          if (response.status >= 500)
            failures.push(`${response.status} POST ${action} ${body}: ${text.slice(0, 160)}`);
        }
      }
    }
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${sent} posts failed`);
  });

  it('answers a body of another type with 415 and the login form with its notice', async () => {
    const response = await fetch(`${app.url}/auth/login`, {
      method: 'POST',
      headers: { origin: app.url, 'content-type': 'application/json' },
      body: '{"email":"ada@example.com"}',
    });
    assert.equal(response.status, 415);
    const html = await response.text();
    assert.match(html, /<form/);
    assert.ok(html.includes(ownMessages.formUnreadable.replace(/'/g, '&#x27;')), html);
  });

  it('cuts a form past the form limit and answers 413 with the form', async () => {
    const response = await fetch(`${app.url}/auth/recover-password`, {
      method: 'POST',
      headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=${'x'.repeat(app.config.jsonBodyLimitBytes + 1)}`,
    });
    assert.equal(response.status, 413);
    const html = await response.text();
    assert.match(html, /<form/);
    assert.ok(html.includes(ownMessages.payloadTooLarge), html);
  });

  it('signs in with a url outside Latin-1 and keeps the session cookie', async () => {
    const password = 'Correct-Horse-7';
    const { email } = await newCustomer(app.runtime.dataSource, {
      passwordHash: await passwordHashFor(password),
    });
    const response = await fetch(`${app.url}/auth/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password, url: '/größe?q=€#ü' }).toString(),
    });
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), '/gr%C3%B6%C3%9Fe?q=%E2%82%AC#%C3%BC');
    assert.match(response.headers.get('set-cookie') ?? '', /animata_session/);
  });
});
