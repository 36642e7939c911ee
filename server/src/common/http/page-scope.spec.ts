import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { oncePerPage, outsidePageScope, withPageScope } from './page-scope.js';

/** A read that counts how often it ran. */
function counted<T>(value: T) {
  const read = async () => {
    read.runs += 1;
    return value;
  };
  read.runs = 0;
  return read;
}

describe('oncePerPage', () => {
  it('reads every time outside a page', async () => {
    const read = counted('a');
    await oncePerPage('k', read);
    await oncePerPage('k', read);
    assert.equal(read.runs, 2);
  });

  it("shares one read among a page's calls, parallel or not, per key", async () => {
    const read = counted('a');
    const other = counted('b');
    await withPageScope(async () => {
      const answers = await Promise.all([oncePerPage('k', read), oncePerPage('k', read)]);
      assert.deepEqual(answers, ['a', 'a']);
      assert.equal(await oncePerPage('k', read), 'a');
      assert.equal(await oncePerPage('other', other), 'b');
    });
    assert.equal(read.runs, 1);
    assert.equal(other.runs, 1);
  });

  it('keeps pages apart: each page reads for itself', async () => {
    const read = counted('a');
    await Promise.all([
      withPageScope(() => oncePerPage('k', read)),
      withPageScope(() => oncePerPage('k', read)),
    ]);
    assert.equal(read.runs, 2);
  });

  it('does not remember a failed read', async () => {
    let runs = 0;
    const flaky = async () => {
      runs += 1;
      if (runs === 1) throw new Error('connection lost');
      return 'ok';
    };
    await withPageScope(async () => {
      await assert.rejects(oncePerPage('k', flaky), /connection lost/);
      assert.equal(await oncePerPage('k', flaky), 'ok');
    });
    assert.equal(runs, 2);
  });
});

describe('outsidePageScope', () => {
  it('runs a call that may write without the page, and the page reads afresh after it', async () => {
    const read = counted('a');
    await withPageScope(async () => {
      await oncePerPage('k', read);
      await outsidePageScope(async () => {
        // Inside the write, nothing is shared.
        await oncePerPage('k', read);
        await oncePerPage('k', read);
      });
      await oncePerPage('k', read);
      await oncePerPage('k', read);
    });
    assert.equal(read.runs, 4);
  });

  it('forgets even when the write fails', async () => {
    const read = counted('a');
    await withPageScope(async () => {
      await oncePerPage('k', read);
      await assert.rejects(
        outsidePageScope(async () => {
          throw new Error('refused');
        }),
      );
      await oncePerPage('k', read);
    });
    assert.equal(read.runs, 2);
  });
});
