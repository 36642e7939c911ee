import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { ShareAccess, ShareEntity, TeamInviteStatus } from '@animata/contracts';
import { DATA_SOURCE } from '../../common/tokens.js';
import { queryRows } from '../../database/sql.js';

/** A project or a folder that can be shared, with its owner. */
export interface ShareableItem {
  entity: ShareEntity;
  id: string;
  title: string;
  ownerId: string;
  ownerEmail: string;
  isDemo: boolean;
}

/** A row of share_invites with what the pages show of it. */
export interface ShareInviteRecord {
  id: string;
  entity: ShareEntity;
  itemId: string;
  itemTitle: string;
  ownerId: string;
  inviterName: string | null;
  recipientEmail: string;
  grantAccess: ShareAccess;
  status: TeamInviteStatus;
  createdAt: Date;
}

interface InviteRow {
  id: string;
  project_id: string | null;
  label_id: string | null;
  item_title: string;
  owner_id: string;
  inviter_name: string | null;
  recipient_email: string;
  grant_access: ShareAccess;
  status: TeamInviteStatus;
  created_at: Date;
}

const INVITE_SELECT = `
  SELECT i.id, i.project_id, i.label_id, coalesce(p.title, l.title) AS item_title,
         coalesce(p.owner_id, l.owner_id) AS owner_id, inviter.name AS inviter_name,
         i.recipient_email, i.grant_access, i.status, i.created_at
    FROM share_invites i
    LEFT JOIN projects p ON p.id = i.project_id
    LEFT JOIN labels l ON l.id = i.label_id
    LEFT JOIN customers inviter ON inviter.id = i.inviter_id`;

function toInvite(row: InviteRow): ShareInviteRecord {
  return {
    id: row.id,
    entity: row.project_id !== null ? 'project' : 'label',
    itemId: (row.project_id ?? row.label_id)!,
    itemTitle: row.item_title,
    ownerId: row.owner_id,
    inviterName: row.inviter_name,
    recipientEmail: row.recipient_email,
    grantAccess: row.grant_access,
    status: row.status,
    createdAt: row.created_at,
  };
}

/** The item's column in share_invites and its grant table (never user input). */
const TARGET = {
  project: { column: 'project_id', grants: 'project_shares', key: 'project_id' },
  label: { column: 'label_id', grants: 'label_shares', key: 'label_id' },
} as const;

/**
 * share_invites (issue 31): the one writer of that table, and of the grant an accepted invite
 * becomes (project_shares / label_shares rows, upserted: the more generous access wins).
 */
@Injectable()
export class ShareInvitesRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** The project or folder with its owner (the caller has checked access). */
  async findItem(entity: ShareEntity, id: string): Promise<ShareableItem | null> {
    const rows: Array<{
      id: string;
      title: string;
      owner_id: string;
      email: string;
      is_demo: boolean;
    }> =
      entity === 'project'
        ? await this.dataSource.query(
            `SELECT p.id, p.title, p.owner_id, c.email, p.is_demo
               FROM projects p JOIN customers c ON c.id = p.owner_id WHERE p.id = $1`,
            [id],
          )
        : await this.dataSource.query(
            `SELECT l.id, l.title, l.owner_id, c.email, false AS is_demo
               FROM labels l JOIN customers c ON c.id = l.owner_id WHERE l.id = $1`,
            [id],
          );
    const row = rows[0];
    if (!row) return null;
    return {
      entity,
      id: row.id,
      title: row.title,
      ownerId: row.owner_id,
      ownerEmail: row.email,
      isDemo: row.is_demo,
    };
  }

  /** Whether the customer with this address holds a direct grant on the item. */
  async hasDirectGrant(entity: ShareEntity, itemId: string, email: string): Promise<boolean> {
    const { grants, key } = TARGET[entity];
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM ${grants} g JOIN customers c ON c.id = g.customer_id
        WHERE g.${key} = $1 AND c.email = lower($2) LIMIT 1`,
      [itemId, email],
    );
    return rows.length > 0;
  }

  /**
   * Stores the invite as pending: a refused invite to the address is sent again (new token,
   * inviter and access); a pending one already there leaves everything as is and answers null.
   */
  async invite(invite: {
    entity: ShareEntity;
    itemId: string;
    inviterId: string;
    recipientEmail: string;
    grantAccess: ShareAccess;
    tokenHash: string;
  }): Promise<string | null> {
    const { column } = TARGET[invite.entity];
    const params = [
      invite.itemId,
      invite.inviterId,
      invite.recipientEmail,
      invite.grantAccess,
      invite.tokenHash,
    ];
    const renewed = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE share_invites
          SET status = 'pending', inviter_id = $2, grant_access = $4, token_hash = $5,
              created_at = now()
        WHERE ${column} = $1 AND lower(recipient_email) = lower($3) AND status = 'refused'
        RETURNING id`,
      params,
    );
    if (renewed[0]) return renewed[0].id;
    // The partial unique index decides between two invites sent at once.
    const inserted: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO share_invites (${column}, inviter_id, recipient_email, grant_access, token_hash)
       VALUES ($1, $2, lower($3), $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
      params,
    );
    return inserted[0]?.id ?? null;
  }

  async findById(id: string): Promise<ShareInviteRecord | null> {
    const rows: InviteRow[] = await this.dataSource.query(`${INVITE_SELECT} WHERE i.id = $1`, [id]);
    return rows[0] ? toInvite(rows[0]) : null;
  }

  async findByTokenHash(tokenHash: string): Promise<ShareInviteRecord | null> {
    const rows: InviteRow[] = await this.dataSource.query(
      `${INVITE_SELECT} WHERE i.token_hash = $1`,
      [tokenHash],
    );
    return rows[0] ? toInvite(rows[0]) : null;
  }

  /** Pending invites to an address (the customer object's invites), oldest first. */
  async pendingTo(email: string): Promise<ShareInviteRecord[]> {
    const rows: InviteRow[] = await this.dataSource.query(
      `${INVITE_SELECT} WHERE lower(i.recipient_email) = lower($1) AND i.status = 'pending'
        ORDER BY i.created_at, i.id`,
      [email],
    );
    return rows.map(toInvite);
  }

  /** Removes the invite; false when it was gone already (accepted or removed meanwhile). */
  async delete(id: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `DELETE FROM share_invites WHERE id = $1 RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  /** Marks a pending invite refused; false when it was answered or removed meanwhile. */
  async refuse(id: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE share_invites SET status = 'refused' WHERE id = $1 AND status = 'pending' RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  /**
   * Turns a pending invite into the customer's grant in one statement: the invite goes, the grant
   * is made or raised (the more generous access wins, never lowered). The item's owner gets no
   * grant of their own. False when the invite was answered or removed meanwhile.
   */
  async accept(
    invite: ShareInviteRecord,
    customerId: string,
    grantAccess: ShareAccess,
  ): Promise<boolean> {
    const { column, grants, key } = TARGET[invite.entity];
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `WITH gone AS (
         DELETE FROM share_invites WHERE id = $1 AND status = 'pending'
         RETURNING ${column} AS item_id, inviter_id
       ), granted AS (
         INSERT INTO ${grants} (${key}, customer_id, access, created_by)
         SELECT item_id, $2, $4, inviter_id FROM gone WHERE $2::uuid <> $3::uuid
         ON CONFLICT (${key}, customer_id) DO UPDATE
           SET access = CASE WHEN ${grants}.access = 'edit' OR excluded.access = 'edit'
                             THEN 'edit' ELSE 'view' END
         RETURNING id
       )
       SELECT item_id::text AS id FROM gone`,
      [invite.id, customerId, invite.ownerId, grantAccess],
    );
    return rows.length > 0;
  }
}
