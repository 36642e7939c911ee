import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  catalogueMessages,
  endpoints,
  fillPath,
  type LabelsResponse,
  type ProjectListResponse,
} from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newLabel, newProject, newSessionCookie } from '../support/factories.js';

/**
 * No route returns or changes another customer's projects or folders: each answers 404, exactly
 * as for something that does not exist, and the other customer's rows stay as they were.
 */
describe('projects and folders of someone else answer 404 and stay untouched', () => {
  let app: TestApp;
  let aliceCookie: string;
  let aliceId: string;
  let aliceFolder: string;
  let aliceProject: string;
  let bobId: string;
  let bobProject: string;
  let bobFolder: string;
  let bobSubFolder: string;

  before(async () => {
    app = await startTestApp({ web: false });
    const db = app.runtime.dataSource;
    const alice = await newCustomer(db);
    const bob = await newCustomer(db);
    aliceId = alice.id;
    bobId = bob.id;
    aliceCookie = await newSessionCookie(app, alice.id);
    aliceFolder = (await newLabel(db, alice.id)).id;
    aliceProject = (await newProject(db, alice.id)).id;
    bobFolder = (await newLabel(db, bob.id, { title: 'Bob’s' })).id;
    bobSubFolder = (await newLabel(db, bob.id, { parentId: bobFolder })).id;
    bobProject = (await newProject(db, bob.id, { title: 'Secret', labelId: bobFolder })).id;
  });
  after(async () => {
    await app?.stop();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        cookie: aliceCookie,
        origin: app.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
  };

  /** Bob's rows as they are: compared before and after every refused call. */
  const bobsRows = async () => ({
    projects: await app.runtime.dataSource.query(
      `SELECT id, title, label_id, is_public, preview_version, updated_at FROM projects
        WHERE owner_id = $1 ORDER BY id`,
      [bobId],
    ),
    labels: await app.runtime.dataSource.query(
      `SELECT id, title, parent_id, projects_count FROM labels WHERE owner_id = $1 ORDER BY id`,
      [bobId],
    ),
    usage: await app.runtime.dataSource.query(
      `SELECT projects_count, storage_bytes FROM project_usage WHERE owner_id = $1`,
      [bobId],
    ),
  });

  const id = (path: string, value: string) => fillPath(path, { params: { id: value } });
  const data = {
    options: { dimension: { width: 10, height: 10 }, duration: 0, fps: 24, background: '#000' },
    document: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>',
    definitions: {},
  };

  it('refuses every project and folder route on Bob’s things with 404', async () => {
    const before = await bobsRows();
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', id(endpoints.projects.get.path, bobProject)],
      ['PUT', id(endpoints.projects.update.path, bobProject), { title: 'Mine now' }],
      ['PUT', id(endpoints.projects.update.path, bobProject), { is_public: 1 }],
      ['PUT', id(endpoints.projects.update.path, bobProject), { data }],
      ['POST', id(endpoints.projects.duplicate.path, bobProject), {}],
      ['GET', id(endpoints.projects.details.path, bobProject)],
      ['DELETE', id(endpoints.projects.delete.path, bobProject)],
      ['DELETE', endpoints.projects.deleteMany.path, { projects: [bobProject] }],
      ['DELETE', endpoints.projects.deleteMany.path, { projects: [aliceProject, bobProject] }],
      ['PUT', endpoints.projects.move.path, { projects: [bobProject], label: aliceFolder }],
      ['PUT', endpoints.projects.move.path, { projects: [bobProject], label: null }],
      ['PUT', endpoints.projects.move.path, { projects: [aliceProject], label: bobFolder }],
      ['POST', id(endpoints.projects.openDemo.path, bobProject)],
      ['POST', endpoints.projects.resetDemos.path, { projects: [bobProject] }],
      ['POST', endpoints.projects.create.path, { label: bobFolder }],
      ['POST', id(endpoints.projects.duplicate.path, aliceProject), { label: bobFolder }],
      ['PUT', id(endpoints.labels.update.path, bobFolder), { title: 'Mine' }],
      ['PUT', id(endpoints.labels.update.path, bobSubFolder), { parentId: null }],
      ['PUT', id(endpoints.labels.update.path, aliceFolder), { parentId: bobFolder }],
      ['POST', endpoints.labels.create.path, { title: 'Inside', parentId: bobFolder }],
      ['DELETE', id(endpoints.labels.delete.path, bobFolder)],
      ['GET', fillPath(endpoints.projects.list.path, { query: { label: bobFolder } })],
    ];
    for (const [method, path, body] of attempts) {
      const response = await call(method, path, body);
      assert.equal(response.status, 404, `${method} ${path} ${JSON.stringify(body)}`);
      assert.equal(
        (response.body as { error: string }).error,
        catalogueMessages.notFound,
        `${method} ${path}`,
      );
    }
    assert.deepEqual(await bobsRows(), before);
    // Alice's own project was named beside Bob's in a refused delete: it is still there.
    assert.equal((await call('GET', id(endpoints.projects.get.path, aliceProject))).status, 200);
  });

  it('answers made-up and malformed ids like Bob’s: 404', async () => {
    for (const bad of ['a'.repeat(32), 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      assert.equal((await call('GET', id(endpoints.projects.get.path, bad))).status, 404);
      assert.equal(
        (await call('PUT', id(endpoints.labels.update.path, bad), { title: 'x' })).status,
        404,
      );
    }
  });

  it('never lists Bob’s projects or folders to Alice, searched or not', async () => {
    const all = await call('GET', fillPath(endpoints.projects.list.path, { query: { rows: 100 } }));
    const searched = await call(
      'GET',
      fillPath(endpoints.projects.list.path, { query: { titleSearchFilter: 'Secret' } }),
    );
    const ids = [
      ...(all.body as ProjectListResponse).data,
      ...(searched.body as ProjectListResponse).data,
    ].map((project) => project.id);
    assert.equal(ids.includes(bobProject), false);
    assert.ok(ids.includes(aliceProject));
    const labels = await call('GET', endpoints.labels.list.path);
    const flat = (labels.body as LabelsResponse).data.flatMap((label) => [
      label.id,
      ...label.children.map((child) => child.id),
    ]);
    assert.equal(flat.includes(bobFolder), false);
    assert.ok(flat.includes(aliceFolder));
    assert.equal((labels.body as LabelsResponse).data.at(-1)!.owner.id === bobId, false);
    assert.ok(aliceId);
  });

  it('answers 401 to every route when signed out', async () => {
    const response = await fetch(`${app.url}${endpoints.projects.list.path}`);
    assert.equal(response.status, 401);
    const labels = await fetch(`${app.url}${endpoints.labels.list.path}`);
    assert.equal(labels.status, 401);
  });
});
