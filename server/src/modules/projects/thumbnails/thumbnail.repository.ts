import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';

export interface PreviewSource {
  ownerId: string;
  /** The data as JSON text: parsed in the worker pool, not on the event loop. */
  dataJson: string;
  previewVersion: number;
}

/** The thumbnail job's reads and writes of `projects` (named statements, STYLE "Data"). */
@Injectable()
export class ThumbnailRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async findSource(projectId: string): Promise<PreviewSource | null> {
    const rows: Array<{ owner_id: string; data_json: string; preview_version: number }> =
      await this.dataSource.query(
        `SELECT owner_id, data::text AS data_json, preview_version FROM projects WHERE id = $1`,
        [projectId],
      );
    const row = rows[0];
    return row
      ? { ownerId: row.owner_id, dataJson: row.data_json, previewVersion: row.preview_version }
      : null;
  }

  /**
   * Stores the preview of `version` if that is still the current version, in one statement, and
   * clears pending_preview. Null when the data changed meanwhile (a newer job will write its
   * own); else the owner and the key of the preview it replaced.
   */
  async storePreview(
    projectId: string,
    version: number,
    previewKey: string,
    sizeBytes: number,
  ): Promise<{ ownerId: string; previousKey: string | null } | null> {
    // TypeORM answers an UPDATE … RETURNING with [rows, affected count].
    const [rows]: [Array<{ owner_id: string; previous_key: string | null }>, number] =
      await this.dataSource.query(
        `UPDATE projects p
            SET preview_key = $3, size_bytes = $4, pending_preview = false
           FROM (SELECT id, preview_key FROM projects WHERE id = $1 FOR UPDATE) previous
          WHERE p.id = previous.id AND p.preview_version = $2
      RETURNING p.owner_id, previous.preview_key AS previous_key`,
        [projectId, version, previewKey, sizeBytes],
      );
    const row = rows[0];
    return row ? { ownerId: row.owner_id, previousKey: row.previous_key } : null;
  }

  /**
   * A page of the projects whose preview is pending, by id after `afterId` (keyset, through
   * projects_pending_preview_idx), with the version each waits for.
   */
  async pendingPreviews(
    afterId: string,
    limit: number,
  ): Promise<Array<{ id: string; version: number }>> {
    const rows: Array<{ id: string; preview_version: number }> = await this.dataSource.query(
      `SELECT id, preview_version FROM projects
        WHERE pending_preview AND id > $1 ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((row) => ({ id: row.id, version: row.preview_version }));
  }
}
