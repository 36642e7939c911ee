import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  defaultRenderInput,
  endpoints,
  fillPath,
  renderCaps,
  renderMessages,
  type CreateRenderResponse,
  type RenderAbortResponse,
  type RenderExport,
  type RenderIdsResponse,
  type RenderJobInput,
  type RenderListResponse,
  type RenderOptionsResponse,
  type RenderShareResponse,
} from '@animata/contracts';
import {
  LIVE_PATH,
  liveEvents,
  type LiveClientToServerEvents,
  type LiveServerToClientEvents,
  type RenderUpdatePayload,
} from '@animata/contracts';
import { io, type Socket } from 'socket.io-client';
import { FILE_STORAGE } from '../../src/common/tokens.js';
import { RenderRetention } from '../../src/modules/renders/render-retention.js';
import { shareSignature, shareUrl } from '../../src/modules/renders/render-share.js';
import type { FileStorage } from '../../src/modules/storage/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { cookieCaller } from '../support/http-client.js';
import {
  newCustomer,
  newDemoProjects,
  newProject,
  newRender,
  newSessionCookie,
  newSubscriptionRow,
} from '../support/factories.js';

const path = (
  key: 'details' | 'delete' | 'setPriority' | 'preview' | 'download' | 'share' | 'abort',
  id: string,
) => fillPath(endpoints.renders[key].path, { params: { id } });
const optionsPath = (projectId: string) =>
  fillPath(endpoints.renders.options.path, { params: { id: projectId } });
const listPath = (query: Record<string, string | number | undefined>) =>
  fillPath(endpoints.renders.list.path, { query });

interface Refusal {
  error?: string;
  errors?: Record<string, string>;
  limits?: RenderIdsResponse['limits'];
}

const DAY = 24 * 60 * 60 * 1000;
/** 1000 bytes, each its position modulo 251, so any slice is recognisable. */
const FILE = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

/** A good job input for the 320 × 180, 2-second project of these tests. */
const input = (overrides: Partial<RenderJobInput> = {}): RenderJobInput => ({
  ...defaultRenderInput({ duration: 2000, dimension: { width: 320, height: 180 } }, renderCaps(0)),
  ...overrides,
});

/**
 * The renders API (issue 32): the calls of endpoints.renders with their contracts, the plan's
 * caps and limits with the spec's texts, someone else's render as 404, ranged file reads, share
 * URLs, abort and delete, and the retention job. The render jobs are the placeholder dispatch's
 * (nothing runs), so every job stays where the API puts it.
 */
describe('renders API', () => {
  let app: TestApp;
  let storage: FileStorage;
  const db = () => app.runtime.dataSource;

  before(async () => {
    app = await startTestApp({ web: false });
    storage = app.app.get<FileStorage>(FILE_STORAGE);
  });
  after(async () => {
    await app?.stop();
  });

  /** A customer (free unless a plan is given), signed in, with a 2-second project. */
  async function customerWithProject(planId?: string) {
    const customer = await newCustomer(db());
    if (planId) await newSubscriptionRow(db(), customer.id, { planId });
    const project = await newProject(db(), customer.id, { title: 'Bouncing ball' });
    await db().query(
      `UPDATE projects SET duration_ms = 2000, width = 320, height = 180 WHERE id = $1`,
      [project.id],
    );
    const cookie = await newSessionCookie(app, customer.id);
    const call = cookieCaller(app, cookie);
    return { customer, project, call, cookie };
  }

  const row = async (id: string) =>
    (
      (await db().query(`SELECT * FROM renders WHERE id = $1`, [id])) as Array<
        Record<string, unknown>
      >
    )[0];

  it('creates a render: the export, the limits, and the row as the jobs need it', async () => {
    const { customer, project, call } = await customerWithProject();
    const before = Date.now();
    const created = await call<CreateRenderResponse>('POST', endpoints.renders.create.path, {
      projectId: project.id,
      jobInput: input({ iterations: 3, speed: 2 }),
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { export: render, limits } = created.body;
    assert.match(render.id, /^[a-z0-9]{32}$/);
    assert.equal(render.title, 'Bouncing ball');
    assert.equal(render.project_id, project.id);
    assert.equal(render.project_title, 'Bouncing ball');
    assert.equal(render.duration, 3000);
    assert.equal(render.size, 0);
    assert.equal(render.shareUrl, null);
    assert.equal(render.watermark, true);
    assert.equal(render.job.status, 'queued');
    assert.equal(render.job.percent, 0);
    assert.equal(render.job.priority, 0);
    assert.deepEqual(render.job.jobInput, input({ iterations: 3, speed: 2 }));
    const deleteAt = new Date(render.deleteAt!).getTime();
    assert.ok(deleteAt >= before + 60 * DAY - 1000 && deleteAt <= Date.now() + 60 * DAY);
    assert.deepEqual(limits, {
      files: { used: 1, limit: 5 },
      storage: { used: 0, limit: null },
      monthly: { used: 1, limit: 3 },
      reached: false,
    });
    const stored = await row(render.id);
    assert.equal(stored!['customer_id'], customer.id);
    assert.equal(stored!['plan_rank'], 0);
    assert.equal(stored!['extension'], 'mp4');
    assert.equal(stored!['duration_ms'], 3000);

    // A title of one's own; an image has no codec (null).
    const titled = await call<CreateRenderResponse>('POST', endpoints.renders.create.path, {
      projectId: project.id,
      title: '  My gif  ',
      jobInput: input({ extension: 'gif', codec: null, framerate: 30 }),
    });
    assert.equal(titled.status, 201, JSON.stringify(titled.body));
    assert.equal(titled.body.export.title, 'My gif');
    assert.equal(titled.body.export.job.jobInput.codec, null);
  });

  it('gives a paid plan its caps: maximum quality, no watermark, kept', async () => {
    const { call, project } = await customerWithProject('pro-monthly');
    const created = await call<CreateRenderResponse>('POST', endpoints.renders.create.path, {
      projectId: project.id,
      jobInput: input({ quality: 'maximum', resolution: { width: 3840, height: 2160 } }),
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.export.watermark, false);
    assert.equal(created.body.export.deleteAt, null);
    assert.equal(created.body.limits.files.limit, null);
    assert.equal(created.body.limits.monthly.limit, null);
    assert.equal(created.body.limits.storage.limit, 100 * 1024);
    assert.equal((await row(created.body.export.id))!['plan_rank'], 2);
  });

  it('refuses what the plan or the project does not allow, with the spec texts', async () => {
    const { call, project } = await customerWithProject();
    const refused = async (jobInput: unknown, field: string, message: string) => {
      const response = await call<Refusal>('POST', endpoints.renders.create.path, {
        projectId: project.id,
        jobInput,
      });
      assert.equal(response.status, 422, JSON.stringify(response.body));
      assert.equal(
        response.body.errors?.[`jobInput.${field}`],
        message,
        JSON.stringify(response.body),
      );
    };
    await refused(
      input({ quality: 'maximum' }),
      'quality',
      'Maximum quality comes with the PRO and TEAM plans.',
    );
    await refused(
      input({ resolution: { width: 3842, height: 2160 } }),
      'resolution',
      renderMessages.resolutionTooLarge,
    );
    await refused(
      input({ resolution: { width: 2160, height: 3841 } }),
      'resolution',
      renderMessages.resolutionTooLarge,
    );
    await refused(
      input({ framerate: 61 }),
      'framerate',
      'The frame rate must be between 1 and 60 fps.',
    );
    await refused(
      input({ extension: 'gif', codec: null, framerate: 31 }),
      'framerate',
      'The frame rate must be between 1 and 30 fps.',
    );
    await refused(input({ extension: 'gif', codec: 'h264' }), 'codec', renderMessages.invalidCodec);
    await refused(
      input({ offset: { start: 1500, duration: 1000 } }),
      'offset',
      renderMessages.invalidOffset,
    );
    // 2 s × 1000 loops ÷ 0.25 = 8000 s, past 2 hours.
    await refused(
      input({ iterations: 1000, speed: 0.25 }),
      'iterations',
      'An export is limited to 2 hours.',
    );
    await refused(
      input({ extension: 'avi' as never }),
      'extension',
      renderMessages.invalidExtension,
    );
    await refused(input({ matte: 'white' }), 'matte', renderMessages.invalidMatte);
    // Nothing was created by the refusals.
    const list = await call<RenderListResponse>('GET', listPath({ jobStatus: 'queued' }));
    assert.equal(list.body.pagination.totalFiles, 0);
  });

  it('stops at 3 exports a month and 5 files on the free plan; deleting a done render gives no export back', async () => {
    const { call, project } = await customerWithProject();
    const create = () =>
      call<CreateRenderResponse & Refusal>('POST', endpoints.renders.create.path, {
        projectId: project.id,
        jobInput: input(),
      });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const created = await create();
      assert.equal(created.status, 201);
      ids.push(created.body.export.id);
    }
    const fourth = await create();
    assert.equal(fourth.status, 422);
    assert.equal(
      fourth.body.errors?.['.'],
      'You have used your 3 exports this month. Upgrade to continue.',
    );
    assert.deepEqual(fourth.body.limits?.monthly, { used: 3, limit: 3 });
    assert.equal(fourth.body.limits?.reached, true);
    // Deleting a finished render does not give its export back…
    await db().query(`UPDATE renders SET status = 'done' WHERE id = $1`, [ids[0]]);
    const deleted = await call<RenderIdsResponse>('DELETE', path('delete', ids[0]!));
    assert.equal(deleted.status, 200);
    assert.equal((await create()).status, 422);
    // …an abort does (the render never made a file).
    const aborted = await call<RenderAbortResponse>('POST', path('abort', ids[1]!));
    assert.equal(aborted.status, 200);
    assert.deepEqual(aborted.body.limits.monthly, { used: 2, limit: 3 });
    assert.equal((await create()).status, 201);
    // Deleting active renders aborts them first: their exports come back (one statement).
    const active = [ids[1]!, ids[2]!];
    const bulk = await call<RenderIdsResponse>('DELETE', endpoints.renders.deleteMany.path, {
      ids: active,
    });
    assert.equal(bulk.status, 200);
    assert.deepEqual(bulk.body.limits.monthly, { used: 2, limit: 3 });

    // Five files (done and pending) fill the slots.
    const full = await customerWithProject();
    for (let i = 0; i < 5; i += 1)
      await newRender(db(), { customer: full.customer, sizeBytes: 1000 });
    const slots = await full.call<Refusal>('POST', endpoints.renders.create.path, {
      projectId: full.project.id,
      jobInput: input(),
    });
    assert.equal(slots.status, 422);
    assert.equal(
      slots.body.errors?.['.'],
      'You have used all 5 render slots. Delete a render or upgrade to continue.',
    );
    assert.deepEqual(slots.body.limits?.files, { used: 5, limit: 5 });
  });

  it('offers the Export dialog its project, caps, defaults and limits', async () => {
    const { call, project } = await customerWithProject();
    const options = await call<RenderOptionsResponse>('GET', optionsPath(project.id));
    assert.equal(options.status, 200);
    assert.deepEqual(options.body.project, {
      id: project.id,
      title: 'Bouncing ball',
      duration: 2000,
      dimension: { width: 320, height: 180 },
    });
    assert.deepEqual(options.body.caps, renderCaps(0));
    assert.deepEqual(options.body.defaults, input());
    assert.equal(options.body.limits.monthly.limit, 3);
  });

  it('renders demo originals; a project the caller cannot read is 404', async () => {
    const { call } = await customerWithProject();
    const { projects } = await newDemoProjects(db(), ['Demo ball']);
    await db().query(`UPDATE projects SET duration_ms = 2000 WHERE id = $1`, [projects[0]!.id]);
    const demo = await call<CreateRenderResponse>('POST', endpoints.renders.create.path, {
      projectId: projects[0]!.id,
      jobInput: input({ offset: { start: 0, duration: 1000 } }),
    });
    assert.equal(demo.status, 201, JSON.stringify(demo.body));
    const other = await customerWithProject();
    for (const response of [
      await call<Refusal>('POST', endpoints.renders.create.path, {
        projectId: other.project.id,
        jobInput: input(),
      }),
      await call<Refusal>('GET', optionsPath(other.project.id)),
      await call<Refusal>('GET', optionsPath('x'.repeat(32))),
    ]) {
      assert.equal(response.status, 404);
      assert.equal(response.body.error, 'Project not found.');
    }
  });

  it("answers 404 'Render not found.' for someone else's render on every call", async () => {
    const owner = await customerWithProject();
    const done = await newRender(db(), {
      customer: owner.customer,
      file: { storage, bytes: FILE },
    });
    const queued = await newRender(db(), { customer: owner.customer, status: 'queued' });
    const { call } = await customerWithProject();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', path('details', done.id)],
      ['DELETE', path('delete', done.id)],
      ['DELETE', endpoints.renders.deleteMany.path, { ids: [done.id] }],
      ['POST', path('setPriority', queued.id), { priority: 3 }],
      ['POST', path('abort', queued.id)],
      ['POST', path('share', done.id)],
      ['GET', path('preview', done.id)],
      ['GET', path('download', done.id)],
      ['GET', path('details', 'nope')],
      ['GET', path('details', 'a'.repeat(32))],
    ];
    for (const [method, url, body] of calls) {
      const response = await call<Refusal>(method, url, body);
      assert.equal(response.status, 404, `${method} ${url}`);
      assert.equal(response.body.error, 'Render not found.', `${method} ${url}`);
    }
    // Untouched.
    assert.equal((await row(done.id))!['share_expires_at'], null);
    assert.equal((await row(queued.id))!['status'], 'queued');
    assert.equal((await row(queued.id))!['priority'], 0);
  });

  it('lists each section in the six sorts, with search and paging', async () => {
    const { customer, call } = await customerWithProject();
    const start = Date.now() - 100 * 60_000;
    const specs = [
      ['Beta', 300],
      ['alpha', 100],
      ['Gamma', 500],
      ['delta', 200],
      ['Epsilon 50%', 400],
      ['zeta', 600],
      ['Eta', 700],
    ] as const;
    const made: Record<string, string> = {};
    for (const [index, [title, size]] of specs.entries()) {
      made[title] = (
        await newRender(db(), {
          customer,
          title,
          sizeBytes: size * 1024 * 1024,
          createdAt: new Date(start + index * 60_000),
        })
      ).id;
    }
    await newRender(db(), { customer, status: 'queued', title: 'Pending one' });
    await newRender(db(), { customer, status: 'progress', title: 'Running one' });
    await newRender(db(), { customer, status: 'failed', title: 'Failed one' });
    await newRender(db(), { customer, status: 'aborted', title: 'Aborted one' });

    const titles = async (query: Record<string, string | number>) => {
      const response = await call<RenderListResponse>('GET', listPath(query));
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return {
        titles: response.body.data.map((render) => render.title),
        total: response.body.pagination.totalFiles,
        body: response.body,
      };
    };
    const byDate = specs.map(([title]) => title);
    assert.deepEqual((await titles({})).titles, [...byDate].reverse());
    assert.deepEqual((await titles({ jobStatus: 'done', sort_by: 'date_asc' })).titles, byDate);
    const byTitle = [...byDate].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    assert.deepEqual((await titles({ sort_by: 'title_asc' })).titles, byTitle);
    assert.deepEqual((await titles({ sort_by: 'title_desc' })).titles, [...byTitle].reverse());
    const bySize = [...specs].sort((a, b) => a[1] - b[1]).map(([title]) => title);
    assert.deepEqual((await titles({ sort_by: 'size_asc' })).titles, bySize);
    assert.deepEqual((await titles({ sort_by: 'size_desc' })).titles, [...bySize].reverse());
    // Paging, also past half (read backwards), and past the end.
    for (const sort of ['date_desc', 'title_asc', 'size_desc'] as const) {
      const all = (await titles({ sort_by: sort })).titles;
      const pages = [];
      for (let page = 1; page <= 3; page += 1) {
        const result = await titles({ sort_by: sort, rows: 3, page });
        assert.equal(result.total, 7);
        assert.equal(result.body.pagination.filesPerPage, 3);
        assert.equal(result.body.pagination.page, page);
        pages.push(...result.titles);
      }
      assert.deepEqual(pages, all, sort);
    }
    assert.deepEqual((await titles({ rows: 3, page: 4 })).titles, []);
    // Search: case-insensitive, % and _ literal, with each sort and paging.
    assert.deepEqual((await titles({ titleSearchFilter: 'ETA', sort_by: 'title_asc' })).titles, [
      'Beta',
      'Eta',
      'zeta',
    ]);
    const searched = await titles({
      titleSearchFilter: 'eta',
      sort_by: 'size_desc',
      rows: 2,
      page: 2,
    });
    assert.deepEqual(searched.titles, ['Beta']);
    assert.equal(searched.total, 3);
    assert.deepEqual((await titles({ titleSearchFilter: '50%' })).titles, ['Epsilon 50%']);
    assert.deepEqual((await titles({ titleSearchFilter: '_' })).titles, []);
    // Render jobs: the active statuses asked for, and failed ones (kept until deleted).
    assert.deepEqual(
      (await titles({ jobStatus: 'queued,scheduled,deployed,progress', sort_by: 'title_asc' }))
        .titles,
      ['Pending one', 'Running one'],
    );
    const jobs = await titles({
      jobStatus: 'queued,scheduled,deployed,progress,failed',
      sort_by: 'title_asc',
    });
    assert.deepEqual(jobs.titles, ['Failed one', 'Pending one', 'Running one']);
    const failed = jobs.body.data.find((render) => render.title === 'Failed one')!;
    assert.equal(failed.job.error, 'The render failed.');
    // The limits come along.
    const listed = await titles({});
    assert.deepEqual(listed.body.limits.files, { used: 9, limit: 5 });
    assert.equal(listed.body.limits.storage.used, 2800);
    // Size in MB.
    assert.equal(listed.body.data.find((render) => render.title === 'Eta')!.size, 700);
    // A bad status or sort is 422, never a 500.
    for (const query of [
      { jobStatus: 'aborted' },
      { jobStatus: "done'; --" },
      { sort_by: 'size' },
    ]) {
      assert.equal((await call('GET', listPath(query))).status, 422, JSON.stringify(query));
    }
    void made;
  });

  it('streams a done file with Range support, and refuses one not done', async () => {
    const { customer, call, cookie } = await customerWithProject();
    const done = await newRender(db(), {
      customer,
      title: 'Ball / "final": v2',
      extension: 'webm',
      file: { storage, bytes: FILE },
    });
    const fetchFile = (url: string, headers: Record<string, string> = {}) =>
      fetch(`${app.url}${url}`, {
        headers: { cookie, ...headers },
      });
    const full = await fetchFile(path('preview', done.id));
    assert.equal(full.status, 200);
    assert.equal(full.headers.get('content-type'), 'video/webm');
    assert.equal(full.headers.get('accept-ranges'), 'bytes');
    assert.equal(full.headers.get('content-length'), '1000');
    assert.equal(full.headers.get('content-disposition'), null);
    assert.deepEqual(Buffer.from(await full.arrayBuffer()), FILE);

    const part = await fetchFile(path('preview', done.id), { range: 'bytes=10-19' });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), 'bytes 10-19/1000');
    assert.equal(part.headers.get('content-length'), '10');
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), FILE.subarray(10, 20));
    const open = await fetchFile(path('preview', done.id), { range: 'bytes=995-' });
    assert.equal(open.headers.get('content-range'), 'bytes 995-999/1000');
    assert.deepEqual(Buffer.from(await open.arrayBuffer()), FILE.subarray(995));
    const suffix = await fetchFile(path('download', done.id), { range: 'bytes=-4' });
    assert.equal(suffix.status, 206);
    assert.deepEqual(Buffer.from(await suffix.arrayBuffer()), FILE.subarray(996));
    const past = await fetchFile(path('preview', done.id), { range: 'bytes=1000-' });
    assert.equal(past.status, 416);
    assert.equal(past.headers.get('content-range'), 'bytes */1000');
    await past.arrayBuffer();

    const download = await fetchFile(path('download', done.id));
    assert.equal(download.status, 200);
    assert.equal(
      download.headers.get('content-disposition'),
      `attachment; filename="Ball _ _final__ v2.webm"; filename*=UTF-8''Ball%20_%20_final__%20v2.webm`,
    );
    await download.arrayBuffer();

    const queued = await newRender(db(), { customer, status: 'queued' });
    for (const key of ['preview', 'download'] as const) {
      const response = await call<Refusal>('GET', path(key, queued.id));
      assert.equal(response.status, 409);
      assert.equal(response.body.error, 'This render is not finished yet.');
    }
    const share = await call<Refusal>('POST', path('share', queued.id));
    assert.equal(share.status, 409);
    assert.equal(share.body.error, 'This render is not finished yet.');
  });

  it('shares a done file by a signed URL until it expires; tampered or expired is 404', async () => {
    const { customer, call } = await customerWithProject();
    const done = await newRender(db(), {
      customer,
      extension: 'gif',
      file: { storage, bytes: FILE },
    });
    const before = Date.now();
    const shared = await call<RenderShareResponse>('POST', path('share', done.id));
    assert.equal(shared.status, 200);
    const expiresAt = new Date(shared.body.expiresAt).getTime();
    assert.ok(expiresAt > before + 7 * DAY - 2000 && expiresAt <= Date.now() + 7 * DAY);
    const url = new URL(shared.body.shareUrl);
    assert.equal(url.origin, new URL(app.config.publicUrl).origin);
    assert.equal(url.pathname, `/api/animata/video/shared/${done.id}`);
    assert.equal(url.searchParams.get('expires'), String(expiresAt / 1000));
    const details = await call<RenderExport>('GET', path('details', done.id));
    assert.equal(details.body.shareUrl, shared.body.shareUrl);

    const local = (address: URL) => `${app.url}${address.pathname}${address.search}`;
    const anyone = await fetch(local(url), { headers: { range: 'bytes=0-9' } });
    assert.equal(anyone.status, 206);
    assert.equal(anyone.headers.get('content-type'), 'image/gif');
    assert.deepEqual(Buffer.from(await anyone.arrayBuffer()), FILE.subarray(0, 10));
    assert.equal((await (await fetch(local(url))).arrayBuffer()).byteLength, 1000);

    const expect404 = async (address: string) => {
      const response = await fetch(address);
      assert.equal(response.status, 404, address);
      assert.equal(((await response.json()) as Refusal).error, 'Render not found.');
    };
    const tampered = new URL(url);
    const signature = url.searchParams.get('signature')!;
    tampered.searchParams.set(
      'signature',
      `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`,
    );
    await expect404(local(tampered));
    const later = new URL(url);
    later.searchParams.set('expires', String(expiresAt / 1000 + 3600));
    await expect404(local(later));
    // Another render's signature, a missing one, garbage.
    const other = new URL(url);
    other.pathname = other.pathname.replace(done.id, 'b'.repeat(32));
    await expect404(local(other));
    await expect404(`${app.url}/api/animata/video/shared/${done.id}`);
    await expect404(`${app.url}/api/animata/video/shared/${done.id}?expires=abc&signature=%00`);
    // Signed by the server but expired: 404.
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = `${app.url}/api/animata/video/shared/${done.id}?expires=${past}&signature=${shareSignature(app.config.shareLinkSecret, done.id, past)}`;
    await expect404(expired);
    // A valid signature for a time past the share's end (never shared that long): 404.
    const beyond = shareUrl(
      app.url,
      app.config.shareLinkSecret,
      done.id,
      new Date(expiresAt + DAY),
    );
    await expect404(beyond);
    // Once the share's time has passed, the URL is gone from the details and answers 404.
    await db().query(
      `UPDATE renders SET share_expires_at = now() - interval '1 second' WHERE id = $1`,
      [done.id],
    );
    assert.equal((await call<RenderExport>('GET', path('details', done.id))).body.shareUrl, null);
    await expect404(local(url));
  });

  it('aborts an active render (limits given back); a finished one is refused', async () => {
    const { customer, project, call } = await customerWithProject();
    const created = await call<CreateRenderResponse>('POST', endpoints.renders.create.path, {
      projectId: project.id,
      jobInput: input(),
    });
    const { id } = created.body.export;
    const aborted = await call<RenderAbortResponse>('POST', path('abort', id));
    assert.equal(aborted.status, 200);
    assert.equal(aborted.body.export.job.status, 'aborted');
    assert.deepEqual(aborted.body.limits.files, { used: 0, limit: 5 });
    assert.deepEqual(aborted.body.limits.monthly, { used: 0, limit: 3 });
    assert.equal((await row(id))!['status'], 'aborted');
    for (const status of ['done', 'failed', 'aborted'] as const) {
      const ended = await newRender(db(), { customer, status });
      const refused = await call<Refusal>('POST', path('abort', ended.id));
      assert.equal(refused.status, 409, status);
      assert.equal(refused.body.error, 'This render has already finished.');
      assert.equal((await row(ended.id))!['status'], status);
    }
    const running = await newRender(db(), { customer, status: 'progress' });
    assert.equal((await call('POST', path('abort', running.id))).status, 200);
    assert.equal((await row(running.id))!['status'], 'aborted');
  });

  it('tells the customer’s open pages through render-update', async () => {
    const { customer, call, cookie } = await customerWithProject();
    const socket: Socket<LiveServerToClientEvents, LiveClientToServerEvents> = io(app.url, {
      path: LIVE_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise((resolve, reject) => {
        socket.once('connect_error', reject);
        socket.once(liveEvents.ready, resolve);
      });
      const updates: RenderUpdatePayload[] = [];
      socket.on(liveEvents.renderUpdate, (payload) => updates.push(payload));
      const next = (count: number) =>
        new Promise<void>((resolve) => {
          const check = () => (updates.length >= count ? resolve() : setTimeout(check, 10));
          check();
        });
      const queued = await newRender(db(), { customer, status: 'queued' });
      await call('POST', path('setPriority', queued.id), { priority: 2 });
      await next(1);
      await call('POST', path('abort', queued.id));
      await next(2);
      const done = await newRender(db(), { customer });
      await call('DELETE', path('delete', done.id));
      await next(3);
      assert.deepEqual(updates, [
        { exportId: queued.id, status: 'queued', percent: 0, eta: null, error: null },
        { exportId: queued.id, status: 'aborted', percent: 0, eta: null, error: null },
        { exportId: done.id, status: 'done', percent: 100, eta: null, error: null },
      ]);
    } finally {
      socket.disconnect();
    }
  });

  it('sets a priority in -10..10', async () => {
    const { customer, call } = await customerWithProject();
    const queued = await newRender(db(), { customer, status: 'queued' });
    const set = await call<RenderExport>('POST', path('setPriority', queued.id), { priority: 7 });
    assert.equal(set.status, 200);
    assert.equal(set.body.job.priority, 7);
    assert.equal((await row(queued.id))!['priority'], 7);
    for (const priority of [11, -11, 1.5, '3', null]) {
      const response = await call('POST', path('setPriority', queued.id), { priority });
      assert.equal(response.status, 422, String(priority));
    }
  });

  it('deletes renders with their files; an active one is aborted first', async () => {
    const { customer, call } = await customerWithProject();
    const done = await newRender(db(), { customer, file: { storage, bytes: FILE } });
    const queued = await newRender(db(), { customer, status: 'queued' });
    const single = await call<RenderIdsResponse>('DELETE', path('delete', queued.id));
    assert.equal(single.status, 200);
    assert.deepEqual(single.body.ids, [queued.id]);
    assert.equal(await row(queued.id), undefined);
    const other = await customerWithProject();
    const theirs = await newRender(db(), { customer: other.customer });
    const mixed = await call<Refusal>('DELETE', endpoints.renders.deleteMany.path, {
      ids: [done.id, theirs.id],
    });
    assert.equal(mixed.status, 404);
    assert.ok(await row(done.id));
    assert.ok(await storage.exists(done.fileKey!));
    const bulk = await call<RenderIdsResponse>('DELETE', endpoints.renders.deleteMany.path, {
      ids: [done.id, done.id],
    });
    assert.equal(bulk.status, 200);
    assert.deepEqual(bulk.body.ids, [done.id]);
    assert.deepEqual(bulk.body.limits.files, { used: 0, limit: 5 });
    assert.equal(await row(done.id), undefined);
    assert.equal(await storage.exists(done.fileKey!), false);
    assert.ok(await row(theirs.id));
  });

  it('retention deletes renders past their time with their files, and marks expired plans', async () => {
    const free = await customerWithProject();
    const old = await newRender(db(), {
      customer: free.customer,
      file: { storage, bytes: FILE },
      deleteAt: new Date(Date.now() - 1000),
    });
    const fresh = await newRender(db(), {
      customer: free.customer,
      deleteAt: new Date(Date.now() + DAY),
    });
    const lapsed = await newCustomer(db());
    const ended = new Date(Date.now() - 10 * DAY);
    await newSubscriptionRow(db(), lapsed.id, {
      planId: 'pro-monthly',
      status: 'expired',
      periodEnd: ended,
    });
    const lapsedRender = await newRender(db(), { customer: lapsed });
    const paying = await newCustomer(db());
    await newSubscriptionRow(db(), paying.id, { planId: 'pro-monthly' });
    const upgraded = await newRender(db(), {
      customer: paying,
      deleteAt: new Date(Date.now() + DAY),
    });

    await app.app.get(RenderRetention).run();

    assert.equal(await row(old.id), undefined);
    assert.equal(await storage.exists(old.fileKey!), false);
    assert.ok(await row(fresh.id));
    const marked = (await row(lapsedRender.id))!['delete_at'] as Date;
    assert.equal(marked.getTime(), ended.getTime() + 60 * DAY);
    assert.equal((await row(upgraded.id))!['delete_at'], null);
  });

  it('answers bad input with 4xx, never 500', async () => {
    const { project, call } = await customerWithProject();
    const bodies: unknown[] = [
      null,
      'render',
      [],
      {},
      { projectId: project.id },
      { projectId: project.id, jobInput: null },
      { projectId: project.id, jobInput: 'mp4' },
      { projectId: null, jobInput: input() },
      { projectId: `${project.id}\u0000`, jobInput: input() },
      { projectId: project.id, title: 'a\u0000b', jobInput: input() },
      { projectId: project.id, title: null, jobInput: input() },
      { projectId: project.id, jobInput: { ...input(), resolution: null } },
      { projectId: project.id, jobInput: { ...input(), offset: 'x' } },
      { projectId: project.id, jobInput: { ...input(), framerate: '30' } },
      { projectId: project.id, jobInput: { ...input(), speed: null } },
      { projectId: project.id, jobInput: { ...input(), extra: 1 } },
    ];
    for (const body of bodies) {
      const response = await call('POST', endpoints.renders.create.path, body);
      assert.ok(
        response.status >= 400 && response.status < 500,
        `${JSON.stringify(body)}: ${response.status}`,
      );
    }
    for (const body of [
      null,
      {},
      { ids: 'x' },
      { ids: [] },
      { ids: [null] },
      { ids: ['\u0000'] },
    ]) {
      const response = await call('DELETE', endpoints.renders.deleteMany.path, body);
      assert.ok(
        response.status >= 400 && response.status < 500,
        `${JSON.stringify(body)}: ${response.status}`,
      );
    }
    for (const query of [
      { rows: 'x' },
      { page: 0 },
      { rows: 1000 },
      { titleSearchFilter: 'a\u0000' },
    ]) {
      const response = await call('GET', listPath(query));
      assert.equal(response.status, 422, JSON.stringify(query));
    }
    for (const id of ['%00', 'a'.repeat(200), '..']) {
      const response = await call('GET', `/api/animata/customer/video/${id}/get-details`);
      assert.ok(response.status >= 400 && response.status < 500, `${id}: ${response.status}`);
    }
    // Signed out: 401.
    const signedOut = await fetch(`${app.url}${endpoints.renders.list.path}`);
    assert.equal(signedOut.status, 401);
  });
});
