import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  endpoints,
  fillPath,
  teamMessages,
  type PayResponse,
  type TeamResponse,
  type TeamsResponse,
  type TeamUpdateResponse,
} from '@animata/contracts';
import { BillingLedger, CARD_GATEWAY, type CardGateway } from '../../src/modules/billing/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newSessionCookie, turnTeamCycles } from '../support/factories.js';
import { cookieCaller, uniqueEmail } from '../support/http-client.js';
import { seededStripeServer, stripeAppEnv, type StripeServer } from '../support/stripe-server.js';

const t = endpoints.teams;
const teamPath = (p: string, id: string) => fillPath(p, { params: { id } });

/** Pays for the team plan with the test card; answers the payer, their caller and the team. */
async function teamByPaying(app: TestApp, extraSlots: number) {
  const owner = await newCustomer(app.runtime.dataSource);
  const call = cookieCaller(app, await newSessionCookie(app, owner.id));
  const paid = await call<PayResponse>('POST', endpoints.stripe.pay.path, {
    plan: 'monthly',
    product: 'team',
    extraSlots,
    source: 'pm_card_visa',
  });
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  const teams = (await call<TeamsResponse>('GET', t.list.path)).body.teams;
  assert.equal(teams.length, 1);
  return { owner, call, team: teams[0]! };
}

const invoicesOf = async (app: TestApp, customerId: string) =>
  (
    (await app.runtime.dataSource.query(
      `SELECT count(*)::int AS count FROM invoices WHERE customer_id = $1`,
      [customerId],
    )) as [{ count: number }]
  )[0].count;

/**
 * Team seats through the gateway that holds the plan (issue 30, billing-teams-apps §4, §5, §7):
 * paying makes the team once; more seats are charged now; fewer apply at the next billing date,
 * marking the newest entries, which go when the cycle turns.
 */
describe('team seats (the sandbox gateways)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ web: false });
  });
  after(async () => {
    await app?.stop();
  });

  it('makes one team of 3 seats plus those bought when the team plan is paid, also when the payment is reported again', async () => {
    const { owner, team } = await teamByPaying(app, 1);
    assert.equal(team.isOwner, true);
    assert.equal(team.plan.expired, false);
    assert.deepEqual(team.slots.extra, { current: 1, nextCycle: 1 });
    assert.equal(team.slots.included, 3);
    assert.equal(team.title, `${owner.name}'s team`);
    assert.deepEqual(
      team.members.map((m) => [m.customer.id, m.isOwner]),
      [[owner.id, true]],
    );
    // The same subscription reported again (a webhook, a reconciliation) makes no second team.
    const [row] = (await app.runtime.dataSource.query(
      `SELECT external_id FROM subscriptions WHERE customer_id = $1`,
      [owner.id],
    )) as [{ external_id: string }];
    const snapshot = await app.app
      .get<CardGateway>(CARD_GATEWAY)
      .retrieveSubscription(row.external_id);
    await app.app.get(BillingLedger).applySnapshot({ ...snapshot, stateAt: new Date() });
    const [{ count }] = (await app.runtime.dataSource.query(
      `SELECT count(*)::int AS count FROM teams t JOIN subscriptions s ON s.id = t.subscription_id
        WHERE s.customer_id = $1`,
      [owner.id],
    )) as [{ count: number }];
    assert.equal(count, 1);
  });

  it('charges more seats now, prorated, and says so', async () => {
    const { owner, call, team } = await teamByPaying(app, 0);
    const before = await invoicesOf(app, owner.id);
    const preview = await call<{ when: string; amount: number }>(
      'POST',
      teamPath(t.slotsPreview.path, team.id),
      { extra: 2 },
    );
    assert.equal(preview.body.when, 'now');
    assert.ok(preview.body.amount > 0);
    const changed = await call<TeamUpdateResponse>('PUT', teamPath(t.slots.path, team.id), {
      extra: 2,
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.message, 'You have updated your member slots to 2');
    assert.deepEqual(changed.body.team.slots.extra, { current: 2, nextCycle: 2 });
    assert.equal(await invoicesOf(app, owner.id), before + 1);
    const same = await call<{ error: string }>('PUT', teamPath(t.slots.path, team.id), {
      extra: 2,
    });
    assert.equal(same.status, 409);
    assert.equal(same.body.error, teamMessages.slotsUnchanged);
  });

  it('applies fewer seats at the next billing date: the newest entries are marked, then removed when the cycle turns', async () => {
    const { owner, call, team } = await teamByPaying(app, 1);
    // Owner and three members fill the 4 seats.
    const joined: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const customer = await newCustomer(app.runtime.dataSource);
      const sent = await call<{ invite: { id: string } }>(
        'POST',
        fillPath(endpoints.invites.team.path, { params: { id: team.id } }),
        { recipientEmail: customer.email },
      );
      assert.equal(sent.status, 200);
      const asCustomer = cookieCaller(app, await newSessionCookie(app, customer.id));
      const answer = await asCustomer(
        'PUT',
        fillPath(endpoints.invites.answer.path, { params: { id: sent.body.invite.id } }),
        { action: 'confirm' },
      );
      assert.equal(answer.status, 200);
      joined.push(customer.id);
    }
    const full = await call<{ errors: Record<string, string> }>(
      'POST',
      fillPath(endpoints.invites.team.path, { params: { id: team.id } }),
      { recipientEmail: uniqueEmail('one-too-many') },
    );
    assert.equal(full.body.errors['.'], teamMessages.noFreeSeat);

    const before = await invoicesOf(app, owner.id);
    const fewer = await call<TeamUpdateResponse>('PUT', teamPath(t.slots.path, team.id), {
      extra: 0,
    });
    assert.equal(fewer.status, 200, JSON.stringify(fewer.body));
    assert.equal(fewer.body.message, 'You have updated your member slots to 0');
    assert.deepEqual(fewer.body.team.slots.extra, { current: 1, nextCycle: 0 });
    assert.deepEqual(
      fewer.body.team.members.map((m) => [m.customer.id, m.toBeDeleted]),
      [
        [owner.id, false],
        [joined[0], false],
        [joined[1], false],
        [joined[2], true],
      ],
    );
    assert.equal(await invoicesOf(app, owner.id), before, 'nothing is charged for fewer seats');

    // Before the period ends nothing goes; after it, the marked member does, once.
    assert.equal(await turnTeamCycles(app, new Date()), 0);
    const end = new Date(fewer.body.team.slots.subscription.endDate!);
    // (The teams of this file's other tests turn too: they share the period end.)
    assert.ok((await turnTeamCycles(app, new Date(end.getTime() + 1000))) >= 1);
    assert.equal(await turnTeamCycles(app, new Date(end.getTime() + 2000)), 0);
    const after = (await call<TeamResponse>('GET', teamPath(t.get.path, team.id))).body.team;
    assert.deepEqual(
      after.members.map((m) => m.customer.id),
      [owner.id, joined[0], joined[1]],
    );
    const activity = await call<{ activity: Array<{ kind: string; actor: unknown }> }>(
      'GET',
      teamPath(t.activity.path, team.id),
    );
    assert.equal(activity.body.activity[0]!.kind, 'removed');
    assert.equal(activity.body.activity[0]!.actor, null);
  });

  it('still turns the cycle when the renewal is reported before the hourly job', async () => {
    const { owner, call, team } = await teamByPaying(app, 1);
    const member = await newCustomer(app.runtime.dataSource);
    const sent = await call<{ invite: { id: string } }>(
      'POST',
      fillPath(endpoints.invites.team.path, { params: { id: team.id } }),
      { recipientEmail: member.email },
    );
    const asMember = cookieCaller(app, await newSessionCookie(app, member.id));
    await asMember(
      'PUT',
      fillPath(endpoints.invites.answer.path, { params: { id: sent.body.invite.id } }),
      { action: 'confirm' },
    );
    for (let i = 0; i < 2; i += 1)
      await call('POST', fillPath(endpoints.invites.team.path, { params: { id: team.id } }), {
        recipientEmail: uniqueEmail('renewal'),
      });
    const fewer = await call<TeamUpdateResponse>('PUT', teamPath(t.slots.path, team.id), {
      extra: 0,
    });
    assert.equal(fewer.status, 200, JSON.stringify(fewer.body));
    const end = new Date(fewer.body.team.slots.subscription.endDate!);
    // The renewal arrives first: the period end moves on a month.
    const [row] = (await app.runtime.dataSource.query(
      `SELECT external_id FROM subscriptions WHERE customer_id = $1`,
      [owner.id],
    )) as [{ external_id: string }];
    const snapshot = await app.app
      .get<CardGateway>(CARD_GATEWAY)
      .retrieveSubscription(row.external_id);
    const renewedEnd = new Date(end.getTime() + 30 * 86_400_000);
    await app.app
      .get(BillingLedger)
      .applySnapshot({ ...snapshot, currentPeriodEnd: renewedEnd, stateAt: new Date() });
    assert.ok((await turnTeamCycles(app, new Date(end.getTime() + 1000))) >= 1);
    const after = (await call<TeamResponse>('GET', teamPath(t.get.path, team.id))).body.team;
    const [{ count }] = (await app.runtime.dataSource.query(
      `SELECT count(*)::int AS count FROM team_invites WHERE team_id = $1`,
      [team.id],
    )) as [{ count: number }];
    assert.equal(count, 1, 'the newest invite went with the turn');
    assert.deepEqual(
      after.members.map((m) => m.customer.id),
      [owner.id, member.id],
    );
  });

  it('keeps a seat decrease itself and applies it at the gateway when the cycle turns', async () => {
    const owner = await newCustomer(app.runtime.dataSource);
    const call = cookieCaller(app, await newSessionCookie(app, owner.id));
    const paid = await call<PayResponse>('POST', endpoints.paypal.pay.path, {
      plan: 'monthly',
      product: 'team',
      extraSlots: 1,
      nonce: 'fake-paypal-billing-agreement-nonce',
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const team = (await call<TeamsResponse>('GET', t.list.path)).body.teams[0]!;
    const fewer = await call<TeamUpdateResponse>('PUT', teamPath(t.slots.path, team.id), {
      extra: 0,
    });
    assert.equal(fewer.status, 200, JSON.stringify(fewer.body));
    assert.deepEqual(fewer.body.team.slots.extra, { current: 1, nextCycle: 0 });
    const end = new Date(fewer.body.team.slots.subscription.endDate!);
    assert.ok((await turnTeamCycles(app, new Date(end.getTime() + 1000))) >= 1);
    const [row] = (await app.runtime.dataSource.query(
      `SELECT extra_slots FROM subscriptions WHERE customer_id = $1`,
      [owner.id],
    )) as [{ extra_slots: number }];
    assert.equal(row.extra_slots, 0);
    const after = (await call<TeamResponse>('GET', teamPath(t.get.path, team.id))).body.team;
    assert.deepEqual(after.slots.extra, { current: 0, nextCycle: 0 });
  });
});

describe('team seats through Stripe (the SDK against the local Stripe server)', () => {
  let app: TestApp;
  let stripe: StripeServer;
  before(async () => {
    stripe = seededStripeServer();
    const apiUrl = await stripe.start();
    app = await startTestApp({ web: false, env: stripeAppEnv(apiUrl, 'whsec_teams_test') });
  });
  after(async () => {
    await app?.stop();
    await stripe?.stop();
  });

  it('makes the team on payment and charges an added seat through Stripe', async () => {
    const { owner, call, team } = await teamByPaying(app, 0);
    assert.deepEqual(team.slots.extra, { current: 0, nextCycle: 0 });
    const before = await invoicesOf(app, owner.id);
    const changed = await call<TeamUpdateResponse>('PUT', teamPath(t.slots.path, team.id), {
      extra: 1,
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.message, 'You have updated your member slots to 1');
    assert.equal(changed.body.team.slots.extra.current, 1);
    assert.equal(await invoicesOf(app, owner.id), before + 1);
  });
});
