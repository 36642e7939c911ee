import type { RenderStatus, Sort } from '@animata/contracts';

/**
 * The statements of the renders list (projects-dashboard §9: six sorts, search, paging), built
 * as the projects list's are: a count, then one page read on the index of the section and sort
 * (migration 1796600000000: renders_done_date_idx, renders_done_title_idx, renders_done_size_idx
 * for Completed renders; renders_jobs_idx for Render jobs), read backwards past half of the total
 * (planPage). A search collects its matches first (a customer's renders are thousands at most).
 */

/** The columns a render row carries. */
export const RENDER_COLUMNS = `r.id, r.customer_id, r.project_id, r.project_title, r.title, r.extension,
  r.job_input, r.watermark, r.duration_ms, r.status, r.percent, r.eta_seconds, r.error, r.priority,
  r.plan_rank, r.size_bytes, r.file_key, r.share_expires_at, r.created_at, r.updated_at,
  r.started_at, r.finished_at, r.delete_at`;

/**
 * The ORDER BY of a sort, ties broken by id in the direction of the sort's index: the date
 * index is (created_at DESC, id), so the newest first reads it forwards with ids ascending.
 */
export function renderOrderBy(sort: Sort, reverse = false): string {
  const [key, direction, idDirection] = {
    date_desc: ['r.created_at', 'DESC', 'ASC'],
    date_asc: ['r.created_at', 'ASC', 'DESC'],
    title_desc: ['lower(r.title)', 'DESC', 'DESC'],
    title_asc: ['lower(r.title)', 'ASC', 'ASC'],
    size_desc: ['r.size_bytes', 'DESC', 'DESC'],
    size_asc: ['r.size_bytes', 'ASC', 'ASC'],
  }[sort] as [string, 'ASC' | 'DESC', 'ASC' | 'DESC'];
  const flip = (value: 'ASC' | 'DESC') => (reverse ? (value === 'ASC' ? 'DESC' : 'ASC') : value);
  return `${key} ${flip(direction)}, r.id ${flip(idDirection)}`;
}

/**
 * Which renders a section shows (customer `$1`): Completed (`done`) or Render jobs (the active
 * statuses and `failed` asked for). The statuses are written into the text, never bound, so
 * the planner sees that the partial index's predicate holds; they come from RENDER_STATUSES only.
 */
export function renderSectionWhere(statuses: readonly RenderStatus[]): string {
  const list = statuses.map((status) => `'${status}'`).join(', ');
  return statuses.length === 1
    ? `r.customer_id = $1 AND r.status = ${list}`
    : `r.customer_id = $1 AND r.status IN (${list})`;
}
