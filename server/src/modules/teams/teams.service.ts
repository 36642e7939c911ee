import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  administrates,
  canInvite,
  markToBeDeleted,
  TEAM_INCLUDED_SEATS,
  TEAM_TITLE_MAX_LENGTH,
  NOTICE_KEY,
  teamMessages,
  type CompanyInvite,
  type ConfirmTransferResponse,
  type InviteAction,
  type InviteAnswerResponse,
  type InviteLinkInfo,
  type SlotsPreview,
  type Team,
  type TeamActivityResponse,
  type TeamGrantAccess,
  type TeamInvite,
  type TeamInviteResponse,
  type TeamMember,
  type TeamMembersResponse,
  type TeamResponse,
  type TeamRole,
  type TeamsResponse,
  type TeamSuccessResponse,
  type TeamUpdateResponse,
  type TransferOwnershipResponse,
  removalRefusal,
  sortMembers,
} from '@animata/contracts';
import { AccessService, type Actor, Permission } from '../../common/access/index.js';
import type { Clock } from '../../common/clock.js';
import { CommonException } from '../../common/errors/common.exception.js';
import type { AppLogger } from '../../common/logger.js';
import { CLOCK, LOGGER } from '../../common/tokens.js';
import { RegistrationInvitesHook } from '../auth/index.js';
import {
  BillingLedger,
  CatalogService,
  CheckoutService,
  findPlan,
  PlanAccess,
  type PlanAccessInfo,
  type SubscriptionSnapshot,
} from '../billing/index.js';
import { CustomersRepository } from '../customers/index.js';
import { TeamMailer } from './team-mailer.js';
import { sharedLabel } from './team-views.js';
import {
  TeamsRepository,
  type InviteRecord,
  type MemberRecord,
  type TeamRecord,
} from './teams.repository.js';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const dollars = (cents: number) => Math.round(cents) / 100;

/** How long an ownership transfer's links stay valid. */
export const TRANSFER_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Activity entries one call answers. */
export const ACTIVITY_LIMIT = 200;

/** What a team's plan allows now, read from the payer's subscription. */
interface TeamPlanState {
  active: boolean;
  info: PlanAccessInfo;
  current: number;
  nextCycle: number;
  seats: number;
}

/**
 * Teams and their invites (issue 30; billing-teams-apps §4, §6, §7; projects-dashboard §6, §7).
 * Every method starts with the access layer: a team, member or invite of a team the customer is
 * not in answers 404; what their role does not allow, 403. Invites, removals and seat changes of
 * one team run one at a time behind the team row's lock, so seats are never overbooked.
 */
@Injectable()
export class TeamsService implements OnModuleInit {
  constructor(
    private readonly access: AccessService,
    private readonly teams: TeamsRepository,
    private readonly plans: PlanAccess,
    private readonly catalog: CatalogService,
    private readonly checkout: CheckoutService,
    private readonly ledger: BillingLedger,
    private readonly customers: CustomersRepository,
    private readonly mailer: TeamMailer,
    private readonly registration: RegistrationInvitesHook,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: AppLogger,
  ) {}

  onModuleInit(): void {
    this.ledger.onSnapshotWritten((manager, customerId, snapshot) =>
      this.onSnapshot(manager, customerId, snapshot),
    );
    this.registration.use({
      provesEmail: (token, email) => this.inviteProvesEmail(token, email),
      acceptForNewCustomer: (customerId, token) => this.acceptForNewCustomer(customerId, token),
    });
  }

  // Paying for the team plan makes the team (inside the ledger's transaction).

  private async onSnapshot(
    manager: EntityManager,
    payerId: string,
    snapshot: SubscriptionSnapshot,
  ): Promise<void> {
    if (snapshot.currentPeriodEnd)
      await this.teams.notePeriodEndIn(manager, payerId, snapshot.currentPeriodEnd);
    if (snapshot.status !== 'active' && snapshot.status !== 'past_due') return;
    // Read through the transaction's own connection: it must not wait for a second one.
    if (!(await this.teams.isTeamPlanIn(manager, snapshot.planId))) return;
    const rows: Array<{ name: string }> = await manager.query(
      `SELECT name FROM customers WHERE id = $1`,
      [payerId],
    );
    const name = rows[0]?.name ?? '';
    const title = Array.from(teamMessages.defaultTitle(name))
      .slice(0, TEAM_TITLE_MAX_LENGTH)
      .join('');
    const teamId = await this.teams.ensureForSubscriptionIn(
      manager,
      payerId,
      title,
      snapshot.currentPeriodEnd,
    );
    if (teamId)
      await this.teams.record(
        {
          teamId,
          kind: 'created',
          actor: { id: payerId, name },
          subject: null,
          details: { seats: TEAM_INCLUDED_SEATS + snapshot.extraSlots },
        },
        manager,
      );
  }

  // Reading.

  private async planOf(team: TeamRecord): Promise<TeamPlanState> {
    const info = await this.plans.of(team.payerId);
    const row = info.row;
    const active = info.isPremium && info.plan?.product === 'team';
    const current = active && row ? row.extraSlots : 0;
    const nextCycle = active && row ? (row.nextCycleSlots ?? team.pendingExtraSlots ?? current) : 0;
    return { active, info, current, nextCycle, seats: TEAM_INCLUDED_SEATS + nextCycle };
  }

  private async requireRead(actor: Actor, teamId: string): Promise<TeamRecord> {
    await this.access.require(actor, Permission.TeamRead, [teamId]);
    const team = await this.teams.findById(teamId);
    if (!team) throw CommonException.notFound();
    return team;
  }

  /** 404 outside the team; 403 inside it without the permission. */
  private async requireRole(
    actor: Actor,
    teamId: string,
    permission: Permission,
    message: string,
  ): Promise<TeamRecord> {
    const team = await this.requireRead(actor, teamId);
    const allowed = await this.access.check(actor, permission, [teamId]);
    if (!allowed.has(teamId)) throw CommonException.forbidden(message);
    return team;
  }

  private async views(actorId: string, records: TeamRecord[], withLabels = false): Promise<Team[]> {
    // Most customers are in no team: nothing more to read (every dashboard page asks).
    if (records.length === 0) return [];
    const ids = records.map((team) => team.id);
    const [members, invites, labels, catalog] = await Promise.all([
      this.teams.membersOf(ids),
      this.teams.invitesOf(ids),
      withLabels ? this.teams.sharedLabelsOf(ids) : Promise.resolve([]),
      this.catalog.entries(),
    ]);
    const views: Team[] = [];
    for (const team of records) {
      const plan = await this.planOf(team);
      const own = members.filter((m) => m.teamId === team.id);
      const all = invites.filter((i) => i.teamId === team.id);
      const pending = all.filter((i) => i.status === 'pending');
      const marks = markToBeDeleted(payerAsOwner(own, team.payerId), pending, plan.seats);
      const role: TeamRole = own.find((m) => m.customerId === actorId)?.role ?? 'member';
      const admin = administrates(role);
      const row = plan.info.row;
      const found = row ? findPlan(catalog, row.planId) : null;
      const seatsPlan = found?.plan.seatsPlanId ? findPlan(catalog, found.plan.seatsPlanId) : null;
      const occupied = own.length + pending.length;
      const view: Team = {
        id: team.id,
        title: team.title,
        plan: { expired: !plan.active },
        isOwner: role === 'owner',
        canAdministrate: admin,
        access: role,
        admin,
        owner: { id: team.ownerId, name: team.ownerName },
        deleteAt: null,
        members: own.map((m, index) => this.memberView(m, marks.members[index] ?? false)),
        invites: admin
          ? all.map((i) =>
              this.inviteView(
                i,
                i.status === 'pending' && marks.invites[pending.indexOf(i)] === true,
              ),
            )
          : [],
        slots: {
          included: TEAM_INCLUDED_SEATS,
          extra: { current: plan.current, nextCycle: plan.nextCycle },
          plan:
            found && plan.active
              ? { monthlyPrice: dollars(found.plan.monthlyPriceCents), months: found.plan.months }
              : null,
          subscription: {
            isActive: plan.active,
            isCanceled: plan.info.state === 'canceled',
            paymentMethod: row?.paymentMethod ?? null,
            endDate: row?.currentPeriodEnd?.toISOString() ?? null,
            seatMonthlyPrice: seatsPlan ? dollars(seatsPlan.plan.monthlyPriceCents) : 0,
          },
        },
        occupied,
        canInvite: admin && canInvite(occupied, plan.seats, plan.active),
      };
      if (withLabels) view.labels = labels.filter((l) => l.teamId === team.id).map(sharedLabel);
      views.push(view);
    }
    return views;
  }

  private memberView(m: MemberRecord, toBeDeleted: boolean): TeamMember {
    return {
      id: m.id,
      isOwner: m.role === 'owner',
      canAdministrate: administrates(m.role),
      role: m.role,
      toBeDeleted,
      customer: { id: m.customerId, name: m.name, email: m.email },
      joinedAt: m.createdAt.toISOString(),
    };
  }

  private inviteView(i: InviteRecord, toBeDeleted: boolean): TeamInvite {
    return {
      id: i.id,
      recipientEmail: i.recipientEmail,
      status: i.status,
      toBeDeleted,
      grantAccess: i.grantAccess,
      created: i.createdAt.toISOString(),
    };
  }

  private async view(actorId: string, teamId: string): Promise<Team> {
    const team = await this.teams.findById(teamId);
    if (!team) throw CommonException.notFound();
    return (await this.views(actorId, [team]))[0]!;
  }

  async list(actor: Actor, labels: boolean): Promise<TeamsResponse> {
    const records = await this.teams.teamsOf(actor.customerId);
    return { teams: await this.views(actor.customerId, records, labels) };
  }

  async get(actor: Actor, id: string): Promise<TeamResponse> {
    const team = await this.requireRead(actor, id);
    return { team: (await this.views(actor.customerId, [team]))[0]! };
  }

  async members(actor: Actor, teamId: string): Promise<TeamMembersResponse> {
    await this.requireRead(actor, teamId);
    return { members: (await this.view(actor.customerId, teamId)).members };
  }

  // Managing.

  private async actorName(actor: Actor): Promise<{ id: string; name: string }> {
    const customer = await this.customers.findById(actor.customerId);
    return { id: actor.customerId, name: customer?.name ?? '' };
  }

  async rename(actor: Actor, id: string, title: string): Promise<TeamUpdateResponse> {
    const team = await this.requireRole(
      actor,
      id,
      Permission.TeamAdminister,
      teamMessages.onlyAdministrators,
    );
    if (team.title !== title) {
      await this.teams.rename(id, title);
      await this.teams.record({
        teamId: id,
        kind: 'renamed',
        actor: await this.actorName(actor),
        subject: null,
        details: { from: team.title, to: title },
      });
    }
    return {
      success: true,
      team: await this.view(actor.customerId, id),
      message: teamMessages.teamRenamed,
    };
  }

  async sort(actor: Actor, id: string, customerIds: string[]): Promise<TeamUpdateResponse> {
    await this.requireRole(actor, id, Permission.TeamAdminister, teamMessages.onlyAdministrators);
    const members = await this.teams.membersOf([id]);
    const ordered = sortMembers(members, customerIds);
    if (!ordered) throw CommonException.validation({ ids: teamMessages.sortMismatch });
    await this.teams.setPositions(
      id,
      ordered.map((m) => m.id),
    );
    return {
      success: true,
      team: await this.view(actor.customerId, id),
      message: teamMessages.orderSaved,
    };
  }

  /** Removes a member, or leaves the team when the membership is the actor's own. */
  async removeMember(actor: Actor, membershipId: string): Promise<TeamSuccessResponse> {
    await this.access.require(actor, Permission.TeamMembershipRead, [membershipId]);
    const target = await this.teams.findMember(membershipId);
    if (!target) throw CommonException.notFound();
    const self = target.customerId === actor.customerId;
    const removable = await this.access.check(actor, Permission.TeamMembershipRemove, [
      membershipId,
    ]);
    if (!removable.has(membershipId))
      throw CommonException.forbidden(teamMessages.onlyAdministrators);
    const by = await this.actorName(actor);
    await this.teams.transaction(async (manager) => {
      const team = await this.teams.lockIn(manager, target.teamId);
      const members = payerAsOwner(
        await this.teams.membersOf([target.teamId], manager),
        team?.payerId,
      );
      const current = members.find((m) => m.id === membershipId);
      const me = members.find((m) => m.customerId === actor.customerId);
      if (!current || !me) throw CommonException.notFound();
      const administrators = members.filter((m) => m.role === 'administrator').length;
      const refusal = removalRefusal({ role: me.role, self }, current, administrators);
      if (refusal === 'forbidden') throw CommonException.forbidden(teamMessages.onlyAdministrators);
      if (refusal !== undefined) throw CommonException.notice(refusal);
      await this.teams.deleteMembers([membershipId], manager);
      await this.teams.record(
        {
          teamId: target.teamId,
          kind: self ? 'left' : 'removed',
          actor: by,
          subject: { id: current.customerId, name: current.name },
        },
        manager,
      );
    });
    return { success: true, message: self ? teamMessages.teamLeft : teamMessages.memberRemoved };
  }

  /** DELETE teams: only once the plan has expired (projects-dashboard §4), by the owner. */
  async deleteTeam(actor: Actor, id: string): Promise<TeamSuccessResponse> {
    const team = await this.requireRole(actor, id, Permission.TeamOwn, teamMessages.onlyOwner);
    const plan = await this.planOf(team);
    if (plan.active) throw CommonException.notice(teamMessages.notExpired);
    await this.teams.deleteTeam(id);
    return { success: true, message: teamMessages.teamDeleted };
  }

  // Invites.

  async invite(
    actor: Actor,
    teamId: string,
    body: { recipientEmail: string; grantAccess?: TeamGrantAccess },
  ): Promise<TeamInviteResponse> {
    const team = await this.requireRole(
      actor,
      teamId,
      Permission.TeamAdminister,
      teamMessages.onlyAdministrators,
    );
    const email = body.recipientEmail.trim().toLowerCase();
    const grantAccess = body.grantAccess ?? 'member';
    const by = await this.actorName(actor);
    const token = newToken();
    // The plan is read before the lock: a transaction waiting for the team row holds a
    // connection, and must not need a second one from the pool to go on.
    const plan = await this.planOf(team);
    if (!plan.active) throw CommonException.notice(teamMessages.planNotActive);
    const inviteId = await this.teams.transaction(async (manager) => {
      // The team row's lock: concurrent invites are counted one after the other.
      const locked = await this.teams.lockIn(manager, teamId);
      if (!locked) throw CommonException.notFound();
      const members = await this.teams.membersOf([teamId], manager);
      if (members.some((m) => m.email.toLowerCase() === email))
        throw CommonException.validation({ recipientEmail: teamMessages.alreadyMember });
      const invites = await this.teams.invitesOf([teamId], manager);
      const existing = invites.find((i) => i.recipientEmail.toLowerCase() === email);
      if (existing?.status === 'pending')
        throw CommonException.validation({ recipientEmail: teamMessages.alreadyInvited });
      const pending = invites.filter((i) => i.status === 'pending').length;
      if (!canInvite(members.length + pending, plan.seats, plan.active))
        throw CommonException.notice(teamMessages.noFreeSeat);
      if (existing) {
        await this.teams.renewInviteIn(
          manager,
          existing.id,
          actor.customerId,
          grantAccess,
          sha256(token),
        );
        return existing.id;
      }
      return this.teams.insertInviteIn(manager, {
        teamId,
        inviterId: actor.customerId,
        recipientEmail: email,
        grantAccess,
        tokenHash: sha256(token),
      });
    });
    await this.teams.record({
      teamId,
      kind: 'invited',
      actor: by,
      subject: { id: null, name: email },
      details: { grantAccess },
    });
    await this.mailer.invite(email, by.name, team.title, token);
    const invite = await this.teams.findInvite(inviteId);
    if (!invite) throw CommonException.notFound();
    return {
      success: true,
      invite: this.inviteView(invite, false),
      message: teamMessages.inviteSent(email),
    };
  }

  /** Whether the id is a team invite's (DELETE and PUT invite/{id} also serve share invites). */
  async hasInvite(id: string): Promise<boolean> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
    return (await this.teams.findInvite(id)) !== null;
  }

  async revokeInvite(actor: Actor, inviteId: string): Promise<TeamSuccessResponse> {
    await this.access.require(actor, Permission.TeamInviteRead, [inviteId]);
    const allowed = await this.access.check(actor, Permission.TeamInviteManage, [inviteId]);
    if (!allowed.has(inviteId)) throw CommonException.forbidden(teamMessages.onlyAdministrators);
    const invite = await this.teams.findInvite(inviteId);
    if (!invite) throw CommonException.notFound();
    await this.teams.deleteInvites([inviteId]);
    await this.teams.record({
      teamId: invite.teamId,
      kind: 'invite-revoked',
      actor: await this.actorName(actor),
      subject: { id: null, name: invite.recipientEmail },
    });
    return { success: true, message: teamMessages.inviteRevoked };
  }

  /** PUT invite/{id}: the recipient (signed in with the invited address) answers. */
  async answer(
    actor: Actor,
    inviteId: string,
    action: InviteAction,
  ): Promise<InviteAnswerResponse> {
    await this.access.require(actor, Permission.TeamInviteAnswer, [inviteId]);
    const invite = await this.teams.findInvite(inviteId);
    if (!invite) throw CommonException.notFound();
    return this.answerInvite(actor.customerId, invite, action);
  }

  private async answerInvite(
    customerId: string,
    invite: InviteRecord,
    action: InviteAction,
  ): Promise<InviteAnswerResponse> {
    if (invite.status !== 'pending') throw CommonException.notice(teamMessages.inviteAnswered);
    const who = await this.actorName({ customerId });
    if (action === 'refuse') {
      if (!(await this.teams.setInviteStatus(invite.id, 'refused')))
        throw CommonException.notice(teamMessages.inviteAnswered);
      await this.teams.record({
        teamId: invite.teamId,
        kind: 'invite-refused',
        actor: who,
        subject: { id: null, name: invite.recipientEmail },
      });
      return { success: true, message: teamMessages.inviteRefused, teamId: null };
    }
    const joined = await this.teams.transaction(async (manager) => {
      await this.teams.lockIn(manager, invite.teamId);
      const done = await this.teams.acceptInviteIn(manager, invite.id, customerId);
      if (done)
        await this.teams.record(
          {
            teamId: invite.teamId,
            kind: 'joined',
            actor: who,
            subject: { id: customerId, name: who.name },
            details: { role: done.role },
          },
          manager,
        );
      return done;
    });
    if (!joined) throw CommonException.notice(teamMessages.inviteAnswered);
    return {
      success: true,
      message: teamMessages.inviteAccepted(invite.teamTitle),
      teamId: invite.teamId,
    };
  }

  private async inviteByToken(token: string): Promise<InviteRecord | null> {
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
    return this.teams.findInviteByTokenHash(sha256(token));
  }

  /** GET invite/link/{token} (public). */
  async linkInfo(token: string): Promise<InviteLinkInfo> {
    const invite = await this.inviteByToken(token);
    if (!invite) throw CommonException.notFound();
    const account = await this.customers.findByEmail(invite.recipientEmail);
    return {
      invite: {
        ...this.companyInvite(invite),
        recipientEmail: invite.recipientEmail,
        status: invite.status,
      },
      teamId: invite.teamId,
      accountExists: account !== null,
    };
  }

  /** POST invite/link/{token}: the signed-in customer holding the link answers it. */
  async answerLink(
    actor: Actor,
    token: string,
    action: InviteAction,
  ): Promise<InviteAnswerResponse> {
    const invite = await this.inviteByToken(token);
    if (!invite) throw CommonException.notFound();
    const members = await this.teams.membersOf([invite.teamId]);
    if (action === 'confirm' && members.some((m) => m.customerId === actor.customerId)) {
      await this.teams.deleteInvites([invite.id]);
      return {
        success: true,
        message: teamMessages.inviteAccepted(invite.teamTitle),
        teamId: invite.teamId,
      };
    }
    return this.answerInvite(actor.customerId, invite, action);
  }

  private async inviteProvesEmail(token: string, email: string): Promise<boolean> {
    const invite = await this.inviteByToken(token);
    return (
      invite !== null &&
      invite.status === 'pending' &&
      invite.recipientEmail.toLowerCase() === email.toLowerCase()
    );
  }

  private async acceptForNewCustomer(customerId: string, token: string): Promise<void> {
    const invite = await this.inviteByToken(token);
    if (!invite || invite.status !== 'pending') return;
    // Answered or revoked since it was read: the account exists; the sign-up goes on without it.
    await this.answerInvite(customerId, invite, 'confirm').catch((error: unknown) => {
      const answered =
        error instanceof CommonException &&
        error.fieldErrors?.[NOTICE_KEY] === teamMessages.inviteAnswered;
      if (!answered) throw error;
    });
  }

  private companyInvite(invite: InviteRecord): CompanyInvite {
    return {
      id: invite.id,
      inviter: { name: invite.inviterName ?? '' },
      grantTitle: invite.teamTitle,
      grantEntity: 'team',
      grantAccess: invite.grantAccess,
    };
  }

  /** The customer object's invites: pending invites to the customer's address, oldest first. */
  async invitesFor(email: string): Promise<CompanyInvite[]> {
    const invites = await this.teams.pendingInvitesTo(email);
    return invites.map((invite) => this.companyInvite(invite));
  }

  // Seats.

  async setSlots(actor: Actor, teamId: string, extra: number): Promise<TeamUpdateResponse> {
    const team = await this.requireRole(
      actor,
      teamId,
      Permission.TeamBilling,
      teamMessages.onlyPayer,
    );
    const plan = await this.planOf(team);
    if (!plan.active) throw CommonException.notice(teamMessages.slotsNeedActivePlan);
    const by = await this.actorName(actor);
    let when: 'now' | 'period-end';
    if (extra === plan.current && team.pendingExtraSlots !== null) {
      // Back to the seats it has: the decrease kept for the cycle turn is dropped.
      await this.teams.setPendingSlots(teamId, null);
      when = 'now';
    } else {
      const change = await this.checkout.changeSeats(team.payerId, extra, {
        notActive: teamMessages.slotsNeedActivePlan,
        noPaymentMethod: teamMessages.noPaymentMethod,
        unchanged: teamMessages.slotsUnchanged,
      });
      when = change.timing;
      await this.teams.setPendingSlots(teamId, change.deferred ? extra : null);
      if (change.payment)
        return {
          success: true,
          team: await this.view(actor.customerId, teamId),
          payment: change.payment,
        };
    }
    await this.teams.record({
      teamId,
      kind: 'seats-changed',
      actor: by,
      subject: null,
      details: { from: plan.nextCycle, to: extra, when },
    });
    return {
      success: true,
      team: await this.view(actor.customerId, teamId),
      message: teamMessages.slotsUpdated(extra),
    };
  }

  async previewSlots(actor: Actor, teamId: string, extra: number): Promise<SlotsPreview> {
    const team = await this.requireRole(
      actor,
      teamId,
      Permission.TeamBilling,
      teamMessages.onlyPayer,
    );
    const preview = await this.checkout.previewSeats(team.payerId, extra);
    return {
      extra,
      when: preview.timing === 'now' ? 'now' : 'period-end',
      amount: preview.amountCents,
      periodEnd: preview.periodEnd?.toISOString() ?? null,
    };
  }

  /**
   * The cycle turn (§4 team seats): for every team whose period ended by `now` and was not
   * handled yet, a decrease kept for it is applied at the gateway, and the members and invites
   * marked toBeDeleted are removed. Run by the maintenance job with the app's clock; tests call
   * it with the time they want. Answers how many teams turned.
   */
  async turnCycles(now: Date = this.clock.now()): Promise<number> {
    const due = await this.teams.teamsToTurn(now);
    for (const team of due) {
      try {
        await this.turn(team);
      } catch (error) {
        this.logger.error({ err: error, teamId: team.id }, 'teams: the cycle turn failed');
      }
    }
    return due.length;
  }

  private async turn(team: TeamRecord): Promise<void> {
    const before = await this.planOf(team);
    if (!before.active) {
      // A lapsed plan removes no one: the team waits, marked expired, to be renewed or deleted.
      await this.teams.record({ teamId: team.id, kind: 'expired', actor: null, subject: null });
      if (team.cycleEndsAt) await this.teams.markTurned(team.id, team.cycleEndsAt);
      return;
    }
    if (team.pendingExtraSlots !== null)
      await this.checkout.applyDeferredSeats(team.payerId, team.pendingExtraSlots);
    const seats = before.seats;
    await this.teams.transaction(async (manager) => {
      await this.teams.lockIn(manager, team.id);
      const members = await this.teams.membersOf([team.id], manager);
      const pending = (await this.teams.invitesOf([team.id], manager)).filter(
        (i) => i.status === 'pending',
      );
      const marks = markToBeDeleted(payerAsOwner(members, team.payerId), pending, seats);
      const goneMembers = members.filter((_, index) => marks.members[index]);
      const goneInvites = pending.filter((_, index) => marks.invites[index]);
      await this.teams.deleteMembers(
        goneMembers.map((m) => m.id),
        manager,
      );
      await this.teams.deleteInvites(
        goneInvites.map((i) => i.id),
        manager,
      );
      for (const m of goneMembers)
        await this.teams.record(
          {
            teamId: team.id,
            kind: 'removed',
            actor: null,
            subject: { id: m.customerId, name: m.name },
            details: { reason: 'seats' },
          },
          manager,
        );
      for (const i of goneInvites)
        await this.teams.record(
          {
            teamId: team.id,
            kind: 'invite-revoked',
            actor: null,
            subject: { id: null, name: i.recipientEmail },
            details: { reason: 'seats' },
          },
          manager,
        );
    });
    if (team.cycleEndsAt) await this.teams.markTurned(team.id, team.cycleEndsAt);
  }

  // Activity and ownership (beyond the spec).

  async activity(actor: Actor, teamId: string): Promise<TeamActivityResponse> {
    await this.requireRole(
      actor,
      teamId,
      Permission.TeamAdminister,
      teamMessages.onlyAdministrators,
    );
    const entries = await this.teams.activityOf(teamId, ACTIVITY_LIMIT);
    return {
      activity: entries.map((e) => ({
        id: e.id,
        kind: e.kind,
        actor:
          e.actorId !== null || e.actorName !== null
            ? { id: e.actorId ?? '', name: e.actorName ?? '' }
            : null,
        subject: e.subjectName !== null ? { id: e.subjectId, name: e.subjectName } : null,
        details: e.details,
        at: e.at.toISOString(),
      })),
    };
  }

  async transferOwnership(
    actor: Actor,
    teamId: string,
    memberId: string,
  ): Promise<TransferOwnershipResponse> {
    const team = await this.requireRole(actor, teamId, Permission.TeamOwn, teamMessages.onlyOwner);
    const members = await this.teams.membersOf([teamId]);
    const to = members.find((m) => m.id === memberId);
    const from = members.find((m) => m.customerId === actor.customerId);
    if (!to || !from || to.role !== 'administrator')
      throw CommonException.validation({ memberId: teamMessages.transferNeedsAdministrator });
    const fromToken = newToken();
    const toToken = newToken();
    await this.teams.openTransfer({
      teamId,
      fromCustomerId: from.customerId,
      toCustomerId: to.customerId,
      fromTokenHash: sha256(fromToken),
      toTokenHash: sha256(toToken),
      expiresAt: new Date(this.clock.now().getTime() + TRANSFER_TTL_MS),
    });
    await this.mailer.transfer(from.email, team.title, to.name, fromToken);
    await this.mailer.transfer(to.email, team.title, to.name, toToken);
    await this.teams.record({
      teamId,
      kind: 'ownership-requested',
      actor: { id: from.customerId, name: from.name },
      subject: { id: to.customerId, name: to.name },
    });
    return { success: true, message: teamMessages.transferRequested };
  }

  async confirmTransfer(actor: Actor, token: string): Promise<ConfirmTransferResponse> {
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw CommonException.notFound();
    const transfer = await this.teams.findTransferByTokenHash(sha256(token));
    const now = this.clock.now();
    const customerId = transfer?.side === 'from' ? transfer.fromCustomerId : transfer?.toCustomerId;
    if (!transfer || customerId !== actor.customerId) throw CommonException.notFound();
    if (transfer.doneAt || transfer.expiresAt.getTime() <= now.getTime())
      throw CommonException.notice(teamMessages.transferLinkInvalid);
    const moved = await this.teams.confirmTransfer(transfer.id, transfer.side, now);
    if (moved) {
      const members = await this.teams.membersOf([transfer.teamId]);
      const from = members.find((m) => m.customerId === transfer.fromCustomerId);
      const to = members.find((m) => m.customerId === transfer.toCustomerId);
      await this.teams.record({
        teamId: transfer.teamId,
        kind: 'ownership-moved',
        actor: from ? { id: from.customerId, name: from.name } : null,
        subject: to ? { id: to.customerId, name: to.name } : null,
      });
    }
    return {
      success: true,
      message: moved ? teamMessages.transferDone : teamMessages.transferConfirmed,
      done: moved,
      teamId: transfer.teamId,
    };
  }
}

/**
 * The payer (the subscription's customer) is kept like the owner: after an ownership transfer
 * they still pay, so they are neither removed nor marked toBeDeleted (decisions-fixsrv).
 */
function payerAsOwner<M extends { customerId: string; role: TeamRole }>(
  members: M[],
  payerId: string | undefined,
): M[] {
  return members.map((m) => (m.customerId === payerId ? { ...m, role: 'owner' as const } : m));
}
