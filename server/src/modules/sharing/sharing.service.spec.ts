import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { grantableAccess, liveEvents, mostGenerous } from '@animata/contracts';
import type { AccessService } from '../../common/access/index.js';
import type { AppConfig } from '../../config/config.js';
import type { LiveService } from '../../live/live.service.js';
import type { PlanAccess } from '../billing/index.js';
import type { SharingRepository } from './sharing.repository.js';
import { isItemId, SharingService } from './sharing.service.js';

function serviceWith(plan: { isPremium: boolean; accessLevel: number; teams: boolean[] }) {
  const sent: unknown[] = [];
  const plans = {
    of: async () => ({ isPremium: plan.isPremium, accessLevel: plan.accessLevel }),
    teamsOf: async () =>
      plan.teams.map((active, i) => ({ teamId: `t${i}`, role: 'member', active })),
  } as unknown as PlanAccess;
  const live = {
    toCustomer: (...args: unknown[]) => sent.push(['customer', ...args]),
    toTeam: (...args: unknown[]) => sent.push(['team', ...args]),
  } as unknown as LiveService;
  const service = new SharingService(
    {} as AccessService,
    {} as SharingRepository,
    plans,
    live,
    { now: () => new Date() },
    { publicUrl: 'https://example.test' } as AppConfig,
  );
  return { service, sent };
}

describe('sharing rules', () => {
  it('forces edit back to view for anyone outside the owner’s teams (§4)', () => {
    assert.equal(grantableAccess('edit', false), 'view');
    assert.equal(grantableAccess('edit', true), 'edit');
    assert.equal(grantableAccess('view', true), 'view');
  });

  it('lets the most generous grant win, and none is none', () => {
    assert.equal(mostGenerous(['view', 'edit', 'view']), 'edit');
    assert.equal(mostGenerous(['view']), 'view');
    assert.equal(mostGenerous([]), null);
  });

  it('tells the ids that can name a project or a folder from those that cannot', () => {
    assert.equal(isItemId('project', 'a'.repeat(32)), true);
    assert.equal(isItemId('project', 'A'.repeat(32)), false);
    assert.equal(isItemId('project', '00000000-0000-4000-8000-000000000000'), false);
    assert.equal(isItemId('label', '00000000-0000-4000-8000-000000000000'), true);
    assert.equal(isItemId('label', 'a'.repeat(32)), false);
  });

  it('gives pro access from level 2 or an active team, team access from level 3 or an active team', async () => {
    const flags = async (plan: { isPremium: boolean; accessLevel: number; teams: boolean[] }) =>
      serviceWith(plan).service.planOf('c');
    assert.deepEqual(await flags({ isPremium: false, accessLevel: 0, teams: [] }), {
      hasProAccess: false,
      hasTeamAccess: false,
      teamPlanActive: false,
      teamPlanLapsed: false,
    });
    assert.deepEqual(await flags({ isPremium: true, accessLevel: 1, teams: [] }), {
      hasProAccess: false,
      hasTeamAccess: false,
      teamPlanActive: false,
      teamPlanLapsed: false,
    });
    assert.deepEqual(await flags({ isPremium: true, accessLevel: 2, teams: [false] }), {
      hasProAccess: true,
      hasTeamAccess: false,
      teamPlanActive: false,
      teamPlanLapsed: true,
    });
    assert.deepEqual(await flags({ isPremium: false, accessLevel: 0, teams: [false, true] }), {
      hasProAccess: true,
      hasTeamAccess: true,
      teamPlanActive: true,
      teamPlanLapsed: false,
    });
  });

  it('sends sharing-changed once to each affected customer and team', () => {
    const { service, sent } = serviceWith({ isPremium: true, accessLevel: 2, teams: [] });
    service.notify(['a', 'a', 'b'], ['t'], 'label', 'f', 'removed');
    const payload = { entity: 'label', id: 'f', change: 'removed' };
    assert.deepEqual(sent, [
      ['customer', 'a', liveEvents.sharingChanged, payload],
      ['customer', 'b', liveEvents.sharingChanged, payload],
      ['team', 't', liveEvents.sharingChanged, payload],
    ]);
  });
});
