import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  hasSearch,
  inListOrder,
  likePattern,
  listPageStatement,
  listSearchStatement,
  listTotalStatement,
  orderBy,
  planPage,
  type ListRequest,
} from './project-list.sql.js';

const OWNER = '00000000-0000-4000-8000-000000000001';
const LABEL = '00000000-0000-4000-8000-000000000002';

describe('project list SQL', () => {
  it('reads pages in the first half forwards and the rest backwards from the end', () => {
    assert.deepEqual(planPage(95, 1, 10), { limit: 10, offset: 0, reverse: false });
    assert.deepEqual(planPage(95, 5, 10), { limit: 10, offset: 40, reverse: false });
    // Rows 50..59 of 95 read backwards: skip the last 35.
    assert.deepEqual(planPage(95, 6, 10), { limit: 10, offset: 35, reverse: true });
    // The last page holds 5 rows: the first 5 of the reverse order.
    assert.deepEqual(planPage(95, 10, 10), { limit: 5, offset: 0, reverse: true });
  });

  it('answers no plan for a page past the end, of an empty list or before the first', () => {
    assert.equal(planPage(95, 11, 10), null);
    assert.equal(planPage(95, 0, 10), null);
    assert.equal(planPage(0, 1, 10), null);
  });

  it('puts backwards rows back in the list order', () => {
    assert.deepEqual(inListOrder([3, 2, 1], { limit: 3, offset: 0, reverse: true }), [1, 2, 3]);
    assert.deepEqual(inListOrder([1, 2], { limit: 2, offset: 0, reverse: false }), [1, 2]);
  });

  it('makes %, _ and \\ in a search match themselves', () => {
    assert.equal(likePattern('50%_off\\'), '%50\\%\\_off\\\\%');
  });

  it('breaks ties by id in the direction of the sort, and flips both for the reverse', () => {
    assert.equal(orderBy('date_desc'), 'p.updated_at DESC, p.id DESC');
    assert.equal(orderBy('title_asc'), 'lower(p.title) ASC, p.id ASC');
    assert.equal(orderBy('title_asc', true), 'lower(p.title) DESC, p.id DESC');
  });

  it('reads totals from the counters without a search and counts rows with one', () => {
    const all: ListRequest = {
      view: { kind: 'all', ownerId: OWNER },
      sort: 'date_desc',
      search: null,
    };
    assert.match(listTotalStatement(all).text, /project_usage/);
    const folder: ListRequest = {
      view: { kind: 'folder', ownerId: OWNER, labelId: LABEL },
      sort: 'date_desc',
      search: '  ',
    };
    assert.match(listTotalStatement(folder).text, /FROM labels/);
    const search = listTotalStatement({ ...all, search: 'logo' });
    assert.match(search.text, /count\(\*\)/);
    assert.deepEqual(search.values, [OWNER, '%logo%']);
  });

  it('names each distinct statement text once, and never selects data', () => {
    const request: ListRequest = {
      view: { kind: 'all', ownerId: OWNER },
      sort: 'title_desc',
      search: null,
    };
    const forwards = listPageStatement(request, { limit: 10, offset: 0, reverse: false });
    const backwards = listPageStatement(request, { limit: 10, offset: 0, reverse: true });
    assert.notEqual(forwards.name, backwards.name);
    assert.deepEqual(forwards.values, [OWNER, 10, 0]);
    assert.doesNotMatch(forwards.text, /\bdata\b/);
    const searched = listSearchStatement({ ...request, search: 'x' }, { limit: 5, offset: 3 });
    assert.deepEqual(searched.values, [OWNER, '%x%', 5, 3]);
    assert.match(searched.text, /MATERIALIZED/);
    assert.notEqual(searched.name, forwards.name);
    // Searches are planned on every run: a generic plan cannot see a big owner (the trigram
    // index goes unused).
    assert.equal(searched.name, '');
    assert.equal(listTotalStatement({ ...request, search: 'x' }).name, '');
    // A search in a folder says whose projects they are, which the trigram index needs.
    const inFolder = listSearchStatement(
      { ...request, view: { kind: 'folder', ownerId: OWNER, labelId: 'folder' }, search: 'x' },
      { limit: 5, offset: 0 },
    );
    assert.match(inFolder.text, /p\.owner_id = \$2 AND NOT p\.is_demo/);
    assert.equal(hasSearch({ ...request, search: ' ' }), false);
  });
});
