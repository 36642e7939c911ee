import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  grantableAccess,
  sharingMessages,
  teamMessages,
  type CompanyInvite,
  type InviteAction,
  type InviteAnswerResponse,
  type InviteLinkInfo,
  type ShareAccess,
  type ShareEntity,
  type SharingInvite,
  type SharingInviteResponse,
  type TeamSuccessResponse,
} from '@animata/contracts';
import { AccessService, type Actor, Permission } from '../../common/access/index.js';
import { CommonException } from '../../common/errors/common.exception.js';
import type { RateLimiter } from '../../common/rate-limit/rate-limiter.js';
import type { Clock } from '../../common/clock.js';
import { CLOCK, CONFIG, RATE_LIMITER } from '../../common/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { RegistrationInvitesHook } from '../auth/index.js';
import { PlanAccess } from '../billing/index.js';
import { CustomersRepository, normaliseEmail } from '../customers/index.js';
import { ShareInviteMailer } from './share-invite-mailer.js';
import { ShareInvitesRepository, type ShareInviteRecord } from './share-invites.repository.js';
import { SharingRepository } from './sharing.repository.js';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sharing needs the pro plan's level (billing-teams-apps §1: pro is level 2, team 3). */
const PRO_LEVEL = 2;

/**
 * Invites to a project or a folder (issue 31; projects-dashboard §4, §5, §7; billing-teams-apps
 * §3 Company invite, §4). Only the item's owner with pro access invites; every invite waits as
 * Pending until its recipient accepts it (the invitations dialog, or the mailed link, signed in
 * or signing up), then it becomes a grant. Edit is given only to members of the owner's active
 * teams (`grantableAccess`); anyone else gets view. The link's token is stored as its SHA-256.
 */
@Injectable()
export class ShareInvitesService implements OnModuleInit {
  constructor(
    private readonly access: AccessService,
    private readonly invites: ShareInvitesRepository,
    /** Who may get edit access is decided once, with the grants (decision 218). */
    private readonly sharing: SharingRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly plans: PlanAccess,
    private readonly customers: CustomersRepository,
    private readonly mailer: ShareInviteMailer,
    private readonly registration: RegistrationInvitesHook,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registration.use({
      provesEmail: (token, email) => this.provesEmail(token, email),
      acceptForNewCustomer: (customerId, token) => this.acceptForNewCustomer(customerId, token),
    });
  }

  /** POST invite/project/{id}, invite/label/{id}. */
  async invite(
    actor: Actor,
    entity: ShareEntity,
    itemId: string,
    body: { recipientEmail: string; grantAccess?: ShareAccess },
  ): Promise<SharingInviteResponse> {
    await this.requireOwner(actor, entity, itemId);
    const item = await this.invites.findItem(entity, itemId);
    if (!item) throw CommonException.notFound();
    if ((await this.plans.effectiveLevelOf(actor.customerId)) < PRO_LEVEL)
      throw CommonException.forbidden(sharingMessages.upgradeToShare);

    const email = normaliseEmail(body.recipientEmail);
    const refuse = (message: string) => CommonException.validation({ recipientEmail: message });
    if (email === normaliseEmail(item.ownerEmail))
      throw refuse(sharingMessages.cannotShareWithOwner);
    if (await this.invites.hasDirectGrant(entity, itemId, email))
      throw refuse(sharingMessages.alreadyShared);

    const { limit, windowMs } = this.config.shareInvites.rateLimit;
    const hit = await this.limiter.hit(`share-invite:${actor.customerId}`, limit, windowMs);
    if (!hit.allowed) throw CommonException.tooManyRequests(undefined, hit.retryAfterMs);

    const isTeamMember = await this.sharing.sharesActiveTeam(
      item.ownerId,
      { email },
      this.clock.now(),
    );
    const grantAccess = grantableAccess(body.grantAccess ?? 'view', isTeamMember);
    const token = newToken();
    const inviteId = await this.invites.invite({
      entity,
      itemId,
      inviterId: actor.customerId,
      recipientEmail: email,
      grantAccess,
      tokenHash: sha256(token),
    });
    if (!inviteId) throw refuse(sharingMessages.alreadyInvited);
    const inviter = await this.customers.findById(actor.customerId);
    await this.mailer.invite(email, inviter?.name ?? '', item, grantAccess, token);
    const invite = await this.invites.findById(inviteId);
    if (!invite) throw CommonException.notFound();
    // The spec's note, with a second sentence when an outsider's edit became view.
    const lowered = body.grantAccess === 'edit' && grantAccess === 'view';
    return {
      success: true,
      message: lowered ? sharingMessages.inviteSentAsView : sharingMessages.inviteSent,
      invite: sharingInvite(invite),
    };
  }

  /**
   * Only the owner shares (ProjectShare / LabelShare: never a demo). A demo the actor may open
   * answers 422 demoNotShareable; an item shared with the actor, 403 onlyOwner (decision
   * sharing-access "403 or 404"); anything else 404.
   */
  private async requireOwner(actor: Actor, entity: ShareEntity, itemId: string): Promise<void> {
    const [share, read] =
      entity === 'project'
        ? [Permission.ProjectShare, Permission.ProjectRead]
        : [Permission.LabelShare, Permission.LabelReadShared];
    if ((await this.access.check(actor, share, [itemId])).has(itemId)) return;
    if (!(await this.access.check(actor, read, [itemId])).has(itemId))
      throw CommonException.notFound();
    const item = await this.invites.findItem(entity, itemId);
    if (item?.isDemo) throw CommonException.notice(sharingMessages.demoNotShareable);
    throw CommonException.forbidden(sharingMessages.onlyOwner);
  }

  /** Whether the id is a share invite's (DELETE and PUT invite/{id} serve both kinds). */
  async exists(id: string): Promise<boolean> {
    return UUID.test(id) && (await this.invites.findById(id)) !== null;
  }

  /** DELETE invite/{id}: the shared item's owner revokes a share invite. */
  async revoke(actor: Actor, id: string): Promise<TeamSuccessResponse> {
    await this.access.require(actor, Permission.ShareInviteManage, [id]);
    // Accepted (or removed) since the check: gone, so not "removed" by this call.
    if (!(await this.invites.delete(id))) throw CommonException.notFound();
    return { success: true, message: sharingMessages.inviteRemoved };
  }

  /** PUT invite/{id}: the recipient, signed in with the invited (verified) address, answers. */
  async answer(actor: Actor, id: string, action: InviteAction): Promise<InviteAnswerResponse> {
    await this.access.require(actor, Permission.ShareInviteAnswer, [id]);
    const invite = await this.invites.findById(id);
    if (!invite) throw CommonException.notFound();
    return this.answerInvite(actor.customerId, invite, action);
  }

  private async answerInvite(
    customerId: string,
    invite: ShareInviteRecord,
    action: InviteAction,
  ): Promise<InviteAnswerResponse> {
    if (invite.status !== 'pending') throw CommonException.notice(teamMessages.inviteAnswered);
    if (action === 'refuse') {
      if (!(await this.invites.refuse(invite.id)))
        throw CommonException.notice(teamMessages.inviteAnswered);
      return { success: true, message: teamMessages.inviteRefused, teamId: null };
    }
    const grantAccess = await this.acceptableAccess(invite);
    if (grantAccess === null) throw CommonException.notice(sharingMessages.inviteSenderCannotShare);
    if (!(await this.invites.accept(invite, customerId, grantAccess)))
      throw CommonException.notice(teamMessages.inviteAnswered);
    return {
      success: true,
      message: sharingMessages.inviteAccepted(invite.itemTitle),
      teamId: null,
      share: { entity: invite.entity, id: invite.itemId },
    };
  }

  /**
   * What accepting the invite grants now, or null when it cannot be accepted: the owner shares
   * only with pro access, and edit only while the recipient is a member of one of the owner's
   * active teams (both checked again at accept time: the plan or the team may have lapsed since).
   */
  private async acceptableAccess(invite: ShareInviteRecord): Promise<ShareAccess | null> {
    if ((await this.plans.effectiveLevelOf(invite.ownerId)) < PRO_LEVEL) return null;
    const isMember =
      invite.grantAccess === 'edit' &&
      (await this.sharing.sharesActiveTeam(
        invite.ownerId,
        { email: invite.recipientEmail },
        this.clock.now(),
      ));
    return grantableAccess(invite.grantAccess, isMember);
  }

  /** The share invite behind a link's token, or null (then it may be a team invite's). */
  async byToken(token: string): Promise<ShareInviteRecord | null> {
    if (!TOKEN.test(token)) return null;
    return this.invites.findByTokenHash(sha256(token));
  }

  /** GET invite/link/{token} for a share invite (public). */
  async linkInfo(invite: ShareInviteRecord): Promise<InviteLinkInfo> {
    const account = await this.customers.findByEmail(invite.recipientEmail);
    return {
      invite: {
        ...companyInvite(invite),
        recipientEmail: invite.recipientEmail,
        status: invite.status,
      },
      teamId: '',
      accountExists: account !== null,
      share: { entity: invite.entity, id: invite.itemId },
    };
  }

  /**
   * POST invite/link/{token} for a share invite: only a customer signed in with the invited
   * address answers it (the link may have been forwarded); anyone else is told whose it is.
   */
  async answerLink(
    actor: Actor,
    invite: ShareInviteRecord,
    action: InviteAction,
  ): Promise<InviteAnswerResponse> {
    const customer = await this.customers.findById(actor.customerId);
    if (!customer || normaliseEmail(customer.email) !== normaliseEmail(invite.recipientEmail))
      throw CommonException.forbidden(
        sharingMessages.inviteForAnotherAddress(invite.recipientEmail),
      );
    return this.answerInvite(actor.customerId, invite, action);
  }

  /** The customer object's invites: pending share invites to the address, oldest first. */
  async invitesFor(email: string): Promise<CompanyInvite[]> {
    const pending = await this.invites.pendingTo(email);
    // Those whose owner lost pro access cannot be accepted: left out (one check per owner).
    const owners = [...new Set(pending.map((invite) => invite.ownerId))];
    const levels = await Promise.all(owners.map((id) => this.plans.effectiveLevelOf(id)));
    const sharing = new Set(owners.filter((_, at) => levels[at]! >= PRO_LEVEL));
    return pending.filter((invite) => sharing.has(invite.ownerId)).map(companyInvite);
  }

  private async provesEmail(token: string, email: string): Promise<boolean> {
    const invite = await this.byToken(token);
    return (
      invite !== null &&
      invite.status === 'pending' &&
      normaliseEmail(invite.recipientEmail) === normaliseEmail(email)
    );
  }

  /** Sign-up through the link with the invited address (decision 204): the grant is made. */
  private async acceptForNewCustomer(customerId: string, token: string): Promise<void> {
    const invite = await this.byToken(token);
    if (!invite || invite.status !== 'pending') return;
    // The owner lost pro access: the invite stays pending; the sign-up goes on without it.
    const grantAccess = await this.acceptableAccess(invite);
    if (grantAccess === null) return;
    // Answered or revoked since it was read: the account exists; the sign-up goes on without it.
    await this.invites.accept(invite, customerId, grantAccess);
  }
}

function companyInvite(invite: ShareInviteRecord): CompanyInvite {
  return {
    id: invite.id,
    inviter: { name: invite.inviterName ?? '' },
    grantTitle: invite.itemTitle,
    grantEntity: invite.entity,
    grantAccess: invite.grantAccess,
  };
}

function sharingInvite(invite: ShareInviteRecord): SharingInvite {
  return {
    id: invite.id,
    recipientEmail: invite.recipientEmail,
    grantAccess: invite.grantAccess,
    status: invite.status,
    created: invite.createdAt.toISOString(),
  };
}
