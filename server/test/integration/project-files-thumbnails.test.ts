import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  LIVE_PATH,
  liveEvents,
  projectPreviewKey,
  projectPreviewUri,
  type LiveClientToServerEvents,
  type LiveServerToClientEvents,
  type ThumbnailReadyPayload,
} from '@animata/contracts';
import { io, type Socket } from 'socket.io-client';
import { FILE_STORAGE, JOB_QUEUE } from '../../src/common/tokens.js';
import type { JobEvent, JobQueue } from '../../src/jobs/job-queue.port.js';
import { ThumbnailJobs } from '../../src/modules/projects/thumbnails/thumbnail.jobs.js';
import { ThumbnailScheduler } from '../../src/modules/projects/thumbnails/thumbnail-scheduler.js';
import type { FileStorage } from '../../src/modules/storage/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSessionCookie } from '../support/factories.js';
import { watchJobs } from '../support/waits.js';
import { ANIMATED_SVG, insertProject, projectRow } from './project-files.support.js';

type LiveClient = Socket<LiveServerToClientEvents, LiveClientToServerEvents>;

const DATA = {
  options: { dimension: { width: 100, height: 50 }, duration: 1000, fps: 30, background: '#fff' },
  document: ANIMATED_SVG,
  definitions: {},
};

describe(
  'the thumbnail job (real PostgreSQL, file storage and live channel)',
  { timeout: 60_000 },
  () => {
    let app: TestApp;
    let storage: FileStorage;
    let jobs: ThumbnailJobs;
    const sockets: LiveClient[] = [];

    before(async () => {
      app = await startTestApp({ web: false });
      storage = app.app.get<FileStorage>(FILE_STORAGE);
      jobs = app.app.get(ThumbnailJobs);
    });
    after(async () => {
      for (const socket of sockets) socket.disconnect();
      await app?.stop();
    });

    async function liveClient(customerId: string): Promise<ThumbnailReadyPayload[]> {
      const cookie = await newSessionCookie(app, customerId);
      const socket: LiveClient = io(app.url, {
        path: LIVE_PATH,
        transports: ['websocket'],
        extraHeaders: { cookie },
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      const seen: ThumbnailReadyPayload[] = [];
      socket.on(liveEvents.thumbnailReady, (payload) => seen.push(payload));
      await new Promise<void>((resolve, reject) => {
        socket.once(liveEvents.ready, () => resolve());
        socket.once('connect_error', reject);
      });
      return seen;
    }

    async function until(check: () => boolean): Promise<void> {
      for (let i = 0; i < 2000 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
      assert.ok(check(), 'timed out');
    }

    it('queued through the scheduler: writes the first frame, clears pending and tells the owner only', async () => {
      const owner = await newCustomer(app.runtime.dataSource);
      const other = await newCustomer(app.runtime.dataSource);
      const ownerEvents = await liveClient(owner.id);
      const otherEvents = await liveClient(other.id);
      const project = await insertProject(app.runtime.dataSource, owner.id, { data: DATA });
      const queue = app.app.get<JobQueue>(JOB_QUEUE);
      const finished: JobEvent[] = [];
      const stop = queue.onEvent((event) => {
        if (event.name === 'projects.thumbnail' && event.type !== 'progress') finished.push(event);
      });
      try {
        await app.app.get(ThumbnailScheduler).request(project.id, 1);
        await until(() => finished.length > 0);
      } finally {
        stop();
      }
      assert.equal(finished[0]?.type, 'completed');
      assert.equal(finished[0]?.jobId, `thumbnail.${project.id}.1`);

      const key = projectPreviewKey(project.id, 1);
      const row = await projectRow(app.runtime.dataSource, project.id);
      assert.equal(row?.preview_key, key);
      assert.equal(row?.pending_preview, false);
      const preview = await storage.get(key);
      assert.ok(preview);
      const svg = preview.toString('utf8');
      assert.doesNotMatch(svg, /animate|keyframes|animation/);
      assert.match(svg, /fill="#7c5cff"/);
      assert.equal(row?.size_bytes, Buffer.byteLength(JSON.stringify(DATA)) + preview.length);

      await until(() => ownerEvents.length > 0);
      assert.deepEqual(ownerEvents, [
        { projectId: project.id, previewUri: projectPreviewUri(project.id, 1) },
      ]);
      assert.equal(ownerEvents[0]?.previewUri, `/api/animata/projects/${project.id}/preview?v=1`);
      assert.deepEqual(otherEvents, []);
    });

    it('ignores a stale version, and writes the current one over the older preview', async () => {
      const owner = await newCustomer(app.runtime.dataSource);
      const project = await insertProject(app.runtime.dataSource, owner.id, { data: DATA });
      assert.deepEqual(await jobs.write(project.id, 1), {
        written: projectPreviewKey(project.id, 1),
      });

      // The data changes twice: version 2's job comes too late to matter.
      await app.runtime.dataSource.query(
        `UPDATE projects SET preview_version = 3, pending_preview = true WHERE id = $1`,
        [project.id],
      );
      assert.deepEqual(await jobs.write(project.id, 2), { skipped: 'stale' });
      assert.equal(await storage.exists(projectPreviewKey(project.id, 2)), false);
      let row = await projectRow(app.runtime.dataSource, project.id);
      assert.equal(row?.pending_preview, true);
      assert.equal(row?.preview_key, projectPreviewKey(project.id, 1));

      assert.deepEqual(await jobs.write(project.id, 3), {
        written: projectPreviewKey(project.id, 3),
      });
      row = await projectRow(app.runtime.dataSource, project.id);
      assert.equal(row?.pending_preview, false);
      assert.equal(row?.preview_key, projectPreviewKey(project.id, 3));
      assert.equal(await storage.exists(projectPreviewKey(project.id, 3)), true);
      assert.equal(await storage.exists(projectPreviewKey(project.id, 1)), false);
    });

    it('is idempotent: running the same version again keeps one file and the same row', async () => {
      const owner = await newCustomer(app.runtime.dataSource);
      const project = await insertProject(app.runtime.dataSource, owner.id, { data: DATA });
      await jobs.write(project.id, 1);
      const first = await projectRow(app.runtime.dataSource, project.id);
      await jobs.write(project.id, 1);
      assert.deepEqual(await projectRow(app.runtime.dataSource, project.id), first);
      assert.equal(await storage.exists(projectPreviewKey(project.id, 1)), true);
    });

    it('does nothing for a project that is gone', async () => {
      assert.deepEqual(await jobs.write('0'.repeat(32), 1), { skipped: 'missing' });
    });
  },
);

describe('the thumbnail job on BullMQ (real Redis)', { timeout: 60_000 }, () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({ web: false, redis: true });
  });
  after(async () => {
    await app?.stop();
  });

  it('runs once per version, whatever the number of requests', async () => {
    const owner = await newCustomer(app.runtime.dataSource);
    const project = await insertProject(app.runtime.dataSource, owner.id, { data: DATA });
    const scheduler = app.app.get(ThumbnailScheduler);
    const queue = app.app.get<JobQueue>(JOB_QUEUE);
    const completed: JobEvent[] = [];
    const stop = queue.onEvent((event) => {
      if (event.name === 'projects.thumbnail' && event.type === 'completed') completed.push(event);
    });
    const jobs = watchJobs(app);
    try {
      await Promise.all([scheduler.request(project.id, 1), scheduler.request(project.id, 1)]);
      // Every job the two requests queued has run: a duplicate would be among them.
      await jobs.idle('the thumbnail jobs');
    } finally {
      jobs.stop();
      stop();
    }
    assert.equal(completed.length, 1);
    const row = await projectRow(app.runtime.dataSource, project.id);
    assert.equal(row?.pending_preview, false);
    assert.equal(row?.preview_key, projectPreviewKey(project.id, 1));
  });
});
