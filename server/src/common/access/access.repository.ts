import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../tokens.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Session ids are the SHA-256 of their token, in hex. */
const SESSION_ID = /^[0-9a-f]{64}$/;
/** Project ids: 32 lowercase letters and digits (PROJECT_ID_PATTERN of the contracts). */
const PROJECT_ID = /^[a-z0-9]{32}$/;
/** App ids: 29 lowercase letters and digits (APP_KEY_BODY_LENGTH of the contracts). */
const APP_ID = /^[a-z0-9]{29}$/;

/**
 * The access checks' reads: each answers, in one query for the whole set, which of the ids the
 * actor may act on. It reads other features' tables but writes none (Immich's access repository
 * is the model). Ids that cannot exist are dropped before the query, never sent to fail there.
 */
@Injectable()
export class AccessRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** Of these customers, the one the actor is. */
  async customersActorIs(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM customers WHERE id = ANY($2::uuid[]) AND id = $1`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these sessions, the ones the actor holds. */
  async sessionsOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => SESSION_ID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM sessions WHERE customer_id = $1 AND id = ANY($2::text[])`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these avatars, the actor's own. */
  async avatarsOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM avatars WHERE customer_id = $1 AND id = ANY($2::uuid[])`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
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
    const wanted = [...ids].filter((id) => PROJECT_ID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      options.demos
        ? `SELECT id FROM projects WHERE id = ANY($2::text[]) AND owner_id = $1
             AND (NOT is_demo OR from_id IS NOT NULL)`
        : `SELECT id FROM projects WHERE id = ANY($2::text[]) AND owner_id = $1 AND NOT is_demo`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Of these projects, those the actor may open: their own, the demo originals, and those shared
   * with a team the actor belongs to, directly or through their folder (issue 30).
   */
  async projectsReadableBy(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => PROJECT_ID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT p.id FROM projects p
        WHERE p.id = ANY($2::text[])
          AND (p.owner_id = $1 OR (p.is_demo AND p.from_id IS NULL)
               OR EXISTS (SELECT 1 FROM team_shares ts
                            JOIN team_members m ON m.team_id = ts.team_id AND m.customer_id = $1
                           WHERE ts.project_id = p.id
                              OR (p.label_id IS NOT NULL AND ts.label_id = p.label_id)))`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these projects, the demo originals (the demo folder's, which everyone may open). */
  async demoOriginals(ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => PROJECT_ID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM projects WHERE id = ANY($1::text[]) AND is_demo AND from_id IS NULL`,
      [wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these projects, the actor's changed demos (their own copies of a demo original). */
  async demoCopiesOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => PROJECT_ID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM projects
        WHERE id = ANY($2::text[]) AND owner_id = $1 AND is_demo AND from_id IS NOT NULL`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these folders, the actor's own. */
  async labelsOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM labels WHERE owner_id = $1 AND id = ANY($2::uuid[])`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these apps, those the actor has a role on (any role, or only admin). */
  async appsOfActor(
    actorId: string,
    ids: ReadonlySet<string>,
    options: { adminOnly: boolean },
  ): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => APP_ID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT app_id AS id FROM app_members
        WHERE customer_id = $1 AND app_id = ANY($2::text[]) AND (NOT $3 OR role = 'admin')`,
      [actorId, wanted, options.adminOnly],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these app memberships, those of apps the actor is an admin of. */
  async appMembershipsAdministeredBy(
    actorId: string,
    ids: ReadonlySet<string>,
  ): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT m.id FROM app_members m
         JOIN app_members me ON me.app_id = m.app_id AND me.customer_id = $1 AND me.role = 'admin'
        WHERE m.id = ANY($2::uuid[])`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these app authorizations (the other apps table's rows), the ones the actor granted. */
  async appAuthorizationsOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM app_authorizations WHERE customer_id = $1 AND id = ANY($2::uuid[])`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
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
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const roles =
      role === 'own'
        ? ['owner']
        : role === 'administrate'
          ? ['owner', 'administrator']
          : ['owner', 'administrator', 'member'];
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT team_id AS id FROM team_members
        WHERE customer_id = $1 AND team_id = ANY($2::uuid[]) AND role = ANY($3::text[])`,
      [actorId, wanted, roles],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these teams, those whose plan the actor's subscription pays for. */
  async teamsPaidBy(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT t.id FROM teams t JOIN subscriptions s ON s.id = t.subscription_id
        WHERE s.customer_id = $1 AND t.id = ANY($2::uuid[])`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these team memberships, the actor's own and those of teams the actor administers. */
  async teamMembershipsRemovableBy(
    actorId: string,
    ids: ReadonlySet<string>,
  ): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT m.id FROM team_members m
         JOIN team_members me ON me.team_id = m.team_id AND me.customer_id = $1
        WHERE m.id = ANY($2::uuid[])
          AND (m.customer_id = $1 OR me.role IN ('owner', 'administrator'))`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these team memberships, those of teams the actor belongs to. */
  async teamMembershipsVisibleTo(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT m.id FROM team_members m
         JOIN team_members me ON me.team_id = m.team_id AND me.customer_id = $1
        WHERE m.id = ANY($2::uuid[])`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these team invites, those of teams the actor belongs to (or administers). */
  async teamInvitesOfActor(
    actorId: string,
    ids: ReadonlySet<string>,
    role: 'any' | 'administrate',
  ): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT i.id FROM team_invites i
         JOIN team_members me ON me.team_id = i.team_id AND me.customer_id = $1
        WHERE i.id = ANY($2::uuid[]) AND ($3 = 'any' OR me.role IN ('owner', 'administrator'))`,
      [actorId, wanted, role],
    );
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Of these team invites, the pending ones sent to the actor's e-mail address, once that
   * address is verified (an account made with someone else's address sees none).
   */
  async teamInvitesToActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT i.id FROM team_invites i JOIN customers c ON c.id = $1
        WHERE i.id = ANY($2::uuid[]) AND i.status = 'pending' AND c.verified_at IS NOT NULL
          AND lower(i.recipient_email) = lower(c.email)`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these folders, those shared with a team the actor belongs to. */
  async labelsSharedWithActorTeams(
    actorId: string,
    ids: ReadonlySet<string>,
  ): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT DISTINCT ts.label_id AS id FROM team_shares ts
         JOIN team_members m ON m.team_id = ts.team_id AND m.customer_id = $1
        WHERE ts.label_id = ANY($2::uuid[])`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these share invites, those to the actor's own projects and folders (issue 31). */
  async shareInvitesOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT i.id FROM share_invites i
         LEFT JOIN projects p ON p.id = i.project_id
         LEFT JOIN labels l ON l.id = i.label_id
        WHERE i.id = ANY($2::uuid[]) AND (p.owner_id = $1 OR l.owner_id = $1)`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Of these share invites, the pending ones sent to the actor's e-mail address, once that
   * address is verified (as team invites, decision 187).
   */
  async shareInvitesToActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT i.id FROM share_invites i JOIN customers c ON c.id = $1
        WHERE i.id = ANY($2::uuid[]) AND i.status = 'pending' AND c.verified_at IS NOT NULL
          AND lower(i.recipient_email) = lower(c.email)`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Of these invoices, the ones billed to the actor (issue 30). */
  async invoicesOfActor(actorId: string, ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => UUID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM invoices WHERE customer_id = $1 AND id = ANY($2::uuid[])`,
      [actorId, wanted],
    );
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Of these projects, those anyone may play by their public link (issue 31): public, not past
   * their expiry, never a demo (§6: demos cannot be shared). Whose they are plays no part.
   */
  async publicProjects(ids: ReadonlySet<string>): Promise<Set<string>> {
    const wanted = [...ids].filter((id) => PROJECT_ID.test(id));
    if (wanted.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM projects
        WHERE id = ANY($1::text[]) AND is_public AND NOT is_demo
          AND (public_expires_at IS NULL OR public_expires_at > now())`,
      [wanted],
    );
    return new Set(rows.map((row) => row.id));
  }
}
