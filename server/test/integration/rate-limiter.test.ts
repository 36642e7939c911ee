import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { PostgresRateLimiter } from '../../src/common/rate-limit/postgres-rate-limiter.js';
import type { RateLimiter, RateLimitPeek } from '../../src/common/rate-limit/rate-limiter.js';
import { RedisRateLimiter } from '../../src/common/rate-limit/redis-rate-limiter.js';
import { createDataSource } from '../../src/database/data-source.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { testEnvironment } from '../support/environment.js';
import { deleteRedisPrefix } from '../support/redis.js';

const MINUTE = 60_000;

let database: TestDatabase;
let dataSource: DataSource;
let redis: Redis;
const prefix = `animata-test-rl-${randomBytes(4).toString('hex')}`;

before(async () => {
  database = await createTestDatabase();
  dataSource = await createDataSource(database.url, { poolSize: 1 }).initialize();
  redis = new Redis(testEnvironment().redisUrl, { maxRetriesPerRequest: null });
});
after(async () => {
  await deleteRedisPrefix(redis, prefix);
  await redis.quit();
  await dataSource.destroy();
  await database.drop();
});

const adapters: [string, () => RateLimiter & RateLimitPeek][] = [
  ['PostgreSQL', () => new PostgresRateLimiter(dataSource)],
  ['Redis', () => new RedisRateLimiter(redis, prefix)],
];

for (const [store, limiter] of adapters) {
  describe(`rate limiter on ${store}`, () => {
    const key = (label: string) => `${label}:${randomBytes(4).toString('hex')}`;

    it('allows up to the limit per key and window, then refuses with the time left', async () => {
      const k = key('hit');
      const results = [];
      for (let i = 0; i < 4; i += 1) results.push(await limiter().hit(k, 3, MINUTE));
      assert.deepEqual(
        results.map((r) => [r.allowed, r.hits]),
        [
          [true, 1],
          [true, 2],
          [true, 3],
          [false, 4],
        ],
      );
      assert.ok(results[3]!.retryAfterMs > 0 && results[3]!.retryAfterMs <= MINUTE);
      assert.equal((await limiter().hit(key('other'), 3, MINUTE)).hits, 1, 'keys are apart');
    });

    it('peeks without counting: allowed until the limit is used up, refused from then on', async () => {
      const k = key('peek');
      assert.deepEqual(
        [(await limiter().peek(k, 2, MINUTE)).allowed, (await limiter().peek(k, 2, MINUTE)).hits],
        [true, 0],
      );
      await limiter().hit(k, 2, MINUTE);
      assert.equal((await limiter().peek(k, 2, MINUTE)).allowed, true);
      await limiter().hit(k, 2, MINUTE);
      const used = await limiter().peek(k, 2, MINUTE);
      assert.deepEqual([used.allowed, used.hits], [false, 2]);
      assert.ok(used.retryAfterMs > 0 && used.retryAfterMs <= MINUTE);
      assert.equal((await limiter().hit(k, 2, MINUTE)).hits, 3, 'peeks counted nothing');
    });

    it('keeps windows apart: a new window starts counting again', async () => {
      const k = key('window');
      assert.equal((await limiter().hit(k, 1, 50)).hits, 1);
      await new Promise((resolve) => setTimeout(resolve, 60));
      const next = await limiter().hit(k, 1, 50);
      assert.equal(next.hits, 1);
      assert.equal(next.allowed, true);
    });
  });
}
