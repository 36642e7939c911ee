import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpoints, FREE_LIMITS, projectMessages } from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newProject, newSessionCookie } from '../support/factories.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const GOOD_SVG = `<svg ${NS} viewBox="0 0 10 10"><rect width="5" height="5"/></svg>`;
const DEEP_SVG = `<svg ${NS}>${'<g>'.repeat(5000)}${'</g>'.repeat(5000)}</svg>`;

/** 'Too many imports. Please wait … and try again.' with any wait. */
const TOO_MANY = new RegExp(
  `^${projectMessages
    .importsTooMany(60_000)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('a minute', '(a minute|\\d+ minutes|an hour|\\d+ hours)')}$`,
);

/**
 * The import limits (issue 29, item 10): only accepted files use up the burst and the hourly
 * limit; refused files have a budget of their own; past any of them 429 with Retry-After and a
 * text naming the wait. The windows here are long (an hour for the "burst"), so no test can
 * straddle a window's end.
 */
describe('import limits: accepted files count, refused ones have their own budget', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({
      web: false,
      env: {
        RATE_LIMIT_IMPORT_BURST: '3/3600',
        RATE_LIMIT_IMPORT: '4/7200',
        RATE_LIMIT_IMPORT_REFUSED: '4/3600',
        RATE_LIMIT_UPLOAD_UNVERIFIED: '2/3600',
      },
    });
  });
  after(async () => {
    await app?.stop();
  });

  async function signedIn(verified = true) {
    const customer = await newCustomer(app.runtime.dataSource, {
      verifiedAt: verified ? new Date() : null,
    });
    return { id: customer.id, cookie: await newSessionCookie(app, customer.id) };
  }

  function upload(cookie: string, content: string, name: string): Promise<Response> {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'application/octet-stream' }), name);
    return fetch(`${app.url}${endpoints.projects.import.path}`, {
      method: 'POST',
      headers: { cookie, origin: app.url },
      body: form,
    });
  }

  async function answer(response: Response): Promise<{ status: number; text: string }> {
    const body = (await response.json()) as { error?: string; errors?: Record<string, string> };
    return { status: response.status, text: body.error ?? Object.values(body.errors ?? {})[0]! };
  }

  async function assertTooMany(response: Response, what: string): Promise<void> {
    const { status, text } = await answer(response);
    assert.equal(status, 429, `${what}: ${text}`);
    assert.match(text, TOO_MANY, what);
    assert.match(String(response.headers.get('retry-after')), /^[1-9][0-9]*$/, what);
  }

  it('does not count a refused file (wrong type, too complex, over quota) toward the limit', async () => {
    const customer = await signedIn();
    const full = await Promise.all(
      Array.from({ length: FREE_LIMITS.fileSlots }, () =>
        newProject(app.runtime.dataSource, customer.id),
      ),
    );
    assert.deepEqual(await answer(await upload(customer.cookie, '%PDF-1.7', 'a.pdf')), {
      status: 422,
      text: projectMessages.invalidFileType,
    });
    assert.deepEqual(await answer(await upload(customer.cookie, DEEP_SVG, 'deep.svg')), {
      status: 422,
      text: projectMessages.tooComplex,
    });
    assert.deepEqual(await answer(await upload(customer.cookie, GOOD_SVG, 'full.svg')), {
      status: 422,
      text: projectMessages.fileSlotsFull,
    });
    // Three slots free again: the burst's three imports all go through.
    await app.runtime.dataSource.query(`DELETE FROM projects WHERE id = ANY($1)`, [
      full.slice(0, 3).map((project) => project.id),
    ]);
    for (let i = 0; i < 3; i++) {
      const response = await upload(customer.cookie, GOOD_SVG, `ok ${i}.svg`);
      assert.equal(response.status, 201, await response.text());
    }
    await assertTooMany(await upload(customer.cookie, GOOD_SVG, 'fourth.svg'), 'past the burst');

    // Another customer is not held back.
    const other = await signedIn();
    assert.equal((await upload(other.cookie, GOOD_SVG, 'other.svg')).status, 201);
  });

  it('refuses a customer past the refused-file budget before parsing anything', async () => {
    const customer = await signedIn();
    for (let i = 0; i < 4; i++)
      assert.equal((await upload(customer.cookie, '%PDF-1.7', `n${i}.pdf`)).status, 422);
    await assertTooMany(await upload(customer.cookie, '%PDF-1.7', 'more.pdf'), 'refused again');
    await assertTooMany(await upload(customer.cookie, GOOD_SVG, 'good.svg'), 'a good file too');
  });

  it('holds an unverified account to the tighter hourly limit', async () => {
    const customer = await signedIn(false);
    for (let i = 0; i < 2; i++)
      assert.equal((await upload(customer.cookie, GOOD_SVG, `u${i}.svg`)).status, 201);
    await assertTooMany(await upload(customer.cookie, GOOD_SVG, 'u2.svg'), 'unverified');
  });

  it('never lets parallel imports pass the limit together', async () => {
    const customer = await signedIn();
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(customer.cookie, GOOD_SVG, `p${i}.svg`)),
    );
    const statuses = responses.map((response) => response.status).sort();
    assert.deepEqual(statuses, [201, 201, 201, 429, 429, 429]);
    const [{ count }] = (await app.runtime.dataSource.query(
      `SELECT count(*)::int AS count FROM projects WHERE owner_id = $1`,
      [customer.id],
    )) as [{ count: number }];
    assert.equal(count, 3);
  });
});
