import {
  exportFileName,
  ownMessages,
  PROJECT_FILE_FORMAT,
  PROJECT_IMPORT_LIMITS,
  PROJECT_FILE_VERSION,
  projectMessages,
  type CreatedProjectResponse,
  type ProjectFile,
} from '@animata/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AccessService, type Actor, Permission } from '../../../common/access/index.js';
import { CommonException } from '../../../common/errors/common.exception.js';
import { holdsForbiddenCharacters } from '../../../common/http/json-body.js';
import type { AppLogger } from '../../../common/logger.js';
import type { RateLimiter } from '../../../common/rate-limit/rate-limiter.js';
import { FILE_STORAGE, LOGGER, RATE_LIMITER } from '../../../common/tokens.js';
import type { FileStorage } from '../../storage/index.js';
import { ProjectErrorCode, ProjectException } from '../project.exception.js';
import { ProjectsService } from '../projects.service.js';
import { readImport } from './project-import.js';
import { ProjectFilesRepository } from './project-files.repository.js';

/** Refusals an import passes on as they are; anything else is 'Failed to create project.'. */
const IMPORT_REFUSALS = new Set<ProjectErrorCode>([
  ProjectErrorCode.InvalidFileType,
  ProjectErrorCode.TooComplex,
]);

export interface ImportUpload {
  fileName: string;
  data: Buffer;
  label: string | null;
}

export interface PreviewFile {
  data: Buffer;
  /** The version the file shows (from its key), to tell whether `?v=` names it. */
  version: number | null;
}

/** Import, export and the preview file of projects (issue 17). */
@Injectable()
export class ProjectFilesService {
  private readonly logger: AppLogger;

  constructor(
    private readonly projects: ProjectsService,
    private readonly access: AccessService,
    private readonly files: ProjectFilesRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(LOGGER) logger: AppLogger,
  ) {
    this.logger = logger.child({ component: 'project-files' });
  }

  async import(actor: Actor, upload: ImportUpload): Promise<CreatedProjectResponse> {
    const hit = await this.limiter.hit(
      `project-import:${actor.customerId}`,
      PROJECT_IMPORT_LIMITS.perHour,
      60 * 60 * 1000,
    );
    if (!hit.allowed) throw CommonException.tooManyRequests();
    let imported;
    try {
      imported = await readImport(upload.data, upload.fileName);
    } catch (error) {
      if (error instanceof ProjectException && IMPORT_REFUSALS.has(error.code as ProjectErrorCode))
        throw error;
      if (!(error instanceof ProjectException))
        this.logger.warn({ err: error, customerId: actor.customerId }, 'import failed');
      throw ProjectException.notice(projectMessages.createFailed);
    }
    // A project file's title or definitions may hold what JSON can escape but PostgreSQL (NUL)
    // or any text (a lone surrogate) cannot: refused like such a JSON body.
    if (holdsForbiddenCharacters(imported))
      throw CommonException.badRequest(ownMessages.forbiddenCharacters);
    return this.projects.create(actor, {
      title: imported.title,
      label: upload.label,
      data: imported.data,
    });
  }

  /** The project file of one project the actor may open, and its download name. */
  async export(actor: Actor, id: string): Promise<{ fileName: string; file: ProjectFile }> {
    const project = await this.projects.withData(actor, id);
    return {
      fileName: exportFileName(project.title),
      file: {
        format: PROJECT_FILE_FORMAT,
        version: PROJECT_FILE_VERSION,
        title: project.title,
        data: project.data,
      },
    };
  }

  /** The current preview of a project the actor may open (own or a demo original), or 404. */
  async preview(actor: Actor, id: string): Promise<PreviewFile> {
    await this.access.require(actor, Permission.ProjectRead, [id]);
    const key = await this.files.previewKey(id);
    const data = key === null ? null : await this.storage.get(key);
    if (key === null || data === null) throw CommonException.notFound();
    const version = /\/(\d+)\.svg$/.exec(key)?.[1];
    return { data, version: version === undefined ? null : Number(version) };
  }
}
