import {
  exportFileName,
  ownMessages,
  PROJECT_FILE_FORMAT,
  PROJECT_FILE_VERSION,
  projectMessages,
  type CreatedProjectResponse,
  type ProjectFile,
} from '@animata/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AccessService, type Actor, Permission } from '../../../common/access/index.js';
import { CommonException } from '../../../common/errors/common.exception.js';
import type { AppLogger } from '../../../common/logger.js';
import { FILE_STORAGE, LOGGER } from '../../../common/tokens.js';
import { WorkerOutOfMemoryError, WorkerPool } from '../../../common/worker-pool/worker-pool.js';
import type { FileStorage } from '../../storage/index.js';
import { UploadLimits } from '../../uploads/index.js';
import { ProjectException } from '../project.exception.js';
import { ProjectsService } from '../projects.service.js';
import { readImportTask } from './project-import.task.js';
import { ProjectFilesRepository } from './project-files.repository.js';

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

/** The document a project page plays, and the version it shows (its ETag). */
export interface ProjectDocumentFile {
  document: string;
  version: number;
}

/** Import, export, the preview file and the document of projects (issues 17, 29). */
@Injectable()
export class ProjectFilesService {
  private readonly logger: AppLogger;

  constructor(
    private readonly projects: ProjectsService,
    private readonly access: AccessService,
    private readonly files: ProjectFilesRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly uploadLimits: UploadLimits,
    private readonly pool: WorkerPool,
    @Inject(LOGGER) logger: AppLogger,
  ) {
    this.logger = logger.child({ component: 'project-files' });
  }

  /**
   * The upload's parsing and sanitising run in the worker pool; only the result reaches the
   * projects service, which stores it without sanitising it again. Within the customer's import
   * limits: a refusal (type, complexity, quota) gives its place back.
   */
  async import(actor: Actor, upload: ImportUpload): Promise<CreatedProjectResponse> {
    return this.uploadLimits.import(actor.customerId, async () => {
      const result = await this.pool
        .run(readImportTask, { bytes: upload.data, fileName: upload.fileName })
        .catch((error: unknown) => {
          if (error instanceof WorkerOutOfMemoryError) throw ProjectException.tooComplex();
          throw error;
        });
      if (!result.ok) {
        if (result.refusal === 'invalid-file-type') throw ProjectException.invalidFileType();
        if (result.refusal === 'too-complex') throw ProjectException.tooComplex();
        if (result.refusal === 'forbidden-characters')
          throw CommonException.badRequest(ownMessages.forbiddenCharacters);
        if (result.unexpected)
          this.logger.warn(
            { err: result.unexpected, customerId: actor.customerId },
            'import failed',
          );
        throw ProjectException.notice(projectMessages.createFailed);
      }
      return this.projects.createFromChange(actor, {
        title: result.title,
        label: upload.label,
        change: result.change,
      });
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

  /**
   * The stored document of a project the actor may open (own, or a demo original), or 404. It
   * was sanitised when it was written; the controller serves it as user content, so whatever
   * the sanitiser missed still cannot run (issue 29, the viewer).
   */
  async document(actor: Actor, id: string): Promise<ProjectDocumentFile> {
    await this.access.require(actor, Permission.ProjectRead, [id]);
    const file = await this.files.document(id);
    if (file === null) throw CommonException.notFound();
    return file;
  }
}
