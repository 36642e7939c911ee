import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type {
  TeamActivityKind,
  TeamGrantAccess,
  TeamInviteStatus,
  TeamRole,
} from '@animata/contracts';
import { DATA_SOURCE } from '../../common/tokens.js';
import { queryRows } from '../../database/sql.js';

export interface TeamRecord {
  id: string;
  subscriptionId: string;
  /** The customer whose subscription pays (the payer). */
  payerId: string;
  ownerId: string;
  ownerName: string;
  title: string;
  pendingExtraSlots: number | null;
  cycleEndsAt: Date | null;
  cycleTurnedFor: Date | null;
}

export interface MemberRecord {
  id: string;
  teamId: string;
  customerId: string;
  name: string;
  email: string;
  role: TeamRole;
  position: number;
  createdAt: Date;
}

export interface InviteRecord {
  id: string;
  teamId: string;
  inviterId: string | null;
  inviterName: string | null;
  teamTitle: string;
  recipientEmail: string;
  status: TeamInviteStatus;
  grantAccess: TeamGrantAccess;
  createdAt: Date;
}

export interface ActivityRecord {
  id: string;
  kind: TeamActivityKind;
  actorId: string | null;
  actorName: string | null;
  subjectId: string | null;
  subjectName: string | null;
  details: Record<string, string | number | boolean | null>;
  at: Date;
}

export interface TransferRecord {
  id: string;
  teamId: string;
  fromCustomerId: string;
  toCustomerId: string;
  fromConfirmedAt: Date | null;
  toConfirmedAt: Date | null;
  expiresAt: Date;
  doneAt: Date | null;
  side: 'from' | 'to';
}

export interface NewActivity {
  teamId: string;
  kind: TeamActivityKind;
  actor: { id: string; name: string } | null;
  subject: { id: string | null; name: string } | null;
  details?: Record<string, string | number | boolean | null>;
}

type Db = DataSource | EntityManager;

/**
 * The rows an UPDATE or DELETE … RETURNING answered through a manager's plain query(), which
 * gives `[rows, count]` for those (and the rows alone for SELECT and INSERT).
 */
function returned<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]))
    return result[0] as T[];
  return (result as T[]) ?? [];
}

const TEAM_SELECT = `SELECT t.id, t.subscription_id, s.customer_id AS payer_id, t.owner_id,
    o.name AS owner_name, t.title, t.pending_extra_slots, t.cycle_ends_at, t.cycle_turned_for
  FROM teams t JOIN subscriptions s ON s.id = t.subscription_id JOIN customers o ON o.id = t.owner_id`;

interface TeamRow {
  id: string;
  subscription_id: string;
  payer_id: string;
  owner_id: string;
  owner_name: string;
  title: string;
  pending_extra_slots: number | null;
  cycle_ends_at: Date | null;
  cycle_turned_for: Date | null;
}

const toTeam = (row: TeamRow): TeamRecord => ({
  id: row.id,
  subscriptionId: row.subscription_id,
  payerId: row.payer_id,
  ownerId: row.owner_id,
  ownerName: row.owner_name,
  title: row.title,
  pendingExtraSlots: row.pending_extra_slots,
  cycleEndsAt: row.cycle_ends_at,
  cycleTurnedFor: row.cycle_turned_for,
});

const MEMBER_SELECT = `SELECT m.id, m.team_id, m.customer_id, c.name, c.email, m.role, m.position,
    m.created_at FROM team_members m JOIN customers c ON c.id = m.customer_id`;
/** Owner first, then administrators, then members, each in their stored order. */
const MEMBER_ORDER = `ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'administrator' THEN 1 ELSE 2 END,
    m.position, m.created_at, m.id`;

interface MemberRow {
  id: string;
  team_id: string;
  customer_id: string;
  name: string;
  email: string;
  role: TeamRole;
  position: number;
  created_at: Date;
}

const toMember = (row: MemberRow): MemberRecord => ({
  id: row.id,
  teamId: row.team_id,
  customerId: row.customer_id,
  name: row.name,
  email: row.email,
  role: row.role,
  position: row.position,
  createdAt: row.created_at,
});

const INVITE_SELECT = `SELECT i.id, i.team_id, i.inviter_id, c.name AS inviter_name, t.title AS team_title,
    i.recipient_email, i.status, i.grant_access, i.created_at
  FROM team_invites i JOIN teams t ON t.id = i.team_id LEFT JOIN customers c ON c.id = i.inviter_id`;

interface InviteRow {
  id: string;
  team_id: string;
  inviter_id: string | null;
  inviter_name: string | null;
  team_title: string;
  recipient_email: string;
  status: TeamInviteStatus;
  grant_access: TeamGrantAccess;
  created_at: Date;
}

const toInvite = (row: InviteRow): InviteRecord => ({
  id: row.id,
  teamId: row.team_id,
  inviterId: row.inviter_id,
  inviterName: row.inviter_name,
  teamTitle: row.team_title,
  recipientEmail: row.recipient_email,
  status: row.status,
  grantAccess: row.grant_access,
  createdAt: row.created_at,
});

/**
 * The one writer of teams, team_members, team_invites, team_activity,
 * team_ownership_transfers and team_shares. Lists are one query each for a set of teams.
 */
@Injectable()
export class TeamsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  // Creation (inside the ledger's transaction).

  /**
   * The team of a paid team-plan subscription row, made once: the payer owns it. Answers the new
   * team's id, or null when the row has one already.
   */
  async ensureForSubscriptionIn(
    manager: EntityManager,
    payerId: string,
    title: string,
    periodEnd: Date | null,
  ): Promise<string | null> {
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO teams (subscription_id, owner_id, title, cycle_ends_at)
       SELECT s.id, s.customer_id, $2, $3 FROM subscriptions s
        WHERE s.customer_id = $1
       ON CONFLICT (subscription_id) DO NOTHING RETURNING id`,
      [payerId, title, periodEnd],
    );
    const id = rows[0]?.id ?? null;
    if (id !== null) {
      await manager.query(
        `INSERT INTO team_members (team_id, customer_id, role, position) VALUES ($1, $2, 'owner', 0)`,
        [id, payerId],
      );
    }
    return id;
  }

  /** Whether a plan id is one of the team product's plans. */
  async isTeamPlanIn(manager: EntityManager, planId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM billing_plans WHERE id = $1 AND product = 'team'`,
      [planId],
    );
    return rows.length > 0;
  }

  /**
   * Keeps the latest period end the gateways reported, for the cycle turn. An end not turned yet
   * stays until it is: a renewal reported before the hourly job must not skip the turn (the turn
   * then moves on to the subscription's period end, see markTurned).
   */
  async notePeriodEndIn(manager: EntityManager, payerId: string, periodEnd: Date): Promise<void> {
    await manager.query(
      `UPDATE teams t SET cycle_ends_at = $2, updated_at = now()
         FROM subscriptions s
        WHERE s.id = t.subscription_id AND s.customer_id = $1
          AND (t.cycle_ends_at IS NULL
               OR (t.cycle_ends_at < $2 AND t.cycle_turned_for IS NOT DISTINCT FROM t.cycle_ends_at))`,
      [payerId, periodEnd],
    );
  }

  // Reads.

  async findById(id: string, db: Db = this.dataSource): Promise<TeamRecord | null> {
    const rows: TeamRow[] = await db.query(`${TEAM_SELECT} WHERE t.id = $1`, [id]);
    return rows[0] ? toTeam(rows[0]) : null;
  }

  /** Locks the team row: invites, removals and seat changes of one team run one at a time. */
  async lockIn(manager: EntityManager, id: string): Promise<TeamRecord | null> {
    await manager.query(`SELECT id FROM teams WHERE id = $1 FOR UPDATE`, [id]);
    return this.findById(id, manager);
  }

  /** The customer's teams, in the order they joined them. */
  async teamsOf(customerId: string): Promise<TeamRecord[]> {
    const rows: TeamRow[] = await this.dataSource.query(
      `${TEAM_SELECT} JOIN team_members me ON me.team_id = t.id AND me.customer_id = $1
        ORDER BY me.created_at, t.id`,
      [customerId],
    );
    return rows.map(toTeam);
  }

  /** Teams whose cycle has ended and was not handled yet. */
  async teamsToTurn(now: Date): Promise<TeamRecord[]> {
    const rows: TeamRow[] = await this.dataSource.query(
      `${TEAM_SELECT} WHERE t.cycle_ends_at <= $1
          AND t.cycle_turned_for IS DISTINCT FROM t.cycle_ends_at`,
      [now],
    );
    return rows.map(toTeam);
  }

  async membersOf(teamIds: string[], db: Db = this.dataSource): Promise<MemberRecord[]> {
    if (teamIds.length === 0) return [];
    const rows: MemberRow[] = await db.query(
      `${MEMBER_SELECT} WHERE m.team_id = ANY($1::uuid[]) ${MEMBER_ORDER}`,
      [teamIds],
    );
    return rows.map(toMember);
  }

  async findMember(id: string): Promise<MemberRecord | null> {
    const rows: MemberRow[] = await this.dataSource.query(`${MEMBER_SELECT} WHERE m.id = $1`, [id]);
    return rows[0] ? toMember(rows[0]) : null;
  }

  /** Invites of the teams, oldest first. */
  async invitesOf(teamIds: string[], db: Db = this.dataSource): Promise<InviteRecord[]> {
    if (teamIds.length === 0) return [];
    const rows: InviteRow[] = await db.query(
      `${INVITE_SELECT} WHERE i.team_id = ANY($1::uuid[]) ORDER BY i.created_at, i.id`,
      [teamIds],
    );
    return rows.map(toInvite);
  }

  async findInvite(id: string): Promise<InviteRecord | null> {
    const rows: InviteRow[] = await this.dataSource.query(`${INVITE_SELECT} WHERE i.id = $1`, [id]);
    return rows[0] ? toInvite(rows[0]) : null;
  }

  async findInviteByTokenHash(tokenHash: string): Promise<InviteRecord | null> {
    const rows: InviteRow[] = await this.dataSource.query(
      `${INVITE_SELECT} WHERE i.token_hash = $1`,
      [tokenHash],
    );
    return rows[0] ? toInvite(rows[0]) : null;
  }

  /** Pending invites to an address (the customer object's invites), oldest first. */
  async pendingInvitesTo(email: string): Promise<InviteRecord[]> {
    const rows: InviteRow[] = await this.dataSource.query(
      `${INVITE_SELECT} WHERE lower(i.recipient_email) = lower($1) AND i.status = 'pending'
        ORDER BY i.created_at, i.id`,
      [email],
    );
    return rows.map(toInvite);
  }

  /** Folders shared with the teams (GET teams?labels=true). */
  async sharedLabelsOf(
    teamIds: string[],
  ): Promise<
    Array<{ teamId: string; id: string; title: string; ownerId: string; projectsCount: number }>
  > {
    if (teamIds.length === 0) return [];
    const rows: Array<{
      team_id: string;
      id: string;
      title: string;
      owner_id: string;
      projects_count: number;
    }> = await this.dataSource.query(
      `SELECT ts.team_id, l.id, l.title, l.owner_id, l.projects_count
         FROM team_shares ts JOIN labels l ON l.id = ts.label_id
        WHERE ts.team_id = ANY($1::uuid[]) ORDER BY lower(l.title), l.id`,
      [teamIds],
    );
    return rows.map((row) => ({
      teamId: row.team_id,
      id: row.id,
      title: row.title,
      ownerId: row.owner_id,
      projectsCount: row.projects_count,
    }));
  }

  // Writes.

  async rename(id: string, title: string): Promise<void> {
    await this.dataSource.query(`UPDATE teams SET title = $2, updated_at = now() WHERE id = $1`, [
      id,
      title,
    ]);
  }

  /** Stores the members' positions in the order given (membership ids). */
  async setPositions(teamId: string, memberIds: string[]): Promise<void> {
    await this.dataSource.query(
      `UPDATE team_members m SET position = o.ord
         FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, ord)
        WHERE m.id = o.id AND m.team_id = $1`,
      [teamId, memberIds],
    );
  }

  async insertInviteIn(
    manager: EntityManager,
    invite: {
      teamId: string;
      inviterId: string;
      recipientEmail: string;
      grantAccess: TeamGrantAccess;
      tokenHash: string;
    },
  ): Promise<string> {
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO team_invites (team_id, inviter_id, recipient_email, grant_access, token_hash)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [
        invite.teamId,
        invite.inviterId,
        invite.recipientEmail,
        invite.grantAccess,
        invite.tokenHash,
      ],
    );
    return rows[0]!.id;
  }

  /** Sends an invite again: a refused one becomes pending, with a new link. */
  async renewInviteIn(
    manager: EntityManager,
    id: string,
    inviterId: string,
    grantAccess: TeamGrantAccess,
    tokenHash: string,
  ): Promise<void> {
    await manager.query(
      `UPDATE team_invites SET status = 'pending', inviter_id = $2, grant_access = $3,
         token_hash = $4, created_at = now() WHERE id = $1`,
      [id, inviterId, grantAccess, tokenHash],
    );
  }

  async setInviteStatus(id: string, status: TeamInviteStatus): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE team_invites SET status = $2 WHERE id = $1 AND status = 'pending' RETURNING id`,
      [id, status],
    );
    return rows.length > 0;
  }

  async deleteInvites(ids: string[], db?: EntityManager): Promise<void> {
    if (ids.length === 0) return;
    await (db ?? this.dataSource).query(`DELETE FROM team_invites WHERE id = ANY($1::uuid[])`, [
      ids,
    ]);
  }

  /**
   * The invite's recipient joins (in the invite's role, at the end of the list), and the invite
   * goes. False when the invite was no longer pending (answered twice, revoked).
   */
  async acceptInviteIn(
    manager: EntityManager,
    inviteId: string,
    customerId: string,
  ): Promise<{ teamId: string; role: TeamGrantAccess } | null> {
    const rows = returned<{ team_id: string; grant_access: TeamGrantAccess }>(
      await manager.query(
        `DELETE FROM team_invites WHERE id = $1 AND status = 'pending'
         RETURNING team_id, grant_access`,
        [inviteId],
      ),
    );
    const row = rows[0];
    if (!row) return null;
    await manager.query(
      `INSERT INTO team_members (team_id, customer_id, role, position)
       SELECT $1, $2, $3, coalesce(max(position), 0) + 1 FROM team_members WHERE team_id = $1
       ON CONFLICT (team_id, customer_id) DO NOTHING`,
      [row.team_id, customerId, row.grant_access],
    );
    return { teamId: row.team_id, role: row.grant_access };
  }

  async deleteMembers(ids: string[], db?: EntityManager): Promise<void> {
    if (ids.length === 0) return;
    await (db ?? this.dataSource).query(
      `DELETE FROM team_members m WHERE m.id = ANY($1::uuid[]) AND m.role <> 'owner'
          AND NOT EXISTS (SELECT 1 FROM teams t JOIN subscriptions s ON s.id = t.subscription_id
                           WHERE t.id = m.team_id AND s.customer_id = m.customer_id)`,
      [ids],
    );
  }

  async deleteTeam(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM teams WHERE id = $1`, [id]);
  }

  async setPendingSlots(id: string, slots: number | null, db?: EntityManager): Promise<void> {
    await (db ?? this.dataSource).query(
      `UPDATE teams SET pending_extra_slots = $2, updated_at = now() WHERE id = $1`,
      [id, slots],
    );
  }

  /** Marks the end as turned and moves on to the latest period end the subscription has. */
  async markTurned(id: string, periodEnd: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE teams SET cycle_turned_for = $2, pending_extra_slots = NULL,
              cycle_ends_at = GREATEST(cycle_ends_at,
                (SELECT s.current_period_end FROM subscriptions s WHERE s.id = teams.subscription_id)),
              updated_at = now()
        WHERE id = $1`,
      [id, periodEnd],
    );
  }

  // Activity.

  async record(entry: NewActivity, db?: EntityManager): Promise<void> {
    await (db ?? this.dataSource).query(
      `INSERT INTO team_activity (team_id, kind, actor_id, actor_name, subject_id, subject_name, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        entry.teamId,
        entry.kind,
        entry.actor?.id ?? null,
        entry.actor?.name.slice(0, 255) ?? null,
        entry.subject?.id ?? null,
        entry.subject?.name.slice(0, 255) ?? null,
        JSON.stringify(entry.details ?? {}),
      ],
    );
  }

  async activityOf(teamId: string, limit: number): Promise<ActivityRecord[]> {
    const rows: Array<{
      id: string;
      kind: TeamActivityKind;
      actor_id: string | null;
      actor_name: string | null;
      subject_id: string | null;
      subject_name: string | null;
      details: Record<string, string | number | boolean | null>;
      at: Date;
    }> = await this.dataSource.query(
      `SELECT id, kind, actor_id, actor_name, subject_id, subject_name, details, at
         FROM team_activity WHERE team_id = $1 ORDER BY at DESC, id DESC LIMIT $2`,
      [teamId, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      actorId: row.actor_id,
      actorName: row.actor_name,
      subjectId: row.subject_id,
      subjectName: row.subject_name,
      details: row.details,
      at: row.at,
    }));
  }

  // Ownership transfer.

  async openTransfer(transfer: {
    teamId: string;
    fromCustomerId: string;
    toCustomerId: string;
    fromTokenHash: string;
    toTokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    // A new request replaces an open one; the team's lock makes parallel requests replace in turn.
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT id FROM teams WHERE id = $1 FOR UPDATE`, [transfer.teamId]);
      await manager.query(
        `DELETE FROM team_ownership_transfers WHERE team_id = $1 AND done_at IS NULL`,
        [transfer.teamId],
      );
      await manager.query(
        `INSERT INTO team_ownership_transfers
           (team_id, from_customer_id, to_customer_id, from_token_hash, to_token_hash, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          transfer.teamId,
          transfer.fromCustomerId,
          transfer.toCustomerId,
          transfer.fromTokenHash,
          transfer.toTokenHash,
          transfer.expiresAt,
        ],
      );
    });
  }

  /** The open transfer a link's token belongs to, and which side it is. */
  async findTransferByTokenHash(tokenHash: string): Promise<TransferRecord | null> {
    const rows: Array<{
      id: string;
      team_id: string;
      from_customer_id: string;
      to_customer_id: string;
      from_confirmed_at: Date | null;
      to_confirmed_at: Date | null;
      expires_at: Date;
      done_at: Date | null;
      side: 'from' | 'to';
    }> = await this.dataSource.query(
      `SELECT *, CASE WHEN from_token_hash = $1 THEN 'from' ELSE 'to' END AS side
         FROM team_ownership_transfers WHERE from_token_hash = $1 OR to_token_hash = $1`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      teamId: row.team_id,
      fromCustomerId: row.from_customer_id,
      toCustomerId: row.to_customer_id,
      fromConfirmedAt: row.from_confirmed_at,
      toConfirmedAt: row.to_confirmed_at,
      expiresAt: row.expires_at,
      doneAt: row.done_at,
      side: row.side,
    };
  }

  /**
   * Records one side's confirmation; when both have confirmed, swaps the roles (the new owner
   * becomes owner, the old one administrator) in the same transaction. Answers whether it moved.
   */
  async confirmTransfer(id: string, side: 'from' | 'to', now: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const column = side === 'from' ? 'from_confirmed_at' : 'to_confirmed_at';
      const row = returned<{
        team_id: string;
        from_customer_id: string;
        to_customer_id: string;
        from_confirmed_at: Date | null;
        to_confirmed_at: Date | null;
      }>(
        await manager.query(
          `UPDATE team_ownership_transfers SET ${column} = coalesce(${column}, $2)
            WHERE id = $1 AND done_at IS NULL
            RETURNING team_id, from_customer_id, to_customer_id, from_confirmed_at, to_confirmed_at`,
          [id, now],
        ),
      )[0];
      if (!row || !row.from_confirmed_at || !row.to_confirmed_at) return false;
      await manager.query(`SELECT id FROM teams WHERE id = $1 FOR UPDATE`, [row.team_id]);
      const roles: Array<{ customer_id: string; role: TeamRole }> = await manager.query(
        `SELECT customer_id, role FROM team_members WHERE team_id = $1 AND customer_id = ANY($2::uuid[])`,
        [row.team_id, [row.from_customer_id, row.to_customer_id]],
      );
      const from = roles.find((r) => r.customer_id === row.from_customer_id);
      const to = roles.find((r) => r.customer_id === row.to_customer_id);
      if (from?.role !== 'owner' || to?.role !== 'administrator') return false;
      await manager.query(
        `UPDATE team_members SET role = 'administrator' WHERE team_id = $1 AND customer_id = $2`,
        [row.team_id, row.from_customer_id],
      );
      await manager.query(
        `UPDATE team_members SET role = 'owner' WHERE team_id = $1 AND customer_id = $2`,
        [row.team_id, row.to_customer_id],
      );
      await manager.query(`UPDATE teams SET owner_id = $2, updated_at = now() WHERE id = $1`, [
        row.team_id,
        row.to_customer_id,
      ]);
      await manager.query(`UPDATE team_ownership_transfers SET done_at = $2 WHERE id = $1`, [
        id,
        now,
      ]);
      return true;
    });
  }

  // Sharing with a team (the minimum the team views need; the sharing issue builds on it).

  async shareProjectWithTeam(
    teamId: string,
    projectId: string,
    access: 'view' | 'edit',
    createdBy: string,
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO team_shares (team_id, project_id, access, created_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (team_id, project_id) WHERE project_id IS NOT NULL DO UPDATE SET access = EXCLUDED.access`,
      [teamId, projectId, access, createdBy],
    );
  }

  async shareLabelWithTeam(
    teamId: string,
    labelId: string,
    access: 'view' | 'edit',
    createdBy: string,
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO team_shares (team_id, label_id, access, created_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (team_id, label_id) WHERE label_id IS NOT NULL DO UPDATE SET access = EXCLUDED.access`,
      [teamId, labelId, access, createdBy],
    );
  }
}
