import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openPageReads, PAGE_READS_HEADER, PageReads, pageReadsOf } from './page-reads.js';

/** A read that counts how often it ran. */
function counted<T>(value: T) {
  const read = async () => {
    read.runs += 1;
    return value;
  };
  read.runs = 0;
  return read;
}

describe('PageReads', () => {
  it('shares one read per key, parallel or not', async () => {
    const page = new PageReads();
    const read = counted('a');
    const other = counted('b');
    assert.deepEqual(await Promise.all([page.once('k', read), page.once('k', read)]), ['a', 'a']);
    assert.equal(await page.once('k', read), 'a');
    assert.equal(await page.once('other', other), 'b');
    assert.equal(read.runs, 1);
    assert.equal(other.runs, 1);
  });

  it('keeps pages apart: each reads for itself', async () => {
    const read = counted('a');
    await Promise.all([new PageReads().once('k', read), new PageReads().once('k', read)]);
    assert.equal(read.runs, 2);
  });

  it('does not remember a failed read', async () => {
    const page = new PageReads();
    let runs = 0;
    const flaky = async () => {
      runs += 1;
      if (runs === 1) throw new Error('connection lost');
      return 'ok';
    };
    await assert.rejects(page.once('k', flaky), /connection lost/);
    assert.equal(await page.once('k', flaky), 'ok');
    assert.equal(runs, 2);
  });

  it('forgets one key, only while it holds the read given, or everything', async () => {
    const page = new PageReads();
    const read = counted('a');
    const first = page.once('k', read);
    await first;
    page.forget('k', Promise.resolve('another read'));
    await page.once('k', read);
    assert.equal(read.runs, 1);
    page.forget('k', first);
    await page.once('k', read);
    assert.equal(read.runs, 2);
    page.forgetAll();
    await page.once('k', read);
    assert.equal(read.runs, 3);
  });
});

describe('openPageReads and pageReadsOf', () => {
  it("finds a page's reads by its header while it is open, and never after", () => {
    const page = openPageReads();
    assert.equal(pageReadsOf({ [PAGE_READS_HEADER]: page.reads.id }), page.reads);
    page.close();
    assert.equal(pageReadsOf({ [PAGE_READS_HEADER]: page.reads.id }), null);
  });

  it('finds nothing for a request without the header or with an id no page has', () => {
    const page = openPageReads();
    try {
      assert.equal(pageReadsOf({}), null);
      assert.equal(pageReadsOf({ [PAGE_READS_HEADER]: 'not-a-page' }), null);
      assert.equal(pageReadsOf({ [PAGE_READS_HEADER]: [page.reads.id, page.reads.id] }), null);
    } finally {
      page.close();
    }
  });
});
