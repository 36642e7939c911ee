import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import type { Clock } from '../clock.js';
import { CLOCK, DATA_SOURCE } from '../tokens.js';
import { teamPlanActive } from './team-plan-active.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Session ids are the SHA-256 of their token, in hex. */
const SESSION_ID = /^[0-9a-f]{64}$/;
/** Project ids: 32 lowercase letters and digits (PROJECT_ID_PATTERN of the contracts). */
const PROJECT_ID = /^[a-z0-9]{32}$/;
/** App ids: 29 lowercase letters and digits (APP_KEY_BODY_LENGTH of the contracts). */
const APP_ID = /^[a-z0-9]{29}$/;

/** A customer's effective access to a project or a folder (issue 31). */
export type ItemAccess = 'owner' | 'edit' | 'view';

/**
 * The teams of customer `$1` whose team plan is in a premium state at `$3` (the SQL twin of
 * PlanAccess.teamsOf's `active`: subscriptionState + isPremiumState on a team product). A lapsed
 * team's shares give nothing (decision: sharing-access, lapsed teams).
 */
const ACTIVE_TEAMS_OF_ACTOR = `
  SELECT m.team_id FROM team_members m
    JOIN teams t ON t.id = m.team_id
    JOIN subscriptions s ON s.id = t.subscription_id
    JOIN billing_plans bp ON bp.id = s.plan_id AND bp.product = 'team'
   WHERE m.customer_id = $1 AND ${teamPlanActive('$3')}`;

/**
 * For the projects `$2` (bpchar[]: projects.id is char(32), and a text[] would cast the column
 * and scan the table instead of using projects_pkey), one row each: `is_owner` (of actor `$1`),
 * `is_demo`, `from_id`, `owner_id`, `label_id` and `grant_access`, the most generous grant the actor has on
 * it ('edit', 'view' or null): a direct grant, a grant on its folder or any folder above it
 * (labels.parent_id, any depth), to the actor or to a team of theirs with an active plan (`$3`
 * is now). Demos are never shared: their grants count for nothing. One query for the whole set.
 */
const PROJECT_ACCESS = `
  WITH RECURSIVE wanted AS (
    SELECT id, owner_id, label_id, is_demo, from_id FROM projects WHERE id = ANY($2::bpchar[])
  ), above (item_id, label_id) AS (
    SELECT id, label_id FROM wanted WHERE label_id IS NOT NULL
    UNION
    SELECT a.item_id, l.parent_id FROM above a JOIN labels l ON l.id = a.label_id
     WHERE l.parent_id IS NOT NULL
  ), actor_teams AS (${ACTIVE_TEAMS_OF_ACTOR}
  ), grants (item_id, access) AS (
    SELECT project_id, access FROM project_shares
     WHERE customer_id = $1 AND project_id = ANY($2::bpchar[])
    UNION ALL
    SELECT project_id, access FROM team_shares
     WHERE project_id = ANY($2::bpchar[]) AND team_id IN (SELECT team_id FROM actor_teams)
    UNION ALL
    SELECT a.item_id, ls.access FROM above a
      JOIN label_shares ls ON ls.label_id = a.label_id AND ls.customer_id = $1
    UNION ALL
    SELECT a.item_id, ts.access FROM above a
      JOIN team_shares ts ON ts.label_id = a.label_id
     WHERE ts.team_id IN (SELECT team_id FROM actor_teams)
  )
  SELECT w.id, w.owner_id, w.label_id, w.is_demo, w.from_id, w.owner_id = $1 AS is_owner,
         CASE WHEN w.is_demo THEN NULL
              WHEN bool_or(g.access = 'edit') THEN 'edit'
              WHEN count(g.access) > 0 THEN 'view' END AS grant_access
    FROM wanted w LEFT JOIN grants g ON g.item_id = w.id
   GROUP BY w.id, w.owner_id, w.label_id, w.is_demo, w.from_id`;

/**
 * The CTEs `wanted` (the folders `$2`, uuid[]) and `above` (item_id, label_id): each folder with
 * itself and every folder above it (labels.parent_id, any depth).
 */
const LABELS_ABOVE = `
  wanted AS (
    SELECT id, owner_id FROM labels WHERE id = ANY($2::uuid[])
  ), above (item_id, label_id) AS (
    SELECT id, id FROM wanted
    UNION
    SELECT a.item_id, l.parent_id FROM above a JOIN labels l ON l.id = a.label_id
     WHERE l.parent_id IS NOT NULL
  )`;

/**
 * For the folders `$2` (uuid[]), one row each: `is_owner`, `owner_id` and `grant_access`, the
 * most generous grant the actor has on the folder itself or any folder above it, as
 * PROJECT_ACCESS reads them.
 */
const LABEL_ACCESS = `
  WITH RECURSIVE ${LABELS_ABOVE}, actor_teams AS (${ACTIVE_TEAMS_OF_ACTOR}
  ), grants (item_id, access) AS (
    SELECT a.item_id, ls.access FROM above a
      JOIN label_shares ls ON ls.label_id = a.label_id AND ls.customer_id = $1
    UNION ALL
    SELECT a.item_id, ts.access FROM above a
      JOIN team_shares ts ON ts.label_id = a.label_id
     WHERE ts.team_id IN (SELECT team_id FROM actor_teams)
  )
  SELECT w.id, w.owner_id, w.owner_id = $1 AS is_owner,
         CASE WHEN bool_or(g.access = 'edit') THEN 'edit'
              WHEN count(g.access) > 0 THEN 'view' END AS grant_access
    FROM wanted w LEFT JOIN grants g ON g.item_id = w.id
   GROUP BY w.id, w.owner_id`;

/**
 * The access checks' reads: each answers, in one query for the whole set, which of the ids the
 * actor may act on. It reads other features' tables but writes none (Immich's access repository
 * is the model). Ids that cannot exist are dropped before the query, never sent to fail there.
 */
@Injectable()
export class AccessRepository {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Of these customers, the one the actor is. */
  async customersActorIs(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT id FROM customers WHERE id = ANY($2::uuid[]) AND id = $1`,
      (wanted) => [actorId, wanted],
    );
  }

  /** Of these sessions, the ones the actor holds. */
  async sessionsOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      SESSION_ID,
      `SELECT id FROM sessions WHERE customer_id = $1 AND id = ANY($2::bpchar[])`,
      (wanted) => [actorId, wanted],
    );
  }

  /** Of these avatars, the actor's own. */
  async avatarsOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT id FROM avatars WHERE customer_id = $1 AND id = ANY($2::uuid[])`,
      (wanted) => [actorId, wanted],
    );
  }

  /**
   * Of these projects, the actor's own. `demos: true` takes in their changed demo copies, never
   * a demo original (even the demo customer's own: everyone's demo folder shows them);
   * `demos: false` leaves out every demo, which cannot be deleted or moved (§6).
   */
  async projectsOfActor(
    actorId: string,
    ids: ReadonlySet<string>,
    options: { demos: boolean },
  ): Promise<Set<string>> {
    return this.granted(
      ids,
      PROJECT_ID,
      options.demos
        ? `SELECT id FROM projects WHERE id = ANY($2::bpchar[]) AND owner_id = $1
             AND (NOT is_demo OR from_id IS NOT NULL)`
        : `SELECT id FROM projects WHERE id = ANY($2::bpchar[]) AND owner_id = $1 AND NOT is_demo`,
      (wanted) => [actorId, wanted],
    );
  }

  /**
   * Of these projects, those the actor may open: their own, the demo originals, and those shared
   * with them or with a team of theirs whose plan is active, directly or through a folder above
   * them at any depth (issues 30, 31).
   */
  async projectsReadableBy(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.projectsWhere(
      actorId,
      ids,
      `a.is_owner OR a.grant_access IS NOT NULL OR (a.is_demo AND a.from_id IS NULL)`,
    );
  }

  /**
   * Of these projects, those whose title and data the actor may change: their own (changed demo
   * copies included, never a demo original) and those they have edit access to (§6).
   */
  async projectsEditableBy(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.projectsWhere(
      actorId,
      ids,
      `(a.is_owner AND (NOT a.is_demo OR a.from_id IS NOT NULL)) OR a.grant_access = 'edit'`,
    );
  }

  /** Of these projects, those the actor may move: their own (never a demo) or with edit access. */
  async projectsMovableBy(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.projectsWhere(
      actorId,
      ids,
      `(a.is_owner AND NOT a.is_demo) OR a.grant_access = 'edit'`,
    );
  }

  /**
   * Of these projects (not the actor's own), those the actor may move to folder `labelId`: both
   * the project's current folder and `labelId` lie in the subtree of one folder whose edit grant
   * (the actor's own or an active team's) reaches the actor (that folder itself or below it). An
   * edit grant on the project alone moves nothing: a move changes who has access through the
   * folders, which only a folder's editor may reorganise (decision 214). Demos never move. One query.
   */
  async projectsMovableWithin(
    actorId: string,
    ids: ReadonlySet<string>,
    labelId: string,
  ): Promise<Set<string>> {
    if (!UUID.test(labelId)) return new Set();
    return this.granted(
      ids,
      PROJECT_ID,
      `WITH RECURSIVE actor_teams AS (${ACTIVE_TEAMS_OF_ACTOR}
       ), roots (label_id) AS (
         SELECT label_id FROM label_shares WHERE customer_id = $1 AND access = 'edit'
         UNION
         SELECT label_id FROM team_shares
          WHERE label_id IS NOT NULL AND access = 'edit'
            AND team_id IN (SELECT team_id FROM actor_teams)
       ), target_above (label_id) AS (
         SELECT id FROM labels WHERE id = $4::uuid
         UNION
         SELECT l.parent_id FROM target_above t JOIN labels l ON l.id = t.label_id
          WHERE l.parent_id IS NOT NULL
       ), wanted AS (
         SELECT id, label_id FROM projects
          WHERE id = ANY($2::bpchar[]) AND owner_id <> $1 AND NOT is_demo
       ), above (item_id, label_id) AS (
         SELECT id, label_id FROM wanted WHERE label_id IS NOT NULL
         UNION
         SELECT a.item_id, l.parent_id FROM above a JOIN labels l ON l.id = a.label_id
          WHERE l.parent_id IS NOT NULL
       )
       SELECT DISTINCT a.item_id AS id FROM above a
         JOIN roots r ON r.label_id = a.label_id
         JOIN target_above t ON t.label_id = a.label_id`,
      (wanted) => [actorId, wanted, this.clock.now(), labelId],
    );
  }

  /**
   * Of these projects, those shared with the actor (a grant of theirs or of a team of theirs,
   * direct or through a folder above), their own not counted: what they may drop from their
   * shared items.
   */
  async projectsSharedWith(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.projectsWhere(actorId, ids, `NOT a.is_owner AND a.grant_access IS NOT NULL`);
  }

  /** The actor's effective access to each of these projects they may open (others left out). */
  async projectAccess(actorId: string, ids: ReadonlySet<string>): Promise<Map<string, ItemAccess>> {
    const wanted = [...ids].filter((id) => PROJECT_ID.test(id));
    if (wanted.length === 0) return new Map();
    const rows: Array<{ id: string; is_owner: boolean; grant_access: 'edit' | 'view' | null }> =
      await this.dataSource.query(PROJECT_ACCESS, [actorId, wanted, this.clock.now()]);
    return accessMap(rows);
  }

  /** The actor's effective access to each of these folders (those they cannot see left out). */
  async labelAccess(actorId: string, ids: ReadonlySet<string>): Promise<Map<string, ItemAccess>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Map();
    const rows: Array<{ id: string; is_owner: boolean; grant_access: 'edit' | 'view' | null }> =
      await this.dataSource.query(LABEL_ACCESS, [actorId, wanted, this.clock.now()]);
    return accessMap(rows);
  }

  /**
   * Of these folders, those shared with the actor with at least `access` (a grant of theirs or
   * of an active team of theirs on the folder or a folder above it), their own not counted.
   */
  async labelsSharedWith(
    actorId: string,
    ids: ReadonlySet<string>,
    access: 'view' | 'edit',
  ): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT a.id FROM (${LABEL_ACCESS}) a
        WHERE NOT a.is_owner AND a.grant_access = ANY($4::text[])`,
      (wanted) => [
        actorId,
        wanted,
        this.clock.now(),
        access === 'edit' ? ['edit'] : ['view', 'edit'],
      ],
    );
  }

  /** Of these grants (project_shares or label_shares ids), those on things the actor owns. */
  async shareGrantsManagedBy(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT s.id FROM project_shares s JOIN projects p ON p.id = s.project_id
        WHERE s.id = ANY($2::uuid[]) AND p.owner_id = $1
       UNION ALL
       SELECT s.id FROM label_shares s JOIN labels l ON l.id = s.label_id
        WHERE s.id = ANY($2::uuid[]) AND l.owner_id = $1`,
      (wanted) => [actorId, wanted],
    );
  }

  /**
   * Of these team grants (team_shares ids), those the actor may take away: on a thing the actor
   * owns, or of a team the actor owns or administers (§6 "Remove from a team's projects").
   */
  async teamSharesRemovableBy(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT ts.id FROM team_shares ts
         LEFT JOIN projects p ON p.id = ts.project_id
         LEFT JOIN labels l ON l.id = ts.label_id
        WHERE ts.id = ANY($2::uuid[])
          AND (coalesce(p.owner_id, l.owner_id) = $1
               OR EXISTS (SELECT 1 FROM team_members m
                           WHERE m.team_id = ts.team_id AND m.customer_id = $1
                             AND m.role IN ('owner', 'administrator')))`,
      (wanted) => [actorId, wanted],
    );
  }

  /** Of these projects, the demo originals (the demo folder's, which everyone may open). */
  async demoOriginals(ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      PROJECT_ID,
      `SELECT id FROM projects WHERE id = ANY($1::bpchar[]) AND is_demo AND from_id IS NULL`,
      (wanted) => [wanted],
    );
  }

  /** Of these projects, the actor's changed demos (their own copies of a demo original). */
  async demoCopiesOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      PROJECT_ID,
      `SELECT id FROM projects
        WHERE id = ANY($2::bpchar[]) AND owner_id = $1 AND is_demo AND from_id IS NOT NULL`,
      (wanted) => [actorId, wanted],
    );
  }

  /** Of these folders, the actor's own. */
  async labelsOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT id FROM labels WHERE owner_id = $1 AND id = ANY($2::uuid[])`,
      (wanted) => [actorId, wanted],
    );
  }

  /** Of these apps, those the actor has a role on (any role, or only admin). */
  async appsOfActor(
    actorId: string,
    ids: ReadonlySet<string>,
    options: { adminOnly: boolean },
  ): Promise<Set<string>> {
    return this.granted(
      ids,
      APP_ID,
      `SELECT app_id AS id FROM app_members
        WHERE customer_id = $1 AND app_id = ANY($2::text[]) AND (NOT $3 OR role = 'admin')`,
      (wanted) => [actorId, wanted, options.adminOnly],
    );
  }

  /** Of these app memberships, those of apps the actor is an admin of. */
  async appMembershipsAdministeredBy(
    actorId: string,
    ids: ReadonlySet<string>,
  ): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT m.id FROM app_members m
         JOIN app_members me ON me.app_id = m.app_id AND me.customer_id = $1 AND me.role = 'admin'
        WHERE m.id = ANY($2::uuid[])`,
      (wanted) => [actorId, wanted],
    );
  }

  /** Of these app authorizations (the other apps table's rows), the ones the actor granted. */
  async appAuthorizationsOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT id FROM app_authorizations WHERE customer_id = $1 AND id = ANY($2::uuid[])`,
      (wanted) => [actorId, wanted],
    );
  }

  /**
   * Of these teams, those the actor belongs to: with any role, as owner or administrator
   * ('administrate'), or as owner ('own').
   */
  async teamsOfActor(
    actorId: string,
    ids: ReadonlySet<string>,
    role: 'any' | 'administrate' | 'own',
  ): Promise<Set<string>> {
    const roles =
      role === 'own'
        ? ['owner']
        : role === 'administrate'
          ? ['owner', 'administrator']
          : ['owner', 'administrator', 'member'];
    return this.granted(
      ids,
      UUID,
      `SELECT team_id AS id FROM team_members
        WHERE customer_id = $1 AND team_id = ANY($2::uuid[]) AND role = ANY($3::text[])`,
      (wanted) => [actorId, wanted, roles],
    );
  }

  /**
   * A team view's check and state in one statement (every page of /team/{team} asks; issue 31's
   * team-view bench): the actor's role in the team and whether its plan is active now
   * (teamPlanActive). Null when the actor is not a member (or the id cannot be a team's). A
   * named statement, prepared once per connection.
   */
  async teamViewOf(
    actorId: string,
    teamId: string,
  ): Promise<{ role: 'owner' | 'administrator' | 'member'; active: boolean } | null> {
    if (!UUID.test(teamId)) return null;
    const runner = this.dataSource.createQueryRunner();
    try {
      const client = (await runner.connect()) as pg.PoolClient;
      const { rows } = await client.query<{
        role: 'owner' | 'administrator' | 'member';
        active: boolean;
      }>({
        name: 'access_team_view',
        text: `SELECT m.role,
              EXISTS (
                SELECT 1 FROM subscriptions s
                  JOIN billing_plans bp ON bp.id = s.plan_id AND bp.product = 'team'
                 WHERE s.id = t.subscription_id AND ${teamPlanActive('$3')}
              ) AS active
         FROM teams t JOIN team_members m ON m.team_id = t.id AND m.customer_id = $2
        WHERE t.id = $1`,
        values: [teamId, actorId, this.clock.now()],
      });
      return rows[0] ?? null;
    } finally {
      await runner.release();
    }
  }

  /** Of these teams, those whose plan the actor's subscription pays for. */
  async teamsPaidBy(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT t.id FROM teams t JOIN subscriptions s ON s.id = t.subscription_id
        WHERE s.customer_id = $1 AND t.id = ANY($2::uuid[])`,
      (wanted) => [actorId, wanted],
    );
  }

  /** Of these team memberships, the actor's own and those of teams the actor administers. */
  async teamMembershipsRemovableBy(
    actorId: string,
    ids: ReadonlySet<string>,
  ): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT m.id FROM team_members m
         JOIN team_members me ON me.team_id = m.team_id AND me.customer_id = $1
        WHERE m.id = ANY($2::uuid[])
          AND (m.customer_id = $1 OR me.role IN ('owner', 'administrator'))`,
      (wanted) => [actorId, wanted],
    );
  }

  /** Of these team memberships, those of teams the actor belongs to. */
  async teamMembershipsVisibleTo(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT m.id FROM team_members m
         JOIN team_members me ON me.team_id = m.team_id AND me.customer_id = $1
        WHERE m.id = ANY($2::uuid[])`,
      (wanted) => [actorId, wanted],
    );
  }

  /** Of these team invites, those of teams the actor belongs to (or administers). */
  async teamInvitesOfActor(
    actorId: string,
    ids: ReadonlySet<string>,
    role: 'any' | 'administrate',
  ): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT i.id FROM team_invites i
         JOIN team_members me ON me.team_id = i.team_id AND me.customer_id = $1
        WHERE i.id = ANY($2::uuid[]) AND ($3 = 'any' OR me.role IN ('owner', 'administrator'))`,
      (wanted) => [actorId, wanted, role],
    );
  }

  /**
   * Of these team invites, the pending ones sent to the actor's e-mail address, once that
   * address is verified (an account made with someone else's address sees none).
   */
  async teamInvitesToActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT i.id FROM team_invites i JOIN customers c ON c.id = $1
        WHERE i.id = ANY($2::uuid[]) AND i.status = 'pending' AND c.verified_at IS NOT NULL
          AND lower(i.recipient_email) = lower(c.email)`,
      (wanted) => [actorId, wanted],
    );
  }

  /**
   * Of these folders, those a team of the actor's with an active plan reaches: shared with the
   * team themselves or through a folder above them at any depth, as LABEL_ACCESS reads team
   * grants (a team view's folders; a lapsed team's shares give nothing).
   */
  async labelsSharedWithActorTeams(
    actorId: string,
    ids: ReadonlySet<string>,
  ): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `WITH RECURSIVE ${LABELS_ABOVE}, actor_teams AS (${ACTIVE_TEAMS_OF_ACTOR}
       )
       SELECT DISTINCT a.item_id AS id FROM above a
         JOIN team_shares ts ON ts.label_id = a.label_id
        WHERE ts.team_id IN (SELECT team_id FROM actor_teams)`,
      (wanted) => [actorId, wanted, this.clock.now()],
    );
  }

  /** Of these share invites, those to the actor's own projects and folders (issue 31). */
  async shareInvitesOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT i.id FROM share_invites i
         LEFT JOIN projects p ON p.id = i.project_id
         LEFT JOIN labels l ON l.id = i.label_id
        WHERE i.id = ANY($2::uuid[]) AND (p.owner_id = $1 OR l.owner_id = $1)`,
      (wanted) => [actorId, wanted],
    );
  }

  /**
   * Of these share invites, the pending ones sent to the actor's e-mail address, once that
   * address is verified (as team invites, decision 187).
   */
  async shareInvitesToActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT i.id FROM share_invites i JOIN customers c ON c.id = $1
        WHERE i.id = ANY($2::uuid[]) AND i.status = 'pending' AND c.verified_at IS NOT NULL
          AND lower(i.recipient_email) = lower(c.email)`,
      (wanted) => [actorId, wanted],
    );
  }

  /** Of these invoices, the ones billed to the actor (issue 30). */
  async invoicesOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      UUID,
      `SELECT id FROM invoices WHERE customer_id = $1 AND id = ANY($2::uuid[])`,
      (wanted) => [actorId, wanted],
    );
  }

  /**
   * Of these projects, those anyone may play by their public link (issue 31): public, not past
   * their expiry, never a demo (§6: demos cannot be shared). Whose they are plays no part.
   */
  publicProjects(ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      PROJECT_ID,
      `SELECT id FROM projects
        WHERE id = ANY($1::bpchar[]) AND is_public AND NOT is_demo
          AND (public_expires_at IS NULL OR public_expires_at > $2)`,
      (wanted) => [wanted, this.clock.now()],
    );
  }

  /** Of these renders, the actor's own (issue 32: a render is never shared, only its file URL). */
  rendersOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    return this.granted(
      ids,
      PROJECT_ID,
      `SELECT id FROM renders WHERE id = ANY($2::bpchar[]) AND customer_id = $1`,
      (wanted) => [actorId, wanted],
    );
  }

  /**
   * The shape of every check: the ids that cannot exist (by `pattern`) are dropped, the rest go
   * to one query (`params` places them), and the ids it answers (as `id`) are the allowed ones.
   */
  private async granted(
    ids: ReadonlySet<string>,
    pattern: RegExp,
    sql: string,
    params: (wanted: string[]) => unknown[],
  ): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => pattern.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(sql, params(wanted));
    return new Set(rows.map((row) => row.id));
  }

  /** The projects, of these, whose PROJECT_ACCESS row (`a`) meets `condition`. */
  private projectsWhere(
    actorId: string,
    ids: ReadonlySet<string>,
    condition: string,
  ): Promise<Set<string>> {
    return this.granted(
      ids,
      PROJECT_ID,
      `SELECT a.id FROM (${PROJECT_ACCESS}) a WHERE ${condition}`,
      (wanted) => [actorId, wanted, this.clock.now()],
    );
  }
}

function accessMap(
  rows: Array<{ id: string; is_owner: boolean; grant_access: 'edit' | 'view' | null }>,
): Map<string, ItemAccess> {
  const map = new Map<string, ItemAccess>();
  for (const row of rows) {
    if (row.is_owner) map.set(row.id, 'owner');
    else if (row.grant_access) map.set(row.id, row.grant_access);
  }
  return map;
}
