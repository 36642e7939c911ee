import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  freeSlots,
  MAX_PLAN_RANK,
  progressDue,
  PROGRESS_INTERVAL_MS,
  renderFileKey,
  renderJobPriority,
} from './render-line.rules.js';

describe('render line rules', () => {
  it('gives better plans a lower (earlier) queue priority, all within BullMQ’s range', () => {
    assert.ok(renderJobPriority(3) < renderJobPriority(1));
    assert.ok(renderJobPriority(1) < renderJobPriority(0));
    assert.equal(renderJobPriority(MAX_PLAN_RANK), 1);
    assert.equal(renderJobPriority(0), MAX_PLAN_RANK + 1);
  });

  it('treats ranks outside the known range as the nearest one', () => {
    assert.equal(renderJobPriority(-5), renderJobPriority(0));
    assert.equal(renderJobPriority(1_000), renderJobPriority(MAX_PLAN_RANK));
    assert.equal(renderJobPriority(Number.NaN), renderJobPriority(0));
  });

  it('lets a customer have at most RENDERS_PER_CUSTOMER in the queue', () => {
    assert.equal(freeSlots(0, 1), 1);
    assert.equal(freeSlots(1, 1), 0);
    assert.equal(freeSlots(3, 2), 0);
    assert.equal(freeSlots(1, 3), 2);
  });

  it('sends the first progress at once, then at most one a second', () => {
    assert.equal(progressDue(null, 5), true);
    assert.equal(progressDue(1_000, 1_000 + PROGRESS_INTERVAL_MS - 1), false);
    assert.equal(progressDue(1_000, 1_000 + PROGRESS_INTERVAL_MS), true);
  });

  it('keeps a render’s file under renders/{id}.{ext}', () => {
    assert.equal(renderFileKey('a'.repeat(32), 'gif'), `renders/${'a'.repeat(32)}.gif`);
  });
});
