import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';

/** The preview's reads of `projects`. */
@Injectable()
export class ProjectFilesRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** Where the project's current preview is kept; null when there is none (yet). */
  async previewKey(projectId: string): Promise<string | null> {
    const rows: Array<{ preview_key: string | null }> = await this.dataSource.query(
      `SELECT preview_key FROM projects WHERE id = $1`,
      [projectId],
    );
    return rows[0]?.preview_key ?? null;
  }
}
