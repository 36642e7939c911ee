import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  endpoints,
  fillPath,
  pagePaths,
  planFeatures,
  teamMessages,
  type CustomerResponse,
  type InviteLinkInfo,
  type LabelsResponse,
  type ProjectListResponse,
  type TeamResponse,
  type TeamsResponse,
} from '@animata/contracts';
import type { CustomerEntity } from '../../src/modules/customers/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  newCustomer,
  newLabel,
  newProject,
  newSessionCookie,
  newTeam,
  shareWithTeam,
  turnTeamCycles,
} from '../support/factories.js';
import { cookieCaller, TestClient, uniqueEmail } from '../support/http-client.js';
import { linkIn, waitForMail } from '../support/outbox.js';

type Role = 'owner' | 'administrator' | 'member' | 'outsider';
const ROLES: Role[] = ['owner', 'administrator', 'member', 'outsider'];

/**
 * Teams and invites over HTTP (issue 30; billing-teams-apps §4–§8, projects-dashboard §6, §7):
 * the authorization matrix of every team call, the role rules with the spec's texts, invites by
 * mail (refuse, confirm, sign up through the link), concurrent invites, and the team views.
 */
describe('teams', () => {
  let app: TestApp;
  const db = () => app.runtime.dataSource;

  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  /** A team of owner, two administrators, two members, a pending invite; and an outsider. */
  async function world(options: { expired?: boolean } = {}) {
    const [owner, admin, admin2, member, member2, outsider] = await Promise.all(
      Array.from({ length: 6 }, () => newCustomer(db())),
    );
    const team = await newTeam(db(), {
      owner: owner!,
      members: [
        { customer: admin!, role: 'administrator' },
        { customer: admin2!, role: 'administrator' },
        { customer: member!, role: 'member' },
        { customer: member2!, role: 'member' },
      ],
      invites: [{ email: uniqueEmail('invited') }],
      extraSlots: 4,
      ...(options.expired ? { expired: true } : {}),
    });
    const who: Record<Role, CustomerEntity> = {
      owner: owner!,
      administrator: admin!,
      member: member!,
      outsider: outsider!,
    };
    const call = async (role: Role) => cookieCaller(app, await newSessionCookie(app, who[role].id));
    return { team, who, admin2: admin2!, member2: member2!, call };
  }

  const path = (p: string, params: Record<string, string>, query?: Record<string, string>) =>
    fillPath(p, { params, ...(query ? { query } : {}) });

  type Case = {
    name: string;
    expired?: boolean;
    /** Changes nothing for any role: the four roles share one team. */
    readOnly?: boolean;
    request: (w: Awaited<ReturnType<typeof world>>, role: Role) => [string, string, unknown?];
    expect: Record<Role, number | null>;
  };
  const t = endpoints.teams;
  const inv = endpoints.invites;
  const cases: Case[] = [
    {
      name: 'GET teams/{id}',
      readOnly: true,
      request: (w) => ['GET', path(t.get.path, { id: w.team.teamId })],
      expect: { owner: 200, administrator: 200, member: 200, outsider: 404 },
    },
    {
      name: 'PUT teams/{id} (rename)',
      request: (w) => ['PUT', path(t.update.path, { id: w.team.teamId }), { title: 'Renamed' }],
      expect: { owner: 200, administrator: 200, member: 403, outsider: 404 },
    },
    {
      name: 'PUT teams/sort/{id}',
      request: (w) => [
        'PUT',
        path(t.sort.path, { id: w.team.teamId }),
        { ids: Object.keys(w.team.memberships).reverse() },
      ],
      expect: { owner: 200, administrator: 200, member: 403, outsider: 404 },
    },
    {
      name: 'GET teams/managers?teamId=',
      readOnly: true,
      request: (w) => ['GET', path(t.members.path, {}, { teamId: w.team.teamId })],
      expect: { owner: 200, administrator: 200, member: 200, outsider: 404 },
    },
    {
      name: 'DELETE teams/managers/{id} of another member',
      request: (w) => [
        'DELETE',
        path(t.removeMember.path, { id: w.team.memberships[w.member2.id]! }),
      ],
      expect: { owner: 200, administrator: 200, member: 403, outsider: 404 },
    },
    {
      name: 'DELETE teams/managers/{id} of oneself (leave)',
      request: (w, role) => [
        'DELETE',
        path(t.removeMember.path, { id: w.team.memberships[w.who[role].id] ?? 'none' }),
      ],
      expect: { owner: 422, administrator: 200, member: 200, outsider: 404 },
    },
    {
      name: 'DELETE teams/managers/{id} of an administrator while another remains',
      request: (w) => [
        'DELETE',
        path(t.removeMember.path, { id: w.team.memberships[w.admin2.id]! }),
      ],
      expect: { owner: 200, administrator: 200, member: 403, outsider: 404 },
    },
    {
      name: 'DELETE teams/managers/{id} of the owner',
      readOnly: true,
      request: (w) => [
        'DELETE',
        path(t.removeMember.path, { id: w.team.memberships[w.who.owner.id]! }),
      ],
      expect: { owner: 422, administrator: 422, member: 403, outsider: 404 },
    },
    {
      name: 'DELETE teams while the plan is active',
      readOnly: true,
      request: (w) => ['DELETE', t.delete.path, { id: w.team.teamId }],
      expect: { owner: 422, administrator: 403, member: 403, outsider: 404 },
    },
    {
      name: 'DELETE teams once the plan expired',
      expired: true,
      request: (w) => ['DELETE', t.delete.path, { id: w.team.teamId }],
      expect: { owner: 200, administrator: 403, member: 403, outsider: 404 },
    },
    {
      name: 'POST invite/team/{id}',
      request: (w) => [
        'POST',
        path(inv.team.path, { id: w.team.teamId }),
        { recipientEmail: uniqueEmail('new'), grantAccess: 'member' },
      ],
      expect: { owner: 200, administrator: 200, member: 403, outsider: 404 },
    },
    {
      name: 'POST invite/team/{id} of an expired team',
      expired: true,
      request: (w) => [
        'POST',
        path(inv.team.path, { id: w.team.teamId }),
        { recipientEmail: uniqueEmail('new') },
      ],
      expect: { owner: 422, administrator: 422, member: 403, outsider: 404 },
    },
    {
      name: 'DELETE invite/{id}',
      request: (w) => ['DELETE', path(inv.delete.path, { id: Object.values(w.team.invites)[0]! })],
      expect: { owner: 200, administrator: 200, member: 403, outsider: 404 },
    },
    {
      name: 'PUT invite/{id} by anyone but the recipient',
      readOnly: true,
      request: (w) => [
        'PUT',
        path(inv.answer.path, { id: Object.values(w.team.invites)[0]! }),
        { action: 'confirm' },
      ],
      expect: { owner: 404, administrator: 404, member: 404, outsider: 404 },
    },
    {
      name: 'PUT teams/{id}/slots (the payer only; the same number is no change)',
      readOnly: true,
      request: (w) => ['PUT', path(t.slots.path, { id: w.team.teamId }), { extra: 4 }],
      expect: { owner: 409, administrator: 403, member: 403, outsider: 404 },
    },
    {
      name: 'POST teams/{id}/slots/preview',
      readOnly: true,
      request: (w) => ['POST', path(t.slotsPreview.path, { id: w.team.teamId }), { extra: 2 }],
      expect: { owner: 200, administrator: 403, member: 403, outsider: 404 },
    },
    {
      name: 'GET teams/{id}/activity',
      readOnly: true,
      request: (w) => ['GET', path(t.activity.path, { id: w.team.teamId })],
      expect: { owner: 200, administrator: 200, member: 403, outsider: 404 },
    },
    {
      name: 'POST teams/{id}/transfer-ownership',
      request: (w) => [
        'POST',
        path(t.transferOwnership.path, { id: w.team.teamId }),
        { memberId: w.team.memberships[w.admin2.id] },
      ],
      expect: { owner: 200, administrator: 403, member: 403, outsider: 404 },
    },
    {
      name: 'GET projects?team= (the team view)',
      readOnly: true,
      request: (w) => ['GET', path(endpoints.projects.list.path, {}, { team: w.team.teamId })],
      expect: { owner: 200, administrator: 200, member: 200, outsider: 404 },
    },
  ];

  it('answers every team call for owner, administrator, member and outsider as the spec says (0 mismatches)', async () => {
    const mismatches: string[] = [];
    for (const c of cases) {
      const shared = c.readOnly ? await world(c.expired ? { expired: true } : {}) : null;
      for (const role of ROLES) {
        const expected = c.expect[role];
        if (expected === null) continue;
        const w = shared ?? (await world(c.expired ? { expired: true } : {}));
        const [method, url, body] = c.request(w, role);
        const answer = await (await w.call(role))(method, url, body);
        if (answer.status !== expected)
          mismatches.push(`${c.name} as ${role}: ${answer.status}, expected ${expected}`);
      }
    }
    assert.deepEqual(mismatches, []);
  });

  it('words the role refusals as the spec and our decisions do', async () => {
    const w = await world();
    const asOwner = await w.call('owner');
    const leave = await asOwner<{ errors: Record<string, string> }>(
      'DELETE',
      path(t.removeMember.path, { id: w.team.memberships[w.who.owner.id]! }),
    );
    assert.equal(leave.body.errors['.'], teamMessages.ownerCannotLeave);
    // Two administrators: one goes; the last one stays.
    assert.equal(
      (await asOwner('DELETE', path(t.removeMember.path, { id: w.team.memberships[w.admin2.id]! })))
        .status,
      200,
    );
    const last = await asOwner<{ errors: Record<string, string> }>(
      'DELETE',
      path(t.removeMember.path, { id: w.team.memberships[w.who.administrator.id]! }),
    );
    assert.equal(last.status, 422);
    assert.equal(last.body.errors['.'], teamMessages.lastAdministrator);
    // ...but the last administrator may always leave themselves.
    const gone = await (
      await w.call('administrator')
    )<{ message: string }>(
      'DELETE',
      path(t.removeMember.path, { id: w.team.memberships[w.who.administrator.id]! }),
    );
    assert.equal(gone.status, 200, JSON.stringify(gone.body));
    assert.equal(gone.body.message, teamMessages.teamLeft);
    const bad = await asOwner<{ error: string; errors: Record<string, string> }>(
      'POST',
      path(inv.team.path, { id: w.team.teamId }),
      { recipientEmail: 'not-an-address' },
    );
    assert.equal(bad.status, 422);
    assert.equal(bad.body.errors.recipientEmail, 'Please enter a valid email address.');
    const slots = await asOwner<{ errors: Record<string, string> }>(
      'PUT',
      path(t.slots.path, { id: w.team.teamId }),
      { extra: 8 },
    );
    assert.equal(slots.status, 422);
    assert.equal(slots.body.errors.extra, 'You can have a maximum of 7 slots');
    const negative = await asOwner<{ errors: Record<string, string> }>(
      'PUT',
      path(t.slots.path, { id: w.team.teamId }),
      { extra: -1 },
    );
    assert.equal(negative.body.errors.extra, 'You cant remove more slots than you have');
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000'])
      assert.equal((await asOwner('GET', path(t.get.path, { id }))).status, 404);
  });

  it('shows members their team without invites, and administrators first in the order asked', async () => {
    const w = await world();
    const asMember = await w.call('member');
    const seen = (await asMember<TeamResponse>('GET', path(t.get.path, { id: w.team.teamId }))).body
      .team;
    assert.equal(seen.access, 'member');
    assert.equal(seen.canAdministrate, false);
    assert.deepEqual(seen.invites, []);
    assert.equal(seen.members.length, 5);
    const asAdmin = await w.call('administrator');
    const order = [
      w.member2.id,
      w.who.member.id,
      w.admin2.id,
      w.who.owner.id,
      w.who.administrator.id,
    ];
    const sorted = await asAdmin<TeamResponse>('PUT', path(t.sort.path, { id: w.team.teamId }), {
      ids: order,
    });
    assert.deepEqual(
      sorted.body.team.members.map((m) => m.customer.id),
      [w.who.owner.id, w.admin2.id, w.who.administrator.id, w.member2.id, w.who.member.id],
    );
    const outsiders = await (await w.call('outsider'))<TeamsResponse>('GET', t.list.path);
    assert.deepEqual(outsiders.body.teams, []);
  });

  it('lets exactly 2 of 20 simultaneous invites into 2 free seats', async () => {
    // 3 seats, the owner in one of them: 2 free.
    const owner = await newCustomer(db());
    const team = await newTeam(db(), { owner });
    const call = cookieCaller(app, await newSessionCookie(app, owner.id));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call<{ errors?: Record<string, string> }>(
          'POST',
          path(inv.team.path, { id: team.teamId }),
          {
            recipientEmail: uniqueEmail(`rush${i}`),
          },
        ),
      ),
    );
    assert.equal(
      answers.filter((a) => a.status === 200).length,
      2,
      JSON.stringify(answers.map((a) => [a.status, a.body])),
    );
    const refused = answers.filter((a) => a.status !== 200);
    assert.equal(refused.length, 18);
    for (const a of refused) assert.equal(a.body.errors?.['.'], teamMessages.noFreeSeat);
    const [{ count }] = (await db().query(
      `SELECT count(*)::int AS count FROM team_invites WHERE team_id = $1`,
      [team.teamId],
    )) as [{ count: number }];
    assert.equal(count, 2);
  });

  it('marks the newest entries toBeDeleted when the next cycle has fewer seats (invites last)', async () => {
    const owner = await newCustomer(db());
    const [a, b, c] = await Promise.all([newCustomer(db()), newCustomer(db()), newCustomer(db())]);
    const team = await newTeam(db(), {
      owner,
      members: [{ customer: a! }, { customer: b! }, { customer: c! }],
      invites: [{ email: uniqueEmail('x') }, { email: uniqueEmail('y'), status: 'refused' }],
      extraSlots: 1,
      nextCycleSlots: 0,
    });
    const call = cookieCaller(app, await newSessionCookie(app, owner.id));
    const seen = (await call<TeamResponse>('GET', path(t.get.path, { id: team.teamId }))).body.team;
    assert.deepEqual(seen.slots.extra, { current: 1, nextCycle: 0 });
    assert.deepEqual(
      seen.members.map((m) => m.toBeDeleted),
      [false, false, false, true],
    );
    assert.deepEqual(
      seen.invites.map((i) => [i.status, i.toBeDeleted]),
      [
        ['pending', true],
        ['refused', false],
      ],
    );
    assert.equal(seen.canInvite, false);
  });

  it('invites by mail; the recipient refuses one and confirms another, and gets the team plan', async () => {
    const owner = await newCustomer(db());
    const invitee = await newCustomer(db());
    const team = await newTeam(db(), { owner, title: 'Studio' });
    const asOwner = cookieCaller(app, await newSessionCookie(app, owner.id));
    const asInvitee = cookieCaller(app, await newSessionCookie(app, invitee.id));
    const sent = await asOwner<{ invite: { id: string } }>(
      'POST',
      path(inv.team.path, { id: team.teamId }),
      { recipientEmail: ` ${invitee.email.toUpperCase()} `, grantAccess: 'member' },
    );
    assert.equal(sent.status, 200);
    const mail = await waitForMail(db(), invitee.email, /invited you to Studio/);
    assert.ok(linkIn(mail, '/team-invite/'));
    const before = (await asInvitee<CustomerResponse>('GET', endpoints.customer.get.path)).body
      .customer;
    assert.deepEqual(before.invites, [
      {
        id: sent.body.invite.id,
        inviter: { name: owner.name },
        grantTitle: 'Studio',
        grantEntity: 'team',
        grantAccess: 'member',
      },
    ]);
    assert.equal(before.partOfTeam, false);
    const refused = await asInvitee<{ message: string }>(
      'PUT',
      path(inv.answer.path, { id: sent.body.invite.id }),
      { action: 'refuse' },
    );
    assert.equal(refused.status, 200);
    const rejected = (await asOwner<TeamResponse>('GET', path(t.get.path, { id: team.teamId })))
      .body.team;
    assert.equal(rejected.invites[0]!.status, 'refused');
    // Answered: a second answer is refused; the owner invites again.
    assert.equal(
      (
        await asInvitee('PUT', path(inv.answer.path, { id: sent.body.invite.id }), {
          action: 'confirm',
        })
      ).status,
      404,
    );
    const again = await asOwner<{ invite: { id: string; status: string } }>(
      'POST',
      path(inv.team.path, { id: team.teamId }),
      { recipientEmail: invitee.email },
    );
    assert.equal(again.body.invite.status, 'pending');
    const confirmed = await asInvitee<{ teamId: string; message: string }>(
      'PUT',
      path(inv.answer.path, { id: again.body.invite.id }),
      { action: 'confirm' },
    );
    assert.equal(confirmed.status, 200);
    assert.equal(confirmed.body.message, teamMessages.inviteAccepted('Studio'));
    const after = (await asInvitee<CustomerResponse>('GET', endpoints.customer.get.path)).body
      .customer;
    assert.deepEqual(after.invites, []);
    assert.equal(after.partOfTeam, true);
    assert.equal(after.hasTeamAccess, true);
    assert.equal(after.teamSubscription.teamPlanActive, true);
    assert.equal(after.storage.limit, planFeatures(3).storageMb);
    const activity = await asOwner<{ activity: Array<{ kind: string }> }>(
      'GET',
      path(t.activity.path, { id: team.teamId }),
    );
    assert.deepEqual(activity.body.activity.map((e) => e.kind).slice(0, 4), [
      'joined',
      'invited',
      'invite-refused',
      'invited',
    ]);
  });

  it('shows and lets answer invites only once the invited address is verified', async () => {
    const owner = await newCustomer(db());
    const unverified = await newCustomer(db(), { verifiedAt: null });
    const team = await newTeam(db(), { owner, invites: [{ email: unverified.email }] });
    const call = cookieCaller(app, await newSessionCookie(app, unverified.id));
    const me = (await call<CustomerResponse>('GET', endpoints.customer.get.path)).body.customer;
    assert.deepEqual(me.invites, []);
    const answer = await call(
      'PUT',
      path(inv.answer.path, { id: team.invites[unverified.email]! }),
      { action: 'confirm' },
    );
    assert.equal(answer.status, 404);
  });

  it('signs a new invitee up through the link: verified, and in the team', async () => {
    const owner = await newCustomer(db());
    const team = await newTeam(db(), { owner, title: 'Newcomers' });
    const asOwner = cookieCaller(app, await newSessionCookie(app, owner.id));
    const email = uniqueEmail('newcomer');
    await asOwner('POST', path(inv.team.path, { id: team.teamId }), { recipientEmail: email });
    const link = linkIn(await waitForMail(db(), email, /Newcomers/), '/team-invite/');
    const token = link.pathname.split('/').pop()!;
    assert.equal(link.pathname, fillPath(pagePaths.teamInvite, { params: { token } }));
    const client = new TestClient(app.url);
    const info = (await (
      await client.get(path(inv.link.path, { token }))
    ).json()) as InviteLinkInfo;
    assert.equal(info.accountExists, false);
    assert.equal(info.invite.grantTitle, 'Newcomers');
    assert.equal(info.invite.recipientEmail, email.toLowerCase());
    const registered = await client.post(endpoints.auth.register.path, {
      name: 'New Comer',
      email,
      password: 'Correct-Horse-7',
      inviteToken: token,
    });
    assert.equal(registered.status, 200);
    const me = (await (await client.get(endpoints.customer.get.path)).json()) as CustomerResponse;
    assert.equal(me.customer.verified, true);
    assert.equal(me.customer.partOfTeam, true);
    const teams = (await (await client.get(t.list.path)).json()) as TeamsResponse;
    assert.deepEqual(
      teams.teams.map((x) => [x.id, x.access]),
      [[team.teamId, 'member']],
    );
    assert.equal((await client.get(path(inv.link.path, { token }))).status, 404);
  });

  it('does not join a sign-up through a forwarded link made with another address', async () => {
    const owner = await newCustomer(db());
    const team = await newTeam(db(), { owner, title: 'Forwarded' });
    const asOwner = cookieCaller(app, await newSessionCookie(app, owner.id));
    const email = uniqueEmail('invited');
    await asOwner('POST', path(inv.team.path, { id: team.teamId }), { recipientEmail: email });
    const link = linkIn(await waitForMail(db(), email, /Forwarded/), '/team-invite/');
    const token = link.pathname.split('/').pop()!;
    const client = new TestClient(app.url);
    const registered = await client.post(endpoints.auth.register.path, {
      name: 'Someone Else',
      email: uniqueEmail('forwarded-to'),
      password: 'Correct-Horse-7',
      inviteToken: token,
    });
    assert.equal(registered.status, 200);
    const me = (await (await client.get(endpoints.customer.get.path)).json()) as CustomerResponse;
    assert.equal(me.customer.verified, false);
    assert.equal(me.customer.partOfTeam, false);
    const teams = (await (await client.get(t.list.path)).json()) as TeamsResponse;
    assert.deepEqual(teams.teams, []);
  });

  it('lists what is shared with the team in its views, and shares a project made there', async () => {
    const w = await world();
    const shared = await newProject(db(), w.who.owner.id, { title: 'Shared' });
    await newProject(db(), w.who.owner.id, { title: 'Private' });
    await shareWithTeam(db(), w.team.teamId, { projectId: shared.id });
    const asMember = await w.call('member');
    const list = await asMember<ProjectListResponse>(
      'GET',
      path(endpoints.projects.list.path, {}, { team: w.team.teamId }),
    );
    assert.deepEqual(
      list.body.data.map((p) => p.title),
      ['Shared'],
    );
    assert.equal(
      (await asMember('GET', path(endpoints.projects.get.path, { id: shared.id }))).status,
      200,
    );
    assert.equal(
      (
        await (
          await w.call('outsider')
        )('GET', path(endpoints.projects.get.path, { id: shared.id }))
      ).status,
      404,
    );
    const made = await asMember<{ project: { id: string } }>(
      'POST',
      endpoints.projects.create.path,
      {
        title: 'Made in the team',
        team: w.team.teamId,
      },
    );
    assert.equal(made.status, 201);
    const after = await (
      await w.call('administrator')
    )<ProjectListResponse>('GET', path(endpoints.projects.list.path, {}, { team: w.team.teamId }));
    assert.deepEqual(after.body.data.map((p) => p.title).sort(), ['Made in the team', 'Shared']);
    // A folder shared with the team: in its labels, and its projects in the team's folder view.
    const folder = await newLabel(db(), w.who.owner.id, { title: 'Team folder' });
    await newProject(db(), w.who.owner.id, { title: 'In the folder', labelId: folder.id });
    await shareWithTeam(db(), w.team.teamId, { labelId: folder.id });
    const labels = await asMember<LabelsResponse>(
      'GET',
      path(endpoints.labels.list.path, {}, { team: w.team.teamId }),
    );
    assert.deepEqual(
      labels.body.data.map((l) => l.title),
      ['Team folder'],
    );
    const withLabels = await asMember<TeamsResponse>(
      'GET',
      path(t.list.path, {}, { labels: 'true' }),
    );
    assert.deepEqual(
      withLabels.body.teams[0]!.labels?.map((l) => l.title),
      ['Team folder'],
    );
    const inFolder = await asMember<ProjectListResponse>(
      'GET',
      path(endpoints.projects.list.path, {}, { team: w.team.teamId, label: folder.id }),
    );
    assert.deepEqual(
      inFolder.body.data.map((p) => p.title),
      ['In the folder'],
    );
    assert.equal(
      (
        await (
          await w.call('outsider')
        )('GET', path(endpoints.labels.list.path, {}, { team: w.team.teamId }))
      ).status,
      404,
    );
    const expired = await world({ expired: true });
    const lapsed = await (
      await expired.call('member')
    )<ProjectListResponse>(
      'GET',
      path(endpoints.projects.list.path, {}, { team: expired.team.teamId }),
    );
    assert.deepEqual(lapsed.body.errors, ['member-expired']);
    const lapsedTeam = (
      await (
        await expired.call('owner')
      )<TeamResponse>('GET', path(t.get.path, { id: expired.team.teamId }))
    ).body.team;
    assert.equal(lapsedTeam.plan.expired, true);
    assert.equal(lapsedTeam.canInvite, false);
    assert.equal(lapsedTeam.slots.subscription.isActive, false);
    // Its period is over: the cycle turn removes no one from a lapsed team, and says it expired.
    await turnTeamCycles(app);
    const members = await (
      await expired.call('owner')
    )<TeamResponse>('GET', path(t.get.path, { id: expired.team.teamId }));
    assert.equal(members.body.team.members.length, 5);
    const log = await (
      await expired.call('owner')
    )<{ activity: Array<{ kind: string }> }>(
      'GET',
      path(t.activity.path, { id: expired.team.teamId }),
    );
    assert.deepEqual(
      log.body.activity.map((e) => e.kind),
      ['expired'],
    );
  });

  it('lets parallel ownership-transfer requests replace one another instead of failing', async () => {
    const w = await world();
    const asOwner = await w.call('owner');
    const url = path(t.transferOwnership.path, { id: w.team.teamId });
    const answers = await Promise.all(
      [w.who.administrator.id, w.admin2.id, w.who.administrator.id].map((id) =>
        asOwner('POST', url, { memberId: w.team.memberships[id]! }),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200],
    );
    const [{ count }] = (await db().query(
      `SELECT count(*)::int AS count FROM team_ownership_transfers
        WHERE team_id = $1 AND done_at IS NULL`,
      [w.team.teamId],
    )) as [{ count: number }];
    assert.equal(count, 1);
  });

  it('moves ownership once the owner and the administrator have both confirmed by their links', async () => {
    const w = await world();
    const asOwner = await w.call('owner');
    const adminMembership = w.team.memberships[w.who.administrator.id]!;
    const asked = await asOwner('POST', path(t.transferOwnership.path, { id: w.team.teamId }), {
      memberId: adminMembership,
    });
    assert.equal(asked.status, 200);
    const tokenOf = async (to: string) =>
      linkIn(await waitForMail(db(), to, /Confirm the new owner/), '/team-transfer/')
        .pathname.split('/')
        .pop()!;
    const ownerToken = await tokenOf(w.who.owner.email);
    const adminToken = await tokenOf(w.who.administrator.email);
    const asAdmin = await w.call('administrator');
    // A link works only for the customer it was sent to.
    assert.equal(
      (await asAdmin('POST', path(t.confirmTransfer.path, { token: ownerToken }))).status,
      404,
    );
    const first = await asOwner<{ done: boolean }>(
      'POST',
      path(t.confirmTransfer.path, { token: ownerToken }),
    );
    assert.equal(first.body.done, false);
    const second = await asAdmin<{ done: boolean }>(
      'POST',
      path(t.confirmTransfer.path, { token: adminToken }),
    );
    assert.equal(second.body.done, true);
    const seen = (await asAdmin<TeamResponse>('GET', path(t.get.path, { id: w.team.teamId }))).body
      .team;
    assert.equal(seen.isOwner, true);
    assert.equal(seen.owner.id, w.who.administrator.id);
    // The payer, who keeps paying, cannot be removed by the new owner, nor marked toBeDeleted.
    const payerGone = await asAdmin<{ errors: Record<string, string> }>(
      'DELETE',
      path(t.removeMember.path, { id: w.team.memberships[w.who.owner.id]! }),
    );
    assert.equal(payerGone.status, 422);
    assert.equal(payerGone.body.errors['.'], teamMessages.ownerNotRemovable);
    assert.equal(seen.members.find((m) => m.customer.id === w.who.owner.id)?.toBeDeleted, false);
    // The subscription stays with the payer, who may still change the seats; the new owner may not.
    assert.equal(
      (await asAdmin('POST', path(t.slotsPreview.path, { id: w.team.teamId }), { extra: 1 }))
        .status,
      403,
    );
  });
});
