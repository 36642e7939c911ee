import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  endpoints,
  fillPath,
  pagePaths,
  sharingMessages,
  teamMessages,
  type CustomerResponse,
  type InviteAnswerResponse,
  type InviteLinkInfo,
  type SharingInviteResponse,
} from '@animata/contracts';
import type { CustomerEntity } from '../../src/modules/customers/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  newCustomer,
  newDemoProjects,
  newLabel,
  newProject,
  newSessionCookie,
  newShare,
  newShareInvite,
  newSubscriptionRow,
  newTeam,
} from '../support/factories.js';
import { cookieCaller, TestClient, uniqueEmail } from '../support/http-client.js';
import { countMail, linkIn, waitForMail } from '../support/outbox.js';

const path = (template: string, params: Record<string, string>) => fillPath(template, { params });
const inv = endpoints.invites;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** RATE_LIMIT_SHARE_INVITE of this app: a customer's invites an hour. */
const INVITES_AN_HOUR = 8;

type Body = { message?: string; error?: string; errors?: Record<string, string> };

/**
 * Invites to a project or a folder (issue 31; projects-dashboard §4, §5, §7, §8;
 * billing-teams-apps §3 Company invite, §4): who may invite and every refusal with the spec's
 * texts, edit only for the owner's team members, the mail and its link (only the token's hash
 * stored), the invitations dialog's list and answers, revocation, the link page's calls, sign-up
 * through the link, and the rate limit.
 */
describe('share invites', () => {
  let app: TestApp;
  const db = () => app.runtime.dataSource;

  before(async () => {
    app = await startTestApp({
      web: false,
      env: { RATE_LIMIT_SHARE_INVITE: `${INVITES_AN_HOUR}/3600` },
    });
  });
  after(async () => {
    await app?.stop();
  });

  /** A pro customer with a project and a folder, signed in. */
  async function proOwner(name = 'Olga Owner') {
    const owner = await newCustomer(db(), { name });
    await newSubscriptionRow(db(), owner.id, { planId: 'pro-monthly' });
    const project = await newProject(db(), owner.id, { title: 'Bouncing logo' });
    const label = await newLabel(db(), owner.id, { title: 'Client work' });
    const call = cookieCaller(app, await newSessionCookie(app, owner.id));
    return { owner, project, label, call };
  }

  async function signedIn(customer: CustomerEntity) {
    return cookieCaller(app, await newSessionCookie(app, customer.id));
  }

  async function customerOf(call: ReturnType<typeof cookieCaller>) {
    return (await call<CustomerResponse>('GET', endpoints.customer.get.path)).body.customer;
  }

  async function grantsOf(customerId: string) {
    const rows: Array<{ item: string; access: string }> = await db().query(
      `SELECT project_id AS item, access FROM project_shares WHERE customer_id = $1
       UNION ALL SELECT label_id::text, access FROM label_shares WHERE customer_id = $1
       ORDER BY 1`,
      [customerId],
    );
    return rows.map((row) => [row.item.trim(), row.access]);
  }

  it('invites to a project and to a folder: Pending, view, a mailed link whose token only is hashed', async () => {
    const { owner, project, label, call } = await proOwner();
    for (const [entity, id, title] of [
      ['project', project.id, 'Bouncing logo'],
      ['label', label.id, 'Client work'],
    ] as const) {
      const email = uniqueEmail(`guest-${entity}`);
      const sent = await call<SharingInviteResponse>('POST', path(inv[entity].path, { id }), {
        recipientEmail: ` ${email.toUpperCase()} `,
        grantAccess: 'edit',
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.equal(sent.body.invite.recipientEmail, email.toLowerCase());
      // Not a member of the owner's team: edit is forced back to view (§4, §5), and the note
      // says so after the spec's 'Invite was sent'.
      assert.equal(sent.body.invite.grantAccess, 'view');
      assert.equal(
        sent.body.message,
        'Invite was sent. Edit is only for team members, so they can view it.',
      );
      assert.equal(sent.body.invite.status, 'pending');
      const mail = await waitForMail(db(), email, new RegExp(`${owner.name} shared ${title}`));
      const link = linkIn(mail, '/share-invite/');
      const token = link.pathname.split('/').pop()!;
      assert.equal(link.pathname, fillPath(pagePaths.shareInvite, { params: { token } }));
      const [row]: Array<Record<string, unknown>> = await db().query(
        `SELECT * FROM share_invites WHERE id = $1`,
        [sent.body.invite.id],
      );
      assert.equal(row!.token_hash, sha256(token));
      assert.ok(!JSON.stringify(row).includes(token), 'the token itself is never stored');
      assert.equal(row!.status, 'pending');
    }
  });

  it('gives edit only to members of a team with an active plan the owner belongs to', async () => {
    const { owner, project, call } = await proOwner();
    const [teammate, lapsedMate] = await Promise.all([newCustomer(db()), newCustomer(db())]);
    // The item's owner is a plain member of an active team (its owner pays), and of a lapsed one.
    await newTeam(db(), {
      owner: await newCustomer(db()),
      members: [{ customer: owner }, { customer: teammate }],
    });
    const lapsedOwner = await newCustomer(db());
    await newTeam(db(), {
      owner: lapsedOwner,
      members: [{ customer: owner }, { customer: lapsedMate }],
      expired: true,
    });
    const answers: Array<[string, string, string]> = [];
    for (const who of [teammate, lapsedMate]) {
      const sent = await call<SharingInviteResponse>(
        'POST',
        path(inv.project.path, { id: project.id }),
        {
          recipientEmail: who.email,
          grantAccess: 'edit',
        },
      );
      answers.push([who.id, sent.body.invite.grantAccess, sent.body.message]);
    }
    assert.deepEqual(answers, [
      [teammate.id, 'edit', 'Invite was sent'],
      [
        lapsedMate.id,
        'view',
        'Invite was sent. Edit is only for team members, so they can view it.',
      ],
    ]);
  });

  it('refuses with the spec’s and our texts: no pro 403, demo 422, foreign 404, bad address, owner, shared, invited', async () => {
    const { owner, project, label, call } = await proOwner();
    const free = await newCustomer(db());
    const freeProject = await newProject(db(), free.id);
    const freeLabel = await newLabel(db(), free.id);
    const asFree = await signedIn(free);
    const { projects: demos } = await newDemoProjects(db(), ['Demo one']);
    const demoCopy = await newProject(db(), owner.id, { isDemo: true, fromId: demos[0]!.id });
    const stranger = await newCustomer(db());
    const strangerProject = await newProject(db(), stranger.id);
    const strangerLabel = await newLabel(db(), stranger.id);
    // Shared with the owner by someone else, with edit: still only that item's owner invites.
    const sharedToMe = await newProject(db(), stranger.id);
    const sharedLabelToMe = await newLabel(db(), stranger.id);
    await newShare(db(), { project: sharedToMe.id, customer: owner.id, access: 'edit' });
    await newShare(db(), { label: sharedLabelToMe.id, customer: owner.id, access: 'edit' });
    const shared = await newCustomer(db());
    await db().query(`INSERT INTO project_shares (project_id, customer_id) VALUES ($1, $2)`, [
      project.id,
      shared.id,
    ]);
    await db().query(`INSERT INTO label_shares (label_id, customer_id) VALUES ($1, $2)`, [
      label.id,
      shared.id,
    ]);
    const invited = uniqueEmail('invited');
    await newShareInvite(db(), {
      target: { projectId: project.id },
      inviterId: owner.id,
      email: invited,
    });
    await newShareInvite(db(), {
      target: { labelId: label.id },
      inviterId: owner.id,
      email: invited,
    });
    const someone = uniqueEmail('someone');
    const cases: Array<
      [string, ReturnType<typeof cookieCaller>, string, string, unknown, number, string]
    > = [
      [
        'free owner, project',
        asFree,
        'project',
        freeProject.id,
        { recipientEmail: someone },
        403,
        sharingMessages.upgradeToShare,
      ],
      [
        'free owner, folder',
        asFree,
        'label',
        freeLabel.id,
        { recipientEmail: someone },
        403,
        sharingMessages.upgradeToShare,
      ],
      [
        'a changed demo',
        call,
        'project',
        demoCopy.id,
        { recipientEmail: someone },
        422,
        sharingMessages.demoNotShareable,
      ],
      [
        'a demo original',
        call,
        'project',
        demos[0]!.id,
        { recipientEmail: someone },
        422,
        sharingMessages.demoNotShareable,
      ],
      [
        'someone else’s project',
        call,
        'project',
        strangerProject.id,
        { recipientEmail: someone },
        404,
        '',
      ],
      [
        'someone else’s folder',
        call,
        'label',
        strangerLabel.id,
        { recipientEmail: someone },
        404,
        '',
      ],
      [
        'a project shared with them',
        call,
        'project',
        sharedToMe.id,
        { recipientEmail: someone },
        403,
        sharingMessages.onlyOwner,
      ],
      [
        'a folder shared with them',
        call,
        'label',
        sharedLabelToMe.id,
        { recipientEmail: someone },
        403,
        sharingMessages.onlyOwner,
      ],
      ['an unknown project', call, 'project', 'a'.repeat(32), { recipientEmail: someone }, 404, ''],
      ['a made-up folder id', call, 'label', 'not-a-uuid', { recipientEmail: someone }, 404, ''],
      [
        'an invalid address',
        call,
        'project',
        project.id,
        { recipientEmail: 'not-an-address' },
        422,
        'Please enter a valid email address.',
      ],
      ['no address', call, 'label', label.id, {}, 422, 'Please enter a valid email address.'],
      [
        'the owner',
        call,
        'project',
        project.id,
        { recipientEmail: owner.email.toUpperCase() },
        422,
        sharingMessages.cannotShareWithOwner,
      ],
      [
        'the owner, folder',
        call,
        'label',
        label.id,
        { recipientEmail: owner.email },
        422,
        sharingMessages.cannotShareWithOwner,
      ],
      [
        'a direct grant',
        call,
        'project',
        project.id,
        { recipientEmail: shared.email },
        422,
        sharingMessages.alreadyShared,
      ],
      [
        'a direct grant, folder',
        call,
        'label',
        label.id,
        { recipientEmail: shared.email },
        422,
        sharingMessages.alreadyShared,
      ],
      [
        'already invited',
        call,
        'project',
        project.id,
        { recipientEmail: invited.toUpperCase() },
        422,
        sharingMessages.alreadyInvited,
      ],
      [
        'already invited, folder',
        call,
        'label',
        label.id,
        { recipientEmail: invited },
        422,
        sharingMessages.alreadyInvited,
      ],
    ];
    const seen: Array<[string, number, string]> = [];
    for (const [name, caller, entity, id, body, ,] of cases) {
      const answer = await caller<Body>(
        'POST',
        path(inv[entity as 'project' | 'label'].path, { id }),
        body,
      );
      const text =
        answer.status === 404
          ? ''
          : answer.status === 403
            ? (answer.body.error ?? '')
            : (answer.body.errors?.recipientEmail ?? answer.body.errors?.['.'] ?? '');
      seen.push([name, answer.status, text]);
    }
    assert.deepEqual(
      seen,
      cases.map(([name, , , , , status, text]) => [name, status, text]),
    );
    assert.equal(await countMail(db(), someone), 0);
    assert.equal(await countMail(db(), invited), 0);
  });

  it('lists pending invites in the invitations dialog; refuse marks it refused, confirm makes the grant', async () => {
    const { project, label, call } = await proOwner('Ida Inviter');
    const guest = await newCustomer(db());
    const asGuest = await signedIn(guest);
    const toProject = await call<SharingInviteResponse>(
      'POST',
      path(inv.project.path, { id: project.id }),
      {
        recipientEmail: guest.email,
      },
    );
    const toLabel = await call<SharingInviteResponse>(
      'POST',
      path(inv.label.path, { id: label.id }),
      {
        recipientEmail: guest.email,
      },
    );
    const before = await customerOf(asGuest);
    assert.deepEqual(before.invites, [
      {
        id: toProject.body.invite.id,
        inviter: { name: 'Ida Inviter' },
        grantTitle: 'Bouncing logo',
        grantEntity: 'project',
        grantAccess: 'view',
      },
      {
        id: toLabel.body.invite.id,
        inviter: { name: 'Ida Inviter' },
        grantTitle: 'Client work',
        grantEntity: 'label',
        grantAccess: 'view',
      },
    ]);
    // Only the recipient answers: the owner and anyone else get 404.
    for (const other of [call, await signedIn(await newCustomer(db()))])
      assert.equal(
        (
          await other('PUT', path(inv.answer.path, { id: toProject.body.invite.id }), {
            action: 'confirm',
          })
        ).status,
        404,
      );
    const refused = await asGuest<InviteAnswerResponse>(
      'PUT',
      path(inv.answer.path, { id: toLabel.body.invite.id }),
      { action: 'refuse' },
    );
    assert.equal(refused.status, 200);
    assert.equal(refused.body.message, teamMessages.inviteRefused);
    const [row]: Array<{ status: string }> = await db().query(
      `SELECT status FROM share_invites WHERE id = $1`,
      [toLabel.body.invite.id],
    );
    assert.equal(row!.status, 'refused');
    // A grant made meanwhile with edit stays edit: the more generous access wins.
    await db().query(
      `INSERT INTO project_shares (project_id, customer_id, access) VALUES ($1, $2, 'edit')`,
      [project.id, guest.id],
    );
    const confirmed = await asGuest<InviteAnswerResponse>(
      'PUT',
      path(inv.answer.path, { id: toProject.body.invite.id }),
      { action: 'confirm' },
    );
    assert.equal(confirmed.status, 200);
    assert.deepEqual(confirmed.body, {
      success: true,
      message: sharingMessages.inviteAccepted('Bouncing logo'),
      teamId: null,
      share: { entity: 'project', id: project.id },
    });
    assert.deepEqual(await grantsOf(guest.id), [[project.id, 'edit']]);
    assert.deepEqual((await customerOf(asGuest)).invites, []);
    // Answered: a second answer is a 404; a refused invite may be sent again, Pending anew.
    assert.equal(
      (
        await asGuest('PUT', path(inv.answer.path, { id: toLabel.body.invite.id }), {
          action: 'confirm',
        })
      ).status,
      404,
    );
    const again = await call<SharingInviteResponse>(
      'POST',
      path(inv.label.path, { id: label.id }),
      {
        recipientEmail: guest.email,
      },
    );
    assert.equal(again.status, 200);
    assert.equal(again.body.invite.id, toLabel.body.invite.id);
    assert.equal(again.body.invite.status, 'pending');
    const folder = await asGuest<InviteAnswerResponse>(
      'PUT',
      path(inv.answer.path, { id: again.body.invite.id }),
      { action: 'confirm' },
    );
    assert.deepEqual(folder.body.share, { entity: 'label', id: label.id });
    assert.deepEqual(
      await grantsOf(guest.id),
      [
        [project.id, 'edit'],
        [label.id, 'view'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    // Now shared: a new invite to the address is refused.
    const shared = await call<Body>('POST', path(inv.project.path, { id: project.id }), {
      recipientEmail: guest.email,
    });
    assert.equal(shared.body.errors?.recipientEmail, sharingMessages.alreadyShared);
  });

  it('shows and lets answer share invites only once the invited address is verified', async () => {
    const { owner, project } = await proOwner();
    const unverified = await newCustomer(db(), { verifiedAt: null });
    const invite = await newShareInvite(db(), {
      target: { projectId: project.id },
      inviterId: owner.id,
      email: unverified.email,
    });
    const call = await signedIn(unverified);
    assert.deepEqual((await customerOf(call)).invites, []);
    assert.equal(
      (await call('PUT', path(inv.answer.path, { id: invite.id }), { action: 'confirm' })).status,
      404,
    );
  });

  it('lets only the item’s owner revoke: Invite was removed; the recipient and others get 404', async () => {
    const { owner, project, label, call } = await proOwner();
    const guest = await newCustomer(db());
    const asGuest = await signedIn(guest);
    const asStranger = await signedIn(await newCustomer(db()));
    for (const target of [{ projectId: project.id }, { labelId: label.id }]) {
      const invite = await newShareInvite(db(), {
        target,
        inviterId: owner.id,
        email: guest.email,
      });
      for (const other of [asGuest, asStranger])
        assert.equal((await other('DELETE', path(inv.delete.path, { id: invite.id }))).status, 404);
      const removed = await call<Body>('DELETE', path(inv.delete.path, { id: invite.id }));
      assert.equal(removed.status, 200);
      assert.equal(removed.body.message, 'Invite was removed');
      const rows: unknown[] = await db().query(`SELECT 1 FROM share_invites WHERE id = $1`, [
        invite.id,
      ]);
      assert.equal(rows.length, 0);
      assert.equal((await call('DELETE', path(inv.delete.path, { id: invite.id }))).status, 404);
      assert.equal(
        (await asGuest('PUT', path(inv.answer.path, { id: invite.id }), { action: 'confirm' }))
          .status,
        404,
      );
    }
    assert.deepEqual((await customerOf(asGuest)).invites, []);
    assert.equal((await call('DELETE', path(inv.delete.path, { id: 'not-a-uuid' }))).status, 404);
    // Team invites still answer at the same calls.
    const teamOwner = await newCustomer(db());
    const team = await newTeam(db(), { owner: teamOwner, invites: [{ email: guest.email }] });
    const teamInvite = team.invites[guest.email]!;
    assert.equal((await asGuest('DELETE', path(inv.delete.path, { id: teamInvite })))?.status, 404);
    const asTeamOwner = await signedIn(teamOwner);
    const gone = await asTeamOwner<Body>('DELETE', path(inv.delete.path, { id: teamInvite }));
    assert.equal(gone.status, 200);
    assert.equal(gone.body.message, teamMessages.inviteRevoked);
  });

  it('tells the owner 404, not Invite was removed, when the invite was accepted between the check and the removal', async () => {
    const { owner, project, call } = await proOwner();
    const guest = await newCustomer(db());
    const invite = await newShareInvite(db(), {
      target: { projectId: project.id },
      inviterId: owner.id,
      email: guest.email,
    });
    const source = db();
    const createQueryRunner = source.createQueryRunner.bind(source);
    // The accept commits just before the revoke's DELETE runs (once).
    let accepted = false;
    source.createQueryRunner = ((...args: Parameters<typeof createQueryRunner>) => {
      const runner = createQueryRunner(...args);
      const query = runner.query.bind(runner);
      runner.query = (async (text: string, ...rest: unknown[]) => {
        if (!accepted && /^DELETE FROM share_invites WHERE id = \$1/.test(text)) {
          accepted = true;
          await source.query(`DELETE FROM share_invites WHERE id = $1`, [invite.id]);
        }
        return (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
      }) as typeof runner.query;
      return runner;
    }) as typeof source.createQueryRunner;
    try {
      const late = await call<Body>('DELETE', path(inv.delete.path, { id: invite.id }));
      assert.equal(late.status, 404, JSON.stringify(late.body));
      assert.notEqual(late.body.message, sharingMessages.inviteRemoved);
    } finally {
      source.createQueryRunner = createQueryRunner;
    }
  });

  it('serves the link page’s calls: who shares what; only the invited address answers through it', async () => {
    const { owner, project } = await proOwner('Lena Linker');
    const guest = await newCustomer(db());
    const invite = await newShareInvite(db(), {
      target: { projectId: project.id },
      inviterId: owner.id,
      email: guest.email.toUpperCase(),
    });
    const anonymous = new TestClient(app.url);
    const info = (await (
      await anonymous.get(path(inv.link.path, { token: invite.token }))
    ).json()) as InviteLinkInfo;
    assert.deepEqual(info, {
      invite: {
        id: invite.id,
        inviter: { name: 'Lena Linker' },
        grantTitle: 'Bouncing logo',
        grantEntity: 'project',
        grantAccess: 'view',
        recipientEmail: guest.email,
        status: 'pending',
      },
      teamId: '',
      accountExists: true,
      share: { entity: 'project', id: project.id },
    });
    assert.equal((await anonymous.get(path(inv.link.path, { token: 'x'.repeat(43) }))).status, 404);
    assert.equal(
      (
        await anonymous.post(path(inv.answerLink.path, { token: invite.token }), {
          action: 'confirm',
        })
      ).status,
      401,
    );
    const asOther = await signedIn(await newCustomer(db()));
    const wrong = await asOther<Body>('POST', path(inv.answerLink.path, { token: invite.token }), {
      action: 'confirm',
    });
    assert.equal(wrong.status, 403);
    assert.equal(wrong.body.error, sharingMessages.inviteForAnotherAddress(guest.email));
    const asGuest = await signedIn(guest);
    const accepted = await asGuest<InviteAnswerResponse>(
      'POST',
      path(inv.answerLink.path, { token: invite.token }),
      { action: 'confirm' },
    );
    assert.equal(accepted.status, 200);
    assert.equal(accepted.body.message, sharingMessages.inviteAccepted('Bouncing logo'));
    assert.deepEqual(accepted.body.share, { entity: 'project', id: project.id });
    assert.deepEqual(await grantsOf(guest.id), [[project.id, 'view']]);
    assert.equal((await anonymous.get(path(inv.link.path, { token: invite.token }))).status, 404);
    // A refused one still shows, as answered.
    const refused = await newShareInvite(db(), {
      target: { projectId: (await newProject(db(), owner.id)).id },
      inviterId: owner.id,
      email: guest.email,
    });
    const no = await asGuest('POST', path(inv.answerLink.path, { token: refused.token }), {
      action: 'refuse',
    });
    assert.equal(no.status, 200);
    const after = (await (
      await anonymous.get(path(inv.link.path, { token: refused.token }))
    ).json()) as InviteLinkInfo;
    assert.equal(after.invite.status, 'refused');
    const late = await asGuest<Body>('POST', path(inv.answerLink.path, { token: refused.token }), {
      action: 'confirm',
    });
    assert.equal(late.status, 422);
    assert.equal(late.body.errors?.['.'], teamMessages.inviteAnswered);
  });

  it('signs a new invitee up through the link: verified, and the grant made; another address is not', async () => {
    const { project, label, call } = await proOwner();
    const email = uniqueEmail('newcomer');
    await call('POST', path(inv.project.path, { id: project.id }), { recipientEmail: email });
    const token = linkIn(await waitForMail(db(), email, /shared Bouncing logo/), '/share-invite/')
      .pathname.split('/')
      .pop()!;
    const client = new TestClient(app.url);
    const info = (await (
      await client.get(path(inv.link.path, { token }))
    ).json()) as InviteLinkInfo;
    assert.equal(info.accountExists, false);
    const registered = await client.post(endpoints.auth.register.path, {
      name: 'New Comer',
      email,
      password: 'Correct-Horse-7',
      inviteToken: token,
    });
    assert.equal(registered.status, 200);
    const me = (await (await client.get(endpoints.customer.get.path)).json()) as CustomerResponse;
    assert.equal(me.customer.verified, true);
    assert.deepEqual(me.customer.invites, []);
    assert.deepEqual(await grantsOf(me.customer.id), [[project.id, 'view']]);
    assert.equal((await client.get(path(inv.link.path, { token }))).status, 404);

    // A forwarded link: someone signing up with another address gets a plain account.
    const invited = uniqueEmail('invited');
    await call('POST', path(inv.label.path, { id: label.id }), { recipientEmail: invited });
    const forwarded = linkIn(
      await waitForMail(db(), invited, /shared Client work/),
      '/share-invite/',
    )
      .pathname.split('/')
      .pop()!;
    const other = new TestClient(app.url);
    const made = await other.post(endpoints.auth.register.path, {
      name: 'Forward Ed',
      email: uniqueEmail('forwarded'),
      password: 'Correct-Horse-7',
      inviteToken: forwarded,
    });
    assert.equal(made.status, 200);
    const them = (await (await other.get(endpoints.customer.get.path)).json()) as CustomerResponse;
    assert.equal(them.customer.verified, false);
    assert.deepEqual(await grantsOf(them.customer.id), []);
    const link = (await (
      await other.get(path(inv.link.path, { token: forwarded }))
    ).json()) as InviteLinkInfo;
    assert.equal(link.invite.status, 'pending');
  });

  it('checks again at accept time: edit only for a member of an active team, nothing once the owner lost pro access', async () => {
    const { owner, project, label } = await proOwner();
    // Invited with edit (a teammate then, say), no longer a member: the grant is view.
    const guest = await newCustomer(db());
    const edit = await newShareInvite(db(), {
      target: { projectId: project.id },
      inviterId: owner.id,
      email: guest.email,
      grantAccess: 'edit',
    });
    const asGuest = await signedIn(guest);
    const accepted = await asGuest<InviteAnswerResponse>(
      'PUT',
      path(inv.answer.path, { id: edit.id }),
      { action: 'confirm' },
    );
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.deepEqual(await grantsOf(guest.id), [[project.id, 'view']]);

    // The owner's plan lapses: the invite is not listed, accepting it is refused, and signing up
    // through its link makes no grant.
    const other = await newCustomer(db());
    const pending = await newShareInvite(db(), {
      target: { labelId: label.id },
      inviterId: owner.id,
      email: other.email,
    });
    const newcomer = uniqueEmail('lapsed-newcomer');
    const byLink = await newShareInvite(db(), {
      target: { labelId: label.id },
      inviterId: owner.id,
      email: newcomer,
    });
    await db().query(
      `UPDATE subscriptions SET status = 'expired', current_period_end = now() - interval '1 day'
        WHERE customer_id = $1`,
      [owner.id],
    );
    const asOther = await signedIn(other);
    assert.deepEqual((await customerOf(asOther)).invites, []);
    const refused = await asOther<Body>('PUT', path(inv.answer.path, { id: pending.id }), {
      action: 'confirm',
    });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.equal(refused.body.errors?.['.'], sharingMessages.inviteSenderCannotShare);
    assert.deepEqual(await grantsOf(other.id), []);
    const client = new TestClient(app.url);
    const registered = await client.post(endpoints.auth.register.path, {
      name: 'Late Comer',
      email: newcomer,
      password: 'Correct-Horse-7',
      inviteToken: byLink.token,
    });
    assert.equal(registered.status, 200);
    const me = (await (await client.get(endpoints.customer.get.path)).json()) as CustomerResponse;
    assert.deepEqual(await grantsOf(me.customer.id), []);
    const [row]: Array<{ status: string }> = await db().query(
      `SELECT status FROM share_invites WHERE id = $1`,
      [pending.id],
    );
    assert.equal(row!.status, 'pending');
  });

  it('lets one of several simultaneous invites to the same address through; the rest are alreadyInvited', async () => {
    const { label, call } = await proOwner();
    const email = uniqueEmail('twice');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call<Body>('POST', path(inv.label.path, { id: label.id }), { recipientEmail: email }),
      ),
    );
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 422, 422, 422]);
    for (const answer of answers.filter((a) => a.status === 422))
      assert.equal(answer.body.errors?.recipientEmail, sharingMessages.alreadyInvited);
    const rows: unknown[] = await db().query(`SELECT 1 FROM share_invites WHERE label_id = $1`, [
      label.id,
    ]);
    assert.equal(rows.length, 1);
  });

  it(`sends at most ${INVITES_AN_HOUR} invites an hour per customer, then answers 429`, async () => {
    const { project, call } = await proOwner();
    const statuses: number[] = [];
    for (let i = 0; i <= INVITES_AN_HOUR; i += 1) {
      const answer = await call('POST', path(inv.project.path, { id: project.id }), {
        recipientEmail: uniqueEmail(`many-${i}`),
      });
      statuses.push(answer.status);
    }
    assert.deepEqual(statuses, [...Array<number>(INVITES_AN_HOUR).fill(200), 429]);
    // Another customer is not held back.
    const { project: theirs, call: theirCall } = await proOwner();
    const fine = await theirCall('POST', path(inv.project.path, { id: theirs.id }), {
      recipientEmail: uniqueEmail('fine'),
    });
    assert.equal(fine.status, 200);
  });
});
