import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dateRangeBounds,
  dateRangeLabel,
  dateRangeQuery,
  isDateRangeValue,
  normalizeDateRange,
  parseDay,
  presetOf,
  presetRange,
  readDateRangeQuery,
  type DateRangePreset,
} from './date-range.js';

// A Wednesday, late in the evening GMT (already Thursday east of Greenwich): days are GMT.
const NOW = new Date('2026-03-04T23:30:00Z');

describe('date range picker presets (billing-teams-apps §2, weeks start on Monday)', () => {
  const table: Array<[DateRangePreset, string | null, string | null]> = [
    ['today', '2026-03-04', '2026-03-04'],
    ['yesterday', '2026-03-03', '2026-03-03'],
    ['this-week', '2026-03-02', '2026-03-08'],
    ['last-week', '2026-02-23', '2026-03-01'],
    ['last-month', '2026-02-01', '2026-02-28'],
    ['last-2-months', '2026-01-01', '2026-02-28'],
    ['this-year', '2026-01-01', '2026-12-31'],
    ['last-year', '2025-01-01', '2025-12-31'],
    ['unset', null, null],
  ];
  for (const [preset, from, to] of table) {
    it(`${preset} covers ${from ?? 'any'} to ${to ?? 'any'}`, () => {
      assert.deepEqual(presetRange(preset, NOW), { from, to });
      assert.equal(presetOf({ from, to }, NOW), preset);
    });
  }

  it('starts the week on Monday on a Sunday and on a Monday', () => {
    assert.deepEqual(presetRange('this-week', new Date('2026-03-08T10:00:00Z')), {
      from: '2026-03-02',
      to: '2026-03-08',
    });
    assert.deepEqual(presetRange('this-week', new Date('2026-03-09T00:00:00Z')), {
      from: '2026-03-09',
      to: '2026-03-15',
    });
  });

  it('crosses a year in January: last month is December, last 2 months November to December', () => {
    const january = new Date('2027-01-15T12:00:00Z');
    assert.deepEqual(presetRange('last-month', january), { from: '2026-12-01', to: '2026-12-31' });
    assert.deepEqual(presetRange('last-2-months', january), {
      from: '2026-11-01',
      to: '2026-12-31',
    });
  });
});

describe('date range picker input (§5)', () => {
  it('swaps a start after the end', () => {
    assert.deepEqual(normalizeDateRange({ from: '2026-03-10', to: '2026-03-01' }, NOW), {
      from: '2026-03-01',
      to: '2026-03-10',
    });
  });

  it("clears a side given 'any' or 'Any interval', empty, or no real day", () => {
    for (const value of ['any', 'Any interval', 'ANY', ' ', '', '2026-02-30', 'soon']) {
      assert.deepEqual(normalizeDateRange({ from: value, to: '2026-03-01' }, NOW), {
        from: null,
        to: '2026-03-01',
      });
    }
    assert.equal(isDateRangeValue('Any interval'), true);
    assert.equal(isDateRangeValue('2026-02-30'), false);
  });

  it('lets a preset win over the dates, and a custom preset keep them', () => {
    assert.deepEqual(
      normalizeDateRange({ preset: 'yesterday', from: '2020-01-01', to: '2020-01-02' }, NOW),
      { from: '2026-03-03', to: '2026-03-03' },
    );
    assert.deepEqual(
      normalizeDateRange({ preset: 'unset', from: '2020-01-01', to: '2020-01-02' }, NOW),
      { from: null, to: null },
    );
    assert.deepEqual(
      normalizeDateRange({ preset: 'custom', from: '2020-01-01', to: '2020-01-02' }, NOW),
      { from: '2020-01-01', to: '2020-01-02' },
    );
  });

  it('covers whole GMT days, the end inclusive', () => {
    assert.deepEqual(dateRangeBounds({ from: '2026-03-01', to: '2026-03-04' }), {
      start: new Date('2026-03-01T00:00:00Z'),
      end: new Date('2026-03-05T00:00:00Z'),
    });
    assert.deepEqual(dateRangeBounds({ from: null, to: null }), { start: null, end: null });
  });

  it('reads as its preset, its days, or Any interval, and writes its query', () => {
    const day = (d: string) => d;
    assert.equal(dateRangeLabel({ from: null, to: null }, NOW, day), 'Any interval');
    assert.equal(dateRangeLabel(presetRange('last-week', NOW), NOW, day), 'Last week');
    assert.equal(dateRangeLabel({ from: '2026-01-05', to: null }, NOW, day), '2026-01-05 – …');
    assert.equal(dateRangeQuery({ from: '2026-01-05', to: null }), 'from=2026-01-05');
    assert.equal(presetOf({ from: '2026-01-05', to: null }, NOW), null);
    assert.equal(parseDay('2026-02-28')?.toISOString(), '2026-02-28T00:00:00.000Z');
  });
});

describe("the picker's address (from, to; the plain form's preset and shown)", () => {
  const read = (query: string) => readDateRangeQuery(new URLSearchParams(query), NOW);

  it('keeps a canonical address as it is', () => {
    assert.deepEqual(read('from=2026-03-01&to=2026-03-04'), {
      range: { from: '2026-03-01', to: '2026-03-04' },
      canonical: true,
    });
    assert.deepEqual(read(''), { range: { from: null, to: null }, canonical: true });
  });

  it('asks for a rewrite after a preset, a swap or a clearing word', () => {
    assert.deepEqual(read('preset=last-week&shown=&from=&to='), {
      range: { from: '2026-02-23', to: '2026-03-01' },
      canonical: false,
    });
    assert.equal(read('from=2026-03-04&to=2026-03-01').canonical, false);
    assert.equal(read('from=any').canonical, false);
  });

  it('keeps typed dates under the preset the page showed, and a changed preset wins', () => {
    assert.deepEqual(read('preset=yesterday&shown=yesterday&from=2026-01-01&to=2026-01-31').range, {
      from: '2026-01-01',
      to: '2026-01-31',
    });
    assert.deepEqual(read('preset=unset&shown=yesterday&from=2026-03-03&to=2026-03-03').range, {
      from: null,
      to: null,
    });
  });
});
