import { Injectable } from '@nestjs/common';
import {
  dashboardTexts,
  DEMO_FOLDER_ID,
  MAX_FOLDER_DEPTH,
  projectMessages,
  type CreateLabelRequest,
  type DeletedLabelResponse,
  type Label,
  type LabelResponse,
  type LabelsResponse,
  type UpdateLabelRequest,
} from '@animata/contracts';
import { AccessService, type Actor, Permission } from '../../common/access/index.js';
import { CommonException } from '../../common/errors/common.exception.js';
import { type LabelRecord, LabelsRepository } from './labels.repository.js';
import { ProjectException } from './project.exception.js';
import { ProjectsRepository } from './projects.repository.js';
import { TeamViews } from '../teams/index.js';

const NO_SHARES = (): Label['shares'] => ({ customers: [], teams: [] });

function toLabel(row: LabelRecord): Label {
  return {
    id: row.id,
    title: row.title,
    owner: { id: row.owner_id },
    parentId: row.parent_id,
    children: [],
    shares: NO_SHARES(),
    isDemo: false,
    parentIsDemo: false,
    projectsCount: row.projects_count,
  };
}

/** The folder rows as a tree: top-level folders with their children, each level by title. */
export function labelTree(rows: LabelRecord[]): Label[] {
  const byId = new Map(rows.map((row) => [row.id, toLabel(row)]));
  const top: Label[] = [];
  for (const row of rows) {
    const label = byId.get(row.id)!;
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    if (parent) parent.children.push(label);
    else top.push(label);
  }
  return top;
}

/**
 * Folders (labels, projects-dashboard §3 and §7; decision 66): the customer's own tree, nested
 * at most MAX_FOLDER_DEPTH deep, and the demo folder. Deleting a folder removes its sub-folders
 * and moves their projects out to All projects.
 */
@Injectable()
export class LabelsService {
  constructor(
    private readonly access: AccessService,
    private readonly labels: LabelsRepository,
    private readonly projects: ProjectsRepository,
    private readonly teamViews: TeamViews,
  ) {}

  /** The folders shared with a team the customer belongs to (404 for another team; issue 30). */
  async ofTeam(actor: Actor, teamId: string): Promise<LabelsResponse> {
    return { data: await this.teamViews.sharedLabels(actor, teamId) };
  }

  async list(actor: Actor): Promise<LabelsResponse> {
    const [rows, demo] = await Promise.all([
      this.labels.ofOwner(actor.customerId),
      this.projects.demoFolder(),
    ]);
    const demoFolder: Label = {
      id: DEMO_FOLDER_ID,
      title: dashboardTexts.demoProjects,
      owner: { id: demo.ownerId ?? actor.customerId },
      parentId: null,
      children: [],
      shares: NO_SHARES(),
      isDemo: true,
      parentIsDemo: false,
      projectsCount: demo.count,
    };
    return { data: [...labelTree(rows), demoFolder] };
  }

  async create(actor: Actor, request: CreateLabelRequest): Promise<LabelResponse> {
    const parentId = await this.parentFor(actor, request.parentId ?? null);
    const row = await this.labels.insert(actor.customerId, request.title, parentId, (depth) =>
      depth === null
        ? CommonException.notFound()
        : depth + 1 > MAX_FOLDER_DEPTH
          ? ProjectException.field('parentId', projectMessages.folderTooDeep)
          : null,
    );
    return { label: toLabel(row) };
  }

  /** Renames and/or moves a folder (with everything below it); never into its own subtree. */
  async update(actor: Actor, id: string, request: UpdateLabelRequest): Promise<LabelResponse> {
    if (id === DEMO_FOLDER_ID) throw ProjectException.notice(projectMessages.demoReadOnly);
    await this.access.require(actor, Permission.LabelUpdate, [id]);
    if (request.title === undefined && request.parentId === undefined)
      throw ProjectException.notice(projectMessages.nothingToChange);
    // A blank parent is the top level, as on create; never sent on as a uuid.
    const parentId =
      request.parentId === undefined ? undefined : await this.parentFor(actor, request.parentId);
    const row = await this.labels.update(
      actor.customerId,
      id,
      { title: request.title, parentId },
      ({ subtree, parentDepth }) => {
        if (parentDepth === null) return CommonException.notFound();
        if (subtree.some((folder) => folder.id === parentId))
          return ProjectException.field('parentId', projectMessages.folderIntoItself);
        const height = Math.max(0, ...subtree.map((folder) => folder.level));
        return parentDepth + height > MAX_FOLDER_DEPTH
          ? ProjectException.field('parentId', projectMessages.folderTooDeep)
          : null;
      },
    );
    if (!row) throw CommonException.notFound();
    return { label: toLabel(row) };
  }

  /** Removes the folder and its sub-folders; what they held moves to All projects. */
  async delete(actor: Actor, id: string): Promise<DeletedLabelResponse> {
    if (id === DEMO_FOLDER_ID) throw ProjectException.notice(projectMessages.demoReadOnly);
    await this.access.require(actor, Permission.LabelDelete, [id]);
    const subtree = await this.labels.delete(actor.customerId, id);
    return {
      labels: subtree.length,
      projectsMoved: subtree.reduce((sum, folder) => sum + folder.projects, 0),
    };
  }

  /** A parent folder: null for the top level, one's own folder, never the demo folder. */
  private async parentFor(actor: Actor, parentId: string | null): Promise<string | null> {
    if (parentId === null || parentId === '') return null;
    if (parentId === DEMO_FOLDER_ID)
      throw ProjectException.field('parentId', projectMessages.demoReadOnly);
    await this.access.require(actor, Permission.LabelUpdate, [parentId]);
    return parentId;
  }
}
