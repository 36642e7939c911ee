import type { ProjectShares, ProjectSort } from '@animata/contracts';

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
 *   first does. A page that skips many rows (pageReadsKeysFirst) skips them in the index alone
 *   and then reads its own rows by primary key (a deferred join), so a page in the middle of a
 *   long list does not read every row it skips from the table.
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
  | { kind: 'team-folder'; teamId: string; labelId: string }
  /**
   * Shared with me (issue 31): projects others shared with the customer, directly or through a
   * folder at any depth above; read from the listing the database keeps (shared_projects).
   */
  | { kind: 'shared'; customerId: string };

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
  /** Shared with me only: the customer's access through the shares (most generous). */
  access?: 'view' | 'edit';
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
    case 'shared':
      // Not used (the listing's statements answer this view); the same set, for reference.
      values.push(view.customerId);
      where = `EXISTS (SELECT 1 FROM shared_projects s WHERE s.customer_id = $1 AND s.project_id = p.id)`;
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

/**
 * The views read from a listing the database keeps (migration 1796450000000): the shared
 * projects of a customer and the projects shared with a team. Each row carries the sort keys,
 * so a page is an ordered read of the listing's index joined to at most `rows` projects.
 */
interface Listing {
  table: 'shared_projects' | 'team_projects';
  key: 'customer_id' | 'team_id';
  grantee: string;
}

function listingOf(view: ListView): Listing | null {
  if (view.kind === 'shared')
    return { table: 'shared_projects', key: 'customer_id', grantee: view.customerId };
  if (view.kind === 'team') return { table: 'team_projects', key: 'team_id', grantee: view.teamId };
  return null;
}

/** The ORDER BY of a sort on a listing's own keys (alias `s`), like orderBy's. */
export function listingOrderBy(sort: ProjectSort, reverse = false): string {
  return orderBy(sort, reverse)
    .replace('p.updated_at', 's.updated_at')
    .replace('lower(p.title)', 'lower(s.title)')
    .replace('p.id', 's.project_id');
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
  const listing = listingOf(view);
  if (listing !== null) {
    if (search === null)
      return {
        name,
        text: `SELECT coalesce((SELECT projects_count FROM shared_counts WHERE grantee_id = $1), 0)::int AS total`,
        values: [listing.grantee],
      };
    return {
      name: UNNAMED,
      text: `SELECT count(*)::int AS total FROM ${listing.table} s
              WHERE s.${listing.key} = $1 AND s.title ILIKE $2`,
      values: [listing.grantee, likePattern(search)],
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
  const listing = listingOf(request.view);
  if (listing !== null) {
    // The page's keys from the listing's index first, then their projects (at most `rows`).
    return {
      name: `${stem(request, null)}_${request.sort}${plan.reverse ? '_rev' : ''}`,
      text: `SELECT ${LIST_COLUMNS}${listing.table === 'shared_projects' ? ', s.access' : ''}
               FROM (SELECT * FROM ${listing.table} s WHERE s.${listing.key} = $1
                      ORDER BY ${listingOrderBy(request.sort, plan.reverse)} LIMIT $2 OFFSET $3) s
               JOIN projects p ON p.id = s.project_id
              ORDER BY ${listingOrderBy(request.sort, plan.reverse)}`,
      values: [listing.grantee, plan.limit, plan.offset],
    };
  }
  const { where, values } = whereOf(request.view, null);
  const limit = values.length + 1;
  const order = orderBy(request.sort, plan.reverse);
  const name = `${stem(request, null)}_${request.sort}${plan.reverse ? '_rev' : ''}`;
  if (pageReadsKeysFirst(request.view, plan)) {
    // The rows skipped and kept in an index-only scan of the view's index (its keys and sort
    // columns are all there), then the page's own rows by primary key.
    return {
      name: `${name}_keys`,
      text: `SELECT ${LIST_COLUMNS}
               FROM (SELECT p.id FROM projects p WHERE ${where}
                      ORDER BY ${order} LIMIT $${limit} OFFSET $${limit + 1}) k
               JOIN projects p ON p.id = k.id
              ORDER BY ${order}`,
      values: [...values, plan.limit, plan.offset],
    };
  }
  return {
    name,
    text: `SELECT ${LIST_COLUMNS} FROM projects p WHERE ${where}
           ORDER BY ${order} LIMIT $${limit} OFFSET $${limit + 1}`,
    values: [...values, plan.limit, plan.offset],
  };
}

/**
 * From how many skipped rows a page reads keys first (listPageStatement). Below it the page reads
 * its rows straight from the sort's index: the join by primary key costs about what reading a
 * hundred skipped rows from the table does (measured on 100,000 projects of one owner: 0.25-0.3
 * ms either way at 100, the direct read 0.5 ms against 0.36 at 1,000, 33 against 6 ms at 50,000).
 */
export const KEYS_FIRST_FROM_OFFSET = 100;

/**
 * Whether a page skips its rows in the index alone, then joins its own (a deferred join). Only
 * the owner's list and a folder: their indexes hold every column the skip needs (owner or
 * folder, the sort keys, id; migration 1796700000000 added the title to the title indexes), so
 * the skip is an index-only scan. The demos are a handful of rows; the team's folder filters on
 * a column no index holds; the listings (shared, team) page their own small table.
 */
export function pageReadsKeysFirst(view: ListView, plan: PagePlan): boolean {
  return (view.kind === 'all' || view.kind === 'folder') && plan.offset >= KEYS_FIRST_FROM_OFFSET;
}

/** One grant of a listed project (listSharesStatement). */
export interface ShareSummaryRow {
  project_id: string;
  /** The project's own grant, or one of a folder above it (at any depth). */
  via: 'project' | 'label';
  kind: 'customer' | 'team';
  id: string;
  name: string;
  access: 'view' | 'edit';
}

/** The projects of a page whose cards show their grants: the actor's own, never a demo. */
export function ownProjectIds(rows: ProjectListRow[], actorId: string): string[] {
  return rows.filter((row) => row.owner_id === actorId && !row.is_demo).map((row) => row.id);
}

/**
 * The grants of these projects as their cards show them (issue 31): each project's own grants
 * to customers and teams, and those of its folder and every folder above it (the most generous
 * per customer or team). One statement for a page, however many projects it holds; null for none.
 */
export function listSharesStatement(ids: string[]): NamedStatement | null {
  if (ids.length === 0) return null;
  // Project ids are char(32): `= ANY (text[])` would cast the column and miss every index.
  return {
    name: 'projects_list_shares',
    // Each branch joins its names by primary key, so a page's few grants cost a few index reads
    // (one join of the union to customers and teams read both tables whole).
    text: `WITH RECURSIVE up (project_id, label_id) AS (
         SELECT p.id, p.label_id FROM projects p
          WHERE p.id = ANY ($1::bpchar[]) AND p.label_id IS NOT NULL
         UNION ALL
         SELECT up.project_id, l.parent_id FROM up JOIN labels l ON l.id = up.label_id
          WHERE l.parent_id IS NOT NULL
       ), grants (project_id, via, kind, id, name, access) AS (
         SELECT ps.project_id, 'project', 'customer', ps.customer_id::text, c.name, ps.access
           FROM project_shares ps JOIN customers c ON c.id = ps.customer_id
          WHERE ps.project_id = ANY ($1::bpchar[])
         UNION ALL
         SELECT ts.project_id, 'project', 'team', ts.team_id::text, t.title, ts.access
           FROM team_shares ts JOIN teams t ON t.id = ts.team_id
          WHERE ts.project_id = ANY ($1::bpchar[])
         UNION ALL
         SELECT up.project_id, 'label', 'customer', ls.customer_id::text, c.name, ls.access
           FROM up JOIN label_shares ls ON ls.label_id = up.label_id
           JOIN customers c ON c.id = ls.customer_id
         UNION ALL
         SELECT up.project_id, 'label', 'team', ts.team_id::text, t.title, ts.access
           FROM up JOIN team_shares ts ON ts.label_id = up.label_id JOIN teams t ON t.id = ts.team_id
       )
       SELECT project_id, via, kind, id, min(name) AS name,
              CASE WHEN bool_or(access = 'edit') THEN 'edit' ELSE 'view' END AS access
         FROM grants
        GROUP BY project_id, via, kind, id
        ORDER BY project_id, via, kind, name, id`,
    values: [ids],
  };
}

/** No grants (a project nobody shares, or one the actor does not own). */
export function noShares(): ProjectShares {
  return { customers: [], teams: [], label: { customers: [], teams: [] } };
}

/** The share lists of a page's projects, from the rows of listSharesStatement. */
export function sharesByProject(rows: ShareSummaryRow[]): Map<string, ProjectShares> {
  const byProject = new Map<string, ProjectShares>();
  for (const row of rows) {
    let shares = byProject.get(row.project_id);
    if (!shares) {
      shares = noShares();
      byProject.set(row.project_id, shares);
    }
    const lists = row.via === 'project' ? shares : shares.label;
    (row.kind === 'customer' ? lists.customers : lists.teams).push({
      id: row.id,
      name: row.name,
      access: row.access,
    });
  }
  return byProject;
}

/** Whether the request searches (a blank term does not). */
export function hasSearch(request: ListRequest): boolean {
  return normalisedSearch(request.search) !== null;
}

/** The columns orderBy's ORDER BY of a sort reads (with the id), for a search's matches. */
const SORT_KEY_COLUMNS: Record<ProjectSort, string> = {
  date_desc: 'p.id, p.updated_at',
  date_asc: 'p.id, p.updated_at',
  title_desc: 'p.id, p.title',
  title_asc: 'p.id, p.title',
};

/**
 * One page of a search with its total in one statement (answers ProjectListRow rows, each with
 * `total`; none past the end, where listTotalStatement answers the total). The matches are
 * collected first (MATERIALIZED, through the trigram index that includes the owner), counted
 * and sorted in memory: left to itself the planner walks the sort's index and filters, which
 * reads most of a big list when the matches sit far down that order (measured on 100,000
 * projects: 90-150 ms for a title sort, 5-7 ms this way), and a separate count would visit the
 * matches twice. With every match in memory the offset costs nothing, so no reverse reading.
 * Only the matches' ids and sort keys are collected and sorted; the page's own rows are then
 * read by primary key (issue 33: 'rocket' in 100,000 projects, ~1,560 matches, 3.5-4.8 ms
 * against 4.4-6.6 carrying every list column of every match).
 */
export function listSearchStatement(
  request: ListRequest,
  page: { limit: number; offset: number },
): NamedStatement {
  const search = normalisedSearch(request.search);
  const listing = listingOf(request.view);
  if (listing !== null) {
    // The grantee's matches from their listing (thousands at most), counted and sorted in memory.
    return {
      name: UNNAMED,
      text: `WITH s AS MATERIALIZED (
               SELECT * FROM ${listing.table} s WHERE s.${listing.key} = $1 AND s.title ILIKE $2),
             page AS (SELECT s.*, (SELECT count(*) FROM s)::int AS total FROM s
                       ORDER BY ${listingOrderBy(request.sort)} LIMIT $3 OFFSET $4)
             SELECT ${LIST_COLUMNS}${listing.table === 'shared_projects' ? ', s.access' : ''}, s.total
               FROM page s JOIN projects p ON p.id = s.project_id
              ORDER BY ${listingOrderBy(request.sort)}`,
      values: [listing.grantee, likePattern(search ?? ''), page.limit, page.offset],
    };
  }
  const { where, values } = whereOf(request.view, search);
  const limit = values.length + 1;
  const order = orderBy(request.sort);
  return {
    name: UNNAMED,
    text: `WITH p AS MATERIALIZED (SELECT ${SORT_KEY_COLUMNS[request.sort]} FROM projects p WHERE ${where}),
             k AS (SELECT p.id, (SELECT count(*) FROM p)::int AS total FROM p
                    ORDER BY ${order} LIMIT $${limit} OFFSET $${limit + 1})
           SELECT ${LIST_COLUMNS}, k.total FROM k JOIN projects p ON p.id = k.id
            ORDER BY ${order}`,
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
