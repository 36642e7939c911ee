import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { WorkerOutOfMemoryError, WorkerPool, workerTask } from './worker-pool.js';

const tasks = new URL('./worker-pool.spec-tasks.js', import.meta.url);
const hoard = workerTask<null, number>(tasks, 'hoard');
const echo = workerTask<string, string>(tasks, 'echo');

describe('WorkerPool', () => {
  const pool = new WorkerPool({ maxThreads: 1, threadHeapMb: 64 });
  after(() => pool.close());

  it('fails only the task whose thread passes its heap limit, and goes on with a new thread', async () => {
    await assert.rejects(pool.run(hoard, null), WorkerOutOfMemoryError);
    assert.equal(await pool.run(echo, 'still here'), 'still here');
  });
});
