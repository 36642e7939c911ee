import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { HealthService } from './health.service.js';

/** A DataSource that answers `SELECT 1` with the given outcome, counting the calls. */
function dataSource(outcome: 'ok' | 'fail') {
  const calls: string[] = [];
  const source = {
    query: async (sql: string) => {
      calls.push(sql);
      if (outcome === 'fail') throw new Error('connection refused');
      return [{ '?column?': 1 }];
    },
  } as unknown as DataSource;
  return { source, calls };
}

function redis(ping: () => Promise<string>): Redis {
  return { ping } as unknown as Redis;
}

describe('HealthService.readiness', () => {
  it('is ok with the database up and Redis not configured, asking the database once', async () => {
    const db = dataSource('ok');
    const health = new HealthService(db.source, null);
    assert.deepEqual(await health.readiness(), {
      status: 'ok',
      database: 'up',
      redis: 'not-configured',
    });
    assert.deepEqual(db.calls, ['SELECT 1']);
  });

  it('is unavailable with the database down when its query fails', async () => {
    const health = new HealthService(dataSource('fail').source, null);
    assert.deepEqual(await health.readiness(), {
      status: 'unavailable',
      database: 'down',
      redis: 'not-configured',
    });
  });

  it('checks Redis when configured: up on PONG, down when the ping fails', async () => {
    const up = new HealthService(
      dataSource('ok').source,
      redis(async () => 'PONG'),
    );
    assert.deepEqual(await up.readiness(), { status: 'ok', database: 'up', redis: 'up' });
    const down = new HealthService(
      dataSource('ok').source,
      redis(async () => {
        throw new Error('ECONNREFUSED');
      }),
    );
    assert.deepEqual(await down.readiness(), {
      status: 'unavailable',
      database: 'up',
      redis: 'down',
    });
  });

  it('is unavailable once shutdown has begun, even with everything up', async () => {
    const health = new HealthService(dataSource('ok').source, null);
    health.markShuttingDown();
    assert.equal((await health.readiness()).status, 'unavailable');
  });
});
