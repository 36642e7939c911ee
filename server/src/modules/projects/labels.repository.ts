import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
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

/** The folder and every folder below it, each with its depth below the folder (itself 1). */
export type Subtree = Array<{ id: string; level: number; projects: number }>;

/** Where a folder would go: its subtree, and the new parent's depth (null when it is gone). */
export interface Placement {
  subtree: Subtree;
  parentDepth: number | null;
}

type Queryable = Pick<EntityManager, 'query'>;

/**
 * The advisory lock of an owner's folder tree: folder changes hold it alone; project writes that
 * count into a folder (ProjectsRepository) share it, so a folder is never deleted under them
 * (no foreign-key failure, no deadlock on the folder counters).
 */
export function folderTreeLockKey(ownerId: string): string {
  return `animata:labels:${ownerId}`;
}

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
  private async depthOf(db: Queryable, id: string): Promise<number> {
    const rows: Array<{ depth: number }> = await db.query(
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
  private async subtreeOf(db: Queryable, id: string): Promise<Subtree> {
    const rows: Subtree = await db.query(
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

  /**
   * A new folder, under `parentId` when given, while the owner's tree is locked; `check` sees the
   * parent's depth as it is then (null when the parent is gone) and may refuse.
   */
  async insert(
    ownerId: string,
    title: string,
    parentId: string | null,
    check: (parentDepth: number | null) => Error | null,
  ): Promise<LabelRecord> {
    return this.inLockedTree(ownerId, async (db) => {
      const refusal = check(parentId === null ? 0 : await this.parentDepth(db, parentId));
      if (refusal) throw refusal;
      const rows: LabelRecord[] = await db.query(
        `INSERT INTO labels AS l (owner_id, parent_id, title) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
        [ownerId, parentId, title],
      );
      return rows[0]!;
    });
  }

  /**
   * Renames and/or moves (`parentId` undefined leaves the parent as it is) while the owner's
   * tree is locked; a move first asks `check` about the tree as it is then. Answers null when
   * the folder is gone.
   */
  async update(
    ownerId: string,
    id: string,
    change: { title?: string; parentId?: string | null },
    check: (placement: Placement) => Error | null,
  ): Promise<LabelRecord | null> {
    return this.inLockedTree(ownerId, async (db) => {
      if (change.parentId !== undefined && change.parentId !== null) {
        const subtree = await this.subtreeOf(db, id);
        const parentDepth = await this.parentDepth(db, change.parentId);
        const refusal = check({ subtree, parentDepth });
        if (refusal) throw refusal;
      }
      const [rows]: [LabelRecord[], number] = await db.query(
        `UPDATE labels AS l
            SET title = coalesce($2, title),
                parent_id = CASE WHEN $3::boolean THEN $4::uuid ELSE parent_id END,
                updated_at = now()
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, change.title ?? null, change.parentId !== undefined, change.parentId ?? null],
      );
      return rows[0] ?? null;
    });
  }

  /**
   * Deletes the folder; its sub-folders go with it (ON DELETE CASCADE) and their projects move
   * out to All projects (ON DELETE SET NULL, the trigger keeping the counters). Answers the
   * subtree that went, read under the owner's tree lock.
   */
  async delete(ownerId: string, id: string): Promise<Subtree> {
    return this.inLockedTree(ownerId, async (db) => {
      const subtree = await this.subtreeOf(db, id);
      // Their projects first, as every project write takes a project before its folder's
      // counter (the thumbnail job's preview size included): the other order deadlocks.
      await db.query(`SELECT 1 FROM projects WHERE label_id = ANY($1::uuid[]) FOR NO KEY UPDATE`, [
        subtree.map((folder) => folder.id),
      ]);
      await db.query(`DELETE FROM labels WHERE id = $1`, [id]);
      return subtree;
    });
  }

  /**
   * One transaction holding the owner's folder-tree lock: the checks of the tree's shape and the
   * change they allow see the same tree, so two folders moved into each other at once cannot
   * both pass and leave a loop that no longer hangs from the top level.
   */
  private inLockedTree<T>(ownerId: string, work: (db: Queryable) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        folderTreeLockKey(ownerId),
      ]);
      return work(manager);
    });
  }

  /** The depth of a parent-to-be, or null when it is gone. */
  private async parentDepth(db: Queryable, id: string): Promise<number | null> {
    const depth = await this.depthOf(db, id);
    return depth === 0 ? null : depth;
  }
}
