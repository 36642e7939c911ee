import { Injectable } from '@nestjs/common';
import type { EmptyListReason, Label } from '@animata/contracts';
import { AccessService, type Actor } from '../../common/access/index.js';
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
  ) {}

  /** 404 for an unknown or foreign team; the empty-list reason when its plan expired. */
  async open(actor: Actor, teamId: string): Promise<{ expired: EmptyListReason | null }> {
    // The access layer decides and answers the role and the plan's state in one statement
    // (every page of a team view asks; issue 31).
    const state = await this.access.teamView(actor, teamId);
    if (state.active) return { expired: null };
    return { expired: state.role === 'owner' ? 'owner-expired' : 'member-expired' };
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
