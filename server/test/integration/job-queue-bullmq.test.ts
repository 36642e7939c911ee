import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import { Redis } from 'ioredis';
import { BullMqJobQueue } from '../../src/jobs/bullmq-job-queue.js';
import { testEnvironment } from '../support/environment.js';
import { quietLogger } from '../support/logger.js';
import { deleteRedisPrefix } from '../support/redis.js';
import { jobQueueContract } from './job-queue.contract.js';

let connection: Redis;
const prefixes: string[] = [];

before(async () => {
  connection = new Redis(testEnvironment().redisUrl, { maxRetriesPerRequest: null });
});
after(async () => {
  for (const prefix of prefixes) await deleteRedisPrefix(connection, prefix);
  await connection.quit();
});

function newPrefix(): string {
  const prefix = `animata-test-${randomBytes(4).toString('hex')}`;
  prefixes.push(prefix);
  return prefix;
}

const open = (prefix: string) => BullMqJobQueue.open({ connection, prefix, logger: quietLogger() });

jobQueueContract('BullMQ on Redis', {
  open: () => open(newPrefix()),
  openPair: async () => {
    const prefix = newPrefix();
    return [await open(prefix), await open(prefix)];
  },
});
