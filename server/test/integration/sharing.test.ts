import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  endpoints,
  fillPath,
  liveEvents,
  pagePaths,
  sharingMessages,
  teamMessages,
  type Project,
  type SharingChangedPayload,
  type SharingRemoveResponse,
  type SharingResponse,
  type SharingSuccessResponse,
} from '@animata/contracts';
import { LiveService } from '../../src/live/live.service.js';
import { SharingRepository } from '../../src/modules/sharing/index.js';
import type { CustomerEntity } from '../../src/modules/customers/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  newCustomer,
  newDemoProjects,
  newLabel,
  newProject,
  newSessionCookie,
  newShare,
  newSubscriptionRow,
  newTeam,
  shareWithTeam,
} from '../support/factories.js';
import { cookieCaller } from '../support/http-client.js';

type Refusal = { error?: string; errors?: Record<string, string> };
const s = endpoints.sharing;
const p = endpoints.projects;
const path = (template: string, id: string) => fillPath(template, { params: { id } });

/**
 * The share dialog's calls over HTTP (issue 31; projects-dashboard §3-§8): reading who has
 * access, changing and removing grants with the spec's texts, edit only for team members,
 * sharing with a team, dropping one's own access, inheritance through folders, and the live
 * sharing-changed message to everyone affected.
 */
describe('sharing', () => {
  let app: TestApp;
  const db = () => app.runtime.dataSource;
  const sent: Array<{ room: string; payload: SharingChangedPayload }> = [];

  before(async () => {
    app = await startTestApp({ web: false });
    const live = app.app.get(LiveService);
    const toCustomer = live.toCustomer.bind(live);
    const toTeam = live.toTeam.bind(live);
    live.toCustomer = (customerId, event, payload) => {
      if (event === liveEvents.sharingChanged)
        sent.push({ room: `customer:${customerId}`, payload: payload as SharingChangedPayload });
      toCustomer(customerId, event, payload);
    };
    live.toTeam = (teamId, event, payload) => {
      if (event === liveEvents.sharingChanged)
        sent.push({ room: `team:${teamId}`, payload: payload as SharingChangedPayload });
      toTeam(teamId, event, payload);
    };
  });
  after(async () => {
    await app?.stop();
  });

  const as = async (customer: CustomerEntity) =>
    cookieCaller(app, await newSessionCookie(app, customer.id));

  /** A pro owner, a team of theirs (with a member), a guest outside it, and an outsider. */
  async function world() {
    const [owner, teammate, guest, outsider] = await Promise.all(
      Array.from({ length: 4 }, () => newCustomer(db())),
    );
    const team = await newTeam(db(), {
      owner: owner!,
      members: [{ customer: teammate! }],
      title: 'Studio',
    });
    const project = await newProject(db(), owner!.id, { title: 'Intro' });
    return {
      owner: owner!,
      teammate: teammate!,
      guest: guest!,
      outsider: outsider!,
      team,
      project,
    };
  }

  it('shows the owner everything the dialog needs, grantees a read-only copy, others 404', async () => {
    const w = await world();
    const top = await newLabel(db(), w.owner.id, { title: 'Clients' });
    const folder = await newLabel(db(), w.owner.id, { title: 'Acme', parentId: top.id });
    await db().query(`UPDATE projects SET label_id = $2, is_public = true WHERE id = $1`, [
      w.project.id,
      folder.id,
    ]);
    const shareId = await newShare(db(), { project: w.project.id, customer: w.guest.id });
    await newShare(db(), { label: top.id, customer: w.outsider.id, access: 'view' });
    await shareWithTeam(db(), w.team.teamId, { labelId: top.id });
    await db().query(
      `INSERT INTO share_invites (project_id, inviter_id, recipient_email, grant_access, status, token_hash)
       VALUES ($1, $2, 'later@example.test', 'view', 'pending', repeat('a', 64)),
              ($1, $2, 'no@example.test', 'view', 'refused', repeat('b', 64))`,
      [w.project.id, w.owner.id],
    );

    const mine = await (
      await as(w.owner)
    )<SharingResponse>('GET', path(s.project.path, w.project.id));
    assert.equal(mine.status, 200);
    assert.equal(mine.body.owner.id, w.owner.id);
    assert.equal(mine.body.title, 'Intro');
    assert.deepEqual(
      mine.body.customers.map((c) => [c.shareId, c.customer.id, c.access, c.isOwner]),
      [[shareId, w.guest.id, 'view', false]],
    );
    assert.deepEqual(mine.body.invites.map((i) => [i.recipientEmail, i.status]).sort(), [
      ['later@example.test', 'pending'],
      ['no@example.test', 'refused'],
    ]);
    assert.deepEqual(mine.body.teams, []);
    assert.deepEqual(
      mine.body.inherited.map((i) => [i.label.title, i.customer?.id ?? i.team?.title, i.access]),
      [
        ['Clients', w.outsider.id, 'view'],
        ['Clients', 'Studio', 'view'],
      ],
    );
    assert.deepEqual(mine.body.access, {
      access: 'owner',
      canManage: true,
      canRemove: true,
      hasProAccess: true,
      hasTeamAccess: true,
      teamPlanActive: true,
      teamPlanLapsed: false,
    });
    assert.deepEqual(mine.body.publicLink, {
      isPublic: true,
      url: `${app.runtime.config.publicUrl}${fillPath(pagePaths.publicProject, { params: { id: w.project.id } })}`,
      expiresAt: null,
      hasPassword: false,
    });
    assert.deepEqual(mine.body.availableTeams, [
      { id: w.team.teamId, title: 'Studio', isOwner: true },
    ]);
    assert.deepEqual(
      mine.body.suggestions.map((c) => c.id),
      [w.teammate.id],
    );
    assert.deepEqual(mine.body.editAllowedEmails, [w.teammate.email]);

    const theirs = await (
      await as(w.guest)
    )<SharingResponse>('GET', path(s.project.path, w.project.id));
    assert.equal(theirs.status, 200);
    assert.equal(theirs.body.access.access, 'view');
    assert.equal(theirs.body.access.canManage, false);
    assert.equal(theirs.body.access.canRemove, false);
    assert.deepEqual(theirs.body.suggestions, []);
    // Only the owner sees who is invited, and a grantee sees only the folder grants of folders
    // they can open themselves (the guest's grant is on the project alone).
    assert.deepEqual(theirs.body.invites, []);
    assert.deepEqual(theirs.body.inherited, []);

    // Inherited through the folder above: the folder's dialog too.
    const inherited = await (
      await as(w.outsider)
    )<SharingResponse>('GET', path(s.label.path, folder.id));
    assert.equal(inherited.status, 200);
    assert.equal(inherited.body.publicLink, null);
    assert.equal(inherited.body.inherited.length, 2);

    const stranger = await as(await newCustomer(db()));
    for (const url of [
      path(s.project.path, w.project.id),
      path(s.label.path, folder.id),
      path(s.project.path, 'not-an-id'),
      path(s.label.path, 'not-a-uuid'),
      path(s.label.path, '00000000-0000-4000-8000-000000000000'),
    ])
      assert.equal((await stranger('GET', url)).status, 404, url);
  });

  it('changes a grant’s access, forcing edit back to view for anyone outside the owner’s teams', async () => {
    const w = await world();
    const guestShare = await newShare(db(), { project: w.project.id, customer: w.guest.id });
    const mateShare = await newShare(db(), { project: w.project.id, customer: w.teammate.id });
    const owner = await as(w.owner);
    const answer = await owner<SharingSuccessResponse>(
      'PUT',
      path(s.projectCustomer.path, guestShare),
      {
        access: 'edit',
      },
    );
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { success: true, message: sharingMessages.accessUpdated });
    const access = async (id: string) =>
      (
        (await db().query(`SELECT access FROM project_shares WHERE id = $1`, [id])) as Array<{
          access: string;
        }>
      )[0]?.access;
    assert.equal(await access(guestShare), 'view');
    sent.length = 0;
    assert.equal(
      (await owner('PUT', path(s.projectCustomer.path, mateShare), { access: 'edit' })).status,
      200,
    );
    assert.equal(await access(mateShare), 'edit');
    assert.deepEqual(sent, [
      {
        room: `customer:${w.teammate.id}`,
        payload: { entity: 'project', id: w.project.id, change: 'updated' },
      },
    ]);
    // The grantee sees the item, so asking to manage is 403; a stranger's is 404; bad input 422.
    const guest = await as(w.guest);
    const refused = await guest<Refusal>('PUT', path(s.projectCustomer.path, guestShare), {
      access: 'edit',
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, sharingMessages.onlyOwner);
    const stranger = await as(w.outsider);
    assert.equal(
      (await stranger('PUT', path(s.projectCustomer.path, guestShare), { access: 'view' })).status,
      404,
    );
    assert.equal(
      (await owner('PUT', path(s.projectCustomer.path, 'nope'), { access: 'view' })).status,
      404,
    );
    assert.equal(
      (await owner('PUT', path(s.projectCustomer.path, guestShare), { access: 'admin' })).status,
      422,
    );
    // A project grant id is not a folder grant id.
    assert.equal(
      (await owner('PUT', path(s.labelCustomer.path, guestShare), { access: 'view' })).status,
      404,
    );
  });

  it('changes a grant in one statement: one removed or changed meanwhile answers 404 or tells nobody', async () => {
    const w = await world();
    const mateShare = await newShare(db(), { project: w.project.id, customer: w.teammate.id });
    const owner = await as(w.owner);
    const repository = app.app.get(SharingRepository);
    const original = repository.sharesActiveTeam.bind(repository);
    try {
      // Someone else sets edit between the check and the change: nothing changed, nobody told.
      repository.sharesActiveTeam = async (...args) => {
        await db().query(`UPDATE project_shares SET access = 'edit' WHERE id = $1`, [mateShare]);
        return original(...args);
      };
      sent.length = 0;
      const same = await owner('PUT', path(s.projectCustomer.path, mateShare), { access: 'edit' });
      assert.equal(same.status, 200);
      assert.deepEqual(sent, []);
      // The grant is removed between the check and the change: 404, nobody told.
      repository.sharesActiveTeam = async (...args) => {
        await db().query(`DELETE FROM project_shares WHERE id = $1`, [mateShare]);
        return original(...args);
      };
      const gone = await owner('PUT', path(s.projectCustomer.path, mateShare), { access: 'view' });
      assert.equal(gone.status, 404);
      assert.deepEqual(sent, []);
    } finally {
      repository.sharesActiveTeam = original;
    }
  });

  it('refuses sharing changes without pro access with 403 and the upgrade text', async () => {
    const free = await newCustomer(db());
    const guest = await newCustomer(db());
    const project = await newProject(db(), free.id);
    const folder = await newLabel(db(), free.id);
    const shareId = await newShare(db(), { project: project.id, customer: guest.id });
    const call = await as(free);
    const dialog = await call<SharingResponse>('GET', path(s.project.path, project.id));
    assert.equal(dialog.status, 200);
    assert.equal(dialog.body.access.canManage, false);
    assert.equal(dialog.body.access.hasProAccess, false);
    // Removals stay open to an owner without a plan: the dialog offers them.
    assert.equal(dialog.body.access.canRemove, true);
    for (const [method, url, body] of [
      ['PUT', path(s.projectCustomer.path, shareId), { access: 'view' }],
      ['PUT', path(s.teamLabel.path, folder.id), { team: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      const refused = await call<Refusal>(method, url, body);
      assert.equal(refused.status, 403, url);
      assert.equal(refused.body.error, sharingMessages.upgradeToShare);
    }
    // A pro (not team) plan shares with people, but not with teams.
    const pro = await newCustomer(db());
    await newSubscriptionRow(db(), pro.id, { planId: 'pro-monthly' });
    const own = await newLabel(db(), pro.id);
    const refused = await (
      await as(pro)
    )<Refusal>('PUT', path(s.teamLabel.path, own.id), {
      team: '00000000-0000-4000-8000-000000000000',
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, sharingMessages.upgradeToShare);

    // 'Team owner should re-activate subscription' only for someone in a lapsed team and in no
    // active one: not for a customer without a team, nor for a pro customer.
    const flags = async (customer: CustomerEntity) => {
      const item = await newProject(db(), customer.id);
      const got = await (await as(customer))<SharingResponse>('GET', path(s.project.path, item.id));
      const { hasTeamAccess, teamPlanLapsed } = got.body.access;
      return { hasTeamAccess, teamPlanLapsed };
    };
    const none = { hasTeamAccess: false, teamPlanLapsed: false };
    assert.deepEqual(dialog.body.access.teamPlanLapsed, false);
    assert.deepEqual(await flags(pro), none);
    const [lapsedOwner, lapsedMember, activeOwner] = await Promise.all(
      Array.from({ length: 3 }, () => newCustomer(db())),
    );
    await newTeam(db(), {
      owner: lapsedOwner!,
      members: [{ customer: lapsedMember! }],
      expired: true,
    });
    const lapsed = { hasTeamAccess: false, teamPlanLapsed: true };
    assert.deepEqual(await flags(lapsedOwner!), lapsed);
    assert.deepEqual(await flags(lapsedMember!), lapsed);
    // Also in a team whose plan is active: team access, nothing lapsed.
    await newTeam(db(), { owner: activeOwner!, members: [{ customer: lapsedMember! }] });
    assert.deepEqual(await flags(lapsedMember!), { hasTeamAccess: true, teamPlanLapsed: false });
  });

  it('removes a customer’s grant, telling them live; a folder grant’s removal ends inherited access at once', async () => {
    const w = await world();
    const top = await newLabel(db(), w.owner.id);
    const middle = await newLabel(db(), w.owner.id, { parentId: top.id });
    const bottom = await newLabel(db(), w.owner.id, { parentId: middle.id });
    const deep = await newProject(db(), w.owner.id, { labelId: bottom.id });
    await newShare(db(), { label: top.id, customer: w.guest.id });
    const guest = await as(w.guest);
    assert.equal((await guest('GET', path(p.details.path, deep.id))).status, 200);
    assert.equal((await guest('GET', path(p.get.path, deep.id))).status, 200);

    sent.length = 0;
    const owner = await as(w.owner);
    const removed = await owner<SharingSuccessResponse>(
      'DELETE',
      path(s.removeLabel.path, top.id),
      {
        type: 'customer',
        customer: w.guest.id,
      },
    );
    assert.equal(removed.status, 200);
    assert.equal(removed.body.message, sharingMessages.customerRemoved);
    assert.deepEqual(sent, [
      {
        room: `customer:${w.guest.id}`,
        payload: { entity: 'label', id: top.id, change: 'removed' },
      },
    ]);
    assert.equal((await guest('GET', path(p.details.path, deep.id))).status, 404);
    // Nothing left to remove; a malformed customer; a grantee may not remove others.
    for (const body of [
      { type: 'customer', customer: w.guest.id },
      { type: 'customer', customer: 'x' },
      { type: 'team', team: w.team.teamId },
    ])
      assert.equal((await owner('DELETE', path(s.removeLabel.path, top.id), body)).status, 404);
    assert.equal(
      (await owner('DELETE', path(s.removeLabel.path, top.id), { type: 'group' })).status,
      422,
    );
  });

  it('ends inherited access when the owner moves the project out of the shared folder', async () => {
    const w = await world();
    const folder = await newLabel(db(), w.owner.id);
    const project = await newProject(db(), w.owner.id, { labelId: folder.id });
    await newShare(db(), { label: folder.id, customer: w.guest.id });
    await shareWithTeam(db(), w.team.teamId, { labelId: folder.id });
    const direct = await newProject(db(), w.owner.id, { labelId: folder.id });
    await newShare(db(), { project: direct.id, customer: w.outsider.id });
    const guest = await as(w.guest);
    const owner = await as(w.owner);
    assert.equal((await guest('GET', path(p.details.path, project.id))).status, 200);
    sent.length = 0;
    const moved = await owner('PUT', p.move.path, { projects: [project.id], label: null });
    assert.equal(moved.status, 200);
    assert.equal((await guest('GET', path(p.details.path, project.id))).status, 404);
    // Everyone the folder's grants reached is told, the customer and the team.
    const removed = { entity: 'project', id: project.id, change: 'removed' };
    assert.deepEqual(
      [...sent].sort((a, b) => a.room.localeCompare(b.room)),
      [
        { room: `customer:${w.guest.id}`, payload: removed },
        { room: `team:${w.team.teamId}`, payload: removed },
      ].sort((a, b) => a.room.localeCompare(b.room)),
    );
    // Deleting a shared project tells its direct grantees and those of the folders above it.
    sent.length = 0;
    assert.equal((await owner('DELETE', path(p.delete.path, direct.id))).status, 200);
    const gone = { entity: 'project', id: direct.id, change: 'removed' };
    assert.deepEqual(
      [...sent].sort((a, b) => a.room.localeCompare(b.room)),
      [
        { room: `customer:${w.guest.id}`, payload: gone },
        { room: `customer:${w.outsider.id}`, payload: gone },
        { room: `team:${w.team.teamId}`, payload: gone },
      ].sort((a, b) => a.room.localeCompare(b.room)),
    );
  });

  it('lets the most generous grant win: a folder’s edit under a direct view renames and moves within the owner’s folders', async () => {
    const w = await world();
    const folder = await newLabel(db(), w.owner.id);
    const sub = await newLabel(db(), w.owner.id, { parentId: folder.id });
    const project = await newProject(db(), w.owner.id, { labelId: folder.id });
    await newShare(db(), { project: project.id, customer: w.teammate.id, access: 'view' });
    await newShare(db(), { label: folder.id, customer: w.teammate.id, access: 'edit' });
    const editor = await as(w.teammate);
    const renamed = await editor<Project>('PUT', path(p.update.path, project.id), {
      title: 'Renamed',
    });
    assert.equal(renamed.status, 200);
    // The answer tells the editor they may edit (not only the owner).
    assert.equal(renamed.body.canEdit, true);
    assert.equal(
      (await editor('PUT', p.move.path, { projects: [project.id], label: sub.id })).status,
      200,
    );
    // Never out of the owner's tree, never public, never deleted.
    const own = await newLabel(db(), w.teammate.id);
    assert.equal(
      (await editor('PUT', p.move.path, { projects: [project.id], label: own.id })).status,
      404,
    );
    assert.equal(
      (await editor('PUT', p.move.path, { projects: [project.id], label: null })).status,
      404,
    );
    const publicRefused = await editor<Refusal>('PUT', path(p.update.path, project.id), {
      is_public: 1,
    });
    assert.equal(publicRefused.status, 403);
    assert.equal(publicRefused.body.error, sharingMessages.onlyOwner);
    assert.equal((await editor('DELETE', path(p.delete.path, project.id))).status, 403);
    const [row] = (await db().query(`SELECT title, label_id FROM projects WHERE id = $1`, [
      project.id,
    ])) as Array<{
      title: string;
      label_id: string;
    }>;
    assert.deepEqual(row, { title: 'Renamed', label_id: sub.id });
  });

  it('shares with a team (toggle on gives view, the dropdown edit) and takes it away', async () => {
    const w = await world();
    const owner = await as(w.owner);
    const mate = await as(w.teammate);
    assert.equal((await mate('GET', path(p.details.path, w.project.id))).status, 404);
    sent.length = 0;
    const on = await owner<SharingSuccessResponse>('PUT', path(s.teamProject.path, w.project.id), {
      team: w.team.teamId,
    });
    assert.equal(on.status, 200);
    assert.equal(on.body.message, sharingMessages.accessUpdated);
    assert.deepEqual(sent, [
      {
        room: `team:${w.team.teamId}`,
        payload: { entity: 'project', id: w.project.id, change: 'granted' },
      },
    ]);
    assert.equal((await mate('GET', path(p.details.path, w.project.id))).status, 200);
    assert.equal(
      (await mate('PUT', path(p.update.path, w.project.id), { title: 'x' })).status,
      403,
    );
    await owner('PUT', path(s.teamProject.path, w.project.id), {
      team: w.team.teamId,
      grantAccess: 'edit',
    });
    assert.equal(
      (await mate('PUT', path(p.update.path, w.project.id), { title: 'x' })).status,
      200,
    );
    const dialog = await owner<SharingResponse>('GET', path(s.project.path, w.project.id));
    assert.deepEqual(dialog.body.teams, [
      { team: { id: w.team.teamId, title: 'Studio' }, access: 'edit' },
    ]);
    // A team the owner is not in: 404; someone else's project: 404; a grantee: 403.
    const other = await newTeam(db(), { owner: await newCustomer(db()) });
    assert.equal(
      (await owner('PUT', path(s.teamProject.path, w.project.id), { team: other.teamId })).status,
      404,
    );
    assert.equal(
      (await mate('PUT', path(s.teamProject.path, w.project.id), { team: w.team.teamId })).status,
      403,
    );
    const off = await owner('DELETE', path(s.removeProject.path, w.project.id), {
      type: 'team',
      team: w.team.teamId,
    });
    assert.equal(off.status, 200);
    assert.equal((await mate('GET', path(p.details.path, w.project.id))).status, 404);
  });

  it('lets a grantee drop their own access, and a team admin or the owner take items out of a team', async () => {
    const w = await world();
    const folder = await newLabel(db(), w.owner.id);
    const inFolder = await newProject(db(), w.owner.id, { labelId: folder.id });
    await newShare(db(), { project: w.project.id, customer: w.guest.id });
    await newShare(db(), { label: folder.id, customer: w.guest.id });
    const guest = await as(w.guest);
    // Only through the folder: nothing of theirs to drop on the project itself.
    const through = await guest<Refusal>('POST', s.removeProjects.path, { ids: [inFolder.id] });
    assert.equal(through.status, 422);
    assert.equal(through.body.errors?.['.'], sharingMessages.sharedThroughFolder);
    // teamId null is no team: their own access goes.
    const dropped = await guest<SharingRemoveResponse>('POST', s.removeProjects.path, {
      ids: [w.project.id],
      teamId: null,
    });
    assert.equal(dropped.status, 200);
    assert.deepEqual(dropped.body, {
      success: true,
      message: sharingMessages.removedOwnAccess(1),
      removed: 1,
    });
    assert.equal((await guest('GET', path(p.details.path, w.project.id))).status, 404);
    const droppedFolder = await guest<SharingRemoveResponse>('POST', s.removeLabels.path, {
      ids: [folder.id],
      teamId: null,
    });
    assert.equal(droppedFolder.body.removed, 1);
    assert.equal((await guest('GET', path(p.details.path, inFolder.id))).status, 404);
    // Not shared with them (any more), malformed, or their own: 404; a bad body: 422.
    for (const ids of [[w.project.id], ['x'], [folder.id]])
      assert.equal((await guest('POST', s.removeProjects.path, { ids })).status, 404);
    assert.equal(
      (await (await as(w.owner))('POST', s.removeProjects.path, { ids: [w.project.id] })).status,
      404,
    );
    assert.equal((await guest('POST', s.removeProjects.path, { ids: [] })).status, 422);

    // From a team's projects: the team admin or the project owner; a member 403; others 404.
    const admin = await newCustomer(db());
    const teamOwner = await newCustomer(db());
    const member = await newCustomer(db());
    const team = await newTeam(db(), {
      owner: teamOwner,
      members: [
        { customer: admin, role: 'administrator' },
        { customer: member },
        { customer: w.owner },
      ],
    });
    const a = await newProject(db(), w.owner.id);
    const b = await newProject(db(), w.owner.id);
    await shareWithTeam(db(), team.teamId, { projectId: a.id });
    await shareWithTeam(db(), team.teamId, { projectId: b.id });
    const refused = await (
      await as(member)
    )<Refusal>('POST', s.removeProjects.path, { ids: [a.id], teamId: team.teamId });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, teamMessages.onlyAdministrators);
    assert.equal(
      (await guest('POST', s.removeProjects.path, { ids: [a.id], teamId: team.teamId })).status,
      404,
    );
    assert.equal(
      (await (await as(admin))('POST', s.removeProjects.path, { ids: [a.id], teamId: team.teamId }))
        .status,
      200,
    );
    assert.equal(
      (
        await (
          await as(w.owner)
        )('POST', s.removeProjects.path, { ids: [b.id], teamId: team.teamId })
      ).status,
      200,
    );
    assert.equal((await (await as(member))('GET', path(p.details.path, b.id))).status, 404);
  });

  it('refuses to share a demo (422), and answers 404 for the ids of nothing', async () => {
    const w = await world();
    const { projects } = await newDemoProjects(db(), ['Demo']);
    const owner = await as(w.owner);
    const dialog = await owner<Refusal>('GET', path(s.project.path, projects[0]!.id));
    assert.equal(dialog.status, 422);
    assert.equal(dialog.body.errors?.['.'], sharingMessages.demoNotShareable);
    const toTeam = await owner<Refusal>('PUT', path(s.teamProject.path, projects[0]!.id), {
      team: w.team.teamId,
    });
    assert.equal(toTeam.status, 422);
  });
});
