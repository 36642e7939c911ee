import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  catalogueMessages,
  endpoints,
  fillPath,
  PUBLIC_LINK_PASSWORD_MIN,
  publicUnlockCookieName,
  sharingMessages,
  type Project,
  type ProjectData,
  type PublicLinkResponse,
  type PublicProjectInfo,
} from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { cookieCaller } from '../support/http-client.js';
import {
  newCustomer,
  newDemoProjects,
  newProject,
  newSessionCookie,
  newSubscriptionRow,
  newTeam,
  shareWithTeam,
} from '../support/factories.js';
import { ANIMATED_SVG } from './project-files.support.js';

const linkPath = (id: string) => fillPath(endpoints.sharing.publicLink.path, { params: { id } });
const infoPath = (id: string) => fillPath(endpoints.publicProjects.get.path, { params: { id } });
const documentPath = (id: string) =>
  fillPath(endpoints.publicProjects.document.path, { params: { id } });
const unlockPath = (id: string) =>
  fillPath(endpoints.publicProjects.unlock.path, { params: { id } });
const updatePath = (id: string) => fillPath(endpoints.projects.update.path, { params: { id } });

/** The signed-in document call's user-content headers, which the public document shares. */
const USER_CONTENT_HEADERS = {
  'content-type': 'image/svg+xml',
  'content-security-policy':
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

const animated: ProjectData = {
  options: { dimension: { width: 320, height: 180 }, duration: 2000, fps: 24, background: '#fff' },
  document: ANIMATED_SVG,
  definitions: {},
};

interface Refusal {
  error: string;
  errors?: Record<string, string>;
}

let addressCounter = 0;
/** A client address of its own (the app trusts the loopback proxy's X-Forwarded-For). */
const newAddress = () => `198.51.100.${(addressCounter += 1)}`;

/**
 * The public link of a project (issue 31): the owner's PUT sharing/project/{id}/public-link
 * (owner, not a demo, pro access; expiry and password), the public calls anyone may make
 * (404 unless public, unexpired and no demo; 403 until the password unlocks it), and the
 * projects update's is_public under the same rule.
 */
describe('public links of projects', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({
      web: false,
      redis: true,
      env: { RATE_LIMIT_PUBLIC_UNLOCK: '4/600', RATE_LIMIT_PUBLIC_UNLOCK_PROJECT: '6/600' },
    });
  });
  after(async () => {
    await app?.stop();
  });

  const db = () => app.runtime.dataSource;

  async function customer(plan: 'free' | 'pro' | 'team' = 'pro') {
    const row = await newCustomer(db());
    if (plan === 'pro') await newSubscriptionRow(db(), row.id, { planId: 'pro-monthly' });
    if (plan === 'team') await newTeam(db(), { owner: row });
    const cookie = await newSessionCookie(app, row.id);
    return { customer: row, cookie, call: cookieCaller(app, cookie) };
  }

  /** A visitor: no session, its own address, and the cookies the answers set. */
  function visitor(address = newAddress()) {
    const jar = new Map<string, string>();
    const request = async (method: string, path: string, body?: unknown) => {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(`${app.url}${path}`, {
        method,
        headers: {
          origin: app.url,
          'x-forwarded-for': address,
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return response;
    };
    return { request, jar };
  }

  async function publicProject(
    options: { expiresAt?: string | null; password?: string | null; plan?: 'pro' | 'team' } = {},
  ) {
    const owner = await customer(options.plan ?? 'pro');
    const project = await newProject(db(), owner.customer.id, {
      title: 'Bouncing logo',
      data: animated,
    });
    const saved = await owner.call<PublicLinkResponse>('PUT', linkPath(project.id), {
      isPublic: true,
      ...(options.expiresAt !== undefined ? { expiresAt: options.expiresAt } : {}),
      ...(options.password !== undefined ? { password: options.password } : {}),
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    return { owner, project, saved: saved.body };
  }

  const assertNotFound = async (response: Response, what: string) => {
    assert.equal(response.status, 404, what);
    assert.equal(((await response.json()) as Refusal).error, catalogueMessages.notFound, what);
  };

  it('lets the owner with pro access make a project public, and answers the link', async () => {
    const { project, saved } = await publicProject();
    // The share dialog's whole answer, with the note to show.
    assert.equal(saved.success, true);
    assert.equal(saved.message, sharingMessages.publicLinkSaved);
    assert.equal(saved.entity, 'project');
    assert.equal(saved.id, project.id);
    assert.equal(saved.access.access, 'owner');
    assert.deepEqual(saved.publicLink, {
      isPublic: true,
      url: `${app.config.publicUrl}/p/${project.id}`,
      expiresAt: null,
      hasPassword: false,
    });
    const rows: Array<{ is_public: boolean }> = await db().query(
      `SELECT is_public FROM projects WHERE id = $1`,
      [project.id],
    );
    assert.equal(rows[0]!.is_public, true);
  });

  it('lets a team plan member with team access make a project public too', async () => {
    const { saved } = await publicProject({ plan: 'team' });
    assert.equal(saved.publicLink?.isPublic, true);
  });

  it('refuses to publish without pro access, but always lets the owner make it private', async () => {
    const { call, customer: owner } = await customer('free');
    const project = await newProject(db(), owner.id, { isPublic: true });
    for (const body of [
      { isPublic: true },
      { isPublic: false, password: 'secret-1' },
      { isPublic: false, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    ]) {
      const refused = await call<Refusal>('PUT', linkPath(project.id), body);
      assert.equal(refused.status, 403, JSON.stringify(body));
      assert.equal(refused.body.error, sharingMessages.upgradeToShare);
    }
    const priv = await call<PublicLinkResponse>('PUT', linkPath(project.id), { isPublic: false });
    assert.equal(priv.status, 200);
    assert.equal(priv.body.publicLink?.isPublic, false);
    assert.equal(priv.body.publicLink?.url, null);
  });

  it("answers someone else's project, a made-up and a malformed id with 404, a team's with 403 onlyOwner, a demo with its text", async () => {
    const alice = await customer('pro');
    const bob = await customer('free');
    const project = await newProject(db(), bob.customer.id);
    for (const id of [project.id, '0'.repeat(32), 'not-an-id']) {
      const response = await alice.call<Refusal>('PUT', linkPath(id), { isPublic: true });
      assert.equal(response.status, 404, id);
      assert.equal(response.body.error, catalogueMessages.notFound);
    }
    // Shared with a team Alice belongs to: she may open it, not share it.
    const team = await newTeam(db(), {
      owner: bob.customer,
      members: [{ customer: alice.customer }],
    });
    await shareWithTeam(db(), team.teamId, { projectId: project.id }, 'edit');
    const viewer = await alice.call<Refusal>('PUT', linkPath(project.id), { isPublic: true });
    assert.equal(viewer.status, 403);
    assert.equal(viewer.body.error, sharingMessages.onlyOwner);
    const { projects } = await newDemoProjects(db(), ['Demo']);
    const copy = await newProject(db(), alice.customer.id, {
      isDemo: true,
      fromId: projects[0]!.id,
    });
    for (const id of [projects[0]!.id, copy.id]) {
      const demo = await alice.call<Refusal>('PUT', linkPath(id), { isPublic: true });
      assert.equal(demo.status, 403, id);
      assert.equal(demo.body.error, sharingMessages.demoNotShareable);
    }
    const anonymous = await fetch(`${app.url}${linkPath(project.id)}`, {
      method: 'PUT',
      headers: { origin: app.url, 'content-type': 'application/json' },
      body: JSON.stringify({ isPublic: true }),
    });
    assert.equal(anonymous.status, 401);
  });

  it('validates the expiry and the password', async () => {
    const { call, customer: owner } = await customer('pro');
    const project = await newProject(db(), owner.id);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { isPublic: true, expiresAt: new Date(Date.now() - 1000).toISOString() },
        'expiresAt',
        sharingMessages.expiryInPast,
      ],
      [{ isPublic: true, expiresAt: 'tomorrow' }, 'expiresAt', sharingMessages.expiryInPast],
      [{ isPublic: true, password: 'x'.repeat(PUBLIC_LINK_PASSWORD_MIN - 1) }, 'password', ''],
      [{ isPublic: 'yes' }, 'isPublic', ''],
    ];
    for (const [body, field, message] of cases) {
      const refused = await call<Refusal>('PUT', linkPath(project.id), body);
      assert.equal(refused.status, 422, JSON.stringify(body));
      assert.ok(refused.body.errors?.[field], JSON.stringify(refused.body));
      if (message) assert.equal(refused.body.errors?.[field], message);
    }
    const rows: Array<{ is_public: boolean }> = await db().query(
      `SELECT is_public FROM projects WHERE id = $1`,
      [project.id],
    );
    assert.equal(rows[0]!.is_public, false);
  });

  it('stores the password only as a hash, keeps expiry and password while private, and removes them with null', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const { owner, project, saved } = await publicProject({ expiresAt, password: 'open sesame' });
    assert.equal(saved.publicLink?.hasPassword, true);
    assert.equal(saved.publicLink?.expiresAt, expiresAt);
    const stored: Array<{ public_password_hash: string }> = await db().query(
      `SELECT public_password_hash FROM projects WHERE id = $1`,
      [project.id],
    );
    assert.match(stored[0]!.public_password_hash, /^\$argon2id\$/);
    assert.ok(!JSON.stringify(saved).includes('open sesame'));

    const priv = await owner.call<PublicLinkResponse>('PUT', linkPath(project.id), {
      isPublic: false,
    });
    assert.deepEqual(priv.body.publicLink, {
      isPublic: false,
      url: null,
      expiresAt,
      hasPassword: true,
    });
    const again = await owner.call<PublicLinkResponse>('PUT', linkPath(project.id), {
      isPublic: true,
      expiresAt: null,
      password: null,
    });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.deepEqual(again.body.publicLink, {
      isPublic: true,
      url: `${app.config.publicUrl}/p/${project.id}`,
      expiresAt: null,
      hasPassword: false,
    });
  });

  it('refuses to publish again with an expiry that has passed meanwhile', async () => {
    const { owner, project } = await publicProject();
    await db().query(
      `UPDATE projects SET is_public = false, public_expires_at = now() - interval '1 hour'
        WHERE id = $1`,
      [project.id],
    );
    const refused = await owner.call<Refusal>('PUT', linkPath(project.id), { isPublic: true });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.errors?.expiresAt, sharingMessages.expiryInPast);
  });

  it('plays a public project for anyone: title, size and document, nothing of the owner, never indexed or cached', async () => {
    const { owner, project } = await publicProject();
    const { request } = visitor();
    const info = await request('GET', infoPath(project.id));
    assert.equal(info.status, 200);
    assert.equal(info.headers.get('x-robots-tag'), 'noindex, nofollow');
    assert.equal(info.headers.get('cache-control'), 'no-store');
    const body = (await info.json()) as PublicProjectInfo;
    assert.deepEqual(body, {
      id: project.id,
      title: 'Bouncing logo',
      duration: 2000,
      dimension: { width: 320, height: 180 },
      documentUrl: documentPath(project.id),
      fps: 24,
      background: '#fff',
    });
    const text = JSON.stringify(body);
    for (const secret of [owner.customer.id, owner.customer.email, owner.customer.name])
      assert.ok(!text.includes(secret), secret);

    const document = await request('GET', documentPath(project.id));
    assert.equal(document.status, 200);
    for (const [name, value] of Object.entries(USER_CONTENT_HEADERS))
      assert.equal(document.headers.get(name), value, name);
    assert.equal(document.headers.get('x-robots-tag'), 'noindex, nofollow');
    assert.equal(document.headers.get('cache-control'), 'no-store');
    assert.equal(document.headers.get('etag'), null);
    assert.equal(await document.text(), ANIMATED_SVG);

    // A signed-in customer who is not the owner plays it the same way.
    const other = await customer('free');
    const signedIn = await other.call<PublicProjectInfo>('GET', infoPath(project.id));
    assert.equal(signedIn.status, 200);
  });

  it('answers 404 for a private, an expired, an unknown, a malformed id and a demo', async () => {
    const { owner, project } = await publicProject();
    const expired = await publicProject({
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await db().query(`UPDATE projects SET public_expires_at = now() WHERE id = $1`, [
      expired.project.id,
    ]);
    const made = await owner.call<PublicLinkResponse>('PUT', linkPath(project.id), {
      isPublic: false,
    });
    assert.equal(made.status, 200);
    const { projects } = await newDemoProjects(db(), ['Public demo']);
    await db().query(`UPDATE projects SET is_public = true WHERE id = $1`, [projects[0]!.id]);
    const { request } = visitor();
    for (const id of [
      project.id,
      expired.project.id,
      '0'.repeat(32),
      'not-an-id',
      'A'.repeat(32),
      projects[0]!.id,
    ]) {
      await assertNotFound(await request('GET', infoPath(id)), `info ${id}`);
      await assertNotFound(await request('GET', documentPath(id)), `document ${id}`);
      await assertNotFound(
        // Each from an address of its own: password tries are counted per address.
        await visitor().request('POST', unlockPath(id), { password: 'whatever' }),
        `unlock ${id}`,
      );
    }
    // The owner too: a private project has no public link, whoever asks.
    const own = await owner.call<Refusal>('GET', infoPath(project.id));
    assert.equal(own.status, 404);
  });

  it('asks for the password until it is given, refuses a wrong one, then plays in that browser only', async () => {
    const { owner, project } = await publicProject({ password: 'open sesame' });
    const first = visitor();
    for (const path of [infoPath(project.id), documentPath(project.id)]) {
      const locked = await first.request('GET', path);
      assert.equal(locked.status, 403, path);
      assert.equal(((await locked.json()) as Refusal).error, sharingMessages.passwordRequired);
      assert.equal(locked.headers.get('x-robots-tag'), 'noindex, nofollow');
    }
    const wrong = await first.request('POST', unlockPath(project.id), { password: 'open says me' });
    assert.equal(wrong.status, 422);
    assert.equal(((await wrong.json()) as Refusal).errors?.password, sharingMessages.wrongPassword);
    assert.equal(first.jar.size, 0);

    const right = await first.request('POST', unlockPath(project.id), { password: 'open sesame' });
    assert.equal(right.status, 200);
    assert.equal(((await right.json()) as PublicProjectInfo).title, 'Bouncing logo');
    const setCookie = right.headers.getSetCookie().join('\n');
    assert.match(setCookie, new RegExp(`^${publicUnlockCookieName(project.id)}=`));
    assert.match(setCookie, /HttpOnly/i);
    assert.match(setCookie, /SameSite=Lax/i);
    assert.match(setCookie, /Max-Age=3600/i);
    assert.match(setCookie, /Path=\//i);
    assert.equal((await first.request('GET', infoPath(project.id))).status, 200);
    assert.equal((await first.request('GET', documentPath(project.id))).status, 200);

    // Another browser still gets the question; the cookie opens no other project.
    assert.equal((await visitor().request('GET', infoPath(project.id))).status, 403);
    const other = await publicProject({ password: 'open sesame' });
    const token = first.jar.get(publicUnlockCookieName(project.id))!;
    first.jar.set(publicUnlockCookieName(other.project.id), token);
    assert.equal((await first.request('GET', infoPath(other.project.id))).status, 403);

    // A new password ends the unlock at once; making it private, everything.
    await owner.call('PUT', linkPath(project.id), { isPublic: true, password: 'new secret' });
    assert.equal((await first.request('GET', infoPath(project.id))).status, 403);
    await owner.call('PUT', linkPath(project.id), { isPublic: false });
    await assertNotFound(await first.request('GET', documentPath(project.id)), 'private');
  });

  it('answers the project without a cookie when a link without a password is unlocked', async () => {
    const { project } = await publicProject();
    const { request, jar } = visitor();
    const response = await request('POST', unlockPath(project.id), { password: 'anything' });
    assert.equal(response.status, 200);
    assert.equal(jar.size, 0);
  });

  it('counts password tries per client address and refuses past the limit with 429', async () => {
    const { project } = await publicProject({ password: 'open sesame' });
    const guesser = visitor();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await guesser.request('POST', unlockPath(project.id), {
        password: `guess ${attempt}`,
      });
      assert.equal(response.status, 422, `attempt ${attempt}`);
    }
    // Past the limit even the right password waits, and so do made-up ids.
    for (const id of [project.id, '0'.repeat(32)]) {
      const limited = await guesser.request('POST', unlockPath(id), { password: 'open sesame' });
      assert.equal(limited.status, 429, id);
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
    }
    // Another address is not held back.
    const honest = visitor();
    const opened = await honest.request('POST', unlockPath(project.id), {
      password: 'open sesame',
    });
    assert.equal(opened.status, 200);
  });

  it('counts password tries per link too: guesses from many addresses meet one limit', async () => {
    const { project } = await publicProject({ password: 'open sesame' });
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const response = await visitor().request('POST', unlockPath(project.id), {
        password: `guess ${attempt}`,
      });
      assert.equal(response.status, 422, `attempt ${attempt}`);
    }
    const limited = await visitor().request('POST', unlockPath(project.id), {
      password: 'open sesame',
    });
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    // Another link is not held back.
    const other = await publicProject({ password: 'open sesame' });
    const opened = await visitor().request('POST', unlockPath(other.project.id), {
      password: 'open sesame',
    });
    assert.equal(opened.status, 200);
  });

  it('refuses is_public: 1 on the projects update when the stored expiry has passed, as PUT public-link does', async () => {
    const { owner, project } = await publicProject();
    await db().query(
      `UPDATE projects SET is_public = false, public_expires_at = now() - interval '1 day'
        WHERE id = $1`,
      [project.id],
    );
    for (const [path, body] of [
      [updatePath(project.id), { is_public: 1 }],
      [linkPath(project.id), { isPublic: true }],
    ] as const) {
      const refused = await owner.call<Refusal>('PUT', path, body);
      assert.equal(refused.status, 422, path);
      assert.equal(refused.body.errors?.expiresAt, sharingMessages.expiryInPast, path);
    }
    const rows: Array<{ is_public: boolean }> = await db().query(
      `SELECT is_public FROM projects WHERE id = $1`,
      [project.id],
    );
    assert.equal(rows[0]!.is_public, false);
  });

  it('keeps the projects update is_public under the same rule: pro access to publish, none to unpublish', async () => {
    const free = await customer('free');
    const project = await newProject(db(), free.customer.id, { isPublic: true });
    const refused = await free.call<Refusal>('PUT', updatePath(project.id), { is_public: 1 });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, sharingMessages.upgradeToShare);
    const unpublished = await free.call<Project>('PUT', updatePath(project.id), { is_public: 0 });
    assert.equal(unpublished.status, 200);
    assert.equal(unpublished.body.isPublic, false);

    const pro = await customer('pro');
    const own = await newProject(db(), pro.customer.id, { data: animated });
    const published = await pro.call<Project>('PUT', updatePath(own.id), { is_public: 1 });
    assert.equal(published.status, 200);
    assert.equal(published.body.isPublic, true);
    assert.equal((await visitor().request('GET', infoPath(own.id))).status, 200);
  });
  it('reads projects, their invites and team grants by index: the ids go in as bpchar (projects.id is char(32)), never text', async () => {
    const { owner, project } = await publicProject();
    const recorded: Array<{ text: string; values: unknown[] }> = [];
    const source = db();
    const query = source.query.bind(source);
    source.query = ((text: string, values?: unknown[], ...rest: unknown[]) => {
      recorded.push({ text, values: values ?? [] });
      return (query as (...args: unknown[]) => Promise<unknown>)(text, values, ...rest);
    }) as typeof source.query;
    try {
      assert.equal((await visitor().request('GET', infoPath(project.id))).status, 200);
      const saved = await owner.call('PUT', linkPath(project.id), { isPublic: true });
      assert.equal(saved.status, 200);
      const dialog = await owner.call(
        'GET',
        fillPath(endpoints.sharing.project.path, { params: { id: project.id } }),
      );
      assert.equal(dialog.status, 200);
    } finally {
      source.query = query;
    }
    const statements = recorded.filter(
      ({ text }) =>
        /\b(projects|share_invites|team_shares)\b/.test(text) && /^\s*(SELECT|WITH)/i.test(text),
    );
    assert.ok(statements.length > 0);
    for (const { text, values } of statements) {
      const plan = await db().transaction(async (manager) => {
        // Only whether an index can serve the statement matters, not this small table's costs.
        await manager.query('SET LOCAL enable_seqscan = off');
        const rows: Array<{ 'QUERY PLAN': string }> = await manager.query(
          `EXPLAIN ${text}`,
          values,
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      assert.doesNotMatch(
        plan,
        /Seq Scan on (projects|share_invites|team_shares)\b/,
        `${text}\n${plan}`,
      );
      // A char(32) column cast to text serves no index: a filter on it reads every row it meets.
      assert.doesNotMatch(plan, /\(((\w+\.)?project_id|id)\)::text\b/, `${text}\n${plan}`);
    }
  });
});
