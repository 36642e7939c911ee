import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_FOLDER_ID, FREE_LIMITS, planFeatures, projectMessages } from '@animata/contracts';
import type { LiveService } from '../../live/live.service.js';
import type { TeamViews } from '../teams/index.js';
import type { PlanAccess } from '../billing/index.js';
import type { AccessService } from '../../common/access/index.js';
import { Permission } from '../../common/access/index.js';
import { CommonException } from '../../common/errors/common.exception.js';
import type { LabelsRepository } from './labels.repository.js';
import { labelTree } from './labels.service.js';
import type { ProjectListRow } from './project-list.sql.js';
import { ProjectErrorCode, ProjectException } from './project.exception.js';
import type { ProjectsRepository } from './projects.repository.js';
import { limitRefusal, ProjectsService, toProject } from './projects.service.js';
import type { ThumbnailScheduler } from './thumbnails/thumbnail-scheduler.js';
import type { FileStorage } from '../storage/index.js';

const ALICE = { customerId: 'alice' };
const MB = 1024 * 1024;

function row(overrides: Partial<ProjectListRow> = {}): ProjectListRow {
  return {
    id: 'p'.repeat(32),
    owner_id: 'alice',
    title: 'Intro',
    label_id: null,
    is_public: false,
    is_demo: false,
    from_id: null,
    width: 320,
    height: 180,
    duration_ms: 0,
    size_bytes: 100,
    preview_key: null,
    preview_version: 1,
    pending_preview: true,
    created_at: new Date('2026-11-01T00:00:00Z'),
    updated_at: new Date('2026-11-02T00:00:00Z'),
    ...overrides,
  };
}

/** A service whose access grants `granted[permission]` and whose repositories record calls. */
function serviceWith(options: {
  granted?: Partial<Record<Permission, string[]>>;
  moved?: string[];
}) {
  const calls: string[] = [];
  const access = {
    check: async (_actor: unknown, permission: Permission, ids: Iterable<string>) =>
      new Set([...ids].filter((id) => options.granted?.[permission]?.includes(id))),
    require: async (_actor: unknown, permission: Permission, ids: Iterable<string>) => {
      for (const id of ids)
        if (!options.granted?.[permission]?.includes(id)) throw CommonException.notFound();
    },
    // The actor's own projects: those it may move (no sharing in these unit cases).
    projectAccess: async (_actor: unknown, ids: Iterable<string>) =>
      new Map(
        [...ids]
          .filter((id) => options.granted?.[Permission.ProjectMove]?.includes(id))
          .map((id) => [id, 'owner']),
      ),
  } as unknown as AccessService;
  const projects = {
    audienceOf: async () => [],
    move: async () => {
      calls.push('move');
      return options.moved ?? [];
    },
    deleteMany: async (_owner: string, ids: string[]) => {
      calls.push('delete');
      return ids.map((id) => ({ id, previewKey: null }));
    },
    insertWithinLimits: async (newRow: { id: string; title: string }) => {
      calls.push(`insert ${newRow.title}`);
      return {
        project: row({ id: newRow.id, title: newRow.title }),
        usage: { projectsCount: 1, storageBytes: 0 },
      };
    },
  } as unknown as ProjectsRepository;
  const thumbnails = {
    request: async (id: string, version: number) => {
      calls.push(`thumbnail ${id.length} ${version}`);
    },
  } as unknown as ThumbnailScheduler;
  const storage = { delete: async () => undefined } as unknown as FileStorage;
  const service = new ProjectsService(
    access,
    projects,
    {} as LabelsRepository,
    thumbnails,
    storage,
    { featuresFor: async () => planFeatures(0) } as unknown as PlanAccess,
    {} as TeamViews,
    { toCustomer: () => undefined, toTeam: () => undefined } as unknown as LiveService,
  );
  return { service, calls };
}

const isCode = (code: string) => (error: unknown) =>
  error instanceof ProjectException && error.code === code;
const isNotice = (message: string) => (error: unknown) =>
  error instanceof ProjectException && error.fieldErrors?.['.'] === message;

describe('ProjectsService rules', () => {
  it('refuses one more project past the slots first, then past the storage', () => {
    const full = limitRefusal({ projectsCount: FREE_LIMITS.fileSlots, storageBytes: 0 }, 1);
    assert.equal(full?.message, projectMessages.fileSlotsFull);
    assert.deepEqual(full?.extra, { limits: { created: FREE_LIMITS.fileSlots } });
    const storage = limitRefusal(
      { projectsCount: 3, storageBytes: FREE_LIMITS.storageMb * MB - 10 },
      11,
    );
    assert.equal(storage?.message, projectMessages.storageFull);
    assert.deepEqual(storage?.extra, { limits: { created: 3 } });
    assert.equal(limitRefusal({ projectsCount: 19, storageBytes: 0 }, 10), null);
  });

  it('maps a row to the dashboard’s project: type from duration, preview address by version', () => {
    const still = toProject(row(), 'alice');
    assert.equal(still.type, 'static');
    assert.equal(still.preview_uri, null);
    assert.equal(still.canEdit, true);
    assert.equal(still.created, '2026-11-01T00:00:00.000Z');
    const moving = toProject(
      row({ duration_ms: 1200, preview_key: 'previews/x/3.svg', preview_version: 3 }),
      'bob',
    );
    assert.equal(moving.type, 'animation');
    assert.match(moving.preview_uri!, /\/projects\/p{32}\/preview\?v=3$/);
    assert.equal(moving.canEdit, false);
  });

  it('refuses a move when every project is already in that folder', async () => {
    const { service } = serviceWith({ granted: { [Permission.ProjectMove]: ['a'] }, moved: [] });
    await assert.rejects(
      service.move(ALICE, { projects: ['a'], label: null }),
      isNotice(projectMessages.sameFolder),
    );
  });

  it('refuses to delete a demo it can see with the demos’ message, and the unseen with 404', async () => {
    const { service, calls } = serviceWith({ granted: { [Permission.ProjectRead]: ['demo1'] } });
    await assert.rejects(service.delete(ALICE, ['demo1']), isNotice(projectMessages.demoReadOnly));
    await assert.rejects(
      service.delete(ALICE, ['demo1', 'theirs']),
      (error: unknown) => error instanceof CommonException && error.status === 404,
    );
    assert.deepEqual(calls, []);
  });

  it('refuses the demo folder as a target before touching anything', async () => {
    const { service, calls } = serviceWith({});
    await assert.rejects(
      service.create(ALICE, { label: DEMO_FOLDER_ID }),
      isCode(ProjectErrorCode.InvalidInput),
    );
    assert.deepEqual(calls, []);
  });

  it('creates an untitled project and queues the preview of its first version', async () => {
    const { service, calls } = serviceWith({});
    const created = await service.create(ALICE, {});
    assert.equal(created.project.title, 'Untitled');
    assert.deepEqual(calls, ['insert Untitled', 'thumbnail 32 1']);
  });

  it('builds the folder tree from flat rows, children under their parents', () => {
    const tree = labelTree([
      { id: 'a', owner_id: 'o', parent_id: null, title: 'A', projects_count: 1 },
      { id: 'b', owner_id: 'o', parent_id: 'a', title: 'B', projects_count: 2 },
      { id: 'c', owner_id: 'o', parent_id: 'b', title: 'C', projects_count: 0 },
      { id: 'd', owner_id: 'o', parent_id: null, title: 'D', projects_count: 0 },
    ]);
    assert.deepEqual(
      tree.map((label) => label.id),
      ['a', 'd'],
    );
    assert.equal(tree[0]!.children[0]!.children[0]!.id, 'c');
    assert.equal(tree[0]!.children[0]!.projectsCount, 2);
  });
});
