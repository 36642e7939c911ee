import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  dashboardTexts,
  DEMO_FOLDER_ID,
  duplicateTitle,
  emptyProjectData,
  endpoints,
  fillPath,
  liveEvents,
  type SharingChange,
  FREE_LIMITS,
  projectMessages,
  sharingMessages,
  type CreatedProjectResponse,
  type CreateProjectRequest,
  type DuplicateProjectRequest,
  type DuplicateProjectResponse,
  type MoveProjectsRequest,
  type OpenDemoResponse,
  type Project,
  type ProjectDetails,
  type ProjectIdsRequest,
  type ProjectIdsResponse,
  type ProjectListQuery,
  type ProjectListResponse,
  type ProjectShares,
  type ProjectWithData,
  type UpdateProjectRequest,
} from '@animata/contracts';
import { AccessService, type Actor, Permission } from '../../common/access/index.js';
import { CommonException } from '../../common/errors/common.exception.js';
import { newPublicId } from '../../common/ids.js';
import { PlanAccess } from '../billing/index.js';
import { PublicLinksService } from '../sharing/index.js';
import { TeamViews } from '../teams/index.js';
import { LiveService } from '../../live/live.service.js';
import { FILE_STORAGE } from '../../common/tokens.js';
import type { FileStorage } from '../storage/index.js';
import { cleanProjectData } from './document/project-document.js';
import { LabelsRepository } from './labels.repository.js';
import {
  type ListView,
  noShares,
  sharesByProject,
  type ShareSummaryRow,
} from './project-list.sql.js';
import { ProjectException } from './project.exception.js';
import {
  type DataChange,
  type ProjectRecord,
  ProjectsRepository,
  type Usage,
} from './projects.repository.js';
import { ThumbnailScheduler } from './thumbnails/thumbnail-scheduler.js';
import { dataChangeOf } from './data-change.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A new project's title when none is given. */
export const DEFAULT_PROJECT_TITLE = 'Untitled';

const MB = 1024 * 1024;

/**
 * The free plan's refusal for one more project of `sizeBytes` (decision 66), or null. Slots
 * first: a customer at 20 projects hears about slots whatever the size.
 */
export function limitRefusal(
  usage: Usage,
  sizeBytes: number,
  limits: { fileSlots: number | null; storageMb: number } = FREE_LIMITS,
): ProjectException | null {
  if (limits.fileSlots !== null && usage.projectsCount >= limits.fileSlots)
    return ProjectException.limitReached(projectMessages.fileSlotsFull, usage.projectsCount);
  if (usage.storageBytes + sizeBytes > limits.storageMb * MB)
    return ProjectException.limitReached(projectMessages.storageFull, usage.projectsCount);
  return null;
}

/**
 * What a listed project's card may offer (§6, issue 31), decided by the access layer for the
 * whole page: `canEdit` for the owner and edit access; share lists for the owner only.
 */
export interface CardFacts {
  canEdit: boolean;
  shares: ProjectShares;
}

/** A project row as the dashboard lists it (§3), seen by `actorId`. */
export function toProject(row: ProjectRecord, actorId: string, facts?: CardFacts): Project {
  const own = row.owner_id === actorId;
  return {
    id: row.id,
    title: row.title,
    owner: { id: row.owner_id },
    label: row.label_id,
    isPublic: row.is_public,
    shares: facts?.shares ?? noShares(),
    canEdit: facts?.canEdit ?? own,
    // Anyone who may read a project may copy it into their own projects, within their plan's
    // limits (decision 255).
    canCopy: true,
    isDemo: row.is_demo,
    fromId: row.from_id,
    preview_uri:
      row.preview_key === null
        ? null
        : fillPath(endpoints.projects.preview.path, {
            params: { id: row.id },
            query: { v: row.preview_version },
          }),
    pendingPreview: row.pending_preview,
    created: row.created_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    duration: row.duration_ms,
    type: row.duration_ms > 0 ? 'animation' : 'static',
    dimension: { width: row.width, height: row.height },
    size: row.size_bytes,
  };
}

/**
 * Projects of the dashboard (projects-dashboard §2-§7, decision 66): lists, create, change,
 * copy, move, delete, the demos. Every method starts with the access layer; someone else's
 * project or folder answers 404. The counters are the database trigger's.
 */
@Injectable()
export class ProjectsService {
  constructor(
    private readonly access: AccessService,
    private readonly projects: ProjectsRepository,
    private readonly labels: LabelsRepository,
    private readonly thumbnails: ThumbnailScheduler,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    /** The customer's plan limits (billing's one place for plan features). */
    private readonly plans: PlanAccess,
    /** The dashboard's team views (issue 30). */
    private readonly teamViews: TeamViews,
    /** The public link's rules (issue 31). */
    private readonly publicLinks: PublicLinksService,
    /** sharing-changed to the grantees a move or a delete reaches (issue 31). */
    private readonly live: LiveService,
  ) {}

  async list(actor: Actor, query: ProjectListQuery): Promise<ProjectListResponse> {
    const rows = query.rows ?? DEFAULT_PAGE_SIZE;
    const page = query.page ?? 1;
    const empty: ProjectListResponse = {
      data: [],
      pagination: { totalFiles: 0, filesPerPage: rows, page },
    };
    let view: ListView;
    if (query.sharedWithMe === true) {
      // What others shared with the customer (issue 31); team shares have their team views.
      view = { kind: 'shared', customerId: actor.customerId };
    } else if (query.team !== undefined) {
      // A team view (issue 30): 404 for an unknown or foreign team, the expiry as the reason.
      const { expired } = await this.teamViews.open(actor, query.team);
      if (expired) return { ...empty, errors: [expired] };
      if (query.label === undefined || query.label === '') {
        view = { kind: 'team', teamId: query.team };
      } else {
        if (!UUID.test(query.label)) throw CommonException.notFound();
        await this.access.require(actor, Permission.TeamLabelRead, [query.label]);
        view = { kind: 'team-folder', teamId: query.team, labelId: query.label };
      }
    } else if (query.label === undefined || query.label === '') {
      view = { kind: 'all', ownerId: actor.customerId };
    } else if (query.label === DEMO_FOLDER_ID) {
      view = { kind: 'demo', ownerId: actor.customerId };
    } else {
      await this.access.require(actor, Permission.LabelRead, [query.label]);
      view = { kind: 'folder', ownerId: actor.customerId, labelId: query.label };
    }
    const result = await this.projects.list(
      { view, sort: query.sort_by ?? DEFAULT_SORT, search: query.titleSearchFilter ?? null },
      page,
      rows,
      actor.customerId,
    );
    const facts = await this.cardFacts(actor, result.rows, result.shares);
    return {
      data: result.rows.map((row) => toProject(row, actor.customerId, facts.get(row.id))),
      pagination: { totalFiles: result.total, filesPerPage: rows, page },
    };
  }

  /**
   * canEdit and the share lists of a page's cards. Shared with me carries the access of the
   * listing (the same grants the access layer reads); other views ask the access layer's
   * set-based ProjectUpdate for the page's projects of others (team views): one query a page.
   */
  private async cardFacts(
    actor: Actor,
    rows: ProjectRecord[],
    shares: ShareSummaryRow[],
  ): Promise<Map<string, CardFacts>> {
    const facts = new Map<string, CardFacts>();
    const others = rows.filter(
      (row) => row.owner_id !== actor.customerId && !row.is_demo && row.access === undefined,
    );
    const editable =
      others.length === 0
        ? new Set<string>()
        : await this.access.check(
            actor,
            Permission.ProjectUpdate,
            others.map((row) => row.id),
          );
    const grants = sharesByProject(shares);
    for (const row of rows) {
      const mine = row.owner_id === actor.customerId;
      facts.set(row.id, {
        canEdit: mine || row.access === 'edit' || editable.has(row.id),
        shares: (mine && grants.get(row.id)) || noShares(),
      });
    }
    return facts;
  }

  /** One project's card facts (its page, its details): as a list's page of one. */
  private async factsOf(actor: Actor, row: ProjectRecord): Promise<CardFacts | undefined> {
    const own = row.owner_id === actor.customerId && !row.is_demo;
    const shares = own ? await this.projects.sharesOf([row.id]) : [];
    return (await this.cardFacts(actor, [row], shares)).get(row.id);
  }

  /** A new project: within the plan's limits, preview queued. */
  async create(actor: Actor, request: CreateProjectRequest): Promise<CreatedProjectResponse> {
    const data = request.data === undefined ? emptyProjectData() : cleanProjectData(request.data);
    // Created in a team view (issue 30): the team must be the customer's and its plan active.
    if (request.team !== undefined) {
      const { expired } = await this.teamViews.open(actor, request.team);
      if (expired) throw ProjectException.notice(dashboardTexts.teamExpired);
    }
    const created = await this.createFromChange(actor, {
      title: request.title,
      label: request.label,
      change: dataChangeOf(data),
    });
    if (request.team !== undefined)
      await this.teamViews.shareNewProject(actor, request.team, created.project.id);
    return created;
  }

  /**
   * A new project whose data was cleaned and measured elsewhere (an import, in the worker pool:
   * cleaning or serialising megabytes here would block the event loop).
   */
  async createFromChange(
    actor: Actor,
    request: { title?: string; label?: string | null; change: DataChange },
  ): Promise<CreatedProjectResponse> {
    const labelId = await this.targetLabel(actor, request.label ?? null);
    const change = request.change;
    const limits = await this.plans.featuresFor(actor.customerId);
    const { project, usage } = await this.projects.insertWithinLimits(
      {
        id: newPublicId(),
        ownerId: actor.customerId,
        title: request.title ?? DEFAULT_PROJECT_TITLE,
        labelId,
        fromId: null,
        isDemo: false,
        ...change,
      },
      (before) => limitRefusal(before, change.sizeBytes, limits),
    );
    await this.thumbnails.request(project.id, project.preview_version);
    return {
      project: toProject(project, actor.customerId),
      limits: { created: usage.projectsCount },
    };
  }

  /** One project with its data: its page and the export. */
  async withData(actor: Actor, id: string): Promise<ProjectWithData> {
    await this.access.require(actor, Permission.ProjectRead, [id]);
    const row = await this.projects.findWithData(id);
    if (!row) throw CommonException.notFound();
    return { ...toProject(row, actor.customerId, await this.factsOf(actor, row)), data: row.data };
  }

  async details(actor: Actor, id: string): Promise<ProjectDetails> {
    await this.access.require(actor, Permission.ProjectRead, [id]);
    const row = await this.projects.findById(id);
    if (!row) throw CommonException.notFound();
    const label = row.label_id === null ? null : await this.labels.findById(row.label_id);
    return {
      project: toProject(row, actor.customerId, await this.factsOf(actor, row)),
      labelTitle: label?.title ?? null,
    };
  }

  async update(actor: Actor, id: string, request: UpdateProjectRequest): Promise<Project> {
    await this.requireOrDemo(actor, Permission.ProjectUpdate, [id]);
    if (
      request.title === undefined &&
      request.is_public === undefined &&
      request.data === undefined
    )
      throw ProjectException.notice(projectMessages.nothingToChange);
    const current = await this.projects.findById(id);
    if (!current) throw CommonException.notFound();
    // Demos cannot be shared (§6), by link neither.
    if (request.is_public !== undefined && current.is_demo)
      throw ProjectException.notice(projectMessages.demoReadOnly);
    // The public link is the owner's alone; an editor may rename and change the data (§6).
    if (request.is_public !== undefined) {
      const shareable = await this.access.check(actor, Permission.ProjectShare, [id]);
      if (!shareable.has(id)) throw CommonException.forbidden(sharingMessages.onlyOwner);
    }
    // Publishing is sharing: it needs pro access (§5), by the public link's own rule (issue 31).
    // Making a project private needs none.
    if (request.is_public === 1) {
      await this.publicLinks.requireProAccess(actor);
      // Made public with the expiry it has passed: 422, as PUT public-link answers.
      await this.publicLinks.assertProjectPublishable(id);
    }
    // What can be refused (bad data, the storage limit) goes first, so a refusal changes nothing.
    let row: ProjectRecord | null = current;
    if (request.data !== undefined) {
      const change = dataChangeOf(cleanProjectData(request.data));
      // The project's size counts toward its owner's storage, whoever edits it (an editor too).
      const { storageMb } = await this.plans.featuresFor(current.owner_id);
      row = await this.projects.updateData(id, current.owner_id, change, (usage, previous) =>
        // A demo copy counts toward nothing; a project that does not grow always fits.
        current.is_demo ||
        change.sizeBytes <= previous ||
        usage.storageBytes - previous + change.sizeBytes <= storageMb * MB
          ? null
          : ProjectException.limitReached(projectMessages.storageFull, usage.projectsCount),
      );
      if (row) await this.thumbnails.request(row.id, row.preview_version);
    }
    if (row && (request.title !== undefined || request.is_public !== undefined)) {
      row = await this.projects.updateFields(id, {
        title: request.title,
        isPublic: request.is_public === undefined ? undefined : request.is_public === 1,
      });
    }
    if (!row) throw CommonException.notFound();
    // ProjectUpdate passed above (the owner or edit access): the answer says they may edit.
    return { ...toProject(row, actor.customerId), canEdit: true };
  }

  /** A copy (§4 duplicate title), within the limits; a demo's copy becomes one's own project. */
  async duplicate(
    actor: Actor,
    id: string,
    request: DuplicateProjectRequest,
  ): Promise<DuplicateProjectResponse> {
    await this.access.require(actor, Permission.ProjectRead, [id]);
    const source = await this.projects.findWithData(id);
    if (!source) throw CommonException.notFound();
    const ownSource = source.owner_id === actor.customerId && !source.is_demo;
    const labelId =
      request.label !== undefined
        ? await this.targetLabel(actor, request.label)
        : ownSource
          ? source.label_id
          : null;
    const change = dataChangeOf(source.data);
    const limits = await this.plans.featuresFor(actor.customerId);
    const { project } = await this.projects.insertWithinLimits(
      {
        id: newPublicId(),
        ownerId: actor.customerId,
        title: request.title ?? duplicateTitle(source.title),
        labelId,
        fromId: source.from_id !== null && source.is_demo ? source.from_id : source.id,
        isDemo: false,
        ...change,
      },
      (before) => limitRefusal(before, change.sizeBytes, limits),
    );
    await this.thumbnails.request(project.id, project.preview_version);
    return { duplicateId: project.id };
  }

  /** Relabel: the projects go to a folder, or to none; refused when all are there already. */
  async move(actor: Actor, request: MoveProjectsRequest): Promise<ProjectIdsResponse> {
    const ids = [...new Set(request.projects)];
    await this.requireOrDemo(actor, Permission.ProjectMove, ids);
    const access = await this.access.projectAccess(actor, ids);
    const { ownerId, labelId } = ids.every((id) => access.get(id) === 'owner')
      ? { ownerId: actor.customerId, labelId: await this.targetLabel(actor, request.label) }
      : await this.sharedTargetLabel(actor, ids, request.label);
    // Who the move reaches, read before it: the grantees of the folders it leaves and enters.
    const audience = await this.projects.audienceOf(ids, labelId);
    const moved = await this.projects.move(ownerId, ids, labelId);
    if (moved.length === 0) throw ProjectException.notice(projectMessages.sameFolder);
    const done = new Set(moved);
    const sides = new Map<string, { from: boolean; to: boolean }>();
    for (const row of audience) {
      if (row.side === 'direct' || !done.has(row.projectId)) continue;
      const key = `${row.projectId} ${row.customerId ?? ''} ${row.teamId ?? ''}`;
      const side = sides.get(key) ?? { from: false, to: false };
      side[row.side] = true;
      sides.set(key, side);
    }
    for (const [key, side] of sides) {
      const [projectId = '', customerId = '', teamId = ''] = key.split(' ');
      // Through folders on both sides: still there, told of the change.
      const change: SharingChange = side.from ? (side.to ? 'updated' : 'removed') : 'granted';
      this.notifySharing(customerId, teamId, projectId, change, actor.customerId);
    }
    return { projects: moved };
  }

  async delete(actor: Actor, ids: string[]): Promise<ProjectIdsResponse> {
    const wanted = [...new Set(ids)];
    await this.requireOrDemo(actor, Permission.ProjectDelete, wanted);
    // Who the delete reaches, read before it (the grants go with the projects).
    const audience = await this.projects.audienceOf(wanted, null);
    const deleted = await this.projects.deleteMany(actor.customerId, wanted);
    await this.removePreviews(deleted);
    const done = new Set(deleted.map((row) => row.id));
    const told = new Set<string>();
    for (const row of audience) {
      const key = `${row.projectId} ${row.customerId ?? ''} ${row.teamId ?? ''}`;
      if (!done.has(row.projectId) || told.has(key)) continue;
      told.add(key);
      this.notifySharing(
        row.customerId ?? '',
        row.teamId ?? '',
        row.projectId,
        'removed',
        actor.customerId,
      );
    }
    return { projects: deleted.map((row) => row.id) };
  }

  /** sharing-changed (issue 31) to a grantee customer's or team's room; never to the actor. */
  private notifySharing(
    customerId: string,
    teamId: string,
    projectId: string,
    change: SharingChange,
    actorId: string,
  ): void {
    const payload = { entity: 'project' as const, id: projectId, change };
    if (customerId !== '' && customerId !== actorId)
      this.live.toCustomer(customerId, liveEvents.sharingChanged, payload);
    if (teamId !== '') this.live.toTeam(teamId, liveEvents.sharingChanged, payload);
  }

  /** Opening a demo: the customer's own copy of it, made once; a copy opens as itself. */
  async openDemo(actor: Actor, id: string): Promise<OpenDemoResponse> {
    const ownCopy = await this.access.check(actor, Permission.DemoReset, [id]);
    if (ownCopy.has(id)) return { id };
    await this.access.require(actor, Permission.DemoOpen, [id]);
    const original = await this.projects.findWithData(id);
    if (!original) throw CommonException.notFound();
    const copy = await this.projects.findOrInsertDemoCopy(actor.customerId, id, {
      id: newPublicId(),
      ownerId: actor.customerId,
      title: original.title,
      labelId: null,
      fromId: id,
      isDemo: true,
      ...dataChangeOf(original.data),
    });
    if (copy.created) await this.thumbnails.request(copy.id, 1);
    return { id: copy.id };
  }

  /** Changed demos back to their originals: the copies go (named by their id or the original's). */
  async resetDemos(actor: Actor, request: ProjectIdsRequest): Promise<ProjectIdsResponse> {
    const ids = [...new Set(request.projects)];
    const [copies, originals] = await Promise.all([
      this.access.check(actor, Permission.DemoReset, ids),
      this.access.check(actor, Permission.DemoOpen, ids),
    ]);
    if (ids.some((id) => !copies.has(id) && !originals.has(id))) throw CommonException.notFound();
    const toRemove = await this.projects.demoCopiesOf(actor.customerId, ids);
    const removed = await this.projects.deleteMany(actor.customerId, toRemove, {
      demoCopies: true,
    });
    await this.removePreviews(removed);
    return { projects: removed.map((row) => row.id) };
  }

  /**
   * Queues the previews the demo originals lack (the seeder writes rows only); run at start
   * where the demo is seeded. A version already queued is queued once (the job id).
   */
  async requestMissingDemoPreviews(): Promise<number> {
    const missing = await this.projects.demoOriginalsWithoutPreview();
    for (const { id, version } of missing) await this.thumbnails.request(id, version);
    return missing.length;
  }

  /** The preview files of deleted projects; one that cannot be removed is left, not fatal. */
  private async removePreviews(deleted: Array<{ previewKey: string | null }>): Promise<void> {
    await Promise.allSettled(
      deleted.flatMap((row) => (row.previewKey ? [this.storage.delete(row.previewKey)] : [])),
    );
  }

  /**
   * The folder a project goes to: null for none, one's own folder, never the demo folder; a
   * folder of someone else answers 404.
   */
  private async targetLabel(actor: Actor, label: string | null): Promise<string | null> {
    if (label === null || label === '') return null;
    if (label === DEMO_FOLDER_ID)
      throw ProjectException.field('label', projectMessages.demoReadOnly);
    await this.access.require(actor, Permission.LabelUpdate, [label]);
    return label;
  }

  /**
   * Where an editor may move projects shared with them (decision 214): within the subtree of a folder of the owner whose edit grant reaches them, the
   * project's current folder and the target both under it. A target they cannot edit (none, the
   * editor's own folders, someone else's) answers 404 as any folder not theirs; a project they
   * may not take from where it is (its edit grant is its own, or its folder is outside the
   * target's edit grant) answers 403: moving it would change who has access.
   */
  private async sharedTargetLabel(
    actor: Actor,
    ids: string[],
    label: string | null,
  ): Promise<{ ownerId: string; labelId: string }> {
    if (label === null || label === '' || label === DEMO_FOLDER_ID)
      throw CommonException.notFound();
    await this.access.require(actor, Permission.LabelEditShared, [label]);
    const [folder, movable] = await Promise.all([
      this.labels.findById(label),
      this.access.projectsMovableWithin(actor, ids, label),
    ]);
    if (!folder) throw CommonException.notFound();
    if (ids.some((id) => !movable.has(id)))
      throw CommonException.forbidden(sharingMessages.onlyOwner);
    return { ownerId: folder.owner_id, labelId: label };
  }

  /**
   * The access check of a change; a demo the customer may open is refused with the demos'
   * message (§6) instead of the 404 of what they cannot see.
   */
  private async requireOrDemo(actor: Actor, permission: Permission, ids: string[]): Promise<void> {
    const allowed = await this.access.check(actor, permission, ids);
    const denied = ids.filter((id) => !allowed.has(id));
    if (denied.length === 0) return;
    const [readable, shared] = await Promise.all([
      this.access.check(actor, Permission.ProjectRead, denied),
      this.access.projectAccess(actor, denied),
    ]);
    if (denied.every((id) => readable.has(id))) {
      // Shared with them, but not for this (a viewer's rename, an editor's delete): 403.
      if (denied.some((id) => shared.has(id) && shared.get(id) !== 'owner'))
        throw CommonException.forbidden(sharingMessages.onlyOwner);
      throw ProjectException.notice(projectMessages.demoReadOnly);
    }
    throw CommonException.notFound();
  }
}
