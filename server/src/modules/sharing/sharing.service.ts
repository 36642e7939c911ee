import { Inject, Injectable } from '@nestjs/common';
import {
  fillPath,
  grantableAccess,
  liveEvents,
  pagePaths,
  sharingMessages,
  teamMessages,
  type RemoveShareBody,
  type ShareAccess,
  type ShareEntity,
  type SharingAccessInfo,
  type SharingChange,
  type SharingRemoveResponse,
  type SharingResponse,
  type SharingSuccessResponse,
} from '@animata/contracts';
import { AccessService, type Actor, Permission } from '../../common/access/index.js';
import type { Clock } from '../../common/clock.js';
import { CommonException } from '../../common/errors/common.exception.js';
import { CLOCK, CONFIG } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { LiveService } from '../../live/live.service.js';
import { PlanAccess } from '../billing/index.js';
import { SharingRepository, type ShareItemRecord } from './sharing.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PROJECT_ID = /^[a-z0-9]{32}$/;

/** Whether an id can name an item of the entity at all (else 404 before any query). */
export function isItemId(entity: ShareEntity, id: string): boolean {
  return entity === 'project' ? PROJECT_ID.test(id) : UUID.test(id);
}

/** The permission that makes the actor the item's sharer (its owner; never a demo). */
const SHARE: Record<ShareEntity, Permission> = {
  project: Permission.ProjectShare,
  label: Permission.LabelShare,
};

/** What the actor's plan gives sharing (the customer object's flags, billing-teams-apps §1). */
export interface SharingPlan {
  hasProAccess: boolean;
  hasTeamAccess: boolean;
  teamPlanActive: boolean;
  teamPlanLapsed: boolean;
}

/**
 * The share dialog's calls (projects-dashboard §3-§7; issue 31): who has access, changing and
 * removing grants, sharing with a team, and dropping one's own access. Permissions are the
 * access layer's; sharing itself needs pro access (level 2 or a team plan).
 */
@Injectable()
export class SharingService {
  constructor(
    private readonly access: AccessService,
    private readonly sharing: SharingRepository,
    private readonly plans: PlanAccess,
    private readonly live: LiveService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET sharing/{entity}/{id}: anyone the item reaches sees it; only the owner manages. */
  async get(actor: Actor, entity: ShareEntity, id: string): Promise<SharingResponse> {
    const { item, access } = await this.readable(actor, entity, id);
    const now = this.clock.now();
    const [owner, customers, invites, teams, inherited, plan, ownTeams, ownerTeams] =
      await Promise.all([
        this.sharing.customer(item.ownerId),
        this.sharing.customerGrants(entity, id),
        this.sharing.invites(entity, id),
        this.sharing.teamGrants(entity, id),
        this.sharing.inherited(entity, id),
        this.planOf(actor.customerId),
        this.sharing.activeTeamsOf(actor.customerId, now),
        this.sharing.activeTeamsOf(item.ownerId, now),
      ]);
    if (!owner) throw CommonException.notFound();
    const isOwner = access === 'owner';
    // A grantee sees neither who is invited nor the grants of folders they cannot open
    // (decision 223).
    const openable = isOwner
      ? null
      : await this.access.labelAccess(actor, new Set(inherited.map((share) => share.label.id)));
    const [teamMembers, editAllowed] = await Promise.all([
      isOwner ? this.sharing.membersOf(ownTeams.map((team) => team.id)) : [],
      isOwner ? this.sharing.membersOf(ownerTeams.map((team) => team.id)) : [],
    ]);
    const taken = new Set([owner.id, ...customers.map((grant) => grant.customer.id)]);
    const info: SharingAccessInfo = {
      access,
      canManage: isOwner && plan.hasProAccess,
      // Removing needs no plan (decision 220).
      canRemove: isOwner,
      ...plan,
    };
    return {
      entity,
      id,
      title: item.title,
      owner,
      customers: customers.map((grant) => ({ ...grant, isOwner: false })),
      invites: isOwner ? invites : [],
      teams,
      inherited: openable ? inherited.filter((share) => openable.has(share.label.id)) : inherited,
      access: info,
      publicLink:
        entity === 'project'
          ? {
              isPublic: item.isPublic,
              url: item.isPublic
                ? `${this.config.publicUrl}${fillPath(pagePaths.publicProject, { params: { id } })}`
                : null,
              expiresAt: item.publicExpiresAt?.toISOString() ?? null,
              hasPassword: item.hasPassword,
            }
          : null,
      availableTeams: plan.hasTeamAccess ? ownTeams : [],
      suggestions: teamMembers.filter((member) => !taken.has(member.id)),
      editAllowedEmails: editAllowed
        .filter((member) => member.id !== owner.id)
        .map((member) => member.email),
    };
  }

  /** PUT sharing/{entity}-customer/{shareId}: the owner changes a grant's access. */
  async updateAccess(
    actor: Actor,
    entity: ShareEntity,
    shareId: string,
    wanted: ShareAccess,
  ): Promise<SharingSuccessResponse> {
    if (!UUID.test(shareId)) throw CommonException.notFound();
    const grant = await this.sharing.findGrant(entity, shareId);
    if (!grant) throw CommonException.notFound();
    const allowed = await this.access.check(actor, Permission.ShareGrantManage, [shareId]);
    if (!allowed.has(shareId)) throw await this.refusal(actor, entity, grant.itemId);
    await this.requirePro(actor);
    const item = await this.sharing.item(entity, grant.itemId);
    if (!item) throw CommonException.notFound();
    // §4: edit only for team members; anyone else is forced back to view.
    const isTeamMember = await this.sharing.sharesActiveTeam(
      item.ownerId,
      { customerId: grant.customerId },
      this.clock.now(),
    );
    const access = grantableAccess(wanted, isTeamMember);
    // One statement: a grant removed meanwhile is 404; the access it had just before decides
    // whether anything changed (nobody is told of a change that did not happen).
    const updated = await this.sharing.updateGrantAccess(entity, shareId, access);
    if (!updated) throw CommonException.notFound();
    if (access !== updated.previous)
      this.notify([grant.customerId], [], entity, item.id, 'updated');
    return { success: true, message: sharingMessages.accessUpdated };
  }

  /** DELETE sharing/{entity}/{id}: the owner removes a customer's or a team's grant. */
  async remove(
    actor: Actor,
    entity: ShareEntity,
    id: string,
    body: RemoveShareBody,
  ): Promise<SharingSuccessResponse> {
    const item = await this.owned(actor, entity, id);
    if (body.type === 'customer') {
      const customer = body.customer ?? '';
      if (!UUID.test(customer) || !(await this.sharing.deleteGrant(entity, item.id, customer)))
        throw CommonException.notFound();
      this.notify([customer], [], entity, item.id, 'removed');
      return { success: true, message: sharingMessages.customerRemoved };
    }
    const team = body.team ?? '';
    const shares = UUID.test(team) ? await this.sharing.teamShares(entity, team, [item.id]) : [];
    if (shares.length === 0) throw CommonException.notFound();
    await this.sharing.deleteTeamShares(shares.map((share) => share.id));
    this.notify([], [team], entity, item.id, 'removed');
    return { success: true, message: sharingMessages.accessUpdated };
  }

  /**
   * PUT sharing/{entity}/{id}/team: the team toggle on (view) or the dropdown (view or edit).
   * The owner, with team access, shares with a team they belong to whose plan is active.
   */
  async shareWithTeam(
    actor: Actor,
    entity: ShareEntity,
    id: string,
    teamId: string,
    grantAccess: ShareAccess | undefined,
  ): Promise<SharingSuccessResponse> {
    const item = await this.owned(actor, entity, id);
    const plan = await this.requirePro(actor);
    if (!plan.hasTeamAccess) throw CommonException.forbidden(sharingMessages.upgradeToShare);
    if (!UUID.test(teamId)) throw CommonException.notFound();
    await this.access.require(actor, Permission.TeamRead, [teamId]);
    const active = await this.sharing.activeTeamsOf(actor.customerId, this.clock.now());
    if (!active.some((team) => team.id === teamId))
      throw CommonException.notice(sharingMessages.teamOwnerReactivate);
    const created = await this.sharing.upsertTeamShare(
      entity,
      item.id,
      teamId,
      grantAccess ?? 'view',
      actor.customerId,
    );
    this.notify([], [teamId], entity, item.id, created ? 'granted' : 'updated');
    return { success: true, message: sharingMessages.accessUpdated };
  }

  /**
   * POST sharing/remove-{entity}s: drops the actor's own access (their direct grants), or, with
   * a team, takes the items out of the team's shares (item owner or team administrator, §6).
   */
  async removeShared(
    actor: Actor,
    entity: ShareEntity,
    ids: string[],
    teamId: string | null | undefined,
  ): Promise<SharingRemoveResponse> {
    const wanted = [...new Set(ids)];
    if (wanted.some((id) => !isItemId(entity, id))) throw CommonException.notFound();
    // `teamId: null` (a form's empty choice) is no team, as absent is.
    if (teamId !== null && teamId !== undefined)
      return this.removeFromTeam(actor, entity, wanted, teamId);
    await this.access.require(actor, Permission.SharedItemRemove, wanted);
    const removed = await this.sharing.deleteOwnGrants(entity, wanted, actor.customerId);
    // Only a folder above (or a team) shares the rest: dropping those is the folder's business
    // (decision 219).
    if (removed.length === 0) throw CommonException.notice(sharingMessages.sharedThroughFolder);
    for (const itemId of removed) this.notify([actor.customerId], [], entity, itemId, 'removed');
    return {
      success: true,
      message: sharingMessages.removedOwnAccess(removed.length),
      removed: removed.length,
    };
  }

  private async removeFromTeam(
    actor: Actor,
    entity: ShareEntity,
    ids: string[],
    teamId: string,
  ): Promise<SharingRemoveResponse> {
    if (!UUID.test(teamId)) throw CommonException.notFound();
    const shares = await this.sharing.teamShares(entity, teamId, ids);
    if (shares.length !== ids.length) throw CommonException.notFound();
    const allowed = await this.access.check(
      actor,
      Permission.TeamShareRemove,
      shares.map((share) => share.id),
    );
    if (shares.some((share) => !allowed.has(share.id))) {
      // A member of the team sees its projects: 403 as the teams' own refusals; others 404.
      const member = await this.access.check(actor, Permission.TeamRead, [teamId]);
      if (member.has(teamId)) throw CommonException.forbidden(teamMessages.onlyAdministrators);
      throw CommonException.notFound();
    }
    const removed = await this.sharing.deleteTeamShares(shares.map((share) => share.id));
    for (const share of shares) this.notify([], [teamId], entity, share.itemId, 'removed');
    return { success: true, message: sharingMessages.removedOwnAccess(removed), removed };
  }

  /** The plan's sharing flags, as the customer object computes them. */
  async planOf(customerId: string): Promise<SharingPlan> {
    const [own, teams] = await Promise.all([
      this.plans.of(customerId),
      this.plans.teamsOf(customerId),
    ]);
    const teamPlanActive = teams.some((team) => team.active);
    const team = (own.isPremium && own.accessLevel === 3) || teamPlanActive;
    return {
      hasProAccess: (own.isPremium && own.accessLevel >= 2) || teamPlanActive,
      hasTeamAccess: team,
      teamPlanActive: team,
      // In a lapsed team and in no active one (teamsOf: one query over all their teams).
      teamPlanLapsed: !team && teams.some((entry) => !entry.active),
    };
  }

  /** 403 with the upgrade text without pro access (sharing is a paid feature, §5, §6). */
  async requirePro(actor: Actor): Promise<SharingPlan> {
    const plan = await this.planOf(actor.customerId);
    if (!plan.hasProAccess) throw CommonException.forbidden(sharingMessages.upgradeToShare);
    return plan;
  }

  /** The item and the actor's access to it; 404 when it does not reach them, 422 for a demo. */
  private async readable(
    actor: Actor,
    entity: ShareEntity,
    id: string,
  ): Promise<{ item: ShareItemRecord; access: 'owner' | ShareAccess }> {
    if (!isItemId(entity, id)) throw CommonException.notFound();
    const [map, readable] = await Promise.all([
      entity === 'project'
        ? this.access.projectAccess(actor, [id])
        : this.access.labelAccess(actor, [id]),
      entity === 'project'
        ? this.access.check(actor, Permission.ProjectRead, [id])
        : Promise.resolve(new Set<string>()),
    ]);
    const access = map.get(id);
    if (!access && !readable.has(id)) throw CommonException.notFound();
    const item = await this.sharing.item(entity, id);
    if (!item) throw CommonException.notFound();
    if (item.isDemo) throw CommonException.notice(sharingMessages.demoNotShareable);
    if (!access) throw CommonException.notFound();
    return { item, access };
  }

  /** The item, which the actor must own (403 for one shared with them, 404 otherwise). */
  private async owned(actor: Actor, entity: ShareEntity, id: string): Promise<ShareItemRecord> {
    if (!isItemId(entity, id)) throw CommonException.notFound();
    const allowed = await this.access.check(actor, SHARE[entity], [id]);
    if (!allowed.has(id)) {
      const { item, access } = await this.readable(actor, entity, id);
      if (item && access !== 'owner') throw CommonException.forbidden(sharingMessages.onlyOwner);
      throw CommonException.notFound();
    }
    const item = await this.sharing.item(entity, id);
    if (!item) throw CommonException.notFound();
    return item;
  }

  /** 403 when the item reaches the actor (a grantee asking to manage), 404 otherwise. */
  private async refusal(actor: Actor, entity: ShareEntity, itemId: string) {
    const map =
      entity === 'project'
        ? await this.access.projectAccess(actor, [itemId])
        : await this.access.labelAccess(actor, [itemId]);
    return map.has(itemId)
      ? CommonException.forbidden(sharingMessages.onlyOwner)
      : CommonException.notFound();
  }

  /** sharing-changed to each affected customer's and team's room (their dashboards reload). */
  notify(
    customerIds: string[],
    teamIds: string[],
    entity: ShareEntity,
    id: string,
    change: SharingChange,
  ): void {
    const payload = { entity, id, change };
    for (const customerId of new Set(customerIds))
      this.live.toCustomer(customerId, liveEvents.sharingChanged, payload);
    for (const teamId of new Set(teamIds))
      this.live.toTeam(teamId, liveEvents.sharingChanged, payload);
  }
}
