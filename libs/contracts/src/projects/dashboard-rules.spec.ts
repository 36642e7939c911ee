import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { duplicateTitle, pageForWindowSize, pageHolding } from './dashboard-rules.js';

describe('duplicateTitle (§4)', () => {
  it('increments a trailing number in parentheses, else appends (2)', () => {
    assert.equal(duplicateTitle('Logo'), 'Logo (2)');
    assert.equal(duplicateTitle('Logo (2)'), 'Logo (3)');
    assert.equal(duplicateTitle('Logo (9)'), 'Logo (10)');
  });

  it('increments a number of any length digit by digit, never in exponent notation', () => {
    assert.equal(duplicateTitle(`Logo (${'9'.repeat(25)})`), `Logo (1${'0'.repeat(25)})`);
    assert.equal(
      duplicateTitle('Logo (12345678901234567890123)'),
      'Logo (12345678901234567890124)',
    );
  });

  it('keeps the copy within 64 characters, the suffix whole', () => {
    const copy = duplicateTitle('x'.repeat(64));
    assert.equal(copy.length, 64);
    assert.ok(copy.endsWith(' (2)'));
  });
});

describe('paging with the page size of the window that asks (§9, issue 29 item 8)', () => {
  it('finds the page that holds an item, for any page size', () => {
    for (const [index, rows, page] of [
      [0, 6, 1],
      [5, 6, 1],
      [6, 6, 2],
      [6, 10, 1],
      [10, 10, 2],
      [113, 10, 12],
    ] as const) {
      assert.equal(pageHolding(index, rows), page, `item ${index} at ${rows} a page`);
    }
  });

  it('reloads page 1 only when the window’s size shows other projects', () => {
    for (const [rows, total, size, page] of [
      // 124 projects, six a page from another window, ten for this one: reload.
      [6, 124, 10, 1],
      [10, 124, 6, 1],
      // Everything fits both ways: nothing to reload.
      [10, 4, 6, null],
      [6, 6, 10, null],
      // The list fits the old size but not the new one (pagination appears).
      [10, 8, 6, 1],
      [6, 124, 6, null],
    ] as const) {
      assert.equal(
        pageForWindowSize({ page: 1, rows, total }, size),
        page,
        `${rows}→${size} of ${total}`,
      );
    }
  });

  it('keeps a later page on the projects it starts with', () => {
    // Page 3 of six a page starts at item 12; ten a page, item 12 is on page 2.
    assert.equal(pageForWindowSize({ page: 3, rows: 6, total: 124 }, 10), 2);
    assert.equal(pageForWindowSize({ page: 2, rows: 10, total: 124 }, 6), 2);
    assert.equal(pageForWindowSize({ page: 12, rows: 10, total: 124 }, 6), 19);
    assert.equal(pageForWindowSize({ page: 4, rows: 6, total: 124 }, 6), null);
  });
});
