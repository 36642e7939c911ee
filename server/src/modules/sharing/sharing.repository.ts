import { Inject, Injectable } from '@nestjs/common';
import type {
  InheritedShare,
  ShareAccess,
  ShareCustomer,
  ShareEntity,
  SharingInvite,
  TeamShareEntry,
} from '@animata/contracts';
import type { DataSource } from 'typeorm';
import { teamPlanActive } from '../../common/access/index.js';
import { DATA_SOURCE } from '../../common/tokens.js';

/** A project or a folder as the share dialog needs it. */
export interface ShareItemRecord {
  id: string;
  title: string;
  ownerId: string;
  isDemo: boolean;
  isPublic: boolean;
  publicExpiresAt: Date | null;
  hasPassword: boolean;
}

/** A customer's grant (project_shares or label_shares row). */
export interface GrantRecord {
  id: string;
  itemId: string;
  customerId: string;
  access: ShareAccess;
}

/** The grant tables of each entity, and the column naming the item. */
const GRANTS = {
  project: { table: 'project_shares', column: 'project_id', cast: 'text' },
  label: { table: 'label_shares', column: 'label_id', cast: 'uuid' },
} as const;

/**
 * The one active-plan condition of a team (`t`) for sharing, in SQL: its subscription (`s`)
 * pays for the team product and is premium now ($now) — the twin of PlanAccess.teamsOf.
 */
const ACTIVE_TEAM = (now: string) => `
  EXISTS (SELECT 1 FROM subscriptions s JOIN billing_plans bp ON bp.id = s.plan_id
           WHERE s.id = t.subscription_id AND bp.product = 'team' AND ${teamPlanActive(now)})`;

function customerOf(row: { customer_id: string; name: string; email: string }): ShareCustomer {
  return { id: row.customer_id, name: row.name, email: row.email };
}

/**
 * Sharing's reads and writes: grants to customers (project_shares, label_shares), grants to
 * teams (team_shares), and the share dialog's lists. Who may do what is the access layer's.
 */
@Injectable()
export class SharingRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async item(entity: ShareEntity, id: string): Promise<ShareItemRecord | null> {
    const rows: Array<{
      id: string;
      title: string;
      owner_id: string;
      is_demo: boolean;
      is_public: boolean;
      public_expires_at: Date | null;
      has_password: boolean;
    }> =
      entity === 'project'
        ? await this.dataSource.query(
            `SELECT id, title, owner_id, is_demo, is_public, public_expires_at,
                    public_password_hash IS NOT NULL AS has_password
               FROM projects WHERE id = $1`,
            [id],
          )
        : await this.dataSource.query(
            `SELECT id, title, owner_id, false AS is_demo, false AS is_public,
                    NULL::timestamptz AS public_expires_at, false AS has_password
               FROM labels WHERE id = $1`,
            [id],
          );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      title: row.title,
      ownerId: row.owner_id,
      isDemo: row.is_demo,
      isPublic: row.is_public,
      publicExpiresAt: row.public_expires_at,
      hasPassword: row.has_password,
    };
  }

  async customer(id: string): Promise<ShareCustomer | null> {
    const rows: Array<{ customer_id: string; name: string; email: string }> =
      await this.dataSource.query(
        `SELECT id AS customer_id, name, email FROM customers WHERE id = $1`,
        [id],
      );
    return rows[0] ? customerOf(rows[0]) : null;
  }

  /** The direct grants to customers, oldest first. */
  async customerGrants(
    entity: ShareEntity,
    id: string,
  ): Promise<Array<{ shareId: string; access: ShareAccess; customer: ShareCustomer }>> {
    const { table, column, cast } = GRANTS[entity];
    const rows: Array<{
      id: string;
      access: ShareAccess;
      customer_id: string;
      name: string;
      email: string;
    }> = await this.dataSource.query(
      `SELECT g.id, g.access, c.id AS customer_id, c.name, c.email
         FROM ${table} g JOIN customers c ON c.id = g.customer_id
        WHERE g.${column} = $1::${cast} ORDER BY g.created_at, g.id`,
      [id],
    );
    return rows.map((row) => ({ shareId: row.id, access: row.access, customer: customerOf(row) }));
  }

  /** Share invites not accepted yet: pending and refused, newest first. */
  async invites(entity: ShareEntity, id: string): Promise<SharingInvite[]> {
    const rows: Array<{
      id: string;
      recipient_email: string;
      grant_access: ShareAccess;
      status: 'pending' | 'refused';
      created_at: Date;
    }> = await this.dataSource.query(
      `SELECT id, recipient_email, grant_access, status, created_at FROM share_invites
        WHERE ${entity === 'project' ? 'project_id = $1::bpchar' : 'label_id = $1::uuid'}
        ORDER BY created_at DESC, id`,
      [id],
    );
    return rows.map((row) => ({
      id: row.id,
      recipientEmail: row.recipient_email,
      grantAccess: row.grant_access,
      status: row.status,
      created: row.created_at.toISOString(),
    }));
  }

  /** The direct grants to teams. */
  async teamGrants(entity: ShareEntity, id: string): Promise<TeamShareEntry[]> {
    const rows: Array<{ team_id: string; title: string; access: ShareAccess }> =
      await this.dataSource.query(
        `SELECT t.id AS team_id, t.title, ts.access FROM team_shares ts JOIN teams t ON t.id = ts.team_id
          WHERE ts.${entity === 'project' ? 'project_id = $1::bpchar' : 'label_id = $1::uuid'}
          ORDER BY t.title, t.id`,
        [id],
      );
    return rows.map((row) => ({ team: { id: row.team_id, title: row.title }, access: row.access }));
  }

  /**
   * The grants on the folders above the item (a project's own folder included), nearest folder
   * first: customers' and teams'.
   */
  async inherited(entity: ShareEntity, id: string): Promise<InheritedShare[]> {
    const rows: Array<{
      label_id: string;
      label_title: string;
      access: ShareAccess;
      customer_id: string | null;
      name: string | null;
      email: string | null;
      team_id: string | null;
      team_title: string | null;
    }> = await this.dataSource.query(
      `WITH RECURSIVE above (label_id, depth) AS (
         ${
           entity === 'project'
             ? `SELECT label_id, 0 FROM projects WHERE id = $1::bpchar AND label_id IS NOT NULL`
             : `SELECT parent_id, 0 FROM labels WHERE id = $1::uuid AND parent_id IS NOT NULL`
         }
         UNION
         SELECT l.parent_id, a.depth + 1 FROM above a JOIN labels l ON l.id = a.label_id
          WHERE l.parent_id IS NOT NULL AND a.depth < 64
       )
       SELECT l.id AS label_id, l.title AS label_title, ls.access, c.id AS customer_id, c.name,
              c.email, NULL AS team_id, NULL AS team_title, a.depth, ls.created_at
         FROM above a JOIN labels l ON l.id = a.label_id
         JOIN label_shares ls ON ls.label_id = a.label_id
         JOIN customers c ON c.id = ls.customer_id
       UNION ALL
       SELECT l.id, l.title, ts.access, NULL, NULL, NULL, t.id, t.title, a.depth, ts.created_at
         FROM above a JOIN labels l ON l.id = a.label_id
         JOIN team_shares ts ON ts.label_id = a.label_id
         JOIN teams t ON t.id = ts.team_id
       ORDER BY depth, created_at`,
      [id],
    );
    return rows.map((row) => ({
      label: { id: row.label_id, title: row.label_title },
      access: row.access,
      customer:
        row.customer_id !== null
          ? { id: row.customer_id, name: row.name ?? '', email: row.email ?? '' }
          : null,
      team: row.team_id !== null ? { id: row.team_id, title: row.team_title ?? '' } : null,
    }));
  }

  /** The teams of the customer whose plan is active now, by title. */
  async activeTeamsOf(
    customerId: string,
    now: Date,
  ): Promise<Array<{ id: string; title: string; isOwner: boolean }>> {
    // isOwner: the share dialog labels the customer's own team 'Your team' (§6).
    return this.dataSource.query(
      `SELECT t.id, t.title, t.owner_id = $1 AS "isOwner" FROM teams t
         JOIN team_members m ON m.team_id = t.id
        WHERE m.customer_id = $1 AND ${ACTIVE_TEAM('$2')} ORDER BY t.title, t.id`,
      [customerId, now],
    );
  }

  /** The members of these teams (each once), by name. */
  async membersOf(teamIds: string[]): Promise<ShareCustomer[]> {
    if (teamIds.length === 0) return [];
    const rows: Array<{ customer_id: string; name: string; email: string }> =
      await this.dataSource.query(
        `SELECT DISTINCT c.id AS customer_id, c.name, c.email FROM team_members m
           JOIN customers c ON c.id = m.customer_id
          WHERE m.team_id = ANY($1::uuid[]) ORDER BY c.name, c.email`,
        [teamIds],
      );
    return rows.map(customerOf);
  }

  /**
   * Whether the recipient (a customer, or the customer holding an address) is a member of an
   * active team the owner belongs to: who may get edit access to the owner's things (§4;
   * decision 218). Grants and invites both ask here.
   */
  async sharesActiveTeam(
    ownerId: string,
    recipient: { customerId: string } | { email: string },
    now: Date,
  ): Promise<boolean> {
    const theirs =
      'customerId' in recipient
        ? 'theirs.customer_id = $2'
        : 'theirs.customer_id = (SELECT id FROM customers WHERE email = lower($2))';
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM team_members mine JOIN team_members theirs ON theirs.team_id = mine.team_id
         JOIN teams t ON t.id = mine.team_id
        WHERE mine.customer_id = $1 AND ${theirs} AND ${ACTIVE_TEAM('$3')}
        LIMIT 1`,
      [ownerId, 'customerId' in recipient ? recipient.customerId : recipient.email, now],
    );
    return rows.length > 0;
  }

  async findGrant(entity: ShareEntity, shareId: string): Promise<GrantRecord | null> {
    const { table, column } = GRANTS[entity];
    const rows: Array<{ id: string; item_id: string; customer_id: string; access: ShareAccess }> =
      await this.dataSource.query(
        `SELECT id, ${column} AS item_id, customer_id, access FROM ${table} WHERE id = $1`,
        [shareId],
      );
    const row = rows[0];
    return row
      ? { id: row.id, itemId: row.item_id, customerId: row.customer_id, access: row.access }
      : null;
  }

  /**
   * Sets a grant's access in one statement; answers the access it had just before, or null when
   * the grant is gone (removed since it was read).
   */
  async updateGrantAccess(
    entity: ShareEntity,
    shareId: string,
    access: ShareAccess,
  ): Promise<{ previous: ShareAccess } | null> {
    const { table } = GRANTS[entity];
    const [rows]: [Array<{ previous: ShareAccess }>, number] = await this.dataSource.query(
      `WITH before AS (SELECT id, access FROM ${table} WHERE id = $1 FOR UPDATE)
       UPDATE ${table} g SET access = $2 FROM before b WHERE g.id = b.id
       RETURNING b.access AS previous`,
      [shareId, access],
    );
    const row = rows[0];
    return row ? { previous: row.previous } : null;
  }

  /** Removes a customer's grant on the item; answers whether there was one. */
  async deleteGrant(entity: ShareEntity, itemId: string, customerId: string): Promise<boolean> {
    const { table, column, cast } = GRANTS[entity];
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM ${table} WHERE ${column} = $1::${cast} AND customer_id = $2 RETURNING id`,
      [itemId, customerId],
    );
    return rows.length > 0;
  }

  /** Removes the customer's own grants on these items; answers the items that had one. */
  async deleteOwnGrants(entity: ShareEntity, itemIds: string[], customerId: string) {
    const { table, column, cast } = GRANTS[entity];
    const [rows]: [Array<{ item_id: string }>, number] = await this.dataSource.query(
      `DELETE FROM ${table} WHERE ${column} = ANY($1::${cast}[]) AND customer_id = $2
       RETURNING ${column} AS item_id`,
      [itemIds, customerId],
    );
    return rows.map((row) => row.item_id.trim());
  }

  /** Shares the item with a team, or changes the access of its share; answers whether it was new. */
  async upsertTeamShare(
    entity: ShareEntity,
    itemId: string,
    teamId: string,
    access: ShareAccess,
    createdBy: string,
  ): Promise<boolean> {
    const column = GRANTS[entity].column;
    const rows: Array<{ inserted: boolean }> = await this.dataSource.query(
      `INSERT INTO team_shares (team_id, ${column}, access, created_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (team_id, ${column}) WHERE ${column} IS NOT NULL
       DO UPDATE SET access = EXCLUDED.access
       RETURNING (xmax = 0) AS inserted`,
      [teamId, itemId, access, createdBy],
    );
    return rows[0]?.inserted ?? false;
  }

  /** The team's shares of these items: their ids and items. */
  async teamShares(
    entity: ShareEntity,
    teamId: string,
    itemIds: string[],
  ): Promise<Array<{ id: string; itemId: string }>> {
    const { column, cast } = GRANTS[entity];
    const rows: Array<{ id: string; item_id: string }> = await this.dataSource.query(
      `SELECT id, ${column} AS item_id FROM team_shares
        WHERE team_id = $1 AND ${column} = ANY($2::${cast}[])`,
      [teamId, itemIds],
    );
    return rows.map((row) => ({ id: row.id, itemId: row.item_id.trim() }));
  }

  async deleteTeamShares(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM team_shares WHERE id = ANY($1::uuid[]) RETURNING id`,
      [ids],
    );
    return rows.length;
  }
}
