import { Inject, Injectable } from '@nestjs/common';
import type { RenderExport, RenderJobInput, RenderStatus } from '@animata/contracts';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../common/tokens.js';
import { toRenderExport, type RenderExportColumns } from '../render-export.js';
import { freeSlots } from './render-line.rules.js';

/** Statuses of a render in the render queue's hands. */
export const IN_QUEUE_STATUSES = ['scheduled', 'deployed', 'progress'] as const;
const IN_QUEUE = `('scheduled', 'deployed', 'progress')`;

export interface LineEntry {
  id: string;
  planRank: number;
}

export interface DeployedRender {
  customerId: string;
  projectId: string | null;
  extension: string;
  jobInput: RenderJobInput;
  watermark: boolean;
  /** Tries started, this one included. */
  attempts: number;
}

/** A render's row as the jobs read it. */
interface RenderRow extends RenderExportColumns {
  customer_id: string;
  extension: string;
}

/** The render jobs' reads and writes of `renders` (named statements, STYLE "Data"). */
@Injectable()
export class RenderJobsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * Under the customer's advisory lock (two pumps of one customer never both see a free slot):
   * sets the customer's next queued renders to 'scheduled' while fewer than `slots` are in the
   * queue's hands, in the line's order (renders_line_idx), and answers them.
   */
  async takeNext(customerId: string, slots: number): Promise<LineEntry[]> {
    return this.dataSource.transaction(async (db) => {
      await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('renders.line:' || $1, 0))`, [
        customerId,
      ]);
      const counted: Array<{ count: number }> = await db.query(
        `SELECT count(*)::int AS count FROM renders WHERE customer_id = $1 AND status IN ${IN_QUEUE}`,
        [customerId],
      );
      const free = freeSlots(counted[0]?.count ?? 0, slots);
      if (free <= 0) return [];
      const [rows]: [Array<{ id: string; plan_rank: number }>, number] = await db.query(
        `UPDATE renders r SET status = 'scheduled', updated_at = now()
           FROM (SELECT id FROM renders WHERE customer_id = $1 AND status = 'queued'
                  ORDER BY priority DESC, created_at, id LIMIT $2 FOR UPDATE) next
          WHERE r.id = next.id
      RETURNING r.id, r.plan_rank`,
        [customerId, free],
      );
      return rows.map((row) => ({ id: row.id, planRank: row.plan_rank }));
    });
  }

  /** Back in the line (its enqueue failed); the sweep hands it to the queue again. */
  async backToLine(renderId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE renders SET status = 'queued', updated_at = now() WHERE id = $1 AND status = 'scheduled'`,
      [renderId],
    );
  }

  /** A worker starts it: 'deployed', one more try; null when it is no longer active. */
  async deploy(renderId: string): Promise<DeployedRender | null> {
    const [rows]: [
      Array<{
        customer_id: string;
        project_id: string | null;
        extension: string;
        job_input: RenderJobInput;
        watermark: boolean;
        attempts: number;
      }>,
      number,
    ] = await this.dataSource.query(
      `UPDATE renders SET status = 'deployed', attempts = attempts + 1, percent = 0,
              eta_seconds = NULL, started_at = coalesce(started_at, now()), updated_at = now()
        WHERE id = $1 AND status IN ${IN_QUEUE}
    RETURNING customer_id, project_id, extension, job_input, watermark, attempts`,
      [renderId],
    );
    const row = rows[0];
    return row
      ? {
          customerId: row.customer_id,
          projectId: row.project_id,
          extension: row.extension,
          jobInput: row.job_input,
          watermark: row.watermark,
          attempts: row.attempts,
        }
      : null;
  }

  /** The project's data as JSON text; null once the project is deleted. */
  async projectData(projectId: string): Promise<string | null> {
    const rows: Array<{ data_json: string }> = await this.dataSource.query(
      `SELECT data::text AS data_json FROM projects WHERE id = $1`,
      [projectId],
    );
    return rows[0]?.data_json ?? null;
  }

  /** False when the render is no longer running (aborted or deleted meanwhile). */
  async progress(renderId: string, percent: number, etaSeconds: number | null): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE renders SET status = 'progress', percent = $2, eta_seconds = $3, updated_at = now()
        WHERE id = $1 AND status IN ('deployed', 'progress')`,
      [renderId, percent, etaSeconds],
    );
    return affected > 0;
  }

  /** Done, in one conditional statement; null when an abort (or a delete) won. */
  async finish(renderId: string, fileKey: string, sizeBytes: number): Promise<RenderExport | null> {
    const [rows]: [RenderRow[], number] = await this.dataSource.query(
      `UPDATE renders SET status = 'done', percent = 100, eta_seconds = NULL, error = NULL,
              file_key = $2, size_bytes = $3, completions = completions + 1,
              finished_at = now(), updated_at = now()
        WHERE id = $1 AND status IN ${IN_QUEUE}
    RETURNING *`,
      [renderId, fileKey, sizeBytes],
    );
    // Just finished: no share link yet.
    return rows[0] ? toRenderExport(rows[0], null) : null;
  }

  /** Failed for good with the customer's reason; false when it had already ended. */
  async fail(renderId: string, reason: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE renders SET status = 'failed', error = $2, eta_seconds = NULL,
              finished_at = now(), updated_at = now()
        WHERE id = $1 AND status IN ${IN_QUEUE}`,
      [renderId, reason],
    );
    return affected > 0;
  }

  /** Handed back on shutdown: 'scheduled' again, to be run by another worker. */
  async handBack(renderId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE renders SET status = 'scheduled', percent = 0, eta_seconds = NULL, updated_at = now()
        WHERE id = $1 AND status IN ('deployed', 'progress')`,
      [renderId],
    );
  }

  async status(renderId: string): Promise<{ customerId: string; status: RenderStatus } | null> {
    const rows: Array<{ customer_id: string; status: RenderStatus }> = await this.dataSource.query(
      `SELECT customer_id, status FROM renders WHERE id = $1`,
      [renderId],
    );
    return rows[0] ? { customerId: rows[0].customer_id, status: rows[0].status } : null;
  }

  /**
   * The renders the queue should hold, for the recovery sweep (renders_in_queue_idx): every
   * scheduled one, and running ones whose row has not moved for `staleMs` (a running render
   * touches its row every second; one that stopped moving lost its worker or its job).
   */
  async inQueue(staleMs: number): Promise<Array<LineEntry & { customerId: string }>> {
    const rows: Array<{ id: string; customer_id: string; plan_rank: number }> =
      await this.dataSource.query(
        `SELECT id, customer_id, plan_rank FROM renders
          WHERE status IN ${IN_QUEUE}
            AND (status = 'scheduled' OR updated_at < now() - make_interval(secs => $1))
          ORDER BY updated_at`,
        [staleMs / 1000],
      );
    return rows.map((row) => ({
      id: row.id,
      customerId: row.customer_id,
      planRank: row.plan_rank,
    }));
  }

  /** Customers with renders waiting in their line, paid plans first. */
  async customersWaiting(): Promise<string[]> {
    const rows: Array<{ customer_id: string }> = await this.dataSource.query(
      `SELECT customer_id FROM renders WHERE status = 'queued'
        GROUP BY customer_id ORDER BY max(plan_rank) DESC, min(created_at)`,
    );
    return rows.map((row) => row.customer_id);
  }
}
