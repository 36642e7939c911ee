import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';

/** The preview's and the document's reads of `projects`. */
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

  /**
   * The project's stored (sanitised) SVG document and its data version; null for no such row.
   * Only the document is read out of the data, not the whole JSON.
   */
  async document(projectId: string): Promise<{ document: string; version: number } | null> {
    const rows: Array<{ document: string | null; preview_version: number }> =
      await this.dataSource.query(
        `SELECT data->>'document' AS document, preview_version FROM projects WHERE id = $1`,
        [projectId],
      );
    const row = rows[0];
    return row && row.document !== null
      ? { document: row.document, version: row.preview_version }
      : null;
  }
}
