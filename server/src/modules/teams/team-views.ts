import { Injectable } from '@nestjs/common';
import type { EmptyListReason, Label } from '@animata/contracts';
import { AccessService, type Actor, Permission } from '../../common/access/index.js';
import { CommonException } from '../../common/errors/common.exception.js';
import { PlanAccess } from '../billing/index.js';
import { TeamsRepository } from './teams.repository.js';

/** A folder shared with a team, as the team's labels list it (flat: the shared folder itself). */
export function sharedLabel(row: {
  id: string;
  title: string;
  ownerId: string;
  projectsCount: number;
}): Label {
  return {
    id: row.id,
    title: row.title,
    owner: { id: row.ownerId },
    parentId: null,
    children: [],
    shares: { customers: [], teams: [] },
    isDemo: false,
    parentIsDemo: false,
    projectsCount: row.projectsCount,
  };
}

/**
 * What the dashboard's team views need from teams (projects-dashboard §2, §4): whether the
 * customer may see the team (404 otherwise), why its list is empty when its plan lapsed, and the
 * share a project created in a team view gets.
 */
@Injectable()
export class TeamViews {
  constructor(
    private readonly access: AccessService,
    private readonly teams: TeamsRepository,
    private readonly plans: PlanAccess,
  ) {}

  /** 404 for an unknown or foreign team; the empty-list reason when its plan expired. */
  async open(actor: Actor, teamId: string): Promise<{ expired: EmptyListReason | null }> {
    await this.access.require(actor, Permission.TeamRead, [teamId]);
    const team = await this.teams.findById(teamId);
    if (!team) throw CommonException.notFound();
    const info = await this.plans.of(team.payerId);
    const active = info.isPremium && info.plan?.product === 'team';
    if (active) return { expired: null };
    return { expired: team.ownerId === actor.customerId ? 'owner-expired' : 'member-expired' };
  }

  /** GET customer/labels?team=: the folders shared with the team (404 as open). */
  async sharedLabels(actor: Actor, teamId: string): Promise<Label[]> {
    await this.open(actor, teamId);
    return (await this.teams.sharedLabelsOf([teamId])).map(sharedLabel);
  }

  /** A project created in a team view is shared with the team from the start (edit access). */
  async shareNewProject(actor: Actor, teamId: string, projectId: string): Promise<void> {
    await this.teams.shareProjectWithTeam(teamId, projectId, 'edit', actor.customerId);
  }
}
