import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  hasSearch,
  inListOrder,
  likePattern,
  listPageStatement,
  listSearchStatement,
  listingOrderBy,
  listSharesStatement,
  listTotalStatement,
  KEYS_FIRST_FROM_OFFSET,
  orderBy,
  ownProjectIds,
  pageReadsKeysFirst,
  type ProjectListRow,
  sharesByProject,
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

  describe('pages far down a list and searches (issue 33)', () => {
    const all: ListRequest = {
      view: { kind: 'all', ownerId: OWNER },
      sort: 'date_desc',
      search: null,
    };
    const far = { limit: 20, offset: 49_990, reverse: false };
    const near = { limit: 20, offset: KEYS_FIRST_FROM_OFFSET - 1, reverse: true };

    it("reads keys first once a page of the owner's list or a folder skips 100 rows", () => {
      assert.equal(KEYS_FIRST_FROM_OFFSET, 100);
      assert.equal(pageReadsKeysFirst(all.view, far), true);
      assert.equal(pageReadsKeysFirst(all.view, { ...near, offset: 100 }), true);
      assert.equal(pageReadsKeysFirst(all.view, near), false);
      assert.equal(pageReadsKeysFirst(all.view, { limit: 20, offset: 0, reverse: false }), false);
      const folder = { kind: 'folder', ownerId: OWNER, labelId: LABEL } as const;
      assert.equal(pageReadsKeysFirst(folder, far), true);
    });

    it('reads every other view straight from its index or listing, however far', () => {
      for (const view of [
        { kind: 'demo', ownerId: OWNER },
        { kind: 'team-folder', teamId: OWNER, labelId: LABEL },
        { kind: 'shared', customerId: OWNER },
        { kind: 'team', teamId: OWNER },
      ] as const) {
        assert.equal(pageReadsKeysFirst(view, far), false, view.kind);
      }
    });

    it("skips in a subquery of ids, then joins the page's rows in the same order", () => {
      const page = listPageStatement({ ...all, sort: 'title_asc' }, far);
      assert.match(
        page.text,
        /FROM \(SELECT p\.id FROM projects p WHERE p\.owner_id = \$1 AND NOT p\.is_demo\s+ORDER BY lower\(p\.title\) ASC, p\.id ASC LIMIT \$2 OFFSET \$3\) k/,
      );
      assert.match(
        page.text,
        /JOIN projects p ON p\.id = k\.id\s+ORDER BY lower\(p\.title\) ASC, p\.id ASC$/,
      );
      assert.deepEqual(page.values, [OWNER, 20, 49_990]);
      const direct = listPageStatement({ ...all, sort: 'title_asc' }, { ...far, offset: 0 });
      assert.notEqual(page.name, direct.name);
      assert.doesNotMatch(direct.text, /JOIN/);
      const backwards = listPageStatement(all, { ...far, reverse: true });
      assert.match(backwards.text, /p\.updated_at ASC, p\.id ASC LIMIT/);
      assert.notEqual(backwards.name, page.name);
    });

    it("collects a search's ids and sort keys only, and joins the page's rows", () => {
      const byDate = listSearchStatement({ ...all, search: 'rocket' }, { limit: 20, offset: 0 });
      assert.match(byDate.text, /MATERIALIZED \(SELECT p\.id, p\.updated_at FROM projects p/);
      assert.match(byDate.text, /JOIN projects p ON p\.id = k\.id/);
      assert.match(byDate.text, /k\.total/);
      const byTitle = listSearchStatement(
        { ...all, sort: 'title_desc', search: 'rocket' },
        { limit: 20, offset: 0 },
      );
      assert.match(byTitle.text, /MATERIALIZED \(SELECT p\.id, p\.title FROM projects p/);
      assert.doesNotMatch(byTitle.text, /\bdata\b/);
    });
  });

  describe('Shared with me and the team view (issue 31)', () => {
    const shared: ListRequest = {
      view: { kind: 'shared', customerId: OWNER },
      sort: 'date_desc',
      search: null,
    };
    const team: ListRequest = {
      view: { kind: 'team', teamId: LABEL },
      sort: 'title_asc',
      search: null,
    };

    it('reads the total of a listing from its counter, and counts the matches of a search', () => {
      const total = listTotalStatement(shared);
      assert.match(total.text, /FROM shared_counts WHERE grantee_id = \$1/);
      assert.deepEqual(total.values, [OWNER]);
      assert.ok(total.name.length > 0);
      const searched = listTotalStatement({ ...shared, search: ' 50% ' });
      assert.match(searched.text, /count\(\*\)::int AS total FROM shared_projects s/);
      assert.deepEqual(searched.values, [OWNER, '%50\\%%']);
      assert.equal(searched.name, '');
      assert.match(listTotalStatement(team).text, /grantee_id = \$1/);
    });

    it("pages a listing on its own sort keys, then joins the page's projects", () => {
      const page = listPageStatement(shared, { limit: 20, offset: 40, reverse: false });
      assert.match(page.text, /FROM shared_projects s WHERE s.customer_id = \$1/);
      assert.match(page.text, /ORDER BY s.updated_at DESC, s.project_id DESC LIMIT \$2 OFFSET \$3/);
      assert.match(page.text, /JOIN projects p ON p.id = s.project_id/);
      assert.match(page.text, /s\.access/);
      assert.deepEqual(page.values, [OWNER, 20, 40]);
      assert.doesNotMatch(page.text, /p\.data/);
      const teamPage = listPageStatement(team, { limit: 5, offset: 0, reverse: true });
      assert.match(teamPage.text, /FROM team_projects s WHERE s.team_id = \$1/);
      assert.match(teamPage.text, /lower\(s.title\) DESC, s.project_id DESC/);
      assert.doesNotMatch(teamPage.text, /s\.access/);
      assert.notEqual(teamPage.name, page.name);
    });

    it('orders a listing exactly as the owner list orders projects', () => {
      assert.equal(listingOrderBy('date_asc'), 's.updated_at ASC, s.project_id ASC');
      assert.equal(listingOrderBy('title_desc', true), 'lower(s.title) ASC, s.project_id ASC');
      assert.equal(orderBy('title_desc', true), 'lower(p.title) ASC, p.id ASC');
    });

    it('searches a listing in one statement with its total', () => {
      const search = listSearchStatement(
        { ...shared, search: 'logo', sort: 'title_asc' },
        { limit: 10, offset: 10 },
      );
      assert.match(search.text, /s.title ILIKE \$2/);
      assert.match(search.text, /AS total/);
      assert.deepEqual(search.values, [OWNER, '%logo%', 10, 10]);
    });

    it("asks for the grants of the page's own projects only, in one statement", () => {
      const row = (id: string, owner: string, isDemo = false) =>
        ({ id, owner_id: owner, is_demo: isDemo }) as ProjectListRow;
      const ids = ownProjectIds([row('a', OWNER), row('b', LABEL), row('c', OWNER, true)], OWNER);
      assert.deepEqual(ids, ['a']);
      assert.equal(listSharesStatement([]), null);
      const statement = listSharesStatement(['a', 'b']);
      assert.ok(statement);
      assert.deepEqual(statement.values, [['a', 'b']]);
      assert.match(statement.text, /WITH RECURSIVE up/);
      assert.match(statement.text, /label_shares/);
      assert.match(statement.text, /team_shares/);
    });

    it("files each grant under the project's own lists or its folders'", () => {
      const grants = sharesByProject([
        {
          project_id: 'a',
          via: 'project',
          kind: 'customer',
          id: 'c1',
          name: 'Ann',
          access: 'edit',
        },
        { project_id: 'a', via: 'label', kind: 'team', id: 't1', name: 'Crew', access: 'view' },
        { project_id: 'b', via: 'label', kind: 'customer', id: 'c2', name: 'Bo', access: 'view' },
      ]);
      assert.deepEqual(grants.get('a'), {
        customers: [{ id: 'c1', name: 'Ann', access: 'edit' }],
        teams: [],
        label: { customers: [], teams: [{ id: 't1', name: 'Crew', access: 'view' }] },
      });
      assert.deepEqual(grants.get('b')?.label.customers, [
        { id: 'c2', name: 'Bo', access: 'view' },
      ]);
      assert.equal(grants.get('c'), undefined);
    });
  });
});
