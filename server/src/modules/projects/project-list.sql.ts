import type { ProjectSort } from '@animata/contracts';

/**
 * The statements one project list request runs (projects-dashboard §2, §9; decision 66), as
 * pure functions returning named statements. The repository runs them, and the bench's bare
 * `node:http` + `pg` server runs the very same ones, so keep this file free of imports that
 * need Nest or TypeORM (the contracts' types only).
 *
 * Without a search one request is two statements: the total, then the page.
 * - Total: read from the counters the migration's trigger keeps (`project_usage`,
 *   `labels.projects_count`) when there is no search, so it costs one row; `count(*)` over the
 *   matches of a search (the trigram index that includes the owner keeps those few).
 * - Page: `ORDER BY <sort>, id LIMIT rows OFFSET n` on the index of that view and sort. When n is
 *   past half of the total the same query runs in the reverse order with
 *   `OFFSET total - n - rows` and the caller reverses the rows, so the last page costs what the
 *   first does.
 * With a search it is one statement (listSearchStatement) that answers the page and the total.
 * Lists never select `data`.
 */

export interface NamedStatement {
  name: string;
  text: string;
  values: unknown[];
}

/** What a list shows: every non-demo project of the owner, one of their folders, or the demos. */
export type ListView =
  | { kind: 'all'; ownerId: string }
  | { kind: 'folder'; ownerId: string; labelId: string }
  | { kind: 'demo'; ownerId: string }
  /** Projects shared with a team directly (issue 30: the team view /team/{team}). */
  | { kind: 'team'; teamId: string }
  /** A folder shared with a team (the team view /team/{team}/{folder}). */
  | { kind: 'team-folder'; teamId: string; labelId: string };

export interface ListRequest {
  view: ListView;
  sort: ProjectSort;
  /** The search term as typed; null or blank for none. */
  search: string | null;
}

/** Which rows of the ordered list one page reads, and in which direction. */
export interface PagePlan {
  limit: number;
  offset: number;
  /** Run in the reverse order; the caller reverses the rows it gets. */
  reverse: boolean;
}

/** The columns a list row carries: everything a card needs, never `data`. */
export const LIST_COLUMNS = [
  'p.id',
  'p.owner_id',
  'p.title',
  'p.label_id',
  'p.is_public',
  'p.is_demo',
  'p.from_id',
  'p.width',
  'p.height',
  'p.duration_ms',
  'p.size_bytes',
  'p.preview_key',
  'p.preview_version',
  'p.pending_preview',
  'p.created_at',
  'p.updated_at',
].join(', ');

/** A list row as PostgreSQL answers it. */
export interface ProjectListRow {
  id: string;
  owner_id: string;
  title: string;
  label_id: string | null;
  is_public: boolean;
  is_demo: boolean;
  from_id: string | null;
  width: number;
  height: number;
  duration_ms: number;
  size_bytes: number;
  preview_key: string | null;
  preview_version: number;
  pending_preview: boolean;
  created_at: Date;
  updated_at: Date;
}

/** `%`, `_` and the escape character itself match literally in a search (ILIKE's `\` escape). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The ORDER BY of a sort; ties broken by id in the same direction, so every page is stable and
 * each order matches one index read forwards or backwards.
 */
export function orderBy(sort: ProjectSort, reverse = false): string {
  const [key, direction] = {
    date_desc: ['p.updated_at', 'DESC'],
    date_asc: ['p.updated_at', 'ASC'],
    title_desc: ['lower(p.title)', 'DESC'],
    title_asc: ['lower(p.title)', 'ASC'],
  }[sort] as [string, 'ASC' | 'DESC'];
  const flipped = reverse ? (direction === 'ASC' ? 'DESC' : 'ASC') : direction;
  return `${key} ${flipped}, p.id ${flipped}`;
}

function normalisedSearch(search: string | null): string | null {
  const term = search?.trim() ?? '';
  return term === '' ? null : term;
}

/**
 * The WHERE clause of a view (and its search), with its values from $1. Each is served by an
 * index of migration 1795600000000: all → projects_owner_updated_idx / projects_owner_title_idx
 * (search: projects_owner_title_trgm_idx); a folder → projects_label_updated_idx /
 * projects_label_title_idx; the demos → projects_demo_idx (a handful of rows).
 */
function whereOf(view: ListView, search: string | null): { where: string; values: unknown[] } {
  const values: unknown[] = [];
  let where: string;
  switch (view.kind) {
    case 'all':
      values.push(view.ownerId);
      where = 'p.owner_id = $1 AND NOT p.is_demo';
      break;
    case 'folder':
      // The folder's owner is checked once (a one-time filter), not per row: a per-row owner
      // test made the generic plan of a prepared statement guess one row and sort the whole
      // folder instead of reading the first rows of its index (6 ms against 0.1 ms).
      values.push(view.labelId, view.ownerId);
      where =
        'p.label_id = $1 AND EXISTS (SELECT 1 FROM labels l WHERE l.id = $1 AND l.owner_id = $2)';
      break;
    case 'demo':
      // The originals, each replaced by the customer's own changed copy where one exists.
      values.push(view.ownerId);
      where = `p.is_demo AND (
          (p.from_id IS NULL AND NOT EXISTS (
             SELECT 1 FROM projects c WHERE c.is_demo AND c.owner_id = $1 AND c.from_id = p.id))
          OR (p.owner_id = $1 AND p.from_id IS NOT NULL))`;
      break;
    case 'team':
      values.push(view.teamId);
      where = `NOT p.is_demo AND EXISTS (
          SELECT 1 FROM team_shares ts WHERE ts.team_id = $1 AND ts.project_id = p.id)`;
      break;
    case 'team-folder':
      values.push(view.labelId, view.teamId);
      where = `p.label_id = $1 AND NOT p.is_demo AND EXISTS (
          SELECT 1 FROM team_shares ts WHERE ts.team_id = $2 AND ts.label_id = $1)`;
      break;
  }
  if (search !== null) {
    // A folder holds only its owner's own projects, never a demo: said here, the search in a
    // folder is served by the trigram index that includes the owner instead of reading the table.
    if (view.kind === 'folder') where += ' AND p.owner_id = $2 AND NOT p.is_demo';
    values.push(likePattern(search));
    where += ` AND p.title ILIKE $${values.length}`;
  }
  return { where, values };
}

/**
 * The name of a statement planned on every run (pg prepares only named ones). A search is one:
 * after five runs a prepared statement may switch to its generic plan, which cannot see that an
 * owner has many projects and reads them all through the owner's b-tree index and filters by
 * title (measured, 50,000 projects of one owner: 130-140 ms a search, against 4-5 ms planned
 * each time through the trigram index). Planning costs well under a millisecond.
 */
const UNNAMED = '';

/** The statement name's stem: one prepared statement per distinct text. */
function stem(request: ListRequest, search: string | null): string {
  return `projects_list_${request.view.kind}${search === null ? '' : '_search'}`;
}

/** The list's total: counters without a search, `count(*)` with one (answers `{ total }`). */
export function listTotalStatement(request: ListRequest): NamedStatement {
  const search = normalisedSearch(request.search);
  const name = `${stem(request, search)}_total`;
  const { view } = request;
  if (search === null && view.kind === 'all') {
    return {
      name,
      text: `SELECT coalesce((SELECT projects_count FROM project_usage WHERE owner_id = $1), 0)::int AS total`,
      values: [view.ownerId],
    };
  }
  if (search === null && view.kind === 'folder') {
    return {
      name,
      text: `SELECT coalesce((SELECT projects_count FROM labels WHERE id = $1 AND owner_id = $2), 0)::int AS total`,
      values: [view.labelId, view.ownerId],
    };
  }
  const { where, values } = whereOf(view, search);
  return {
    name: UNNAMED,
    text: `SELECT count(*)::int AS total FROM projects p WHERE ${where}`,
    values,
  };
}

/** One page of a list without a search, in the plan's direction (answers ProjectListRow rows). */
export function listPageStatement(request: ListRequest, plan: PagePlan): NamedStatement {
  const { where, values } = whereOf(request.view, null);
  const limit = values.length + 1;
  return {
    name: `${stem(request, null)}_${request.sort}${plan.reverse ? '_rev' : ''}`,
    text: `SELECT ${LIST_COLUMNS} FROM projects p WHERE ${where}
           ORDER BY ${orderBy(request.sort, plan.reverse)} LIMIT $${limit} OFFSET $${limit + 1}`,
    values: [...values, plan.limit, plan.offset],
  };
}

/** Whether the request searches (a blank term does not). */
export function hasSearch(request: ListRequest): boolean {
  return normalisedSearch(request.search) !== null;
}

/**
 * One page of a search with its total in one statement (answers ProjectListRow rows, each with
 * `total`; none past the end, where listTotalStatement answers the total). The matches are
 * collected first (MATERIALIZED, through the trigram index that includes the owner), counted
 * and sorted in memory: left to itself the planner walks the sort's index and filters, which
 * reads most of a big list when the matches sit far down that order (measured on 100,000
 * projects: 90-150 ms for a title sort, 5-7 ms this way), and a separate count would visit the
 * matches twice. With every match in memory the offset costs nothing, so no reverse reading.
 */
export function listSearchStatement(
  request: ListRequest,
  page: { limit: number; offset: number },
): NamedStatement {
  const search = normalisedSearch(request.search);
  const { where, values } = whereOf(request.view, search);
  const limit = values.length + 1;
  return {
    name: UNNAMED,
    text: `WITH p AS MATERIALIZED (SELECT ${LIST_COLUMNS} FROM projects p WHERE ${where})
           SELECT p.*, (SELECT count(*) FROM p)::int AS total FROM p
           ORDER BY ${orderBy(request.sort)} LIMIT $${limit} OFFSET $${limit + 1}`,
    values: [...values, page.limit, page.offset],
  };
}

/**
 * Which rows page `page` (from 1) of `rows` reads out of `total`; null when the page is past the
 * end. Past half of the total it reads backwards from the end, so no page skips more than half.
 */
export function planPage(total: number, page: number, rows: number): PagePlan | null {
  if (!(page >= 1) || !(rows >= 1)) return null;
  const start = (page - 1) * rows;
  if (start >= total) return null;
  const count = Math.min(rows, total - start);
  if (start > total / 2) {
    return { limit: count, offset: total - start - count, reverse: true };
  }
  return { limit: count, offset: start, reverse: false };
}

/** The rows of a page in the list's order, whichever direction the plan read them. */
export function inListOrder<T>(rows: T[], plan: PagePlan): T[] {
  return plan.reverse ? [...rows].reverse() : rows;
}
