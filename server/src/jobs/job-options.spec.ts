import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toBullMqOptions } from './bullmq-job-queue.js';
import { backoffDelay, jobDefaults, resolveJobOptions, toJson } from './job-options.js';

describe('resolveJobOptions', () => {
  it('takes the queue and the tries of each job from one table', () => {
    assert.deepEqual(resolveJobOptions('mail.send'), {
      queue: 'mail',
      jobId: null,
      delayMs: 0,
      attempts: jobDefaults['mail.send'].attempts,
      backoffMs: jobDefaults['mail.send'].backoffMs,
      priority: 0,
      keepFinished: true,
    });
    assert.equal(resolveJobOptions('maintenance.cleanup').queue, 'maintenance');
  });

  it('lets the caller set id, delay, tries and backoff', () => {
    assert.deepEqual(
      resolveJobOptions('mail.send', {
        jobId: 'mail.reset-7',
        delayMs: 20,
        attempts: 2,
        backoffMs: 5,
      }),
      {
        queue: 'mail',
        jobId: 'mail.reset-7',
        delayMs: 20,
        attempts: 2,
        backoffMs: 5,
        priority: 0,
        keepFinished: true,
      },
    );
  });

  it('takes a priority within BullMQ’s range, and forgets render jobs once finished', () => {
    assert.equal(resolveJobOptions('mail.send', { priority: 7 }).priority, 7);
    assert.throws(() => resolveJobOptions('mail.send', { priority: 1.5 }), /priority/);
    assert.throws(() => resolveJobOptions('mail.send', { priority: 2_097_153 }), /priority/);
    assert.equal(resolveJobOptions('renders.render').keepFinished, false);
    assert.equal(resolveJobOptions('renders.render').attempts, 3);
    const bull = toBullMqOptions(resolveJobOptions('renders.render', { priority: 3 }));
    assert.equal(bull.priority, 3);
    assert.equal(bull.removeOnComplete, true);
    assert.equal(bull.removeOnFail, true);
  });

  it('refuses ids BullMQ would misread, and impossible numbers', () => {
    for (const jobId of ['', '42', 'a:b', 'with space', 'x'.repeat(201)]) {
      assert.throws(
        () => resolveJobOptions('mail.send', { jobId }),
        /must be 1 to 200 letters/,
        jobId,
      );
    }
    assert.throws(
      () => resolveJobOptions('mail.send', { attempts: 0 }),
      /attempts of "mail.send" must be a whole number/,
    );
    assert.throws(() => resolveJobOptions('mail.send', { delayMs: -1 }), /must not be negative/);
  });
});

describe('backoffDelay', () => {
  it("doubles the wait after each failed try, as BullMQ's exponential backoff", () => {
    assert.deepEqual(
      [1, 2, 3, 4].map((n) => backoffDelay(1000, n)),
      [1000, 2000, 4000, 8000],
    );
  });
});

describe('toBullMqOptions', () => {
  it('sets id, tries, exponential backoff and how long finished jobs are kept', () => {
    assert.deepEqual(
      toBullMqOptions(resolveJobOptions('mail.send', { jobId: 'j-1', attempts: 3, backoffMs: 10 })),
      {
        jobId: 'j-1',
        delay: 0,
        attempts: 3,
        backoff: { type: 'exponential', delay: 10 },
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 604800, count: 5000 },
      },
    );
  });
});

describe('toJson', () => {
  it('gives data the shape it has after a trip through Redis', () => {
    assert.equal(toJson(undefined), null);
    assert.deepEqual(toJson({ at: new Date('2026-01-02T03:04:05Z'), gone: undefined }), {
      at: '2026-01-02T03:04:05.000Z',
    });
  });
});
