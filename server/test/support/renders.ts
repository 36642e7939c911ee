import { randomBytes } from 'node:crypto';
import type { ProjectData, RenderJobInput, RenderStatus } from '@animata/contracts';
import type { DataSource } from 'typeorm';

/** A small moving document: frames differ, so each one is really drawn. */
export const MOVING_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="16" height="16" fill="#7c5cff"><animate attributeName="x" from="0" to="16" dur="1s"/></rect>' +
  '</svg>';

export function movingProjectData(durationMs = 1000): ProjectData {
  return {
    options: {
      dimension: { width: 32, height: 32 },
      duration: durationMs,
      fps: 10,
      background: '#ffffff',
    },
    document: MOVING_SVG,
    definitions: {},
  };
}

/** A tiny GIF: 32 × 32, `frames` frames at 10 fps. */
export function tinyGifInput(frames = 3): RenderJobInput {
  return {
    extension: 'gif',
    codec: null,
    framerate: 10,
    resolution: { width: 32, height: 32 },
    quality: 'low',
    colorPaletteSize: 16,
    matte: null,
    dither: 'none',
    offset: { start: 0, duration: frames * 100 },
    speed: 1,
    iterations: 1,
  };
}

export interface RenderRowOptions {
  status?: RenderStatus;
  priority?: number;
  planRank?: number;
  jobInput?: RenderJobInput;
  /** created_at, so a test can set the line's order. */
  createdAt?: Date;
}

/** A render row as the renders API writes it (queued unless told). */
export async function insertRender(
  dataSource: DataSource,
  customerId: string,
  projectId: string,
  options: RenderRowOptions = {},
): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const input = options.jobInput ?? tinyGifInput();
  await dataSource.query(
    `INSERT INTO renders (id, customer_id, project_id, project_title, title, extension, job_input,
                          watermark, duration_ms, status, priority, plan_rank, created_at)
     VALUES ($1, $2, $3, 'Project', 'Render', $4, $5, false, $6, $7, $8, $9, $10)`,
    [
      id,
      customerId,
      projectId,
      input.extension,
      JSON.stringify(input),
      input.offset.duration,
      options.status ?? 'queued',
      options.priority ?? 0,
      options.planRank ?? 0,
      options.createdAt ?? new Date(),
    ],
  );
  return id;
}

export interface RenderState {
  id: string;
  status: RenderStatus;
  completions: number;
  attempts: number;
  file_key: string | null;
  error: string | null;
}

export async function renderStates(dataSource: DataSource, ids: string[]): Promise<RenderState[]> {
  return dataSource.query(
    `SELECT id, status, completions, attempts, file_key, error FROM renders WHERE id = ANY($1)`,
    [ids],
  );
}
