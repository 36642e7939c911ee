// The baseline for GET /api/animata/projects: plain node:http and a pg Pool of the app's size
// (10) doing only the essential work of one list request: find the session behind the cookie
// (one indexed read, as the app's guard does), then run the very statements the app runs
// (imported from the server's project-list.sql, so both sides run the same SQL, prepared by
// name) and answer the same JSON shape. No framework, no validation pipes, no access layer.
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import {
  hasSearch,
  inListOrder,
  listPageStatement,
  listSearchStatement,
  listSharesStatement,
  listTotalStatement,
  noShares,
  ownProjectIds,
  planPage,
  sharesByProject,
} from '@animata/server/project-list-sql';
import { sendJson, serveForRunner } from './bare-server.mjs';

const COOKIE = '__Host-animata_session';
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  connectionTimeoutMillis: 5000,
});

function tokenOf(cookieHeader = '') {
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

function toProject(row, actorId, grants) {
  const own = row.owner_id === actorId;
  return {
    id: row.id,
    title: row.title,
    owner: { id: row.owner_id },
    label: row.label_id,
    isPublic: row.is_public,
    shares: (own && grants.get(row.id)) || noShares(),
    canEdit: own || row.access === 'edit',
    canCopy: true,
    isDemo: row.is_demo,
    fromId: row.from_id,
    preview_uri:
      row.preview_key === null
        ? null
        : `/api/animata/projects/${row.id}/preview?v=${row.preview_version}`,
    pendingPreview: row.pending_preview,
    created: row.created_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    duration: row.duration_ms,
    type: row.duration_ms > 0 ? 'animation' : 'static',
    dimension: { width: row.width, height: row.height },
    size: row.size_bytes,
  };
}

async function list(client, request, page, rows, actorId) {
  const withShares = async (total, found) => {
    const statement = listSharesStatement(ownProjectIds(found, actorId));
    const shares = statement === null ? [] : (await client.query(statement)).rows;
    return { total, rows: found, grants: sharesByProject(shares) };
  };
  if (hasSearch(request)) {
    const found = await client.query(
      listSearchStatement(request, { limit: rows, offset: (page - 1) * rows }),
    );
    if (found.rows.length > 0 || page === 1) {
      return withShares(found.rows[0]?.total ?? 0, found.rows);
    }
  }
  const total = (await client.query(listTotalStatement(request))).rows[0]?.total ?? 0;
  const plan = hasSearch(request) ? null : planPage(total, page, rows);
  if (plan === null) return { total, rows: [], grants: new Map() };
  const found = await client.query(listPageStatement(request, plan));
  return withShares(total, inListOrder(found.rows, plan));
}

async function answer(req, res) {
  const url = new URL(req.url, 'http://bare');
  const token = tokenOf(req.headers.cookie);
  if (req.method !== 'GET' || url.pathname !== '/api/animata/projects' || token === null) {
    return sendJson(res, 404, '{}');
  }
  const client = await pool.connect();
  try {
    const session = await client.query({
      name: 'bare_session',
      text: 'SELECT customer_id FROM sessions WHERE id = $1 AND expires_at > now()',
      values: [createHash('sha256').update(token).digest('hex')],
    });
    const actorId = session.rows[0]?.customer_id;
    if (!actorId) return sendJson(res, 401, '{}');
    const rows = Number(url.searchParams.get('rows') ?? 10);
    const page = Number(url.searchParams.get('page') ?? 1);
    const team = url.searchParams.get('team');
    if (team !== null) {
      // The team's membership, as the app's access layer checks it (one indexed read).
      const member = await client.query({
        name: 'bare_team_member',
        text: 'SELECT 1 FROM team_members WHERE team_id = $1 AND customer_id = $2',
        values: [team, actorId],
      });
      if (member.rows.length === 0) return sendJson(res, 404, '{}');
    }
    const view =
      url.searchParams.get('sharedWithMe') === 'true'
        ? { kind: 'shared', customerId: actorId }
        : team !== null
          ? { kind: 'team', teamId: team }
          : { kind: 'all', ownerId: actorId };
    const request = {
      view,
      sort: url.searchParams.get('sort_by') ?? 'date_desc',
      search: url.searchParams.get('titleSearchFilter'),
    };
    const result = await list(client, request, page, rows, actorId);
    const body = {
      data: result.rows.map((row) => toProject(row, actorId, result.grants)),
      pagination: { totalFiles: result.total, filesPerPage: rows, page },
    };
    sendJson(res, 200, JSON.stringify(body), { 'cache-control': 'no-store' });
  } finally {
    client.release();
  }
}

const server = http.createServer((req, res) => {
  answer(req, res).catch(() => sendJson(res, 500, '{}'));
});
serveForRunner(server, () => pool.end());
