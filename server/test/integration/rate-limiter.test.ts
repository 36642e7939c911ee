import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { PostgresRateLimiter } from '../../src/common/rate-limit/postgres-rate-limiter.js';
import type {
  RateLimiter,
  RateLimitPeek,
  RateLimitReserve,
} from '../../src/common/rate-limit/rate-limiter.js';
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

const adapters: [string, () => RateLimiter & RateLimitPeek & RateLimitReserve][] = [
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

    it('reserves a hit and gives it back: only what the caller keeps counts', async () => {
      const k = key('reserve');
      const first = await limiter().reserve(k, 2, MINUTE);
      const second = await limiter().reserve(k, 2, MINUTE);
      assert.deepEqual(
        [first.allowed, first.hits, second.allowed, second.hits],
        [true, 1, true, 2],
      );
      const third = await limiter().reserve(k, 2, MINUTE);
      assert.deepEqual([third.allowed, third.hits], [false, 3]);
      // The refused one and one that went wrong give theirs back: one more fits again.
      await third.release();
      await second.release();
      assert.deepEqual(
        [(await limiter().peek(k, 2, MINUTE)).hits, (await limiter().hit(k, 2, MINUTE)).allowed],
        [1, true],
      );
      // Parallel reservations never pass the limit together.
      const parallel = key('parallel');
      const results = await Promise.all(
        Array.from({ length: 6 }, () => limiter().reserve(parallel, 3, MINUTE)),
      );
      assert.equal(results.filter((result) => result.allowed).length, 3);
    });

    it('gives a hit back only in the window it was counted in, never below zero', async () => {
      const k = key('release-window');
      const windowMs = 400;
      // Each step starts just after a window begins, so both of its calls fall in that window.
      const nextWindow = () =>
        new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 5));
      await nextWindow();
      const early = await limiter().reserve(k, 1, windowMs);
      await nextWindow();
      const next = await limiter().reserve(k, 1, windowMs);
      await early.release();
      await early.release();
      assert.equal((await limiter().peek(k, 1, windowMs)).hits, 1, 'the new window kept its hit');
      await next.release();
      await next.release();
      assert.equal((await limiter().peek(k, 1, windowMs)).hits, 0);
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
