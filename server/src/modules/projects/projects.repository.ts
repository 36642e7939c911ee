import { Inject, Injectable } from '@nestjs/common';
import type { ProjectData } from '@animata/contracts';
import type pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { CommonException } from '../../common/errors/common.exception.js';
import { DATA_SOURCE } from '../../common/tokens.js';
import { folderTreeLockKey } from './labels.repository.js';
import {
  hasSearch,
  inListOrder,
  LIST_COLUMNS,
  listPageStatement,
  listSharesStatement,
  ownProjectIds,
  type ShareSummaryRow,
  listSearchStatement,
  listTotalStatement,
  type ListRequest,
  planPage,
  type ProjectListRow,
} from './project-list.sql.js';

/** A project row as the service sees it (the list columns, `data` only when asked for). */
export type ProjectRecord = ProjectListRow;
export type ProjectRecordWithData = ProjectListRow & { data: ProjectData };

/** The customer's counters as the migration's trigger keeps them. */
export interface Usage {
  projectsCount: number;
  storageBytes: number;
}

/** What a new project row holds; the preview starts pending at version 1. */
export interface NewProjectRow extends DataChange {
  id: string;
  ownerId: string;
  title: string;
  labelId: string | null;
  fromId: string | null;
  isDemo: boolean;
}

/** Where a keyset page of projects stops: `updated_at` as ISO text to the microsecond, and id. */
export interface ProjectPosition {
  updatedAt: string;
  id: string;
}

/** A change of a project's data, with what follows from it. */
export interface DataChange {
  /** The data as stored (JSON text): made once, where the data was cleaned. */
  dataJson: string;
  width: number;
  height: number;
  durationMs: number;
  sizeBytes: number;
}

/** A check run while the usage row is locked: a refusal to throw, or null to go on. */
export type UsageCheck = (usage: Usage) => Error | null;

const COLUMNS = LIST_COLUMNS;

/** The demo folder's count and owner: the originals, read through projects_demo_originals_idx. */
export const DEMO_FOLDER_SQL = `SELECT count(*)::int AS count, min(owner_id::text) AS owner_id
  FROM projects WHERE is_demo AND from_id IS NULL`;

/**
 * The one writer of `projects` (the files helper's thumbnail job writes only its preview
 * columns). The counters in `project_usage` and `labels.projects_count` are the trigger's, never
 * written here.
 */
@Injectable()
export class ProjectsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * One list request: the total, then the page, as the named statements of project-list.sql.ts
   * on one connection (prepared once per connection, as the bench's bare server runs them).
   */
  async list(
    request: ListRequest,
    page: number,
    rows: number,
    actorId: string,
  ): Promise<{ total: number; rows: ProjectRecord[]; shares: ShareSummaryRow[] }> {
    const runner = this.dataSource.createQueryRunner();
    try {
      // The pg client of the pool (QueryRunner.connect's public answer), for named statements.
      const client = (await runner.connect()) as pg.PoolClient;
      // The grants of the page's own projects, for their cards (one statement a page).
      const withShares = async (total: number, found: ProjectRecord[]) => {
        const statement = listSharesStatement(ownProjectIds(found, actorId));
        const shares =
          statement === null ? [] : (await client.query<ShareSummaryRow>(statement)).rows;
        return { total, rows: found, shares };
      };
      if (hasSearch(request)) {
        const found = await client.query<ProjectListRow & { total: number }>(
          listSearchStatement(request, { limit: rows, offset: (page - 1) * rows }),
        );
        if (found.rows.length > 0 || page === 1)
          return withShares(
            found.rows[0]?.total ?? 0,
            found.rows.map(({ total: _total, ...row }) => row),
          );
        // Past the end of the matches: the total alone.
      }
      const totalResult = await client.query<{ total: number }>(listTotalStatement(request));
      const total = totalResult.rows[0]?.total ?? 0;
      const plan = hasSearch(request) ? null : planPage(total, page, rows);
      if (plan === null) return { total, rows: [], shares: [] };
      const pageResult = await client.query<ProjectListRow>(listPageStatement(request, plan));
      return withShares(total, inListOrder(pageResult.rows, plan));
    } finally {
      await runner.release();
    }
  }

  /** The grants of one's own projects, for their cards (details and the project page). */
  async sharesOf(ids: string[]): Promise<ShareSummaryRow[]> {
    const statement = listSharesStatement(ids);
    if (statement === null) return [];
    return this.dataSource.query(statement.text, statement.values);
  }

  async findById(id: string): Promise<ProjectRecord | null> {
    const rows: ProjectRecord[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM projects p WHERE p.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findWithData(id: string): Promise<ProjectRecordWithData | null> {
    const rows: ProjectRecordWithData[] = await this.dataSource.query(
      `SELECT ${COLUMNS}, p.data FROM projects p WHERE p.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findManyByIds(ids: string[]): Promise<ProjectRecord[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(`SELECT ${COLUMNS} FROM projects p WHERE p.id = ANY($1::text[])`, [
      ids,
    ]);
  }

  async usageOf(ownerId: string): Promise<Usage> {
    const rows: Array<{ projects_count: number; storage_bytes: string }> =
      await this.dataSource.query(
        `SELECT projects_count, storage_bytes FROM project_usage WHERE owner_id = $1`,
        [ownerId],
      );
    const row = rows[0];
    return row
      ? { projectsCount: row.projects_count, storageBytes: Number(row.storage_bytes) }
      : { projectsCount: 0, storageBytes: 0 };
  }

  /**
   * Inserts the project while the owner's usage row is locked (`SELECT … FOR UPDATE`), so two
   * racing creates cannot both pass `check`. Answers the row and the usage after the insert.
   */
  async insertWithinLimits(
    row: NewProjectRow,
    check: UsageCheck,
  ): Promise<{ project: ProjectRecord; usage: Usage }> {
    return this.dataSource.transaction(async (manager) => {
      if (row.labelId !== null) await this.holdFolder(manager, row.ownerId, row.labelId);
      const before = await this.lockUsage(manager, row.ownerId);
      const refusal = check(before);
      if (refusal) throw refusal;
      const inserted: ProjectRecord[] = await manager.query(
        `INSERT INTO projects AS p (id, owner_id, title, label_id, from_id, is_demo, data, width,
           height, duration_ms, size_bytes, preview_version, pending_preview)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, 1, true)
         RETURNING ${COLUMNS}`,
        [
          row.id,
          row.ownerId,
          row.title,
          row.labelId,
          row.fromId,
          row.isDemo,
          row.dataJson,
          row.width,
          row.height,
          row.durationMs,
          row.sizeBytes,
        ],
      );
      const after = await this.lockUsage(manager, row.ownerId);
      return { project: inserted[0]!, usage: after };
    });
  }

  /** A demo's copy: made once per customer and original (an advisory lock orders racing opens). */
  async findOrInsertDemoCopy(ownerId: string, originalId: string, row: NewProjectRow) {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `animata:demo-copy:${ownerId}:${originalId}`,
      ]);
      const existing: Array<{ id: string }> = await manager.query(
        `SELECT id FROM projects WHERE owner_id = $1 AND from_id = $2 AND is_demo`,
        [ownerId, originalId],
      );
      if (existing[0]) return { id: existing[0].id, created: false };
      await manager.query(
        `INSERT INTO projects (id, owner_id, title, label_id, from_id, is_demo, data, width,
           height, duration_ms, size_bytes, preview_version, pending_preview)
         VALUES ($1, $2, $3, NULL, $4, true, $5::jsonb, $6, $7, $8, $9, 1, true)`,
        [
          row.id,
          ownerId,
          row.title,
          originalId,
          row.dataJson,
          row.width,
          row.height,
          row.durationMs,
          row.sizeBytes,
        ],
      );
      return { id: row.id, created: true };
    });
  }

  /**
   * One keyset page of the owner's own projects (no demos), newest changed first, for the apps'
   * read API: the rows after `after` (an `updated_at` to the microsecond and an id), read through
   * projects_owner_updated_idx. Each row carries its `updated_at` to the microsecond (`position`),
   * which JavaScript dates would round to the millisecond and so lose rows between pages.
   */
  async ownPage(
    ownerId: string,
    limit: number,
    after: ProjectPosition | null,
  ): Promise<Array<ProjectRecord & { position: ProjectPosition }>> {
    const rows: Array<ProjectRecord & { position_at: string }> = await this.dataSource.query(
      `SELECT ${COLUMNS},
              to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position_at
         FROM projects p
        WHERE p.owner_id = $1 AND NOT p.is_demo
          AND ($2::timestamptz IS NULL OR (p.updated_at, p.id) < ($2::timestamptz, $3::bpchar))
        ORDER BY p.updated_at DESC, p.id DESC
        LIMIT $4`,
      [ownerId, after?.updatedAt ?? null, after?.id ?? null, limit],
    );
    return rows.map(({ position_at, ...row }) => ({
      ...row,
      position: { updatedAt: position_at, id: row.id },
    }));
  }

  /** The customer's changed copies of these demos (by the copy's id or its original's). */
  async demoCopiesOf(ownerId: string, ids: string[]): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM projects
        WHERE owner_id = $1 AND is_demo AND from_id IS NOT NULL
          AND (id = ANY($2::text[]) OR from_id = ANY($2::text[]))`,
      [ownerId, ids],
    );
    return rows.map((row) => row.id);
  }

  /** Title and/or public flag; answers the row, or null when it is gone. */
  async updateFields(
    id: string,
    fields: { title?: string; isPublic?: boolean },
  ): Promise<ProjectRecord | null> {
    const [rows]: [ProjectRecord[], number] = await this.dataSource.query(
      `UPDATE projects AS p SET title = coalesce($2, title), is_public = coalesce($3, is_public),
              updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, fields.title ?? null, fields.isPublic ?? null],
    );
    return rows[0] ?? null;
  }

  /**
   * New data: the preview version goes up and the preview is pending until its job writes it.
   * Inside the owner's usage lock, so a growing project cannot pass the storage limit twice.
   */
  async updateData(
    id: string,
    ownerId: string,
    change: DataChange,
    check: (usage: Usage, previousSize: number) => Error | null,
  ): Promise<ProjectRecord | null> {
    return this.dataSource.transaction(async (manager) => {
      // A new size recounts the project's folder: not while the folder is being deleted.
      await this.shareFolderTree(manager, ownerId);
      const usage = await this.lockUsage(manager, ownerId);
      const current: Array<{ size_bytes: number }> = await manager.query(
        `SELECT size_bytes FROM projects WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (!current[0]) return null;
      const refusal = check(usage, current[0].size_bytes);
      if (refusal) throw refusal;
      const [rows]: [ProjectRecord[], number] = await manager.query(
        `UPDATE projects AS p SET data = $2::jsonb, width = $3, height = $4, duration_ms = $5,
                size_bytes = $6, preview_version = preview_version + 1, pending_preview = true,
                updated_at = now()
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, change.dataJson, change.width, change.height, change.durationMs, change.sizeBytes],
      );
      return rows[0] ?? null;
    });
  }

  /**
   * Moves the owner's projects to a folder (or none); answers the ids that moved. A folder
   * deleted meanwhile answers 404.
   */
  async move(ownerId: string, ids: string[], labelId: string | null): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      if (labelId === null) await this.shareFolderTree(manager, ownerId);
      else await this.holdFolder(manager, ownerId, labelId);
      const [rows]: [Array<{ id: string }>, number] = await manager.query(
        `UPDATE projects SET label_id = $3
          WHERE owner_id = $1 AND id = ANY($2::text[]) AND NOT is_demo
            AND label_id IS DISTINCT FROM $3::uuid
          RETURNING id`,
        [ownerId, ids, labelId],
      );
      return rows.map((row) => row.id);
    });
  }

  /**
   * Who a move or a delete of these projects reaches (issue 31, sharing-changed), in one query:
   * each grant of a customer or a team on a project itself ('direct'), on its folder or a folder
   * above it ('from'), or on `target` or a folder above it ('to', for a move). Demos have none.
   */
  async audienceOf(
    ids: string[],
    target: string | null,
  ): Promise<
    Array<{
      projectId: string;
      side: 'direct' | 'from' | 'to';
      customerId: string | null;
      teamId: string | null;
    }>
  > {
    if (ids.length === 0) return [];
    const rows: Array<{
      project_id: string;
      side: 'direct' | 'from' | 'to';
      customer_id: string | null;
      team_id: string | null;
    }> = await this.dataSource.query(
      `WITH RECURSIVE wanted AS (
         SELECT id, label_id FROM projects WHERE id = ANY($1::bpchar[]) AND NOT is_demo
       ), above (item_id, label_id, side) AS (
         SELECT id, label_id, 'from' FROM wanted WHERE label_id IS NOT NULL
         UNION ALL
         SELECT id, $2::uuid, 'to' FROM wanted WHERE $2::uuid IS NOT NULL
         UNION
         SELECT a.item_id, l.parent_id, a.side FROM above a JOIN labels l ON l.id = a.label_id
          WHERE l.parent_id IS NOT NULL
       )
       SELECT a.item_id AS project_id, a.side, ls.customer_id, NULL::uuid AS team_id
         FROM above a JOIN label_shares ls ON ls.label_id = a.label_id
       UNION ALL
       SELECT a.item_id, a.side, NULL, ts.team_id
         FROM above a JOIN team_shares ts ON ts.label_id = a.label_id
       UNION ALL
       SELECT w.id, 'direct', ps.customer_id, NULL
         FROM wanted w JOIN project_shares ps ON ps.project_id = w.id
       UNION ALL
       SELECT w.id, 'direct', NULL, ts.team_id
         FROM wanted w JOIN team_shares ts ON ts.project_id = w.id`,
      [ids, target],
    );
    return rows.map((row) => ({
      projectId: row.project_id.trim(),
      side: row.side,
      customerId: row.customer_id,
      teamId: row.team_id,
    }));
  }

  /** Deletes the owner's projects (never a demo here); answers the ids and their preview keys. */
  async deleteMany(
    ownerId: string,
    ids: string[],
    options: { demoCopies: boolean } = { demoCopies: false },
  ): Promise<Array<{ id: string; previewKey: string | null }>> {
    const [rows]: [Array<{ id: string; preview_key: string | null }>, number] =
      await this.dataSource.transaction(async (manager) => {
        // Deleting recounts the projects' folders: not while one of them is being deleted.
        await this.shareFolderTree(manager, ownerId);
        return manager.query(
          options.demoCopies
            ? `DELETE FROM projects WHERE owner_id = $1 AND id = ANY($2::text[])
               AND is_demo AND from_id IS NOT NULL RETURNING id, preview_key`
            : `DELETE FROM projects WHERE owner_id = $1 AND id = ANY($2::text[]) AND NOT is_demo
             RETURNING id, preview_key`,
          [ownerId, ids],
        );
      });
    return rows.map((row) => ({ id: row.id, previewKey: row.preview_key }));
  }

  /** Marks the demo originals that have no preview as pending; answers their ids and versions. */
  async demoOriginalsWithoutPreview(): Promise<Array<{ id: string; version: number }>> {
    const [rows]: [Array<{ id: string; preview_version: number }>, number] =
      await this.dataSource.query(
        `UPDATE projects SET pending_preview = true, preview_version = greatest(preview_version, 1)
          WHERE is_demo AND from_id IS NULL AND preview_key IS NULL
          RETURNING id, preview_version`,
      );
    return rows.map((row) => ({ id: row.id, version: row.preview_version }));
  }

  /** The demo folder's originals: how many, and whose (the demo customer's). */
  async demoFolder(): Promise<{ count: number; ownerId: string | null }> {
    const rows: Array<{ count: number; owner_id: string | null }> =
      await this.dataSource.query(DEMO_FOLDER_SQL);
    return { count: rows[0]?.count ?? 0, ownerId: rows[0]?.owner_id ?? null };
  }

  /**
   * Shares the owner's folder-tree lock (LabelsRepository holds it alone to change the tree):
   * taken first, before any row, so a write that counts into a folder and that folder's
   * deletion wait for each other instead of deadlocking on the counters' rows.
   */
  private async shareFolderTree(manager: EntityManager, ownerId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))', [
      folderTreeLockKey(ownerId),
    ]);
  }

  /** Shares the tree lock and checks the folder is still the owner's: 404 when it is gone. */
  private async holdFolder(manager: EntityManager, ownerId: string, labelId: string) {
    await this.shareFolderTree(manager, ownerId);
    const found: unknown[] = await manager.query(
      `SELECT 1 FROM labels WHERE id = $1 AND owner_id = $2`,
      [labelId, ownerId],
    );
    if (found.length === 0) throw CommonException.notFound();
  }

  private async lockUsage(manager: EntityManager, ownerId: string): Promise<Usage> {
    // The row may not exist yet (a customer's first project): create it, then lock it.
    await manager.query(
      `INSERT INTO project_usage (owner_id) VALUES ($1) ON CONFLICT (owner_id) DO NOTHING`,
      [ownerId],
    );
    const rows: Array<{ projects_count: number; storage_bytes: string }> = await manager.query(
      `SELECT projects_count, storage_bytes FROM project_usage WHERE owner_id = $1 FOR UPDATE`,
      [ownerId],
    );
    return {
      projectsCount: rows[0]!.projects_count,
      storageBytes: Number(rows[0]!.storage_bytes),
    };
  }
}
