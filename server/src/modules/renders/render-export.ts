import type { RenderExport, RenderJobInput, RenderStatus } from '@animata/contracts';

const MB = 1024 * 1024;

/** The columns of a render's row that its RenderExport (§3) shows. */
export interface RenderExportColumns {
  id: string;
  project_id: string | null;
  project_title: string;
  title: string;
  job_input: RenderJobInput;
  watermark: boolean;
  duration_ms: number;
  status: RenderStatus;
  percent: number;
  eta_seconds: number | null;
  error: string | null;
  priority: number;
  /** bigint arrives as text. */
  size_bytes: string;
  delete_at: Date | null;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
}

/**
 * A render's row as the API's RenderExport (§3): what the calls answer and what the 'done'
 * live event carries. `shareUrl` is the signed link while one is valid (the API signs it).
 */
export function toRenderExport(row: RenderExportColumns, shareUrl: string | null): RenderExport {
  return {
    id: row.id,
    title: row.title,
    size: Math.round((Number(row.size_bytes) / MB) * 100) / 100,
    project_id: row.project_id,
    project_title: row.project_title,
    duration: row.duration_ms,
    shareUrl,
    deleteAt: row.delete_at?.toISOString() ?? null,
    watermark: row.watermark,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    job: {
      status: row.status,
      percent: row.percent,
      eta: row.eta_seconds,
      error: row.error,
      priority: row.priority,
      created: row.created_at.toISOString(),
      updated: row.updated_at.toISOString(),
      started: row.started_at?.toISOString() ?? null,
      jobInput: row.job_input,
    },
  };
}
