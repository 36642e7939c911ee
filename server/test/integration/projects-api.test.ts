import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  endpoints,
  fillPath,
  FREE_LIMITS,
  projectMessages,
  projectTitleMessages,
  type CreatedProjectResponse,
  type CustomerResponse,
  type Project,
  type ProjectListResponse,
  type ProjectWithData,
} from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { cookieCaller } from '../support/http-client.js';
import {
  newCustomer,
  newLabel,
  newProject,
  newSessionCookie,
  newSubscriptionRow,
} from '../support/factories.js';

describe('projects API: create, change, list, copy, move, delete, limits', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  const db = () => app.runtime.dataSource;

  /** A signed-in customer and a caller that sends their cookie (and an Origin on writes). */
  async function signedIn() {
    const customer = await newCustomer(db());
    const cookie = await newSessionCookie(app, customer.id);
    const call = cookieCaller(app, cookie);
    return { customer, call };
  }

  const listPath = (query: Record<string, string | number>) =>
    fillPath(endpoints.projects.list.path, { query });
  const idPath = (path: string, id: string) => fillPath(path, { params: { id } });

  const counters = async (ownerId: string) => {
    const rows: Array<{ projects_count: number }> = await db().query(
      `SELECT projects_count FROM project_usage WHERE owner_id = $1`,
      [ownerId],
    );
    return rows[0]?.projects_count ?? 0;
  };

  it('creates an untitled project with empty data, queues its preview and reports the count', async () => {
    const { call } = await signedIn();
    const created = await call<CreatedProjectResponse>('POST', endpoints.projects.create.path, {});
    assert.equal(created.status, 201);
    assert.equal(created.body.project.title, 'Untitled');
    assert.equal(created.body.project.pendingPreview, true);
    assert.equal(created.body.project.type, 'static');
    assert.equal(created.body.limits.created, 1);
    assert.match(created.body.project.id, /^[a-z0-9]{32}$/);
    const got = await call<ProjectWithData>(
      'GET',
      idPath(endpoints.projects.get.path, created.body.project.id),
    );
    assert.equal(got.status, 200);
    assert.equal(got.body.data.options.dimension.width, 1920);
  });

  it('takes the type and size from the data, and cleans the document', async () => {
    const { call } = await signedIn();
    const data = {
      options: {
        dimension: { width: 320, height: 180 },
        duration: 1500,
        fps: 30,
        background: '#fff',
      },
      document:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><script>alert(1)</script><circle r="4"><animate attributeName="r" values="4;8" dur="1s"/></circle></svg>',
      definitions: {},
    };
    const created = await call<CreatedProjectResponse>('POST', endpoints.projects.create.path, {
      title: 'Ball',
      data,
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.project.type, 'animation');
    assert.equal(created.body.project.duration, 1500);
    assert.deepEqual(created.body.project.dimension, { width: 320, height: 180 });
    const got = await call<ProjectWithData>(
      'GET',
      idPath(endpoints.projects.get.path, created.body.project.id),
    );
    assert.doesNotMatch(got.body.data.document, /script/);
    assert.match(got.body.data.document, /animate/);
  });

  it('refuses bad titles and bad data with 422', async () => {
    const { call } = await signedIn();
    for (const [body, field, message] of [
      [{ title: '' }, 'title', projectTitleMessages.required],
      [{ title: 'x'.repeat(65) }, 'title', projectTitleMessages.tooLong],
      [{ title: 'a\u0007b' }, 'title', projectTitleMessages.invalid],
    ] as const) {
      const response = await call<{ errors: Record<string, string> }>(
        'POST',
        endpoints.projects.create.path,
        body,
      );
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.equal(response.body.errors[field], message);
    }
    const badData = await call('POST', endpoints.projects.create.path, { data: { options: 1 } });
    assert.equal(badData.status, 422);
  });

  it('renames, publishes and changes the data, raising the preview version', async () => {
    const { customer, call } = await signedIn();
    // Publishing is sharing: it needs pro access (issue 31).
    await newSubscriptionRow(db(), customer.id, { planId: 'pro-monthly' });
    const project = await newProject(db(), customer.id, { title: 'Old' });
    const path = idPath(endpoints.projects.update.path, project.id);
    const renamed = await call<Project>('PUT', path, { title: '  New name  ', is_public: 1 });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.title, 'New name');
    assert.equal(renamed.body.isPublic, true);
    const before: Array<{ preview_version: number }> = await db().query(
      `SELECT preview_version FROM projects WHERE id = $1`,
      [project.id],
    );
    const changed = await call<Project>('PUT', path, {
      data: {
        options: {
          dimension: { width: 100, height: 50 },
          duration: 0,
          fps: 24,
          background: 'transparent',
        },
        document: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"></svg>',
        definitions: {},
      },
    });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.pendingPreview, true);
    assert.deepEqual(changed.body.dimension, { width: 100, height: 50 });
    const after: Array<{ preview_version: number }> = await db().query(
      `SELECT preview_version FROM projects WHERE id = $1`,
      [project.id],
    );
    assert.equal(after[0]!.preview_version, before[0]!.preview_version + 1);
    assert.equal((await call('PUT', path, {})).status, 422);
    assert.equal((await call('PUT', path, { is_public: 2 })).status, 422);
  });

  it('names copies by the duplicate rule and keeps them in the folder of the original', async () => {
    const { customer, call } = await signedIn();
    const folder = await newLabel(db(), customer.id);
    const original = await newProject(db(), customer.id, { title: 'Intro', labelId: folder.id });
    const duplicate = async (id: string) => {
      const response = await call<{ duplicateId: string }>(
        'POST',
        idPath(endpoints.projects.duplicate.path, id),
        {},
      );
      assert.equal(response.status, 201);
      const got = await call<ProjectWithData>(
        'GET',
        idPath(endpoints.projects.get.path, response.body.duplicateId),
      );
      return got.body;
    };
    const first = await duplicate(original.id);
    assert.equal(first.title, 'Intro (2)');
    assert.equal(first.fromId, original.id);
    assert.equal(first.label, folder.id);
    const second = await duplicate(first.id);
    assert.equal(second.title, 'Intro (3)');
    const named = await call<{ duplicateId: string }>(
      'POST',
      idPath(endpoints.projects.duplicate.path, original.id),
      { title: 'Outro', label: null },
    );
    const got = await call<Project>(
      'GET',
      idPath(endpoints.projects.get.path, named.body.duplicateId),
    );
    assert.equal(got.body.title, 'Outro');
    assert.equal(got.body.label, null);
  });

  it('moves projects between folders, keeps the counters true and refuses the same folder', async () => {
    const { customer, call } = await signedIn();
    const [a, b] = [await newLabel(db(), customer.id), await newLabel(db(), customer.id)];
    const projects = [
      await newProject(db(), customer.id, { labelId: a.id }),
      await newProject(db(), customer.id, { labelId: a.id }),
      await newProject(db(), customer.id),
    ];
    const ids = projects.map((project) => project.id);
    const moved = await call<{ projects: string[] }>('PUT', endpoints.projects.move.path, {
      projects: ids,
      label: b.id,
    });
    assert.equal(moved.status, 200);
    assert.deepEqual(moved.body.projects.sort(), [...ids].sort());
    const counts = async () => {
      const rows: Array<{ id: string; projects_count: number }> = await db().query(
        `SELECT id, projects_count FROM labels WHERE id = ANY($1::uuid[])`,
        [[a.id, b.id]],
      );
      return Object.fromEntries(rows.map((row) => [row.id, row.projects_count]));
    };
    assert.deepEqual(await counts(), { [a.id]: 0, [b.id]: 3 });
    const again = await call<{ errors: Record<string, string> }>(
      'PUT',
      endpoints.projects.move.path,
      { projects: ids, label: b.id },
    );
    assert.equal(again.status, 422);
    assert.equal(again.body.errors['.'], projectMessages.sameFolder);
    const out = await call('PUT', endpoints.projects.move.path, {
      projects: [ids[0]],
      label: null,
    });
    assert.equal(out.status, 200);
    assert.deepEqual(await counts(), { [a.id]: 0, [b.id]: 2 });
    assert.equal((await call('PUT', endpoints.projects.move.path, { projects: ids })).status, 422);
  });

  it('deletes one and many, and the counters follow', async () => {
    const { customer, call } = await signedIn();
    const folder = await newLabel(db(), customer.id);
    const projects = await Promise.all(
      [0, 1, 2].map(() => newProject(db(), customer.id, { labelId: folder.id })),
    );
    assert.equal(await counters(customer.id), 3);
    const one = await call<{ projects: string[] }>(
      'DELETE',
      idPath(endpoints.projects.delete.path, projects[0]!.id),
    );
    assert.deepEqual(one.body.projects, [projects[0]!.id]);
    const many = await call<{ projects: string[] }>('DELETE', endpoints.projects.deleteMany.path, {
      projects: [projects[1]!.id, projects[2]!.id],
    });
    assert.equal(many.status, 200);
    assert.equal(many.body.projects.length, 2);
    assert.equal(await counters(customer.id), 0);
    const rows: Array<{ projects_count: number }> = await db().query(
      `SELECT projects_count FROM labels WHERE id = $1`,
      [folder.id],
    );
    assert.equal(rows[0]!.projects_count, 0);
    const gone = await call('GET', idPath(endpoints.projects.get.path, projects[0]!.id));
    assert.equal(gone.status, 404);
  });

  it('answers the details with the folder title', async () => {
    const { customer, call } = await signedIn();
    const folder = await newLabel(db(), customer.id, { title: 'Ads' });
    const project = await newProject(db(), customer.id, { labelId: folder.id });
    const details = await call<{ project: Project; labelTitle: string }>(
      'GET',
      idPath(endpoints.projects.details.path, project.id),
    );
    assert.equal(details.status, 200);
    assert.equal(details.body.labelTitle, 'Ads');
    assert.equal(details.body.project.id, project.id);
  });

  it('refuses slot 21 with the message and limits.created, and the customer object agrees', async () => {
    const { customer, call } = await signedIn();
    for (let i = 0; i < FREE_LIMITS.fileSlots - 1; i += 1) await newProject(db(), customer.id);
    const twentieth = await call<CreatedProjectResponse>(
      'POST',
      endpoints.projects.create.path,
      {},
    );
    assert.equal(twentieth.status, 201);
    assert.equal(twentieth.body.limits.created, FREE_LIMITS.fileSlots);
    const refused = await call<{ errors: Record<string, string>; limits: { created: number } }>(
      'POST',
      endpoints.projects.create.path,
      {},
    );
    assert.equal(refused.status, 422);
    assert.equal(refused.body.errors['.'], projectMessages.fileSlotsFull);
    assert.deepEqual(refused.body.limits, { created: FREE_LIMITS.fileSlots });
    const copy = await call(
      'POST',
      idPath(endpoints.projects.duplicate.path, twentieth.body.project.id),
      {},
    );
    assert.equal(copy.status, 422);
    assert.equal(await counters(customer.id), FREE_LIMITS.fileSlots);
    const me = await call<CustomerResponse>('GET', endpoints.customer.get.path);
    assert.equal(me.body.customer.projects.limits.created, FREE_LIMITS.fileSlots);
    assert.deepEqual(me.body.customer.files, {
      used: FREE_LIMITS.fileSlots,
      limit: FREE_LIMITS.fileSlots,
    });
    assert.equal(me.body.customer.isFree, true);
  });

  it('refuses a project past the storage limit, and lets two racing creates pass at most the slots', async () => {
    const { customer, call } = await signedIn();
    // One project takes almost all the storage (its size as the trigger counts it).
    await newProject(db(), customer.id, { sizeBytes: FREE_LIMITS.storageMb * 1024 * 1024 - 100 });
    const refused = await call<{ errors: Record<string, string>; limits: { created: number } }>(
      'POST',
      endpoints.projects.create.path,
      {},
    );
    assert.equal(refused.status, 422);
    assert.equal(refused.body.errors['.'], projectMessages.storageFull);
    assert.deepEqual(refused.body.limits, { created: 1 });
    const me = await call<CustomerResponse>('GET', endpoints.customer.get.path);
    assert.equal(me.body.customer.storage.used, FREE_LIMITS.storageMb);

    const racer = await signedIn();
    for (let i = 0; i < FREE_LIMITS.fileSlots - 2; i += 1)
      await newProject(db(), racer.customer.id);
    const results = await Promise.all(
      [0, 1, 2, 3].map(() => racer.call('POST', endpoints.projects.create.path, {})),
    );
    assert.deepEqual(results.map((result) => result.status).sort(), [201, 201, 422, 422]);
    assert.equal(await counters(racer.customer.id), FREE_LIMITS.fileSlots);
  });

  it('refuses a change of data that would pass the storage limit, and keeps the old data', async () => {
    const { customer, call } = await signedIn();
    const small = await newProject(db(), customer.id, { title: 'Small' });
    const used: Array<{ storage_bytes: string }> = await db().query(
      `SELECT storage_bytes FROM project_usage WHERE owner_id = $1`,
      [customer.id],
    );
    await newProject(db(), customer.id, {
      sizeBytes: FREE_LIMITS.storageMb * 1024 * 1024 - Number(used[0]!.storage_bytes) - 10,
    });
    const bigger = await call<{ errors: Record<string, string> }>(
      'PUT',
      idPath(endpoints.projects.update.path, small.id),
      {
        data: {
          options: {
            dimension: { width: 64, height: 64 },
            duration: 0,
            fps: 24,
            background: '#fff',
          },
          document: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="${'9'.repeat(60)}" height="1"/></svg>`,
          definitions: {},
        },
      },
    );
    assert.equal(bigger.status, 422);
    assert.equal(bigger.body.errors['.'], projectMessages.storageFull);
    const got = await call<ProjectWithData>('GET', idPath(endpoints.projects.get.path, small.id));
    assert.equal(got.body.data.options.dimension.width, 1920);
  });

  it('answers an empty shared-with-me list until sharing comes, and 404 for a team not theirs', async () => {
    const { customer, call } = await signedIn();
    await newProject(db(), customer.id);
    const list = await call<ProjectListResponse>('GET', listPath({ sharedWithMe: 'true' }));
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data, []);
    assert.equal(list.body.pagination.totalFiles, 0);
    // Team views (issue 30): an unknown team is a 404 (teams.test.ts covers the rest).
    for (const team of ['x', '00000000-0000-4000-8000-000000000000'])
      assert.equal((await call('GET', listPath({ team }))).status, 404, team);
    for (const query of [
      { rows: 0 },
      { rows: 101 },
      { page: 0 },
      { sort_by: 'size_desc' },
      { x: 1 },
      { titleSearchFilter: 'a\u0000b' },
      { titleSearchFilter: 'x'.repeat(65) },
    ] as Array<Record<string, string | number>>) {
      assert.equal((await call('GET', listPath(query))).status, 422, JSON.stringify(query));
    }
    // A folder id that cannot exist is a folder that is not there.
    for (const label of ['nope', '\u0000', '00000000-0000-4000-8000-00000000000G'])
      assert.equal((await call('GET', listPath({ label }))).status, 404, label);
  });
});
