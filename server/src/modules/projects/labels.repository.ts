import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';

/** A folder row; `projects_count` is the trigger's. */
export interface LabelRecord {
  id: string;
  owner_id: string;
  parent_id: string | null;
  title: string;
  projects_count: number;
}

const COLUMNS = 'l.id, l.owner_id, l.parent_id, l.title, l.projects_count';

/** The one writer of `labels` (folders). */
@Injectable()
export class LabelsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** All the owner's folders, by title (served by labels_owner_idx). */
  async ofOwner(ownerId: string): Promise<LabelRecord[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM labels l WHERE l.owner_id = $1 ORDER BY lower(l.title), l.id`,
      [ownerId],
    );
  }

  async findById(id: string): Promise<LabelRecord | null> {
    const rows: LabelRecord[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM labels l WHERE l.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** How deep the folder is: 1 at the top level. */
  async depthOf(id: string): Promise<number> {
    const rows: Array<{ depth: number }> = await this.dataSource.query(
      `WITH RECURSIVE up AS (
         SELECT id, parent_id, 1 AS depth FROM labels WHERE id = $1
         UNION ALL
         SELECT l.id, l.parent_id, up.depth + 1 FROM labels l JOIN up ON l.id = up.parent_id
          WHERE up.depth < 100
       )
       SELECT max(depth)::int AS depth FROM up`,
      [id],
    );
    return rows[0]?.depth ?? 0;
  }

  /** The folder and every folder below it, each with its depth below the folder (itself 1). */
  async subtreeOf(id: string): Promise<Array<{ id: string; level: number; projects: number }>> {
    const rows: Array<{ id: string; level: number; projects: number }> =
      await this.dataSource.query(
        `WITH RECURSIVE down AS (
           SELECT id, 1 AS level, projects_count FROM labels WHERE id = $1
           UNION ALL
           SELECT l.id, down.level + 1, l.projects_count FROM labels l JOIN down ON l.parent_id = down.id
            WHERE down.level < 100
         )
         SELECT id, level, projects_count::int AS projects FROM down`,
        [id],
      );
    return rows;
  }

  async insert(ownerId: string, title: string, parentId: string | null): Promise<LabelRecord> {
    const rows: LabelRecord[] = await this.dataSource.query(
      `INSERT INTO labels AS l (owner_id, parent_id, title) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [ownerId, parentId, title],
    );
    return rows[0]!;
  }

  /** Renames and/or moves; `parentId` undefined leaves the parent as it is. */
  async update(
    id: string,
    change: { title?: string; parentId?: string | null },
  ): Promise<LabelRecord | null> {
    const [rows]: [LabelRecord[], number] = await this.dataSource.query(
      `UPDATE labels AS l
          SET title = coalesce($2, title),
              parent_id = CASE WHEN $3::boolean THEN $4::uuid ELSE parent_id END,
              updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, change.title ?? null, change.parentId !== undefined, change.parentId ?? null],
    );
    return rows[0] ?? null;
  }

  /**
   * Deletes the folder; its sub-folders go with it (ON DELETE CASCADE) and their projects move
   * out to All projects (ON DELETE SET NULL, the trigger keeping the counters).
   */
  async delete(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM labels WHERE id = $1`, [id]);
  }
}
