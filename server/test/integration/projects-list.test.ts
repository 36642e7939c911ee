import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  endpoints,
  fillPath,
  PROJECT_SORTS,
  type ProjectListResponse,
  type ProjectSort,
} from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newLabel, newProject, newSessionCookie } from '../support/factories.js';

/** One list call of the customer whose session cookie this is. */
async function listAs(app: TestApp, cookie: string, query: Record<string, string | number>) {
  const response = await fetch(`${app.url}${fillPath(endpoints.projects.list.path, { query })}`, {
    headers: { cookie },
  });
  assert.equal(response.status, 200);
  return (await response.json()) as ProjectListResponse;
}

/** The plain ORDER BY of each sort, as a reference for the paged answers. */
const REFERENCE: Record<ProjectSort, string> = {
  date_desc: 'updated_at DESC, id DESC',
  date_asc: 'updated_at ASC, id ASC',
  title_desc: 'lower(title) DESC, id DESC',
  title_asc: 'lower(title) ASC, id ASC',
};

describe('project lists: paging, sorts and search against a plain ORDER BY … OFFSET', () => {
  let app: TestApp;
  let cookie: string;
  let ownerId: string;
  let folderId: string;
  const TOTAL = 47;

  before(async () => {
    app = await startTestApp({ web: false });
    const db = app.runtime.dataSource;
    const owner = await newCustomer(db);
    ownerId = owner.id;
    cookie = await newSessionCookie(app, owner.id);
    const folder = await newLabel(db, owner.id);
    folderId = folder.id;
    const titles = ['Logo', 'banner', '100% done', 'snake_case', 'Intro', 'logo alt', 'Zebra'];
    for (let i = 0; i < TOTAL; i += 1) {
      await newProject(db, owner.id, {
        // Repeated titles and timestamps, so the id tie-break decides.
        title: `${titles[i % titles.length]} ${i % 5}`,
        labelId: i % 3 === 0 ? folder.id : null,
      });
    }
    await db.query(
      `UPDATE projects SET updated_at = now() - ((abs(hashtext(id)) % 7) * interval '1 hour')
        WHERE owner_id = $1`,
      [owner.id],
    );
    // Someone else's projects never show.
    const other = await newCustomer(db);
    for (let i = 0; i < 5; i += 1) await newProject(db, other.id, { title: `Logo ${i}` });
  });
  after(async () => {
    await app?.stop();
  });

  const list = (query: Record<string, string | number>) => listAs(app, cookie, query);

  const reference = async (sort: ProjectSort, where: string, values: unknown[]) => {
    const rows: Array<{ id: string }> = await app.runtime.dataSource.query(
      `SELECT id FROM projects WHERE ${where} ORDER BY ${REFERENCE[sort]}`,
      values,
    );
    return rows.map((row) => row.id);
  };

  it('answers the first, a middle and the last page of every sort like a plain query', async () => {
    const rows = 10;
    for (const sort of PROJECT_SORTS) {
      const expected = await reference(sort, 'owner_id = $1 AND NOT is_demo', [ownerId]);
      assert.equal(expected.length, TOTAL);
      for (const page of [1, 2, 3, 4, 5]) {
        const answer = await list({ rows, page, sort_by: sort });
        assert.equal(answer.pagination.totalFiles, TOTAL);
        assert.equal(answer.pagination.page, page);
        assert.deepEqual(
          answer.data.map((project) => project.id),
          expected.slice((page - 1) * rows, page * rows),
          `${sort} page ${page}`,
        );
      }
    }
  });

  it('answers a page past the end empty, with the total', async () => {
    const answer = await list({ rows: 10, page: 6 });
    assert.deepEqual(answer.data, []);
    assert.equal(answer.pagination.totalFiles, TOTAL);
  });

  it('lists a folder’s own projects only, in every sort and page', async () => {
    const expected = await reference('title_asc', 'label_id = $1', [folderId]);
    assert.equal(expected.length, 16);
    const pages = [1, 2, 3, 4].map((page) =>
      list({ rows: 5, page, sort_by: 'title_asc', label: folderId }),
    );
    const answers = await Promise.all(pages);
    assert.deepEqual(
      answers.flatMap((answer) => answer.data.map((project) => project.id)),
      expected,
    );
    assert.equal(answers[0]!.pagination.totalFiles, 16);
  });

  it('searches titles case-insensitively, with % and _ matching themselves', async () => {
    const logo = await list({ titleSearchFilter: 'LOGO', rows: 100, sort_by: 'date_desc' });
    const expected = await reference('date_desc', 'owner_id = $1 AND title ILIKE $2', [
      ownerId,
      '%logo%',
    ]);
    assert.deepEqual(
      logo.data.map((project) => project.id),
      expected,
    );
    assert.equal(logo.pagination.totalFiles, expected.length);
    const percent = await list({ titleSearchFilter: '100%', rows: 100 });
    assert.ok(percent.data.length > 0);
    assert.ok(percent.data.every((project) => project.title.startsWith('100% done')));
    const underscore = await list({ titleSearchFilter: 'e_c', rows: 100 });
    assert.ok(underscore.data.length > 0);
    assert.ok(underscore.data.every((project) => project.title.startsWith('snake_case')));
    const none = await list({ titleSearchFilter: '%', rows: 100 });
    assert.ok(none.data.every((project) => project.title.includes('%')));
    const paged = await list({ titleSearchFilter: 'logo', rows: 4, page: 2, sort_by: 'title_asc' });
    const titleOrder = await reference('title_asc', 'owner_id = $1 AND title ILIKE $2', [
      ownerId,
      '%logo%',
    ]);
    assert.deepEqual(
      paged.data.map((project) => project.id),
      titleOrder.slice(4, 8),
    );
    const past = await list({ titleSearchFilter: 'logo', rows: 4, page: 50 });
    assert.deepEqual(past.data, []);
    assert.equal(past.pagination.totalFiles, titleOrder.length);
  });

  it('searches inside a folder when a folder is given', async () => {
    const answer = await list({ titleSearchFilter: 'logo', label: folderId, rows: 100 });
    const expected = await reference('date_desc', 'label_id = $1 AND title ILIKE $2', [
      folderId,
      '%logo%',
    ]);
    assert.deepEqual(
      answer.data.map((project) => project.id),
      expected,
    );
  });

  it('never selects the data in a list row', async () => {
    const answer = await list({ rows: 1 });
    assert.equal('data' in answer.data[0]!, false);
  });
});

describe('project lists: pages far from both ends (issue 33) against a plain ORDER BY … OFFSET', () => {
  let app: TestApp;
  let cookie: string;
  let ownerId: string;
  let folderId: string;
  // Enough rows that pages in the middle skip 100 or more from either end (the keys-first read).
  const TOTAL = 450;
  const IN_FOLDER = 300;

  before(async () => {
    app = await startTestApp({ web: false });
    const db = app.runtime.dataSource;
    const owner = await newCustomer(db);
    ownerId = owner.id;
    cookie = await newSessionCookie(app, owner.id);
    folderId = (await newLabel(db, owner.id)).id;
    // In one statement (450 saves one at a time would be slow); repeated titles and timestamps,
    // so the id tie-break decides, and two rows in three in the folder.
    await db.query(
      `INSERT INTO projects (id, owner_id, title, label_id, data, size_bytes, updated_at)
       SELECT md5($1::text || i), $1::uuid, (ARRAY['Logo', 'banner', 'Intro', 'logo alt'])[1 + i % 4] || ' ' || (i % 5),
              CASE WHEN i % 3 = 0 THEN NULL ELSE $2::uuid END, '{}'::jsonb, 100,
              now() - (i % 7) * interval '1 hour'
         FROM generate_series(1, $3::int) AS i`,
      [owner.id, folderId, TOTAL],
    );
    const other = await newCustomer(db);
    for (let i = 0; i < 3; i += 1) await newProject(db, other.id, { title: `Logo ${i}` });
  });
  after(async () => {
    await app?.stop();
  });

  const list = (query: Record<string, string | number>) => listAs(app, cookie, query);

  const offsetPage = async (
    sort: ProjectSort,
    where: string,
    values: unknown[],
    page: number,
    rows: number,
  ) => {
    const found: Array<{ id: string }> = await app.runtime.dataSource.query(
      `SELECT id FROM projects WHERE ${where} ORDER BY ${REFERENCE[sort]} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, rows, (page - 1) * rows],
    );
    return found.map((row) => row.id);
  };

  it("answers every sort's middle pages of the owner's list like the plain OFFSET query", async () => {
    const rows = 20;
    // Page 6 skips 100 forwards, 12 is the middle (220 of 450), 13 reads backwards skipping 190;
    // 5 and 23 (the last) read straight from the index.
    for (const sort of PROJECT_SORTS) {
      for (const page of [5, 6, 12, 13, 23]) {
        const answer = await list({ rows, page, sort_by: sort });
        assert.equal(answer.pagination.totalFiles, TOTAL);
        const expected = await offsetPage(
          sort,
          'owner_id = $1 AND NOT is_demo',
          [ownerId],
          page,
          rows,
        );
        assert.equal(expected.length, page === 23 ? 10 : rows);
        assert.deepEqual(
          answer.data.map((project) => project.id),
          expected,
          `${sort} page ${page}`,
        );
      }
    }
  });

  it("answers a folder's middle pages, in every sort and by default, like the plain query", async () => {
    const rows = 10;
    // Page 13 skips 120 forwards, 16 is the middle, 17 reads backwards skipping 130.
    for (const sort of [undefined, ...PROJECT_SORTS]) {
      for (const page of [13, 16, 17]) {
        const answer = await list({
          rows,
          page,
          label: folderId,
          ...(sort ? { sort_by: sort } : {}),
        });
        assert.equal(answer.pagination.totalFiles, IN_FOLDER);
        const expected = await offsetPage(
          sort ?? 'date_desc',
          'label_id = $1',
          [folderId],
          page,
          rows,
        );
        assert.equal(expected.length, rows);
        assert.deepEqual(
          answer.data.map((project) => project.id),
          expected,
          `${sort ?? 'default'} page ${page}`,
        );
      }
    }
  });

  it('answers a search page far down its matches like the plain query, with its total', async () => {
    for (const sort of PROJECT_SORTS) {
      const answer = await list({ titleSearchFilter: 'LOGO', rows: 20, page: 9, sort_by: sort });
      const where = 'owner_id = $1 AND NOT is_demo AND title ILIKE $2';
      const expected = await offsetPage(sort, where, [ownerId, '%logo%'], 9, 20);
      assert.deepEqual(
        answer.data.map((project) => project.id),
        expected,
        sort,
      );
      // 'Logo' and 'logo alt': i % 4 of 0 and 3 among 1..450.
      assert.equal(answer.pagination.totalFiles, 224);
    }
  });
});
