import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import pg from 'pg';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newProject, newSessionCookie } from '../support/factories.js';

/**
 * A page's loaders reach the BFF in-process several times with the visitor's cookie (issue 33):
 * the session is read once for all of them, the session call asked by the root and the layout
 * is made once, and a post's call (which may change them) is not answered from what the page
 * read. Reads are counted where they reach PostgreSQL: the statements the pg client sends, by
 * the table they read.
 */
describe('one page, one read of the session', () => {
  let app: TestApp;
  const reads = { session: 0, customer: 0, avatar: 0 };
  // The statements that read a session, the customer's row (other statements join customers
  // for other things, a plan's state say) and an avatar.
  const statements = {
    session: /\bFROM "?sessions"?\s/i,
    customer: /\bFROM "customers" "CustomerEntity"/,
    avatar: /\bFROM "?avatars"?\s/i,
  } as const;
  const sendQuery = pg.Client.prototype.query;

  before(async () => {
    app = await startTestApp();
    // The app's pool makes its clients from this same pg module.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first] = args;
      const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
      for (const [read, pattern] of Object.entries(statements)) {
        if (text && pattern.test(text)) reads[read as keyof typeof reads] += 1;
      }
      return (sendQuery as (...passed: unknown[]) => unknown).apply(this, args);
    } as typeof sendQuery;
  });
  after(async () => {
    pg.Client.prototype.query = sendQuery;
    await app?.stop();
  });
  beforeEach(() => {
    reads.session = reads.customer = reads.avatar = 0;
  });

  async function signedIn(title = 'Orbit') {
    const customer = await newCustomer(app.runtime.dataSource, { name: 'Ada Reads' });
    const project = await newProject(app.runtime.dataSource, customer.id, { title });
    return { cookie: await newSessionCookie(app, customer.id), project };
  }

  it('renders the dashboard with one read of the session, the customer read by two calls', async () => {
    const { cookie } = await signedIn();
    const response = await fetch(`${app.url}/`, { headers: { cookie }, redirect: 'manual' });
    const html = await response.text();
    assert.equal(response.status, 200);
    // The top bar (root loader), the shell (customer call) and the grid all got their answers.
    assert.match(html, /Ada Reads/);
    assert.match(html, /aria-label="Orbit"/);
    // The session call (asked by the root and the layout, made once) and the customer call
    // each read the customer and its avatar; before, six session reads and three of each.
    assert.deepEqual(reads, { session: 1, customer: 2, avatar: 2 });
  });

  it('reads again on the next page: nothing is kept between pages', async () => {
    const { cookie } = await signedIn();
    for (let page = 0; page < 2; page += 1) {
      const response = await fetch(`${app.url}/`, { headers: { cookie }, redirect: 'manual' });
      await response.text();
      assert.equal(response.status, 200);
    }
    assert.equal(reads.session, 2);
  });

  it("reads afresh for a post's call, and once more for the page's loaders after it", async () => {
    const { cookie, project } = await signedIn();
    // A rename to an empty title is refused, so the page renders again in the same request.
    const response = await fetch(`${app.url}/?index`, {
      method: 'POST',
      headers: {
        cookie,
        origin: new URL(app.url).origin,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ intent: 'rename', project: project.id, title: '' }),
      redirect: 'manual',
    });
    await response.text();
    assert.equal(response.status, 422);
    assert.equal(reads.session, 2);
  });

  it('never shares a read between two visitors loading pages at the same time', async () => {
    const first = await signedIn('Comet');
    const second = await signedIn('Nebula');
    const [a, b] = await Promise.all(
      [first, second].map(async ({ cookie }) => {
        const response = await fetch(`${app.url}/`, { headers: { cookie }, redirect: 'manual' });
        return response.text();
      }),
    );
    assert.match(a!, /aria-label="Comet"/);
    assert.doesNotMatch(a!, /aria-label="Nebula"/);
    assert.match(b!, /aria-label="Nebula"/);
    assert.doesNotMatch(b!, /aria-label="Comet"/);
    assert.equal(reads.session, 2);
  });
});
