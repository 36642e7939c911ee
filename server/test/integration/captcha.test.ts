import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestClient } from '../support/http-client.js';
import { RecaptchaServer } from '../support/recaptcha-server.js';

const API = '/api/animata';

describe('reCAPTCHA v3 on login and registration (local siteverify server)', () => {
  const recaptcha = new RecaptchaServer();
  let app: TestApp;

  before(async () => {
    const verifyUrl = await recaptcha.start();
    app = await startTestApp({
      web: false,
      env: {
        RECAPTCHA_SITE_KEY: 'site-key',
        RECAPTCHA_SECRET_KEY: 'secret-key',
        RECAPTCHA_VERIFY_URL: verifyUrl,
      },
    });
  });
  after(async () => {
    await app?.stop();
    await recaptcha.stop();
  });

  it('hands the site key to the pages', async () => {
    const options = (await (await fetch(`${app.url}${API}/auth/options`)).json()) as Record<
      string,
      unknown
    >;
    assert.equal(options.recaptchaSiteKey, 'site-key');
  });

  it('asks for an e-mail code when a registration has no token or a low score, and not with a good one', async () => {
    const body = { name: 'Robo', email: 'robo@example.com', password: 'Correct-Horse-7' };
    const missing = await new TestClient(app.url).post(`${API}/auth/register`, body);
    assert.deepEqual(await missing.json(), { customer_id: null, tfa_required: true });
    const bot = await new TestClient(app.url).post(`${API}/auth/register`, {
      ...body,
      recaptcha: 'bot',
    });
    assert.deepEqual(await bot.json(), { customer_id: null, tfa_required: true });
    const human = await new TestClient(app.url).post(`${API}/auth/register`, {
      ...body,
      recaptcha: 'good-register',
    });
    assert.equal(((await human.json()) as Record<string, unknown>).tfa_required, false);
    assert.equal(recaptcha.requests.at(-1)?.secret, 'secret-key');
  });

  it('checks the captcha on login too', async () => {
    const client = new TestClient(app.url);
    const unproven = await client.post(`${API}/auth/login`, {
      email: 'robo@example.com',
      password: 'Correct-Horse-7',
    });
    assert.equal(((await unproven.json()) as Record<string, unknown>).tfa_required, true);
    const accepted = await client.post(`${API}/auth/login`, {
      email: 'robo@example.com',
      password: 'Correct-Horse-7',
      recaptcha: 'good-login',
    });
    assert.equal(accepted.status, 200);
    assert.equal(((await accepted.json()) as Record<string, unknown>).tfa_required, false);
  });
});
