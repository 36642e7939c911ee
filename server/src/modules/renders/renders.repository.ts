import { Inject, Injectable } from '@nestjs/common';
import type { RenderExtension, RenderJobInput, RenderStatus, Sort } from '@animata/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';
import { inListOrder, likePattern, planPage } from '../projects/index.js';
import type { RenderExportColumns } from './render-export.js';
import { RENDER_COLUMNS, renderOrderBy, renderSectionWhere } from './render-list.sql.js';

/** A render's row as PostgreSQL answers it (bigint as text). */
export interface RenderRow extends RenderExportColumns {
  customer_id: string;
  extension: RenderExtension;
  plan_rank: number;
  file_key: string | null;
  share_expires_at: Date | null;
  finished_at: Date | null;
}

/** What a customer's renders use, for the plan's limits. */
export interface RenderUsage {
  /** Done and active renders. */
  files: number;
  /** Bytes of the done renders' files. */
  storageBytes: number;
  /** Exports started this calendar month (UTC), aborted ones given back. */
  thisMonth: number;
}

export interface NewRender {
  id: string;
  customerId: string;
  projectId: string;
  projectTitle: string;
  title: string;
  jobInput: RenderJobInput;
  watermark: boolean;
  durationMs: number;
  planRank: number;
  deleteAt: Date | null;
}

export interface RenderListRequest {
  customerId: string;
  statuses: readonly RenderStatus[];
  sort: Sort;
  search: string | null;
}

const ACTIVE = `('queued', 'scheduled', 'deployed', 'progress')`;

/** The first day of the UTC month of `at`, as a date. */
export function monthOf(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** The renders table (migration 1796600000000) and the monthly counts (1796610000000). */
@Injectable()
export class RendersRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async usageOf(customerId: string, now: Date, manager?: EntityManager): Promise<RenderUsage> {
    const rows: Array<{ files: number; bytes: string; month: number }> = await (
      manager ?? this.dataSource
    ).query(
      `SELECT
         (SELECT count(*)::int FROM renders
           WHERE customer_id = $1 AND status IN ('done', 'queued', 'scheduled', 'deployed', 'progress')) AS files,
         (SELECT coalesce(sum(size_bytes), 0)::text FROM renders
           WHERE customer_id = $1 AND status = 'done') AS bytes,
         coalesce((SELECT started FROM render_months WHERE customer_id = $1 AND month = $2::date), 0) AS month`,
      [customerId, monthOf(now)],
    );
    const row = rows[0]!;
    return { files: row.files, storageBytes: Number(row.bytes), thisMonth: row.month };
  }

  /**
   * Inserts a render when `admit` (given the customer's usage, read under the customer's lock)
   * does not throw, and counts it in its month. Two requests of one customer at once wait for
   * each other, so neither passes a limit the other just reached.
   */
  async create(
    render: NewRender,
    now: Date,
    admit: (usage: RenderUsage) => void,
  ): Promise<RenderRow> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
        `renders:${render.customerId}`,
      ]);
      admit(await this.usageOf(render.customerId, now, manager));
      const rows: RenderRow[] = await manager.query(
        `INSERT INTO renders AS r (id, customer_id, project_id, project_title, title, extension,
           job_input, watermark, duration_ms, plan_rank, delete_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $12)
         RETURNING ${RENDER_COLUMNS}`,
        [
          render.id,
          render.customerId,
          render.projectId,
          render.projectTitle,
          render.title,
          render.jobInput.extension,
          JSON.stringify(render.jobInput),
          render.watermark,
          render.durationMs,
          render.planRank,
          render.deleteAt,
          now,
        ],
      );
      await manager.query(
        `INSERT INTO render_months (customer_id, month, started) VALUES ($1, $2::date, 1)
         ON CONFLICT (customer_id, month) DO UPDATE SET started = render_months.started + 1`,
        [render.customerId, monthOf(now)],
      );
      return rows[0]!;
    });
  }

  /** What a render needs of its project: title, length and size. */
  async projectForRender(id: string): Promise<{
    id: string;
    title: string;
    duration_ms: number;
    width: number;
    height: number;
  } | null> {
    const rows: Array<{
      id: string;
      title: string;
      duration_ms: number;
      width: number;
      height: number;
    }> = await this.dataSource.query(
      `SELECT id, title, duration_ms, width, height FROM projects WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findById(id: string): Promise<RenderRow | null> {
    const rows: RenderRow[] = await this.dataSource.query(
      `SELECT ${RENDER_COLUMNS} FROM renders r WHERE r.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** One page of a section with its total. */
  async list(
    request: RenderListRequest,
    page: number,
    rows: number,
  ): Promise<{ total: number; rows: RenderRow[] }> {
    const where = renderSectionWhere(request.statuses);
    const search = request.search?.trim() ? request.search.trim() : null;
    if (search !== null) {
      const found: Array<RenderRow & { total: number }> = await this.dataSource.query(
        `WITH r AS MATERIALIZED (
           SELECT ${RENDER_COLUMNS} FROM renders r WHERE ${where} AND r.title ILIKE $2)
         SELECT r.*, (SELECT count(*) FROM r)::int AS total FROM r
          ORDER BY ${renderOrderBy(request.sort)} LIMIT $3 OFFSET $4`,
        [request.customerId, likePattern(search), rows, (page - 1) * rows],
      );
      if (found.length > 0) return { total: found[0]!.total, rows: found.map(withoutTotal) };
      const counted: Array<{ total: number }> = await this.dataSource.query(
        `SELECT count(*)::int AS total FROM renders r WHERE ${where} AND r.title ILIKE $2`,
        [request.customerId, likePattern(search)],
      );
      return { total: counted[0]?.total ?? 0, rows: [] };
    }
    const counted: Array<{ total: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM renders r WHERE ${where}`,
      [request.customerId],
    );
    const total = counted[0]?.total ?? 0;
    const plan = planPage(total, page, rows);
    if (plan === null) return { total, rows: [] };
    const found: RenderRow[] = await this.dataSource.query(
      `SELECT ${RENDER_COLUMNS} FROM renders r WHERE ${where}
        ORDER BY ${renderOrderBy(request.sort, plan.reverse)} LIMIT $2 OFFSET $3`,
      [request.customerId, plan.limit, plan.offset],
    );
    return { total, rows: inListOrder(found, plan) };
  }

  /**
   * Sets an active render of the customer's to 'aborted' and gives its export back to its
   * month; null when it is not active (or not theirs). One conditional UPDATE: a worker's
   * 'done' and an abort cannot both win.
   */
  async abort(customerId: string, id: string, now: Date): Promise<RenderRow | null> {
    return (await this.abortMany(customerId, [id], now))[0] ?? null;
  }

  /** As abort, for many renders in one statement (a bulk delete); answers those aborted. */
  async abortMany(customerId: string, ids: string[], now: Date): Promise<RenderRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.transaction(async (manager) => {
      const [rows]: [RenderRow[], number] = await manager.query(
        `UPDATE renders r SET status = 'aborted', eta_seconds = NULL, updated_at = $3,
                finished_at = $3
          WHERE r.id = ANY($1::bpchar[]) AND r.customer_id = $2 AND r.status IN ${ACTIVE}
          RETURNING ${RENDER_COLUMNS}`,
        [ids, customerId, now],
      );
      const months = new Map<string, number>();
      for (const row of rows) {
        const month = monthOf(row.created_at);
        months.set(month, (months.get(month) ?? 0) + 1);
      }
      for (const [month, count] of months) {
        await manager.query(
          `UPDATE render_months SET started = greatest(started - $3, 0)
            WHERE customer_id = $1 AND month = $2::date`,
          [customerId, month, count],
        );
      }
      return rows;
    });
  }

  async setPriority(customerId: string, id: string, priority: number, now: Date) {
    const rows: [RenderRow[], number] = await this.dataSource.query(
      `UPDATE renders r SET priority = $3, updated_at = $4
        WHERE r.id = $1 AND r.customer_id = $2 RETURNING ${RENDER_COLUMNS}`,
      [id, customerId, priority, now],
    );
    return rows[0][0] ?? null;
  }

  /** Sets the share's expiry of a done render of the customer's. */
  async share(customerId: string, id: string, expiresAt: Date): Promise<RenderRow | null> {
    const rows: [RenderRow[], number] = await this.dataSource.query(
      `UPDATE renders r SET share_expires_at = $3
        WHERE r.id = $1 AND r.customer_id = $2 AND r.status = 'done' RETURNING ${RENDER_COLUMNS}`,
      [id, customerId, expiresAt],
    );
    return rows[0][0] ?? null;
  }

  /** Deletes the customer's renders of these ids; answers the rows deleted (for their files). */
  async deleteMany(customerId: string, ids: string[]): Promise<RenderRow[]> {
    if (ids.length === 0) return [];
    const rows: [RenderRow[], number] = await this.dataSource.query(
      `DELETE FROM renders r WHERE r.customer_id = $1 AND r.id = ANY($2::bpchar[])
       RETURNING ${RENDER_COLUMNS}`,
      [customerId, ids],
    );
    return rows[0];
  }

  /**
   * Retention (billing-teams-apps §9): renders of customers on a paid plan (their own in a
   * premium state, or an active team's) are kept (delete_at cleared, an upgrade keeps the free
   * renders too); renders of customers whose paid plan ended get delete_at = the end + 60 days.
   * Answers the counts changed.
   */
  async markRetention(now: Date, premiumSql: string, days: number) {
    const kept: [unknown[], number] = await this.dataSource.query(
      `UPDATE renders r SET delete_at = NULL
        WHERE r.delete_at IS NOT NULL AND r.customer_id IN (${premiumSql})`,
      [now],
    );
    const marked: [unknown[], number] = await this.dataSource.query(
      `UPDATE renders r SET delete_at = e.ended + make_interval(days => $2)
         FROM (SELECT s.customer_id, coalesce(s.current_period_end, s.state_at) AS ended
                 FROM subscriptions s
                WHERE s.status <> 'incomplete' AND s.customer_id NOT IN (${premiumSql})) e
        WHERE r.customer_id = e.customer_id AND r.delete_at IS NULL`,
      [now, days],
    );
    return { kept: kept[1], marked: marked[1] };
  }

  /** Deletes up to `limit` renders past their delete_at; answers them (for their files). */
  async deleteExpired(now: Date, limit: number): Promise<RenderRow[]> {
    const rows: [RenderRow[], number] = await this.dataSource.query(
      `DELETE FROM renders r WHERE r.id IN (
         SELECT id FROM renders WHERE delete_at IS NOT NULL AND delete_at <= $1
          ORDER BY delete_at LIMIT $2)
       RETURNING ${RENDER_COLUMNS}`,
      [now, limit],
    );
    return rows[0];
  }
}

function withoutTotal(row: RenderRow & { total: number }): RenderRow {
  const { total: _total, ...rest } = row;
  return rest;
}
