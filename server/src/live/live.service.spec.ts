import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppLogger } from '../common/logger.js';
import { LiveService, type LiveMessage, type LiveSink } from './live.service.js';

function recordingSink() {
  const delivered: LiveMessage[] = [];
  const disconnected: string[] = [];
  const memberships: string[] = [];
  const sink: LiveSink = {
    deliver: (message) => delivered.push(message),
    disconnect: (room) => disconnected.push(room),
    join: (room, target) => memberships.push(`${room} +${target}`),
    leave: (room, target) => memberships.push(`${room} -${target}`),
  };
  return { sink, delivered, disconnected, memberships };
}

const silentLogger = { debug: () => undefined } as unknown as AppLogger;

describe('LiveService', () => {
  it("addresses customer events to the customer's room with their payload", () => {
    const live = new LiveService(silentLogger);
    const { sink, delivered } = recordingSink();
    live.attach(sink);
    live.toCustomer('c-1', 'thumbnail-ready', { projectId: 'p-1', previewUri: '/files/p-1.svg' });
    assert.deepEqual(delivered, [
      {
        room: 'customer:c-1',
        event: 'thumbnail-ready',
        payload: { projectId: 'p-1', previewUri: '/files/p-1.svg' },
      },
    ]);
  });

  it("addresses team events to the team's room", () => {
    const live = new LiveService(silentLogger);
    const { sink, delivered } = recordingSink();
    live.attach(sink);
    live.toTeam('t-7', 'render-update', {
      exportId: 'e-1',
      status: 'done',
      percent: 100,
      eta: null,
      error: null,
    });
    assert.deepEqual(delivered, [
      {
        room: 'team:t-7',
        event: 'render-update',
        payload: { exportId: 'e-1', status: 'done', percent: 100, eta: null, error: null },
      },
    ]);
  });

  it('disconnects by customer room and by session room', () => {
    const live = new LiveService(silentLogger);
    const { sink, disconnected } = recordingSink();
    live.attach(sink);
    live.disconnectCustomer('c-1');
    live.disconnectSession('f'.repeat(64));
    assert.deepEqual(disconnected, ['customer:c-1', `session:${'f'.repeat(64)}`]);
  });

  it("puts a new connection in its customer's and session's rooms, and its teams' once known", async () => {
    const live = new LiveService(silentLogger);
    assert.deepEqual(await live.roomsFor('c-1', 's-1'), ['customer:c-1', 'session:s-1']);
    const asked: string[] = [];
    live.useTeamMemberships(async (customerId) => {
      asked.push(customerId);
      return ['t-1', 't-2'];
    });
    assert.deepEqual(await live.roomsFor('c-1', 's-1'), [
      'customer:c-1',
      'session:s-1',
      'team:t-1',
      'team:t-2',
    ]);
    assert.deepEqual(asked, ['c-1']);
  });

  it('connects without team rooms, and logs, when memberships cannot be read', async () => {
    const warnings: unknown[] = [];
    const live = new LiveService({
      warn: (entry: unknown) => warnings.push(entry),
    } as unknown as AppLogger);
    live.useTeamMemberships(async () => {
      throw new Error('database unavailable');
    });
    assert.deepEqual(await live.roomsFor('c-1', 's-1'), ['customer:c-1', 'session:s-1']);
    assert.equal(warnings.length, 1);
  });

  it("moves a customer's open connections in and out of a team's room", () => {
    const live = new LiveService(silentLogger);
    const { sink, memberships } = recordingSink();
    live.attach(sink);
    live.joinTeam('c-1', 't-1');
    live.leaveTeam('c-1', 't-1');
    assert.deepEqual(memberships, ['customer:c-1 +team:t-1', 'customer:c-1 -team:t-1']);
  });

  it('drops events quietly in a process without a live channel', () => {
    const debug: unknown[] = [];
    const live = new LiveService({
      debug: (entry: unknown) => debug.push(entry),
    } as unknown as AppLogger);
    assert.doesNotThrow(() =>
      live.toCustomer('c-1', 'render-update', {
        exportId: 'e',
        status: 'queued',
        percent: 0,
        eta: null,
        error: null,
      }),
    );
    assert.doesNotThrow(() => live.disconnectCustomer('c-1'));
    assert.deepEqual(debug, [{ room: 'customer:c-1', event: 'render-update' }]);
  });

  it('takes exactly one listener', () => {
    const live = new LiveService(silentLogger);
    const first = recordingSink().sink;
    live.attach(first);
    assert.doesNotThrow(() => live.attach(first));
    assert.throws(() => live.attach(recordingSink().sink), /already has a listener/);
  });
});

describe('LiveService typing', () => {
  it('rejects, at compile time, a payload of another event and the handshake-only "ready"', () => {
    const live = new LiveService(silentLogger);
    const { sink, delivered } = recordingSink();
    live.attach(sink);
    // @ts-expect-error a render update payload is not a thumbnail-ready payload
    live.toCustomer('c-1', 'thumbnail-ready', { exportId: 'e', status: 'done', percent: 1 });
    // @ts-expect-error "ready" is sent by the gateway at the handshake, never by a feature
    live.toCustomer('c-1', 'ready', { customerId: 'c-1' });
    // @ts-expect-error unknown events do not exist
    live.toTeam('t-1', 'project-deleted', {});
    assert.equal(delivered.length, 3);
  });
});
