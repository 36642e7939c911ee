import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DataSource } from 'typeorm';
import { AccessService, Permission } from '../../src/common/access/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  newCustomer,
  newDemoProjects,
  newLabel,
  newProject,
  newShare,
  newTeam,
  shareWithTeam,
} from '../support/factories.js';

/**
 * Sharing's access checks on real PostgreSQL (issue 31): the effective access of a customer to
 * projects and folders, inherited through folders at any depth, the most generous grant winning,
 * a lapsed team's shares giving nothing; each check one query for the whole set.
 */
describe('access checks of sharing', () => {
  let app: TestApp;
  let db: DataSource;
  let access: AccessService;

  before(async () => {
    app = await startTestApp({ web: false });
    db = app.runtime.dataSource;
    access = app.app.get(AccessService);
  });
  after(async () => {
    await app?.stop();
  });

  const as = (customerId: string) => ({ customerId });

  it('reaches a project three folders below a shared folder, and ends when the share goes', async () => {
    const owner = await newCustomer(db);
    const guest = await newCustomer(db);
    const top = await newLabel(db, owner.id);
    const middle = await newLabel(db, owner.id, { parentId: top.id });
    const bottom = await newLabel(db, owner.id, { parentId: middle.id });
    const deep = await newProject(db, owner.id, { labelId: bottom.id });
    const outside = await newProject(db, owner.id);
    const shareId = await newShare(db, { label: top.id, customer: guest.id });

    const readable = await access.check(as(guest.id), Permission.ProjectRead, [
      deep.id,
      outside.id,
    ]);
    assert.deepEqual([...readable], [deep.id]);
    assert.deepEqual(
      [
        ...(await access.check(as(guest.id), Permission.LabelReadShared, [
          top.id,
          middle.id,
          bottom.id,
        ])),
      ].sort(),
      [top.id, middle.id, bottom.id].sort(),
    );
    assert.equal((await access.projectAccess(as(guest.id), [deep.id])).get(deep.id), 'view');
    // View gives neither rename nor move.
    assert.equal((await access.check(as(guest.id), Permission.ProjectUpdate, [deep.id])).size, 0);
    assert.equal((await access.check(as(guest.id), Permission.ProjectMove, [deep.id])).size, 0);

    await db.query(`DELETE FROM label_shares WHERE id = $1`, [shareId]);
    assert.equal((await access.check(as(guest.id), Permission.ProjectRead, [deep.id])).size, 0);
    assert.equal(
      (await access.check(as(guest.id), Permission.LabelReadShared, [bottom.id])).size,
      0,
    );
  });

  it('lets the most generous grant win: a direct view under a folder edit edits', async () => {
    const owner = await newCustomer(db);
    const guest = await newCustomer(db);
    const folder = await newLabel(db, owner.id);
    const sub = await newLabel(db, owner.id, { parentId: folder.id });
    const project = await newProject(db, owner.id, { labelId: sub.id });
    await newShare(db, { project: project.id, customer: guest.id, access: 'view' });
    await newShare(db, { label: folder.id, customer: guest.id, access: 'edit' });
    assert.equal((await access.projectAccess(as(guest.id), [project.id])).get(project.id), 'edit');
    assert.deepEqual(
      [...(await access.check(as(guest.id), Permission.ProjectUpdate, [project.id]))],
      [project.id],
    );
    assert.deepEqual(
      [...(await access.check(as(guest.id), Permission.ProjectMove, [project.id]))],
      [project.id],
    );
    assert.deepEqual(
      [...(await access.check(as(guest.id), Permission.LabelEditShared, [sub.id]))],
      [sub.id],
    );
    // Only the owner shares, deletes, or manages the grants.
    for (const permission of [Permission.ProjectShare, Permission.ProjectDelete])
      assert.equal((await access.check(as(guest.id), permission, [project.id])).size, 0);
    assert.equal((await access.check(as(guest.id), Permission.LabelShare, [folder.id])).size, 0);
    assert.deepEqual(
      [...(await access.check(as(owner.id), Permission.ProjectShare, [project.id]))],
      [project.id],
    );
    assert.equal((await access.projectAccess(as(owner.id), [project.id])).get(project.id), 'owner');
  });

  it('ends inherited access when the project moves out of the shared folder', async () => {
    const owner = await newCustomer(db);
    const guest = await newCustomer(db);
    const folder = await newLabel(db, owner.id);
    const project = await newProject(db, owner.id, { labelId: folder.id });
    await newShare(db, { label: folder.id, customer: guest.id });
    assert.equal((await access.check(as(guest.id), Permission.ProjectRead, [project.id])).size, 1);
    await db.query(`UPDATE projects SET label_id = NULL WHERE id = $1`, [project.id]);
    assert.equal((await access.check(as(guest.id), Permission.ProjectRead, [project.id])).size, 0);
  });

  it('gives team members the team’s grants at any depth while the plan is active, nothing once it lapsed', async () => {
    const owner = await newCustomer(db);
    const member = await newCustomer(db);
    const live = await newTeam(db, { owner, members: [{ customer: member }] });
    const top = await newLabel(db, owner.id);
    const sub = await newLabel(db, owner.id, { parentId: top.id });
    const project = await newProject(db, owner.id, { labelId: sub.id });
    await shareWithTeam(db, live.teamId, { labelId: top.id }, 'edit');
    assert.equal((await access.projectAccess(as(member.id), [project.id])).get(project.id), 'edit');

    const lapsedOwner = await newCustomer(db);
    const other = await newCustomer(db);
    const lapsed = await newTeam(db, {
      owner: lapsedOwner,
      members: [{ customer: other }],
      expired: true,
    });
    const theirs = await newProject(db, lapsedOwner.id);
    await shareWithTeam(db, lapsed.teamId, { projectId: theirs.id }, 'edit');
    assert.equal((await access.check(as(other.id), Permission.ProjectRead, [theirs.id])).size, 0);
  });

  it('lets the owner manage grants, the grantee drop them, and a team admin take items out of the team', async () => {
    const owner = await newCustomer(db);
    const guest = await newCustomer(db);
    const admin = await newCustomer(db);
    const project = await newProject(db, owner.id);
    const folder = await newLabel(db, owner.id);
    const grant = await newShare(db, { project: project.id, customer: guest.id });
    const folderGrant = await newShare(db, { label: folder.id, customer: guest.id });
    assert.equal(
      (await access.check(as(owner.id), Permission.ShareGrantManage, [grant, folderGrant])).size,
      2,
    );
    assert.equal(
      (await access.check(as(guest.id), Permission.ShareGrantManage, [grant, folderGrant])).size,
      0,
    );
    assert.equal(
      (await access.check(as(guest.id), Permission.SharedItemRemove, [project.id, folder.id])).size,
      2,
    );
    assert.equal(
      (await access.check(as(owner.id), Permission.SharedItemRemove, [project.id, folder.id])).size,
      0,
    );

    const team = await newTeam(db, {
      owner: await newCustomer(db),
      members: [{ customer: admin, role: 'administrator' }, { customer: guest }],
    });
    await shareWithTeam(db, team.teamId, { projectId: project.id });
    const [row]: Array<{ id: string }> = await db.query(
      `SELECT id FROM team_shares WHERE team_id = $1 AND project_id = $2`,
      [team.teamId, project.id],
    );
    for (const [who, expected] of [
      [owner.id, 1],
      [admin.id, 1],
      [guest.id, 0],
    ] as const)
      assert.equal(
        (await access.check(as(who), Permission.TeamShareRemove, [row!.id])).size,
        expected,
      );
  });

  it('opens a team folder view below a folder shared with the team, only while its plan is active', async () => {
    const owner = await newCustomer(db);
    const member = await newCustomer(db);
    const stranger = await newCustomer(db);
    const team = await newTeam(db, { owner, members: [{ customer: member }] });
    const top = await newLabel(db, owner.id);
    const sub = await newLabel(db, owner.id, { parentId: top.id });
    const subSub = await newLabel(db, owner.id, { parentId: sub.id });
    const beside = await newLabel(db, owner.id);
    await shareWithTeam(db, team.teamId, { labelId: top.id });
    const readable = async (who: string) =>
      [
        ...(await access.check(as(who), Permission.TeamLabelRead, [
          top.id,
          sub.id,
          subSub.id,
          beside.id,
        ])),
      ].sort();
    assert.deepEqual(await readable(member.id), [top.id, sub.id, subSub.id].sort());
    assert.deepEqual(await readable(stranger.id), []);
    // The plan lapses: the team's shares give nothing, its folders neither.
    await db.query(
      `UPDATE subscriptions SET status = 'expired', current_period_end = now() - interval '1 day'
        WHERE id = (SELECT subscription_id FROM teams WHERE id = $1)`,
      [team.teamId],
    );
    assert.deepEqual(await readable(member.id), []);
  });

  it('never counts a grant on a demo, and keeps demo originals readable by all', async () => {
    const guest = await newCustomer(db);
    const { projects } = await newDemoProjects(db, ['Demo']);
    const demo = projects[0]!;
    assert.deepEqual(
      [...(await access.check(as(guest.id), Permission.ProjectRead, [demo.id]))],
      [demo.id],
    );
    await newShare(db, { project: demo.id, customer: guest.id, access: 'edit' });
    assert.equal((await access.check(as(guest.id), Permission.ProjectUpdate, [demo.id])).size, 0);
  });

  it('answers a thousand ids in one query, malformed ids dropped', async () => {
    const guest = await newCustomer(db);
    const owner = await newCustomer(db);
    const folder = await newLabel(db, owner.id);
    const real = await Promise.all(
      Array.from({ length: 3 }, () => newProject(db, owner.id, { labelId: folder.id })),
    );
    await newShare(db, { label: folder.id, customer: guest.id });
    const ids = Array.from({ length: 1000 }, (_, i) => i.toString(36).padStart(32, 'x'));
    // Every query the check sends goes through the data source: count them.
    const query = db.query.bind(db);
    let queries = 0;
    db.query = ((...args: Parameters<DataSource['query']>) => {
      queries += 1;
      return query(...args);
    }) as DataSource['query'];
    const started = Date.now();
    try {
      const allowed = await access.check(as(guest.id), Permission.ProjectRead, [
        ...ids,
        ...real.map((project) => project.id),
        'bad',
        "x' OR 1=1",
      ]);
      assert.deepEqual([...allowed].sort(), real.map((project) => project.id).sort());
      assert.equal(queries, 1);
      queries = 0;
      assert.equal((await access.projectAccess(as(guest.id), [...ids, real[0]!.id])).size, 1);
      assert.equal(queries, 1);
    } finally {
      db.query = query;
    }
    assert.ok(Date.now() - started < 2000);
  });
});
