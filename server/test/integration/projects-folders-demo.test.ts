import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DEMO_FOLDER_ID,
  dashboardTexts,
  endpoints,
  fillPath,
  MAX_FOLDER_DEPTH,
  projectMessages,
  folderTitleMessages,
  type CustomerResponse,
  type DeletedLabelResponse,
  type LabelResponse,
  type LabelsResponse,
  type OnboardingResponse,
  type ProjectListResponse,
  type ProjectWithData,
} from '@animata/contracts';
import { ProjectsService } from '../../src/modules/projects/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { waitUntil } from '../support/waits.js';
import { cookieCaller } from '../support/http-client.js';
import {
  newCustomer,
  newDemoProjects,
  newLabel,
  newProject,
  newSessionCookie,
} from '../support/factories.js';

describe('folders, demo projects and the projects onboarding', () => {
  let app: TestApp;
  let demos: string[];
  let demoCustomerId: string;

  before(async () => {
    app = await startTestApp({ web: false });
    const seeded = await newDemoProjects(app.runtime.dataSource);
    demos = seeded.projects.map((project) => project.id);
    demoCustomerId = seeded.demoCustomer.id;
  });
  after(async () => {
    await app?.stop();
  });

  const db = () => app.runtime.dataSource;

  async function signedIn(overrides: { onboardingProjects?: boolean } = {}) {
    const customer = await newCustomer(db(), overrides);
    const cookie = await newSessionCookie(app, customer.id);
    const call = cookieCaller(app, cookie);
    return { customer, call };
  }
  const id = (path: string, value: string) => fillPath(path, { params: { id: value } });
  type Refusal = { errors: Record<string, string> };

  it('creates nested folders and lists them as a tree with counts, the demo folder last', async () => {
    const { customer, call } = await signedIn();
    const top = await call<LabelResponse>('POST', endpoints.labels.create.path, { title: 'Ads' });
    assert.equal(top.status, 201);
    const child = await call<LabelResponse>('POST', endpoints.labels.create.path, {
      title: 'Winter',
      parentId: top.body.label.id,
    });
    assert.equal(child.status, 201);
    await newProject(db(), customer.id, { labelId: child.body.label.id });
    const tree = await call<LabelsResponse>('GET', endpoints.labels.list.path);
    assert.equal(tree.status, 200);
    assert.equal(tree.body.data.length, 2);
    const [ads, demo] = tree.body.data;
    assert.equal(ads!.title, 'Ads');
    assert.equal(ads!.children[0]!.title, 'Winter');
    assert.equal(ads!.children[0]!.projectsCount, 1);
    assert.equal(ads!.children[0]!.parentId, ads!.id);
    assert.equal(demo!.id, DEMO_FOLDER_ID);
    assert.equal(demo!.isDemo, true);
    assert.equal(demo!.title, dashboardTexts.demoProjects);
    assert.equal(demo!.projectsCount, 3);
  });

  it('renames and moves folders, refusing their own subtree and more than 5 levels', async () => {
    const { customer, call } = await signedIn();
    const chain = [await newLabel(db(), customer.id)];
    for (let level = 2; level <= MAX_FOLDER_DEPTH; level += 1)
      chain.push(await newLabel(db(), customer.id, { parentId: chain.at(-1)!.id }));
    const tooDeep = await call<Refusal>('POST', endpoints.labels.create.path, {
      title: 'Sixth',
      parentId: chain.at(-1)!.id,
    });
    assert.equal(tooDeep.status, 422);
    assert.equal(tooDeep.body.errors.parentId, projectMessages.folderTooDeep);
    const intoItself = await call<Refusal>('PUT', id(endpoints.labels.update.path, chain[0]!.id), {
      parentId: chain[2]!.id,
    });
    assert.equal(intoItself.status, 422);
    assert.equal(intoItself.body.errors.parentId, projectMessages.folderIntoItself);
    const self = await call<Refusal>('PUT', id(endpoints.labels.update.path, chain[1]!.id), {
      parentId: chain[1]!.id,
    });
    assert.equal(self.body.errors.parentId, projectMessages.folderIntoItself);
    const other = await newLabel(db(), customer.id);
    // chain[1] holds 4 levels; under a folder 2 deep that makes 6.
    const deeper = await newLabel(db(), customer.id, { parentId: other.id });
    const deepMove = await call<Refusal>('PUT', id(endpoints.labels.update.path, chain[1]!.id), {
      parentId: deeper.id,
    });
    assert.equal(deepMove.status, 422);
    assert.equal(deepMove.body.errors.parentId, projectMessages.folderTooDeep);
    const renamed = await call<LabelResponse>('PUT', id(endpoints.labels.update.path, other.id), {
      title: 'Renamed',
      parentId: chain[0]!.id,
    });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.label.title, 'Renamed');
    assert.equal(renamed.body.label.parentId, chain[0]!.id);
    const top = await call<LabelResponse>('PUT', id(endpoints.labels.update.path, other.id), {
      parentId: null,
    });
    assert.equal(top.body.label.parentId, null);
    assert.equal(top.body.label.title, 'Renamed');
    const blank = await call<Refusal>('PUT', id(endpoints.labels.update.path, other.id), {
      title: ' ',
    });
    assert.equal(blank.body.errors.title, folderTitleMessages.required);
    // A folder's title messages name the field as the dialogs label it: 'Folder name …'.
    for (const [title, message] of [
      ['', 'Folder name is required'],
      ['x'.repeat(65), 'Folder name must be at most 64 characters long'],
      ['a\u0007b', 'Folder name must not contain control characters'],
    ] as const) {
      const refused = await call<Refusal>('POST', endpoints.labels.create.path, { title });
      assert.equal(refused.status, 422, JSON.stringify(title));
      assert.equal(refused.body.errors.title, message);
    }
  });

  it('deletes a folder with its sub-folders and moves their projects to All projects', async () => {
    const { customer, call } = await signedIn();
    const top = await newLabel(db(), customer.id);
    const sub = await newLabel(db(), customer.id, { parentId: top.id });
    await newProject(db(), customer.id, { labelId: top.id });
    await newProject(db(), customer.id, { labelId: sub.id });
    await newProject(db(), customer.id, { labelId: sub.id });
    const deleted = await call<DeletedLabelResponse>(
      'DELETE',
      id(endpoints.labels.delete.path, top.id),
    );
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body, { labels: 2, projectsMoved: 3 });
    const all = await call<ProjectListResponse>('GET', endpoints.projects.list.path);
    assert.equal(all.body.pagination.totalFiles, 3);
    assert.ok(all.body.data.every((project) => project.label === null));
    const usage: Array<{ projects_count: number }> = await db().query(
      `SELECT projects_count FROM project_usage WHERE owner_id = $1`,
      [customer.id],
    );
    assert.equal(usage[0]!.projects_count, 3);
    assert.equal((await call('DELETE', id(endpoints.labels.delete.path, top.id))).status, 404);
  });

  it('lists the demo originals in the demo folder, never in All projects', async () => {
    const { call } = await signedIn();
    const demo = await call<ProjectListResponse>(
      'GET',
      fillPath(endpoints.projects.list.path, { query: { label: DEMO_FOLDER_ID } }),
    );
    assert.equal(demo.status, 200);
    assert.deepEqual(demo.body.data.map((project) => project.id).sort(), [...demos].sort());
    assert.ok(demo.body.data.every((project) => project.isDemo && !project.canEdit));
    assert.equal(demo.body.pagination.totalFiles, 3);
    const all = await call<ProjectListResponse>('GET', endpoints.projects.list.path);
    assert.equal(all.body.pagination.totalFiles, 0);
    const original = await call<ProjectWithData>('GET', id(endpoints.projects.get.path, demos[0]!));
    assert.equal(original.status, 200);
  });

  it('opens a demo as the customer’s own copy, once, which replaces it in the folder until reset', async () => {
    const { customer, call } = await signedIn();
    const opened = await call<{ id: string }>(
      'POST',
      id(endpoints.projects.openDemo.path, demos[0]!),
    );
    assert.equal(opened.status, 200);
    assert.notEqual(opened.body.id, demos[0]);
    const again = await call<{ id: string }>(
      'POST',
      id(endpoints.projects.openDemo.path, demos[0]!),
    );
    assert.equal(again.body.id, opened.body.id);
    const ofCopy = await call<{ id: string }>(
      'POST',
      id(endpoints.projects.openDemo.path, opened.body.id),
    );
    assert.equal(ofCopy.body.id, opened.body.id);
    const renamed = await call('PUT', id(endpoints.projects.update.path, opened.body.id), {
      title: 'My ball',
    });
    assert.equal(renamed.status, 200);
    const list = async () =>
      (
        await call<ProjectListResponse>(
          'GET',
          fillPath(endpoints.projects.list.path, { query: { label: DEMO_FOLDER_ID } }),
        )
      ).body.data;
    const changed = await list();
    assert.equal(changed.length, 3);
    const copy = changed.find((project) => project.id === opened.body.id)!;
    assert.equal(copy.fromId, demos[0]);
    assert.equal(copy.title, 'My ball');
    assert.equal(copy.canEdit, true);
    assert.equal(
      changed.some((project) => project.id === demos[0]),
      false,
    );
    // Demos count toward neither slots nor storage.
    const me = await call<CustomerResponse>('GET', endpoints.customer.get.path);
    assert.equal(me.body.customer.files.used, 0);
    assert.equal(me.body.customer.storage.used, 0);

    const reset = await call<{ projects: string[] }>('POST', endpoints.projects.resetDemos.path, {
      projects: [opened.body.id],
    });
    assert.equal(reset.status, 200);
    assert.deepEqual(reset.body.projects, [opened.body.id]);
    assert.deepEqual((await list()).map((project) => project.id).sort(), [...demos].sort());
    // Reset named by the original works too, and resetting nothing changed is a no-op.
    await call('POST', id(endpoints.projects.openDemo.path, demos[1]!));
    const byOriginal = await call<{ projects: string[] }>(
      'POST',
      endpoints.projects.resetDemos.path,
      { projects: [demos[1]] },
    );
    assert.equal(byOriginal.body.projects.length, 1);
    const nothing = await call<{ projects: string[] }>('POST', endpoints.projects.resetDemos.path, {
      projects: [demos[2]],
    });
    assert.deepEqual(nothing.body.projects, []);
    assert.ok(customer.id);
  });

  it('makes one copy when a demo is opened several times at once', async () => {
    const { customer, call } = await signedIn();
    const opened = await Promise.all(
      [0, 1, 2].map(() =>
        call<{ id: string }>('POST', id(endpoints.projects.openDemo.path, demos[1]!)),
      ),
    );
    assert.equal(new Set(opened.map((answer) => answer.body.id)).size, 1);
    const copies: Array<{ n: number }> = await db().query(
      `SELECT count(*)::int AS n FROM projects WHERE owner_id = $1 AND from_id = $2`,
      [customer.id, demos[1]],
    );
    assert.equal(copies[0]!.n, 1);
  });

  it('refuses to delete, move, share or change a demo', async () => {
    const { customer, call } = await signedIn();
    const folder = await newLabel(db(), customer.id);
    const opened = await call<{ id: string }>(
      'POST',
      id(endpoints.projects.openDemo.path, demos[2]!),
    );
    for (const target of [demos[2]!, opened.body.id]) {
      const attempts: Array<[string, string, unknown?]> = [
        ['DELETE', id(endpoints.projects.delete.path, target)],
        ['DELETE', endpoints.projects.deleteMany.path, { projects: [target] }],
        ['PUT', endpoints.projects.move.path, { projects: [target], label: folder.id }],
        ['PUT', id(endpoints.projects.update.path, target), { is_public: 1 }],
      ];
      if (target === demos[2])
        attempts.push(['PUT', id(endpoints.projects.update.path, target), { title: 'x' }]);
      for (const [method, path, body] of attempts) {
        const response = await call<Refusal>(method, path, body);
        assert.equal(response.status, 422, `${method} ${path} ${JSON.stringify(body)}`);
        assert.equal(response.body.errors['.'], projectMessages.demoReadOnly);
      }
    }
    // Not even the demo customer changes the originals everyone's demo folder shows.
    const demoCookie = await newSessionCookie(app, demoCustomerId);
    const byOwner = await fetch(`${app.url}${id(endpoints.projects.update.path, demos[2]!)}`, {
      method: 'PUT',
      headers: { cookie: demoCookie, origin: app.url, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Vandalised' }),
    });
    assert.equal(byOwner.status, 422);
    const intoDemo = await call<Refusal>('PUT', endpoints.projects.move.path, {
      projects: [(await newProject(db(), customer.id)).id],
      label: DEMO_FOLDER_ID,
    });
    assert.equal(intoDemo.status, 422);
    assert.equal(
      (await call('DELETE', id(endpoints.labels.delete.path, DEMO_FOLDER_ID))).status,
      422,
    );
    // A copy of a demo is the customer's own, ordinary project.
    const copy = await call<{ duplicateId: string }>(
      'POST',
      id(endpoints.projects.duplicate.path, demos[0]!),
      {},
    );
    assert.equal(copy.status, 201);
    const got = await call<ProjectWithData>(
      'GET',
      id(endpoints.projects.get.path, copy.body.duplicateId),
    );
    assert.equal(got.body.isDemo, false);
    assert.equal(got.body.fromId, demos[0]);
    assert.equal(got.body.title, 'Bouncing ball (2)');
  });

  it('records the tour’s steps and clears the flag on finish or cancel', async () => {
    const { call } = await signedIn({ onboardingProjects: true });
    const me = await call<CustomerResponse>('GET', endpoints.customer.get.path);
    assert.equal(me.body.customer.onboarding.projects, true);
    const step = await call<OnboardingResponse>('POST', endpoints.onboarding.projects.path, {
      action: 'step',
      step: 2,
    });
    assert.equal(step.status, 200);
    assert.deepEqual(step.body.onboarding, { projects: true, step: 2 });
    assert.equal(
      (await call('POST', endpoints.onboarding.projects.path, { action: 'step' })).status,
      422,
    );
    assert.equal(
      (await call('POST', endpoints.onboarding.projects.path, { action: 'step', step: 9 })).status,
      422,
    );
    assert.equal(
      (await call('POST', endpoints.onboarding.projects.path, { action: 'dance' })).status,
      422,
    );
    const finished = await call<OnboardingResponse>('POST', endpoints.onboarding.projects.path, {
      action: 'finish',
    });
    assert.deepEqual(finished.body.onboarding, { projects: false, step: 2 });
    const after = await call<CustomerResponse>('GET', endpoints.customer.get.path);
    assert.equal(after.body.customer.onboarding.projects, false);

    const other = await signedIn({ onboardingProjects: true });
    const cancelled = await other.call<OnboardingResponse>(
      'POST',
      endpoints.onboarding.projects.path,
      { action: 'cancel' },
    );
    assert.equal(cancelled.body.onboarding.projects, false);
  });

  it('queues the previews the demo originals lack, and the thumbnail job writes them', async () => {
    const queued = await app.app.get(ProjectsService).requestMissingDemoPreviews();
    assert.equal(queued, demos.length);
    const rows = await waitUntil(async () => {
      const found: Array<{ pending_preview: boolean; preview_key: string | null }> =
        await db().query(
          `SELECT pending_preview, preview_key FROM projects WHERE id = ANY($1::text[])`,
          [demos],
        );
      return found.every((row) => !row.pending_preview) && found;
    }, 'the demo previews');
    assert.ok(rows.every((row) => !row.pending_preview && row.preview_key !== null));
    assert.equal(await app.app.get(ProjectsService).requestMissingDemoPreviews(), 0);
  });

  it('starts new customers with the welcome screen on', async () => {
    const rows: Array<{ onboarding_projects: boolean }> = await db().query(
      `INSERT INTO customers (email, name) VALUES ('new-${Date.now()}@example.test', 'New')
       RETURNING onboarding_projects`,
    );
    assert.equal(rows[0]!.onboarding_projects, true);
  });
});
