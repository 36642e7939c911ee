import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { catalogueMessages, endpoints, fillPath, type ProjectData } from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  newCustomer,
  newDemoProjects,
  newProject,
  newSessionCookie,
} from '../support/factories.js';
import { ANIMATED_SVG } from './project-files.support.js';

const documentPath = (id: string) => fillPath(endpoints.projects.document.path, { params: { id } });

/** The preview's user-content headers: nothing in the file may run, load or be framed. */
const USER_CONTENT_HEADERS = {
  'content-type': 'image/svg+xml',
  'content-security-policy':
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

const animated = (document = ANIMATED_SVG): ProjectData => ({
  options: { dimension: { width: 100, height: 50 }, duration: 1000, fps: 30, background: '#fff' },
  document,
  definitions: {},
});

/**
 * GET endpoints.projects.document (issue 29): the project page plays the project's sanitised
 * SVG, animation and all, from this address. Only someone who may open the project gets it;
 * anyone else gets the catalogue's 404, as for a project that does not exist.
 */
describe('the project document the viewer plays', () => {
  let app: TestApp;
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };

  before(async () => {
    app = await startTestApp({ web: false });
    const db = app.runtime.dataSource;
    const a = await newCustomer(db);
    const b = await newCustomer(db);
    alice = { id: a.id, cookie: await newSessionCookie(app, a.id) };
    bob = { id: b.id, cookie: await newSessionCookie(app, b.id) };
  });
  after(async () => {
    await app?.stop();
  });

  const get = (cookie: string | null, path: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });

  it('serves the owner the animated document as user content, revalidated by its version', async () => {
    const project = await newProject(app.runtime.dataSource, alice.id, {
      data: animated(),
      previewVersion: 3,
    });
    const response = await get(alice.cookie, documentPath(project.id));
    assert.equal(response.status, 200);
    for (const [name, value] of Object.entries(USER_CONTENT_HEADERS))
      assert.equal(response.headers.get(name), value, name);
    assert.equal(response.headers.get('cache-control'), 'private, no-cache');
    const etag = response.headers.get('etag');
    assert.equal(etag, '"3"');
    // The stored document itself, its SMIL and CSS animation included.
    assert.equal(await response.text(), ANIMATED_SVG);

    const again = await get(alice.cookie, documentPath(project.id), { 'if-none-match': etag! });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    // A change of the data raises the version: the old tag gets the new document.
    await app.runtime.dataSource.query(`UPDATE projects SET preview_version = 4 WHERE id = $1`, [
      project.id,
    ]);
    const changed = await get(alice.cookie, documentPath(project.id), { 'if-none-match': etag! });
    assert.equal(changed.status, 200);
    assert.equal(changed.headers.get('etag'), '"4"');
  });

  it("answers someone else's project, a made-up id and a malformed one with 404", async () => {
    const project = await newProject(app.runtime.dataSource, alice.id, { data: animated() });
    for (const [cookie, id] of [
      [bob.cookie, project.id],
      [alice.cookie, '0'.repeat(32)],
      [alice.cookie, 'not-an-id'],
    ] as const) {
      const response = await get(cookie, documentPath(id));
      assert.equal(response.status, 404, id);
      const body = (await response.json()) as { error: string };
      assert.equal(body.error, catalogueMessages.notFound);
    }
    assert.equal((await get(null, documentPath(project.id))).status, 401);
  });

  it('serves a demo original to every signed-in customer, a changed copy only to its owner', async () => {
    const { projects } = await newDemoProjects(app.runtime.dataSource, ['Demo document']);
    const original = projects[0]!;
    const copy = await newProject(app.runtime.dataSource, alice.id, {
      isDemo: true,
      fromId: original.id,
      data: animated(),
    });
    assert.equal((await get(bob.cookie, documentPath(original.id))).status, 200);
    assert.equal((await get(alice.cookie, documentPath(copy.id))).status, 200);
    assert.equal((await get(bob.cookie, documentPath(copy.id))).status, 404);
  });
});
