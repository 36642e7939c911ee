import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  endpoints,
  fillPath,
  PROJECT_SORTS,
  type ProjectListResponse,
  type ProjectSort,
} from '@animata/contracts';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  newCustomer,
  newLabel,
  newProject,
  newSessionCookie,
  newShare,
  newTeam,
} from '../support/factories.js';

/** The plain ORDER BY of each sort, as a reference for the paged answers. */
const REFERENCE: Record<ProjectSort, string> = {
  date_desc: 'updated_at DESC, id DESC',
  date_asc: 'updated_at ASC, id ASC',
  title_desc: 'lower(title) DESC, id DESC',
  title_asc: 'lower(title) ASC, id ASC',
};

describe('Shared with me (issue 31): what others shared, directly or through folders at any depth', () => {
  let app: TestApp;
  let db: DataSource;

  before(async () => {
    app = await startTestApp({ web: false });
    db = app.runtime.dataSource;
  });
  after(async () => {
    await app?.stop();
  });

  const listAs = async (cookie: string, query: Record<string, string | number | boolean>) => {
    const response = await fetch(`${app.url}${fillPath(endpoints.projects.list.path, { query })}`, {
      headers: { cookie },
    });
    assert.equal(response.status, 200);
    return (await response.json()) as ProjectListResponse;
  };
  const sharedOf = async (cookie: string, query: Record<string, string | number> = {}) =>
    listAs(cookie, { sharedWithMe: 'true', rows: 50, ...query });

  it('lists direct grants and projects of a shared folder at any depth; never demos, never one own', async () => {
    const owner = await newCustomer(db);
    const reader = await newCustomer(db);
    const cookie = await newSessionCookie(app, reader.id);
    const top = await newLabel(db, owner.id);
    const middle = await newLabel(db, owner.id, { parentId: top.id });
    const deep = await newLabel(db, owner.id, { parentId: middle.id });
    const inTop = await newProject(db, owner.id, { labelId: top.id });
    const inDeep = await newProject(db, owner.id, { labelId: deep.id });
    const direct = await newProject(db, owner.id);
    const notShared = await newProject(db, owner.id);
    const own = await newProject(db, reader.id, { title: 'Mine' });
    await newShare(db, { label: top.id, customer: reader.id });
    await newShare(db, { project: direct.id, customer: reader.id, access: 'edit' });
    // A grant to oneself is no share with me (the list is what OTHERS shared).
    await newShare(db, { project: own.id, customer: reader.id }).catch(() => undefined);

    const answer = await sharedOf(cookie);
    const ids = answer.data.map((p) => p.id).sort();
    assert.deepEqual(ids, [inTop.id, inDeep.id, direct.id].sort());
    assert.equal(answer.pagination.totalFiles, 3);
    assert.ok(!ids.includes(notShared.id));

    // A project created in the deep folder afterwards appears; one moved out leaves at once.
    const later = await newProject(db, owner.id, { labelId: deep.id });
    assert.ok((await sharedOf(cookie)).data.some((p) => p.id === later.id));
    await db.query(`UPDATE projects SET label_id = NULL WHERE id = $1`, [later.id]);
    const afterMove = await sharedOf(cookie);
    assert.ok(!afterMove.data.some((p) => p.id === later.id));
    assert.equal(afterMove.pagination.totalFiles, 3);

    // A folder moved out from under the shared one takes its projects along.
    await db.query(`UPDATE labels SET parent_id = NULL WHERE id = $1`, [middle.id]);
    assert.deepEqual(
      (await sharedOf(cookie)).data.map((p) => p.id).sort(),
      [inTop.id, direct.id].sort(),
    );
    await db.query(`UPDATE labels SET parent_id = $2 WHERE id = $1`, [middle.id, top.id]);
    assert.equal((await sharedOf(cookie)).pagination.totalFiles, 3);

    // The sharer's own lists are unchanged, and someone else sees nothing.
    const stranger = await newSessionCookie(app, (await newCustomer(db)).id);
    assert.equal((await sharedOf(stranger)).pagination.totalFiles, 0);
  });

  it('the most generous grant wins, and canEdit, canCopy and shares follow the role', async () => {
    const owner = await newCustomer(db, { name: 'Olive Owner' });
    const editor = await newCustomer(db, { name: 'Eddie Editor' });
    const viewer = await newCustomer(db, { name: 'Vera Viewer' });
    const folder = await newLabel(db, owner.id);
    const child = await newLabel(db, owner.id, { parentId: folder.id });
    const project = await newProject(db, owner.id, { labelId: child.id, title: 'Shared one' });
    await newShare(db, { label: folder.id, customer: viewer.id, access: 'view' });
    await newShare(db, { label: folder.id, customer: editor.id, access: 'view' });
    // Edit on the project itself beats view on the folder above.
    await newShare(db, { project: project.id, customer: editor.id, access: 'edit' });

    const asEditor = (await sharedOf(await newSessionCookie(app, editor.id))).data;
    assert.equal(asEditor.length, 1);
    assert.equal(asEditor[0]!.canEdit, true);
    assert.equal(asEditor[0]!.canCopy, true);
    assert.deepEqual(asEditor[0]!.shares, {
      customers: [],
      teams: [],
      label: { customers: [], teams: [] },
    });
    assert.equal(asEditor[0]!.owner.id, owner.id);

    const asViewer = (await sharedOf(await newSessionCookie(app, viewer.id))).data;
    assert.equal(asViewer[0]!.canEdit, false);
    assert.equal(asViewer[0]!.canCopy, true);

    // The owner's card lists the project's own grants and its folders' (names and access).
    const ownerCookie = await newSessionCookie(app, owner.id);
    const mine = (await listAs(ownerCookie, { rows: 50 })).data.find((p) => p.id === project.id);
    assert.ok(mine);
    assert.equal(mine.canEdit, true);
    assert.deepEqual(mine.shares.customers, [
      { id: editor.id, name: 'Eddie Editor', access: 'edit' },
    ]);
    assert.deepEqual(
      mine.shares.label.customers.map((c) => [c.name, c.access]),
      [
        ['Eddie Editor', 'view'],
        ['Vera Viewer', 'view'],
      ],
    );

    // Access changed to edit on the folder: the viewer can edit at once.
    await db.query(`UPDATE label_shares SET access = 'edit' WHERE customer_id = $1`, [viewer.id]);
    assert.equal((await sharedOf(await newSessionCookie(app, viewer.id))).data[0]!.canEdit, true);
  });

  it('a removed grant or a deleted project ends the listing at once', async () => {
    const owner = await newCustomer(db);
    const reader = await newCustomer(db);
    const cookie = await newSessionCookie(app, reader.id);
    const folder = await newLabel(db, owner.id);
    const a = await newProject(db, owner.id, { labelId: folder.id });
    const b = await newProject(db, owner.id);
    await newShare(db, { label: folder.id, customer: reader.id });
    await newShare(db, { project: b.id, customer: reader.id });
    assert.equal((await sharedOf(cookie)).pagination.totalFiles, 2);
    await db.query(`DELETE FROM label_shares WHERE customer_id = $1`, [reader.id]);
    assert.deepEqual(
      (await sharedOf(cookie)).data.map((p) => p.id),
      [b.id],
    );
    await db.query(`DELETE FROM projects WHERE id = $1`, [b.id]);
    const gone = await sharedOf(cookie);
    assert.equal(gone.pagination.totalFiles, 0);
    assert.equal(gone.data.length, 0);
    assert.ok(a.id);
  });

  it('sharing/remove-projects drops a direct grant from the list at once', async () => {
    const owner = await newCustomer(db);
    const reader = await newCustomer(db);
    const cookie = await newSessionCookie(app, reader.id);
    const project = await newProject(db, owner.id);
    await newShare(db, { project: project.id, customer: reader.id, access: 'edit' });
    assert.equal((await sharedOf(cookie)).pagination.totalFiles, 1);
    const response = await fetch(`${app.url}${endpoints.sharing.removeProjects.path}`, {
      method: 'POST',
      headers: { cookie, origin: app.url, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [project.id] }),
    });
    assert.equal(response.status, 200, await response.clone().text());
    const after = await sharedOf(cookie);
    assert.equal(after.pagination.totalFiles, 0);
    assert.deepEqual(after.data, []);
  });

  it('pages, sorts and searches like a plain ORDER BY … OFFSET over the same set', async () => {
    const owner = await newCustomer(db);
    const other = await newCustomer(db);
    const reader = await newCustomer(db);
    const cookie = await newSessionCookie(app, reader.id);
    const titles = ['Logo', 'banner', '100% done', 'snake_case', 'Intro', 'logo alt', 'Zebra'];
    const folder = await newLabel(db, owner.id);
    const sub = await newLabel(db, owner.id, { parentId: folder.id });
    const TOTAL = 31;
    for (let i = 0; i < TOTAL; i += 1) {
      const byOther = i % 4 === 0;
      await newProject(db, byOther ? other.id : owner.id, {
        title: `${titles[i % titles.length]} ${i % 5}`,
        labelId: byOther ? null : i % 2 === 0 ? folder.id : sub.id,
      });
    }
    await db.query(
      `UPDATE projects SET updated_at = now() - ((abs(hashtext(id)) % 7) * interval '1 hour')
        WHERE owner_id = ANY ($1::uuid[])`,
      [[owner.id, other.id]],
    );
    await newShare(db, { label: folder.id, customer: reader.id });
    const others: Array<{ id: string }> = await db.query(
      `SELECT id FROM projects WHERE owner_id = $1`,
      [other.id],
    );
    for (const { id } of others) await newShare(db, { project: id, customer: reader.id });
    const where = `owner_id = ANY ($1::uuid[]) AND NOT is_demo`;

    for (const sort of PROJECT_SORTS) {
      const expected: Array<{ id: string }> = await db.query(
        `SELECT id FROM projects WHERE ${where} ORDER BY ${REFERENCE[sort]}`,
        [[owner.id, other.id]],
      );
      assert.equal(expected.length, TOTAL);
      const seen: string[] = [];
      for (const page of [1, 2, 3, 4]) {
        const answer = await sharedOf(cookie, { rows: 10, page, sort_by: sort });
        assert.equal(answer.pagination.totalFiles, TOTAL);
        seen.push(...answer.data.map((p) => p.id));
      }
      assert.deepEqual(
        seen,
        expected.map((row) => row.id),
        sort,
      );
    }

    const expected: Array<{ id: string }> = await db.query(
      `SELECT id FROM projects WHERE ${where} AND title ILIKE '%logo%' ORDER BY ${REFERENCE.title_asc}`,
      [[owner.id, other.id]],
    );
    const found = await sharedOf(cookie, { titleSearchFilter: ' logo ', sort_by: 'title_asc' });
    assert.equal(found.pagination.totalFiles, expected.length);
    assert.deepEqual(
      found.data.map((p) => p.id),
      expected.map((row) => row.id),
    );
    const literal = await sharedOf(cookie, { titleSearchFilter: '100%' });
    assert.ok(literal.data.every((p) => p.title.startsWith('100% done')));
    assert.ok(literal.data.length > 0);
  });

  it('team shares stay in the team views, not in Shared with me', async () => {
    const owner = await newCustomer(db);
    const member = await newCustomer(db);
    const { teamId } = await newTeam(db, { owner, members: [{ customer: member }] });
    const project = await newProject(db, owner.id, { title: 'Team thing' });
    await db.query(`INSERT INTO team_shares (team_id, project_id) VALUES ($1, $2)`, [
      teamId,
      project.id,
    ]);
    const cookie = await newSessionCookie(app, member.id);
    assert.equal((await sharedOf(cookie)).pagination.totalFiles, 0);
    const teamView = await listAs(cookie, { team: teamId, rows: 20 });
    assert.deepEqual(
      teamView.data.map((p) => p.id),
      [project.id],
    );
    assert.equal(teamView.pagination.totalFiles, 1);
    await db.query(`UPDATE projects SET title = 'Renamed' WHERE id = $1`, [project.id]);
    assert.equal((await listAs(cookie, { team: teamId, rows: 20 })).data[0]!.title, 'Renamed');
    await db.query(`DELETE FROM team_shares WHERE team_id = $1`, [teamId]);
    assert.equal((await listAs(cookie, { team: teamId, rows: 20 })).pagination.totalFiles, 0);
  });

  it('answers a page in a fixed number of statements, whatever its size (no N+1)', async () => {
    const owner = await newCustomer(db);
    const reader = await newCustomer(db);
    const cookie = await newSessionCookie(app, reader.id);
    const ownerCookie = await newSessionCookie(app, owner.id);
    const folder = await newLabel(db, owner.id);
    const sub = await newLabel(db, owner.id, { parentId: folder.id });
    for (let i = 0; i < 30; i += 1)
      await newProject(db, owner.id, { labelId: i % 2 === 0 ? folder.id : sub.id });
    await newShare(db, { label: folder.id, customer: reader.id });
    const statementsFor = async (run: () => Promise<unknown>) => {
      const before = await statementCount(db);
      await run();
      return (await statementCount(db)) - before;
    };
    const small = await statementsFor(() => sharedOf(cookie, { rows: 2 }));
    const big = await statementsFor(() => sharedOf(cookie, { rows: 30 }));
    assert.equal(big, small);
    // The session, the total and the page (grants of a page of others need none).
    assert.ok(small > 0 && small <= 6, `${small} statements`);
    const ownSmall = await statementsFor(() => listAs(ownerCookie, { rows: 2 }));
    const ownBig = await statementsFor(() => listAs(ownerCookie, { rows: 30 }));
    assert.equal(ownBig, ownSmall);
  });
});

/** Statements sent to PostgreSQL so far by this process (every pg client's query calls). */
let sent = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  sent += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
async function statementCount(_db: DataSource): Promise<number> {
  return sent;
}
