import { Injectable } from '@nestjs/common';
import { CommonException } from '../errors/common.exception.js';
import { AccessRepository, type ItemAccess } from './access.repository.js';
import { type Actor, Permission, VISITOR, VISITOR_PERMISSIONS } from './permission.js';

/**
 * The one place that answers "may this customer do this to these things" (Immich's
 * utils/access.ts is the model). Every service method that touches someone's data starts here.
 */
@Injectable()
export class AccessService {
  constructor(private readonly repository: AccessRepository) {}

  /** The ids, of those asked, that the actor may act on with this permission. */
  check(actor: Actor, permission: Permission, ids: Iterable<string>): Promise<Set<string>> {
    const wanted = new Set(ids);
    if (wanted.size === 0) return Promise.resolve(new Set());
    // A visitor (nobody signed in) holds only the permissions that need no account.
    if (actor.customerId === VISITOR.customerId && !VISITOR_PERMISSIONS.has(permission))
      return Promise.resolve(new Set());
    switch (permission) {
      case Permission.AccountUpdate:
        return this.repository.customersActorIs(actor.customerId, wanted);
      case Permission.SessionDelete:
        return this.repository.sessionsOfActor(actor.customerId, wanted);
      case Permission.AvatarDelete:
        return this.repository.avatarsOfActor(actor.customerId, wanted);
      case Permission.ProjectRead:
        return this.repository.projectsReadableBy(actor.customerId, wanted);
      case Permission.ProjectUpdate:
        return this.repository.projectsEditableBy(actor.customerId, wanted);
      case Permission.ProjectMove:
        return this.repository.projectsMovableBy(actor.customerId, wanted);
      case Permission.ProjectDelete:
      case Permission.ProjectShare:
        return this.repository.projectsOfActor(actor.customerId, wanted, { demos: false });
      case Permission.DemoOpen:
        return this.repository.demoOriginals(wanted);
      case Permission.DemoReset:
        return this.repository.demoCopiesOfActor(actor.customerId, wanted);
      case Permission.LabelRead:
      case Permission.LabelUpdate:
      case Permission.LabelDelete:
      case Permission.LabelShare:
        return this.repository.labelsOfActor(actor.customerId, wanted);
      case Permission.LabelReadShared:
        return this.repository.labelsSharedWith(actor.customerId, wanted, 'view');
      case Permission.LabelEditShared:
        return this.repository.labelsSharedWith(actor.customerId, wanted, 'edit');
      case Permission.ShareGrantManage:
        return this.repository.shareGrantsManagedBy(actor.customerId, wanted);
      case Permission.SharedItemRemove:
        return this.sharedItems(actor, wanted);
      case Permission.TeamShareRemove:
        return this.repository.teamSharesRemovableBy(actor.customerId, wanted);
      case Permission.AppRead:
        return this.repository.appsOfActor(actor.customerId, wanted, { adminOnly: false });
      case Permission.AppAdminister:
        return this.repository.appsOfActor(actor.customerId, wanted, { adminOnly: true });
      case Permission.AppMemberRemove:
        return this.repository.appMembershipsAdministeredBy(actor.customerId, wanted);
      case Permission.AppAuthorizationRevoke:
        return this.repository.appAuthorizationsOfActor(actor.customerId, wanted);
      case Permission.TeamRead:
        return this.repository.teamsOfActor(actor.customerId, wanted, 'any');
      case Permission.TeamAdminister:
        return this.repository.teamsOfActor(actor.customerId, wanted, 'administrate');
      case Permission.TeamOwn:
        return this.repository.teamsOfActor(actor.customerId, wanted, 'own');
      case Permission.TeamBilling:
        return this.repository.teamsPaidBy(actor.customerId, wanted);
      case Permission.TeamMembershipRemove:
        return this.repository.teamMembershipsRemovableBy(actor.customerId, wanted);
      case Permission.TeamMembershipRead:
        return this.repository.teamMembershipsVisibleTo(actor.customerId, wanted);
      case Permission.TeamInviteManage:
        return this.repository.teamInvitesOfActor(actor.customerId, wanted, 'administrate');
      case Permission.TeamInviteRead:
        return this.repository.teamInvitesOfActor(actor.customerId, wanted, 'any');
      case Permission.TeamInviteAnswer:
        return this.repository.teamInvitesToActor(actor.customerId, wanted);
      case Permission.TeamLabelRead:
        return this.repository.labelsSharedWithActorTeams(actor.customerId, wanted);
      case Permission.ShareInviteManage:
        return this.repository.shareInvitesOfActor(actor.customerId, wanted);
      case Permission.ShareInviteAnswer:
        return this.repository.shareInvitesToActor(actor.customerId, wanted);
      case Permission.InvoiceRead:
        return this.repository.invoicesOfActor(actor.customerId, wanted);
      case Permission.PublicProjectRead:
        return this.repository.publicProjects(wanted);
      case Permission.RenderRead:
      case Permission.RenderManage:
        return this.repository.rendersOfActor(actor.customerId, wanted);
    }
  }

  /**
   * The actor's effective access to each of these projects: 'owner', or the most generous of
   * their grants ('edit' or 'view'); projects they cannot open are left out. One query.
   */
  projectAccess(actor: Actor, ids: Iterable<string>): Promise<Map<string, ItemAccess>> {
    return this.repository.projectAccess(actor.customerId, new Set(ids));
  }

  /**
   * Of these projects shared with the actor, those they may move to the folder `labelId`: the
   * project's folder and `labelId` both under one folder whose edit grant reaches them. One query.
   */
  projectsMovableWithin(
    actor: Actor,
    ids: Iterable<string>,
    labelId: string,
  ): Promise<Set<string>> {
    return this.repository.projectsMovableWithin(actor.customerId, new Set(ids), labelId);
  }

  /**
   * A team view (/team/{team}): passes for the team's members, as TeamRead does, and answers in
   * the same statement the actor's role and whether the plan is active; 404 for anyone else.
   */
  async teamView(
    actor: Actor,
    teamId: string,
  ): Promise<{ role: 'owner' | 'administrator' | 'member'; active: boolean }> {
    const state = await this.repository.teamViewOf(actor.customerId, teamId);
    if (!state) throw CommonException.notFound();
    return state;
  }

  /** As projectAccess, for folders. */
  labelAccess(actor: Actor, ids: Iterable<string>): Promise<Map<string, ItemAccess>> {
    return this.repository.labelAccess(actor.customerId, new Set(ids));
  }

  /**
   * Passes only when the actor may act on every id. A denial answers 404, exactly like a thing
   * that does not exist, so nobody learns what others have.
   */
  async require(actor: Actor, permission: Permission, ids: Iterable<string>): Promise<void> {
    const wanted = new Set(ids);
    const allowed = await this.check(actor, permission, wanted);
    for (const id of wanted) if (!allowed.has(id)) throw CommonException.notFound();
  }

  /** Projects and folders shared with the actor (each check drops the other's ids). */
  private async sharedItems(actor: Actor, ids: ReadonlySet<string>): Promise<Set<string>> {
    const [projects, labels] = await Promise.all([
      this.repository.projectsSharedWith(actor.customerId, ids),
      this.repository.labelsSharedWith(actor.customerId, ids, 'view'),
    ]);
    return new Set([...projects, ...labels]);
  }
}
