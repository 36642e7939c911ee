import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { liveRedisKey, logPublishFailures } from './live-io.adapter.js';

describe('live channel Redis adapter helpers', () => {
  it('keys the Socket.IO channels under the Redis prefix', () => {
    assert.equal(liveRedisKey('animata'), 'animata:socket.io');
    assert.equal(liveRedisKey('animata-test-1a2b'), 'animata-test-1a2b:socket.io');
  });

  it('logs a failed publish instead of leaving an unhandled rejection behind', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const warnings: Array<Record<string, unknown>> = [];
      const failing = {
        publish: (_channel: string | Buffer, _message: string | Buffer) =>
          Promise.reject(new Error('Reached the max retries per request limit')),
      };
      const publisher = logPublishFailures(failing, {
        warn: (entry: Record<string, unknown>) => warnings.push(entry),
      });
      // What the Redis adapter does: publish and never look at the result.
      void publisher.publish('animata:socket.io#/#', Buffer.from('packet'));
      await nextTurn();
      await nextTurn();
      assert.deepEqual(unhandled, []);
      assert.equal(warnings.length, 1);
      assert.equal(warnings[0]?.channel, 'animata:socket.io#/#');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('passes a successful publish and its result through', async () => {
    const sent: Array<[string | Buffer, string | Buffer]> = [];
    const publisher = logPublishFailures(
      {
        publish: async (channel: string | Buffer, message: string | Buffer) => {
          sent.push([channel, message]);
          return 2;
        },
      },
      { warn: () => assert.fail('nothing failed') },
    );
    assert.equal(await publisher.publish('c', 'm'), 2);
    assert.deepEqual(sent, [['c', 'm']]);
  });
});
