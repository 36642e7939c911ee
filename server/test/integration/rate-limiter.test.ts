import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { PostgresRateLimiter } from '../../src/common/rate-limit/postgres-rate-limiter.js';
import type { RateLimiter } from '../../src/common/rate-limit/rate-limiter.js';
import { RedisRateLimiter } from '../../src/common/rate-limit/redis-rate-limiter.js';
import { createDataSource } from '../../src/database/data-source.js';
import { sqlRows } from '../../src/database/sql.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { testEnvironment } from '../support/environment.js';
import { deleteRedisPrefix } from '../support/redis.js';

const MINUTE = 60_000;
// A one-row read with parameters of its own, as login's customer lookup is.
const READ = { sql: `SELECT $1::text AS greeting, $2::int + 1 AS next`, parameters: ['hi', 41] };
const EMPTY_READ = { sql: `SELECT 1 AS one WHERE $1::boolean`, parameters: [false] };

let database: TestDatabase;
let dataSource: DataSource;
let redis: Redis;
const prefix = `animata-test-rl-${randomBytes(4).toString('hex')}`;

before(async () => {
  database = await createTestDatabase();
  // One connection: the check that nothing leaks onto a pooled connection sees the very one.
  dataSource = await createDataSource(database.url, { poolSize: 1 }).initialize();
  await sqlRows(dataSource, 'CREATE TABLE rate_limit_test_writes (tag text NOT NULL)');
  redis = new Redis(testEnvironment().redisUrl, { maxRetriesPerRequest: null });
});
after(async () => {
  await deleteRedisPrefix(redis, prefix);
  await redis.quit();
  await dataSource.destroy();
  await database.drop();
});

const adapters: [string, () => RateLimiter][] = [
  ['PostgreSQL', () => new PostgresRateLimiter(dataSource)],
  ['Redis', () => new RedisRateLimiter(redis, prefix, dataSource)],
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

    it('counts a hit and answers the read alongside it, refused or not', async () => {
      const k = key('with');
      const first = await limiter().hitWith<{ greeting: string; next: number }>(k, 1, MINUTE, READ);
      assert.deepEqual(first.result.allowed, true);
      assert.equal(first.result.hits, 1);
      assert.deepEqual({ ...first.row }, { greeting: 'hi', next: 42 });

      const second = await limiter().hitWith<{ greeting: string }>(k, 1, MINUTE, READ);
      assert.equal(second.result.allowed, false);
      assert.equal(second.result.hits, 2);
      assert.equal(second.row?.greeting, 'hi', 'the read happens even when refused');
      assert.equal((await limiter().hit(k, 1, MINUTE)).hits, 3, 'hitWith and hit share counts');
    });

    it('leaves the connection committing synchronously again for the next statement', async () => {
      await limiter().hit(key('sync'), 5, MINUTE);
      await limiter().hitWith(key('sync'), 5, MINUTE, READ);
      const [setting] = await sqlRows<{ synchronous_commit: string }>(
        dataSource,
        'SHOW synchronous_commit',
      );
      assert.equal(setting?.synchronous_commit, 'on');
    });

    it(
      store === 'PostgreSQL'
        ? 'runs the writes only when the hit is allowed'
        : 'runs the writes whatever the hit (the caller undoes a refused one)',
      async () => {
        const k = key('writes');
        const tag = randomBytes(4).toString('hex');
        const withWrites = {
          sql: READ.sql,
          parameters: [...READ.parameters, tag],
          writes: `written AS (
            INSERT INTO rate_limit_test_writes (tag) SELECT $3 FROM rate_limit_allowed
          )`,
        };
        const written = async () =>
          Number(
            (
              await sqlRows<{ count: string }>(
                dataSource,
                'SELECT count(*) FROM rate_limit_test_writes WHERE tag = $1',
                [tag],
              )
            )[0]?.count,
          );
        const allowed = await limiter().hitWith<{ greeting: string }>(k, 1, MINUTE, withWrites);
        assert.equal(allowed.result.allowed, true);
        assert.equal(allowed.row?.greeting, 'hi');
        assert.equal(await written(), 1);
        const refused = await limiter().hitWith<{ greeting: string }>(k, 1, MINUTE, withWrites);
        assert.equal(refused.result.allowed, false);
        assert.equal(refused.row?.greeting, 'hi', 'the read still happens');
        assert.equal(await written(), store === 'PostgreSQL' ? 1 : 2);
      },
    );

    it('refuses a read that brings a WITH of its own', async () => {
      await assert.rejects(
        limiter().hitWith(key('with'), 5, MINUTE, {
          sql: 'WITH x AS (SELECT 1) SELECT * FROM x',
          parameters: [],
        }),
        /plain SELECT/,
      );
    });

    it('still counts the hit when the read finds nothing', async () => {
      const k = key('empty');
      const { result, row } = await limiter().hitWith<{ one: number }>(k, 5, MINUTE, EMPTY_READ);
      assert.equal(result.hits, 1);
      assert.equal(row?.one ?? null, null);
    });
  });
}
