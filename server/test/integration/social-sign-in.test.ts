import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestClient } from '../support/http-client.js';
import { MockOAuthProvider } from '../support/oauth-provider.js';

const API = '/api/animata';

/** Follows the OAuth round trip like a browser: app → provider → app callback. */
async function signInWithGoogle(client: TestClient, redirectTo: string): Promise<Response> {
  const start = await client.get(
    `${API}/auth/social/google?redirectTo=${encodeURIComponent(redirectTo)}`,
  );
  assert.equal(start.status, 302);
  const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  assert.equal(authorize.status, 302, 'the provider answers with a redirect to our callback');
  const callback = new URL(authorize.headers.get('location')!);
  return client.get(callback.pathname + callback.search);
}

describe('Google and Facebook sign-in through Passport against a local OAuth server', () => {
  const provider = new MockOAuthProvider();
  let app: TestApp;

  before(async () => {
    await provider.start();
    app = await startTestApp({
      web: false,
      env: { ...provider.googleEnv(), ...provider.facebookEnv() },
    });
  });
  after(async () => {
    await app?.stop();
    await provider.stop();
  });

  it('offers the configured providers', async () => {
    const options = await (await fetch(`${app.url}${API}/auth/options`)).json();
    assert.deepEqual(options, { socialProviders: ['google', 'facebook'], recaptchaSiteKey: null });
  });

  it('creates a verified customer and returns to where the visitor was going', async () => {
    provider.profile = {
      sub: 'g-new',
      email: 'New.Person@example.com',
      email_verified: true,
      name: 'New Person',
    };
    const client = new TestClient(app.url);
    const done = await signInWithGoogle(client, '/billing?tab=1');
    assert.equal(done.status, 302);
    assert.equal(done.headers.get('location'), '/billing?tab=1');
    const session = (await (await client.get(`${API}/session`)).json()) as Record<string, unknown>;
    assert.equal(session.email, 'new.person@example.com');
    assert.equal(session.verified, true);
    assert.equal(session.hasPassword, false);
  });

  it('links an existing account by its verified e-mail, and signs in by identity afterwards', async () => {
    // An account nobody verified: whoever registered it loses password and sessions on linking.
    const owner = new TestClient(app.url);
    await owner.post(`${API}/auth/register`, {
      name: 'Existing',
      email: 'existing@example.com',
      password: 'Correct-Horse-7',
    });
    const ownerSession = (await (await owner.get(`${API}/session`)).json()) as Record<
      string,
      unknown
    >;
    provider.profile = {
      sub: 'g-existing',
      email: 'existing@example.com',
      email_verified: true,
      name: 'Existing',
    };
    const client = new TestClient(app.url);
    await signInWithGoogle(client, '/');
    const session = (await (await client.get(`${API}/session`)).json()) as Record<string, unknown>;
    assert.equal(session.customerId, ownerSession.customerId);
    assert.equal(session.verified, true);
    assert.equal(session.hasPassword, false, 'the unproven password is gone');
    assert.equal((await owner.get(`${API}/session`)).status, 401, 'the earlier sessions ended');
    const identities: unknown[] = await app.runtime.dataSource.query(
      `SELECT 1 FROM social_identities WHERE provider = 'google' AND subject = 'g-existing'`,
    );
    assert.equal(identities.length, 1);
    const again = new TestClient(app.url);
    await signInWithGoogle(again, '/');
    const byIdentity = (await (await again.get(`${API}/session`)).json()) as Record<
      string,
      unknown
    >;
    assert.equal(byIdentity.customerId, ownerSession.customerId);
  });

  it('never links by an address the provider has not verified', async () => {
    provider.profile = {
      sub: 'g-unverified',
      email: 'existing@example.com',
      email_verified: false,
      name: 'Impostor',
    };
    const client = new TestClient(app.url);
    const done = await signInWithGoogle(client, '/account');
    assert.equal(done.status, 302);
    assert.equal(done.headers.get('location'), '/auth/login?url=%2Faccount');
    assert.equal(client.cookie('animata_session'), undefined);
    assert.ok(client.cookie('animata_notification'), 'the reason is carried to the login page');
  });

  it('refuses a callback whose state does not match this browser', async () => {
    provider.profile = {
      sub: 'g-state',
      email: 'state@example.com',
      email_verified: true,
      name: 'State',
    };
    const victim = new TestClient(app.url);
    const start = await victim.get(`${API}/auth/social/google`);
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    const attacker = new TestClient(app.url);
    const forged = await attacker.get(callback.pathname + callback.search);
    assert.equal(forged.headers.get('location'), '/auth/login');
    assert.equal(attacker.cookie('animata_session'), undefined);
  });

  it('ignores an off-site redirectTo', async () => {
    provider.profile = {
      sub: 'g-offsite',
      email: 'offsite@example.com',
      email_verified: true,
      name: 'Off Site',
    };
    const done = await signInWithGoogle(new TestClient(app.url), 'https://evil.example/steal');
    assert.equal(done.headers.get('location'), '/');
  });

  it('signs in with Facebook too', async () => {
    provider.profile = {
      sub: 'fb-1',
      email: 'fb@example.com',
      email_verified: true,
      name: 'Face Book',
    };
    const client = new TestClient(app.url);
    const start = await client.get(`${API}/auth/social/facebook`);
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    const done = await client.get(callback.pathname + callback.search);
    assert.equal(done.headers.get('location'), '/');
    const session = (await (await client.get(`${API}/session`)).json()) as Record<string, unknown>;
    assert.equal(session.email, 'fb@example.com');
  });

  it('answers 404 for an unknown provider', async () => {
    assert.equal((await fetch(`${app.url}${API}/auth/social/myspace`)).status, 404);
  });
});
