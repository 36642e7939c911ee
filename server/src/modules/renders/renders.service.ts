import { Inject, Injectable } from '@nestjs/common';
import {
  defaultRenderInput,
  isActiveRenderStatus,
  liveEvents,
  type CreateRenderResponse,
  type RenderAbortResponse,
  type RenderExport,
  type RenderIdsResponse,
  type RenderJobInput,
  type RenderLimits,
  type RenderListResponse,
  type RenderOptionsResponse,
  type RenderShareResponse,
  type RenderStatus,
  type Sort,
  renderCaps,
  renderInputErrors,
  renderLimitRefusal,
  renderLimits,
  renderOutputDurationMs,
  planFeatures,
  DEFAULT_PAGE_SIZE,
  type AccessLevel,
  type CreateRenderBody,
  type RenderListQueryDto,
} from '@animata/contracts';
import { AccessService, type Actor, Permission } from '../../common/access/index.js';
import type { Clock } from '../../common/clock.js';
import { newPublicId } from '../../common/ids.js';
import { CLOCK, CONFIG } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { LiveService } from '../../live/live.service.js';
import { PlanAccess } from '../billing/index.js';
import { RENDER_DISPATCH, type RenderDispatch } from './render-dispatch.port.js';
import { RenderException } from './render.exception.js';
import { SHARE_TTL_MS, shareUrl } from './render-share.js';
import { RenderFiles } from './render-file-store.js';
import { toRenderExport } from './render-export.js';
import { type RenderRow, type RenderUsage, RendersRepository } from './renders.repository.js';

const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The statuses the Render jobs section may ask for (failed ones stay listed: 280). */
const JOB_SECTION_STATUSES: readonly RenderStatus[] = [
  'queued',
  'scheduled',
  'deployed',
  'progress',
  'failed',
];

/** The renders calls (projects-dashboard §3 Export, §4, §7 Renders; issue 32). */
@Injectable()
export class RendersService {
  constructor(
    private readonly renders: RendersRepository,
    private readonly access: AccessService,
    private readonly plans: PlanAccess,
    private readonly live: LiveService,
    private readonly files: RenderFiles,
    @Inject(RENDER_DISPATCH) private readonly dispatch: RenderDispatch,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** The customer's limits now. */
  async limitsOf(customerId: string, level?: AccessLevel): Promise<RenderLimits> {
    const [accessLevel, usage] = await Promise.all([
      level ?? this.plans.effectiveLevelOf(customerId),
      this.renders.usageOf(customerId, this.clock.now()),
    ]);
    return limitsFrom(accessLevel, usage);
  }

  async options(actor: Actor, projectId: string): Promise<RenderOptionsResponse> {
    const project = await this.readableProject(actor, projectId);
    const level = await this.plans.effectiveLevelOf(actor.customerId);
    const caps = renderCaps(level);
    const summary = {
      id: project.id,
      title: project.title,
      duration: project.duration_ms,
      dimension: { width: project.width, height: project.height },
    };
    return {
      project: summary,
      caps,
      defaults: defaultRenderInput(summary, caps),
      limits: await this.limitsOf(actor.customerId, level),
    };
  }

  async create(actor: Actor, body: CreateRenderBody): Promise<CreateRenderResponse> {
    const project = await this.readableProject(actor, body.projectId);
    const level = await this.plans.effectiveLevelOf(actor.customerId);
    const caps = renderCaps(level);
    const input = jobInputOf(body.jobInput);
    const errors = renderInputErrors(input, caps, project.duration_ms);
    const first = Object.entries(errors)[0];
    if (first) throw RenderException.field(first[0], first[1]);
    const now = this.clock.now();
    const retentionDays = planFeatures(level).renderRetentionDays;
    const row = await this.renders.create(
      {
        id: newPublicId(),
        customerId: actor.customerId,
        projectId: project.id,
        projectTitle: project.title,
        title: body.title?.trim() || project.title,
        jobInput: input,
        watermark: caps.watermark,
        durationMs: renderOutputDurationMs(input),
        planRank: level,
        deleteAt: retentionDays === null ? null : new Date(now.getTime() + retentionDays * DAY_MS),
      },
      now,
      (usage) => {
        const limits = limitsFrom(level, usage);
        const refusal = renderLimitRefusal(limits);
        if (refusal !== null) throw RenderException.limitReached(refusal, limits);
      },
    );
    await this.dispatch.pump(actor.customerId);
    return { export: this.toExport(row), limits: await this.limitsOf(actor.customerId, level) };
  }

  async list(actor: Actor, query: RenderListQueryDto): Promise<RenderListResponse> {
    const rows = query.rows ?? DEFAULT_PAGE_SIZE;
    const page = query.page ?? 1;
    const statuses = sectionStatuses(query.jobStatus);
    const [result, limits] = await Promise.all([
      this.renders.list(
        {
          customerId: actor.customerId,
          statuses,
          sort: (query.sort_by ?? 'date_desc') as Sort,
          search: query.titleSearchFilter ?? null,
        },
        page,
        rows,
      ),
      this.limitsOf(actor.customerId),
    ]);
    return {
      data: result.rows.map((row) => this.toExport(row)),
      pagination: { totalFiles: result.total, filesPerPage: rows, page },
      limits,
    };
  }

  async details(actor: Actor, id: string): Promise<RenderExport> {
    return this.toExport(await this.own(actor, Permission.RenderRead, id));
  }

  /**
   * Deletes the caller's renders (404 when any is not theirs, as projects' delete). An active
   * one is aborted first (its export given back, its worker stopped); the files go too.
   */
  async delete(actor: Actor, ids: string[]): Promise<RenderIdsResponse> {
    const wanted = [...new Set(ids)];
    const allowed = await this.access.check(actor, Permission.RenderManage, wanted);
    if (wanted.some((id) => !allowed.has(id))) throw RenderException.notFound();
    const now = this.clock.now();
    const aborted = (await this.renders.abortMany(actor.customerId, wanted, now)).map(
      (row) => row.id,
    );
    const deleted = await this.renders.deleteMany(actor.customerId, wanted);
    await Promise.allSettled(aborted.map((id) => this.dispatch.stop(id)));
    await this.files.remove(deleted);
    if (aborted.length > 0) await this.dispatch.pump(actor.customerId);
    const wasAborted = new Set(aborted);
    for (const row of deleted) {
      this.notify(actor.customerId, {
        ...row,
        status: wasAborted.has(row.id) ? 'aborted' : row.status,
      });
    }
    return {
      ids: deleted.map((row) => row.id),
      limits: await this.limitsOf(actor.customerId),
    };
  }

  async setPriority(actor: Actor, id: string, priority: number): Promise<RenderExport> {
    await this.own(actor, Permission.RenderManage, id);
    const row = await this.renders.setPriority(actor.customerId, id, priority, this.clock.now());
    if (!row) throw RenderException.notFound();
    await this.dispatch.pump(actor.customerId);
    this.notify(actor.customerId, row);
    return this.toExport(row);
  }

  async abort(actor: Actor, id: string): Promise<RenderAbortResponse> {
    await this.own(actor, Permission.RenderManage, id);
    const row = await this.renders.abort(actor.customerId, id, this.clock.now());
    if (!row) throw RenderException.notActive();
    await this.dispatch.stop(id);
    await this.dispatch.pump(actor.customerId);
    this.notify(actor.customerId, row);
    return { export: this.toExport(row), limits: await this.limitsOf(actor.customerId) };
  }

  async share(actor: Actor, id: string): Promise<RenderShareResponse> {
    const found = await this.own(actor, Permission.RenderRead, id);
    if (found.status !== 'done') throw RenderException.notDone();
    const now = this.clock.now();
    // Whole seconds: the URL carries the expiry in seconds.
    const expiresAt = new Date(Math.floor((now.getTime() + SHARE_TTL_MS) / 1000) * 1000);
    const row = await this.renders.share(actor.customerId, id, expiresAt);
    if (!row) throw RenderException.notDone();
    return {
      shareUrl: shareUrl(this.config.publicUrl, this.config.shareLinkSecret, id, expiresAt),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** A done render of the caller's with its file, for preview and download. */
  async fileOf(actor: Actor, id: string): Promise<RenderRow & { file_key: string }> {
    const row = await this.own(actor, Permission.RenderRead, id);
    if (row.status !== 'done' || row.file_key === null) throw RenderException.notDone();
    return row as RenderRow & { file_key: string };
  }

  /**
   * The render behind a share URL whose signature and expiry the caller checked: done, with its
   * file, and shared until at least that expiry. Anything else is 404, as an unknown render.
   */
  async sharedFile(id: string, expiresAt: Date): Promise<RenderRow & { file_key: string }> {
    const row = await this.renders.findById(id);
    if (
      !row ||
      row.status !== 'done' ||
      row.file_key === null ||
      row.share_expires_at === null ||
      row.share_expires_at.getTime() < expiresAt.getTime()
    ) {
      throw RenderException.notFound();
    }
    return row as RenderRow & { file_key: string };
  }

  toExport(row: RenderRow): RenderExport {
    const now = this.clock.now();
    const shared = row.share_expires_at !== null && row.share_expires_at.getTime() > now.getTime();
    return toRenderExport(
      row,
      shared
        ? shareUrl(
            this.config.publicUrl,
            this.config.shareLinkSecret,
            row.id,
            row.share_expires_at!,
          )
        : null,
    );
  }

  /** render-update to the customer's room. */
  private notify(customerId: string, row: RenderRow): void {
    this.live.toCustomer(customerId, liveEvents.renderUpdate, {
      exportId: row.id,
      status: row.status,
      percent: row.percent,
      eta: isActiveRenderStatus(row.status) ? row.eta_seconds : null,
      error: row.error,
    });
  }

  /** The caller's render, or 404 'Render not found.' (someone else's too). */
  private async own(actor: Actor, permission: Permission, id: string): Promise<RenderRow> {
    const allowed = await this.access.check(actor, permission, [id]);
    if (!allowed.has(id)) throw RenderException.notFound();
    const row = await this.renders.findById(id);
    if (!row) throw RenderException.notFound();
    return row;
  }

  /**
   * A project the caller may open (ProjectRead: their own, shared with them, and the demo
   * originals, which may be rendered: decision 278), else 404 'Project not found.'.
   */
  private async readableProject(actor: Actor, projectId: string) {
    const readable = await this.access.check(actor, Permission.ProjectRead, [projectId]);
    if (!readable.has(projectId)) throw RenderException.projectNotFound();
    const project = await this.renders.projectForRender(projectId);
    if (!project) throw RenderException.projectNotFound();
    return project;
  }
}

function limitsFrom(level: AccessLevel, usage: RenderUsage): RenderLimits {
  return renderLimits(level, {
    files: usage.files,
    storageMb: Math.round((usage.storageBytes / MB) * 100) / 100,
    thisMonth: usage.thisMonth,
  });
}

/** The section's statuses: `done` (the default), or the Render jobs' list. */
function sectionStatuses(jobStatus: string | undefined): RenderStatus[] {
  if (jobStatus === undefined || jobStatus === '' || jobStatus === 'done') return ['done'];
  const asked = [...new Set(jobStatus.split(','))];
  // The DTO lets only these through; anything else reads as every job status.
  const statuses = JOB_SECTION_STATUSES.filter((status) => asked.includes(status));
  return statuses.length > 0 ? statuses : [...JOB_SECTION_STATUSES];
}

/** A plain job input from the validated body (codec and matte null when left out). */
function jobInputOf(body: CreateRenderBody['jobInput']): RenderJobInput {
  return {
    extension: body.extension,
    codec: body.codec ?? null,
    framerate: body.framerate,
    resolution: { width: body.resolution.width, height: body.resolution.height },
    quality: body.quality,
    colorPaletteSize: body.colorPaletteSize,
    matte: body.matte ?? null,
    dither: body.dither,
    offset: { start: body.offset.start, duration: body.offset.duration },
    speed: body.speed,
    iterations: body.iterations,
  };
}
