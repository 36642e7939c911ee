import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { emptyProjectData, endpoints, fillPath, sharingMessages } from '@animata/contracts';
import { FILE_STORAGE } from '../../src/common/tokens.js';
import type { FileStorage } from '../../src/modules/storage/index.js';
import type { CustomerEntity } from '../../src/modules/customers/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  newCustomer,
  newDemoProjects,
  newLabel,
  newProject,
  newSessionCookie,
  newShare,
  newTeam,
  shareWithTeam,
} from '../support/factories.js';
import { cookieCaller } from '../support/http-client.js';

const ROLES = [
  'owner',
  'editor',
  'viewer',
  'inheritedViewer',
  'inheritedEditor',
  'deepViewer',
  'teamMember',
  'lapsedMember',
  'teamAdmin',
  'outsider',
  /** Signed out, holding a public project's link (its address). */
  'anonymousWithLink',
] as const;
type Role = (typeof ROLES)[number];

const p = endpoints.projects;
const l = endpoints.labels;
const s = endpoints.sharing;
const path = (template: string, id: string) => fillPath(template, { params: { id } });

/**
 * The authorization matrix of sharing (issue 31; projects-dashboard §6): every project, folder
 * and sharing call, for each role a shared project can have, against the status §6 and our
 * decisions give. The world: the owner (team plan, owner of team T) has project P in folder F,
 * and folder G. P is shared directly with the editor (edit) and the viewer (view) and with team
 * T (view: its member and its administrator); F with the inherited viewer (view); G with the
 * editor (edit). F lies under M under T; T is shared with the deep viewer, F with the inherited
 * editor (edit); P with a lapsed team (edit) whose member gets nothing; G with team T (view).
 * Folder R (edit for the editor) holds R1, with project Q, and R2. An editor
 * moves only inside a folder whose edit grant reaches them: Q from R1 to R2, never P (its own
 * edit grant is on P, and F is not under G) to G. Project O in F is public: its link plays for
 * everyone, signed out included (the anonymous-with-link role), while P's answers 404 to all.
 */
describe('sharing authorization matrix', () => {
  let app: TestApp;
  const db = () => app.runtime.dataSource;

  let demoId = '';

  before(async () => {
    app = await startTestApp({ web: false });
    demoId = (await newDemoProjects(db(), ['Demo']))!.projects[0]!.id;
  });
  after(async () => {
    await app?.stop();
  });

  async function world() {
    const people = await Promise.all(ROLES.map(() => newCustomer(db())));
    const who = Object.fromEntries(ROLES.map((role, i) => [role, people[i]!])) as Record<
      Role,
      CustomerEntity
    >;
    const team = await newTeam(db(), {
      owner: who.owner,
      members: [
        { customer: who.teamMember, role: 'member' },
        { customer: who.teamAdmin, role: 'administrator' },
      ],
    });
    // F lies two folders deep: T > M > F; T is shared with the deep viewer.
    const top = await newLabel(db(), who.owner.id);
    const middle = await newLabel(db(), who.owner.id, { parentId: top.id });
    const folder = await newLabel(db(), who.owner.id, { parentId: middle.id });
    const other = await newLabel(db(), who.owner.id);
    const project = await newProject(db(), who.owner.id, { labelId: folder.id });
    const previewKey = `previews/${project.id}/1.svg`;
    await app.app.get<FileStorage>(FILE_STORAGE).put(previewKey, '<svg/>');
    await db().query(
      `UPDATE projects SET preview_key = $2,
              data = jsonb_set(data, '{document}', '"<svg xmlns=\\"http://www.w3.org/2000/svg\\"/>"')
        WHERE id = $1`,
      [project.id, previewKey],
    );
    await newShare(db(), { label: top.id, customer: who.deepViewer.id });
    await newShare(db(), { label: folder.id, customer: who.inheritedEditor.id, access: 'edit' });
    // A team whose plan lapsed, with P shared with it (edit): its member gets nothing.
    const lapsed = await newTeam(db(), {
      owner: await newCustomer(db()),
      members: [{ customer: who.lapsedMember, role: 'member' }],
      expired: true,
    });
    await shareWithTeam(db(), lapsed.teamId, { projectId: project.id }, 'edit');
    // G is shared with team T too (view): what the team calls on folders act on.
    await shareWithTeam(db(), team.teamId, { labelId: other.id });
    await newShare(db(), { project: project.id, customer: who.editor.id, access: 'edit' });
    const viewerShare = await newShare(db(), { project: project.id, customer: who.viewer.id });
    const folderShare = await newShare(db(), {
      label: folder.id,
      customer: who.inheritedViewer.id,
    });
    await newShare(db(), { label: other.id, customer: who.editor.id, access: 'edit' });
    await shareWithTeam(db(), team.teamId, { projectId: project.id });
    // Folder R (edit for the editor) holds R1, with project Q, and R2: the editor's moves stay
    // inside R (decision 214).
    const root = await newLabel(db(), who.owner.id);
    const [inside, beside] = await Promise.all([
      newLabel(db(), who.owner.id, { parentId: root.id }),
      newLabel(db(), who.owner.id, { parentId: root.id }),
    ]);
    const nested = await newProject(db(), who.owner.id, { labelId: inside.id });
    await newShare(db(), { label: root.id, customer: who.editor.id, access: 'edit' });
    // A public project of the owner's (its link plays for anyone) beside the private P.
    const published = await newProject(db(), who.owner.id, { labelId: folder.id });
    await db().query(
      `UPDATE projects SET is_public = true,
              data = jsonb_set(data, '{document}', '"<svg xmlns=\\"http://www.w3.org/2000/svg\\"/>"')
        WHERE id = $1`,
      [published.id],
    );
    const call = async (role: Role) =>
      cookieCaller(
        app,
        role === 'anonymousWithLink' ? '' : await newSessionCookie(app, who[role].id),
      );
    return {
      who,
      team,
      folder,
      other,
      project,
      published,
      viewerShare,
      folderShare,
      root,
      inside,
      beside,
      nested,
      call,
    };
  }
  type World = Awaited<ReturnType<typeof world>>;

  type Case = {
    name: string;
    /** Changes nothing for any role, so one world serves them all. */
    readOnly?: boolean;
    request: (w: World) => [string, string, unknown?];
    expect: Omit<Record<Role, number>, 'anonymousWithLink'>;
    /** What someone signed out gets; 401 unless said (only the public calls answer them). */
    anonymousWithLink?: number;
    /** For these roles, the refusal's text and that the database did not change. */
    refusal?: { roles: Role[]; error: string; unchanged: (w: World) => Promise<unknown> };
  };

  const readers = {
    editor: 200,
    viewer: 200,
    inheritedViewer: 200,
    inheritedEditor: 200,
    deepViewer: 200,
    teamMember: 200,
    teamAdmin: 200,
    lapsedMember: 404,
  };
  const refusedReaders = {
    editor: 403,
    viewer: 403,
    inheritedViewer: 403,
    inheritedEditor: 403,
    deepViewer: 403,
    teamMember: 403,
    teamAdmin: 403,
    lapsedMember: 404,
  };
  const strangers = {
    editor: 404,
    viewer: 404,
    inheritedViewer: 404,
    inheritedEditor: 404,
    deepViewer: 404,
    teamMember: 404,
    teamAdmin: 404,
    lapsedMember: 404,
  };
  const everyone = (status: number) => ({
    owner: status,
    editor: status,
    viewer: status,
    inheritedViewer: status,
    inheritedEditor: status,
    deepViewer: status,
    teamMember: status,
    teamAdmin: status,
    lapsedMember: status,
    outsider: status,
  });
  const row = async (w: World) =>
    (
      await db().query(`SELECT title, label_id, data FROM projects WHERE id = $1`, [w.project.id])
    )[0] as unknown;

  /** Who else opens F (through F itself or T above it). */
  const folderReaders403 = { inheritedEditor: 403, deepViewer: 403 };

  const cases: Case[] = [
    // Lists: the owner's folder, a team view, shared with me (the listing itself is another
    // helper's; here only who may ask).
    {
      name: 'GET projects?label=F',
      readOnly: true,
      request: (w) => ['GET', `${p.list.path}?label=${w.folder.id}`],
      expect: { owner: 200, ...strangers, outsider: 404 },
    },
    {
      name: 'GET projects?team=T',
      readOnly: true,
      request: (w) => ['GET', `${p.list.path}?team=${w.team.teamId}`],
      expect: { owner: 200, ...strangers, teamMember: 200, teamAdmin: 200, outsider: 404 },
    },
    {
      name: 'GET projects?sharedWithMe=true',
      readOnly: true,
      request: () => ['GET', `${p.list.path}?sharedWithMe=true`],
      expect: everyone(200),
    },
    {
      name: 'GET customer/labels',
      readOnly: true,
      request: () => ['GET', l.list.path],
      expect: everyone(200),
    },
    {
      name: 'POST projects (into F)',
      request: (w) => ['POST', p.create.path, { label: w.folder.id }],
      expect: { owner: 201, ...strangers, outsider: 404 },
    },
    // A demo original: everyone opens it, nobody changes or shares it.
    {
      name: 'GET projects/{demo}',
      readOnly: true,
      request: () => ['GET', path(p.get.path, demoId)],
      expect: everyone(200),
    },
    {
      name: 'PUT projects/{demo} (rename)',
      readOnly: true,
      request: () => ['PUT', path(p.update.path, demoId), { title: 'Mine' }],
      expect: everyone(422),
    },
    {
      name: 'PUT sharing/project/{demo}/team',
      readOnly: true,
      request: (w) => ['PUT', path(s.teamProject.path, demoId), { team: w.team.teamId }],
      // Everyone sees a demo: its refusal is the demos' notice (as PUT projects/{demo}).
      expect: everyone(422),
    },
    // Projects.
    {
      name: 'GET projects/{id}',
      readOnly: true,
      request: (w) => ['GET', path(p.get.path, w.project.id)],
      expect: { owner: 200, ...readers, outsider: 404 },
    },
    {
      name: 'GET customer/projects/{id}/get-details',
      readOnly: true,
      request: (w) => ['GET', path(p.details.path, w.project.id)],
      expect: { owner: 200, ...readers, outsider: 404 },
    },
    {
      name: 'POST customer/projects/{id}/duplicate',
      request: (w) => ['POST', path(p.duplicate.path, w.project.id), {}],
      expect: {
        owner: 201,
        editor: 201,
        viewer: 201,
        inheritedViewer: 201,
        inheritedEditor: 201,
        deepViewer: 201,
        teamMember: 201,
        teamAdmin: 201,
        lapsedMember: 404,
        outsider: 404,
      },
    },
    {
      name: 'POST customer/projects/{id}/duplicate (into F)',
      request: (w) => ['POST', path(p.duplicate.path, w.project.id), { label: w.folder.id }],
      // A copy is the copier's: only into their own folders.
      expect: { owner: 201, ...strangers, outsider: 404 },
    },
    {
      name: 'GET projects/{id}/preview',
      readOnly: true,
      request: (w) => ['GET', path(p.preview.path, w.project.id)],
      expect: { owner: 200, ...readers, outsider: 404 },
    },
    {
      name: 'GET projects/{id}/document',
      readOnly: true,
      request: (w) => ['GET', path(p.document.path, w.project.id)],
      expect: { owner: 200, ...readers, outsider: 404 },
    },
    {
      name: 'PUT projects/{id} (rename)',
      request: (w) => ['PUT', path(p.update.path, w.project.id), { title: 'Renamed' }],
      expect: { owner: 200, ...refusedReaders, editor: 200, inheritedEditor: 200, outsider: 404 },
      refusal: {
        roles: ['viewer', 'deepViewer'],
        error: sharingMessages.onlyOwner,
        unchanged: row,
      },
    },
    {
      name: 'PUT projects/{id} (data)',
      request: (w) => ['PUT', path(p.update.path, w.project.id), { data: emptyProjectData() }],
      expect: { owner: 200, ...refusedReaders, editor: 200, inheritedEditor: 200, outsider: 404 },
      refusal: { roles: ['teamMember'], error: sharingMessages.onlyOwner, unchanged: row },
    },
    {
      name: 'PUT projects/{id} (is_public)',
      request: (w) => ['PUT', path(p.update.path, w.project.id), { is_public: 1 }],
      expect: { owner: 200, ...refusedReaders, outsider: 404 },
    },
    {
      name: 'PUT sharing/project/{id}/public-link',
      request: (w) => ['PUT', path(s.publicLink.path, w.project.id), { isPublic: true }],
      expect: { owner: 200, ...refusedReaders, outsider: 404 },
    },
    {
      name: 'PUT customer/projects (move P from F to G)',
      request: (w) => ['PUT', p.move.path, { projects: [w.project.id], label: w.other.id }],
      // The editor edits P and G, but F is under no edit grant of theirs: moving P would take
      // it from F's grantees. The inherited editor edits F, not G: 404 for G.
      expect: { owner: 200, ...refusedReaders, inheritedEditor: 404, outsider: 404 },
      refusal: { roles: ['editor'], error: sharingMessages.onlyOwner, unchanged: row },
    },
    {
      name: 'PUT customer/projects (move Q from R1 to R2, inside R)',
      request: (w) => ['PUT', p.move.path, { projects: [w.nested.id], label: w.beside.id }],
      expect: { owner: 200, ...strangers, editor: 200, outsider: 404 },
    },
    {
      name: 'PUT customer/projects (move Q from R1 to G, out of R)',
      request: (w) => ['PUT', p.move.path, { projects: [w.nested.id], label: w.other.id }],
      expect: { owner: 200, ...strangers, editor: 403, outsider: 404 },
    },
    {
      name: 'DELETE customer/projects/{id}',
      request: (w) => ['DELETE', path(p.delete.path, w.project.id)],
      expect: { owner: 200, ...refusedReaders, outsider: 404 },
      refusal: {
        roles: ['editor', 'inheritedEditor'],
        error: sharingMessages.onlyOwner,
        unchanged: row,
      },
    },
    {
      name: 'DELETE customer/projects (many)',
      request: (w) => ['DELETE', p.deleteMany.path, { projects: [w.project.id] }],
      expect: { owner: 200, ...refusedReaders, outsider: 404 },
    },
    // Folders: their owner's alone (decision 221).
    {
      name: 'PUT customer/labels/{id} (rename F)',
      request: (w) => ['PUT', path(l.update.path, w.folder.id), { title: 'Renamed' }],
      expect: { owner: 200, ...strangers, outsider: 404 },
    },
    {
      name: 'POST customer/labels (a folder under F)',
      request: (w) => ['POST', l.create.path, { title: 'Inside', parentId: w.folder.id }],
      expect: { owner: 201, ...strangers, outsider: 404 },
    },
    {
      name: 'DELETE customer/labels/{id} (F)',
      request: (w) => ['DELETE', path(l.delete.path, w.folder.id)],
      expect: { owner: 200, ...strangers, outsider: 404 },
    },
    // Sharing.
    {
      name: 'GET sharing/project/{id}',
      readOnly: true,
      request: (w) => ['GET', path(s.project.path, w.project.id)],
      expect: { owner: 200, ...readers, outsider: 404 },
    },
    {
      name: 'GET sharing/label/{id} (F)',
      readOnly: true,
      request: (w) => ['GET', path(s.label.path, w.folder.id)],
      expect: {
        owner: 200,
        ...strangers,
        inheritedViewer: 200,
        inheritedEditor: 200,
        deepViewer: 200,
        outsider: 404,
      },
    },
    {
      name: 'PUT sharing/project-customer/{viewer’s grant}',
      request: (w) => ['PUT', path(s.projectCustomer.path, w.viewerShare), { access: 'edit' }],
      expect: { owner: 200, ...refusedReaders, outsider: 404 },
    },
    {
      name: 'PUT sharing/label-customer/{F’s grant}',
      request: (w) => ['PUT', path(s.labelCustomer.path, w.folderShare), { access: 'edit' }],
      expect: {
        owner: 200,
        ...strangers,
        inheritedViewer: 403,
        ...folderReaders403,
        outsider: 404,
      },
    },
    {
      name: 'DELETE sharing/project/{id} (the viewer)',
      request: (w) => [
        'DELETE',
        path(s.removeProject.path, w.project.id),
        { type: 'customer', customer: w.who.viewer.id },
      ],
      expect: { owner: 200, ...refusedReaders, outsider: 404 },
    },
    {
      name: 'DELETE sharing/label/{id} (the inherited viewer)',
      request: (w) => [
        'DELETE',
        path(s.removeLabel.path, w.folder.id),
        { type: 'customer', customer: w.who.inheritedViewer.id },
      ],
      expect: {
        owner: 200,
        ...strangers,
        inheritedViewer: 403,
        ...folderReaders403,
        outsider: 404,
      },
    },
    {
      name: 'PUT sharing/project/{id}/team (edit)',
      request: (w) => [
        'PUT',
        path(s.teamProject.path, w.project.id),
        { team: w.team.teamId, grantAccess: 'edit' },
      ],
      expect: { owner: 200, ...refusedReaders, outsider: 404 },
    },
    {
      name: 'PUT sharing/label/{id}/team (F)',
      request: (w) => ['PUT', path(s.teamLabel.path, w.folder.id), { team: w.team.teamId }],
      expect: {
        owner: 200,
        ...strangers,
        inheritedViewer: 403,
        ...folderReaders403,
        outsider: 404,
      },
    },
    {
      name: 'DELETE sharing/project/{id} (the team)',
      request: (w) => [
        'DELETE',
        path(s.removeProject.path, w.project.id),
        { type: 'team', team: w.team.teamId },
      ],
      expect: { owner: 200, ...refusedReaders, outsider: 404 },
    },
    {
      name: 'POST sharing/remove-projects (own access)',
      request: (w) => ['POST', s.removeProjects.path, { ids: [w.project.id] }],
      expect: {
        owner: 404,
        editor: 200,
        viewer: 200,
        // Only through a folder or a team: nothing of their own to drop.
        inheritedViewer: 422,
        inheritedEditor: 422,
        deepViewer: 422,
        teamMember: 422,
        teamAdmin: 422,
        lapsedMember: 404,
        outsider: 404,
      },
    },
    {
      name: 'POST sharing/remove-labels (own access to F)',
      request: (w) => ['POST', s.removeLabels.path, { ids: [w.folder.id] }],
      expect: {
        owner: 404,
        ...strangers,
        inheritedViewer: 200,
        inheritedEditor: 200,
        // Through T above F: nothing of their own on F.
        deepViewer: 422,
        outsider: 404,
      },
    },
    {
      name: 'POST sharing/remove-projects with teamId (from the team)',
      request: (w) => [
        'POST',
        s.removeProjects.path,
        { ids: [w.project.id], teamId: w.team.teamId },
      ],
      expect: { owner: 200, ...strangers, teamMember: 403, teamAdmin: 200, outsider: 404 },
    },
    {
      name: 'POST sharing/remove-labels with teamId (G from the team)',
      request: (w) => ['POST', s.removeLabels.path, { ids: [w.other.id], teamId: w.team.teamId }],
      expect: { owner: 200, ...strangers, teamMember: 403, teamAdmin: 200, outsider: 404 },
    },
    {
      name: 'DELETE sharing/label/{id} (G, the team)',
      request: (w) => [
        'DELETE',
        path(s.removeLabel.path, w.other.id),
        { type: 'team', team: w.team.teamId },
      ],
      expect: {
        owner: 200,
        ...strangers,
        editor: 403,
        teamMember: 403,
        teamAdmin: 403,
        outsider: 404,
      },
      refusal: {
        roles: ['teamAdmin'],
        error: sharingMessages.onlyOwner,
        unchanged: (w) =>
          db().query(`SELECT id, access FROM team_shares WHERE label_id = $1`, [w.other.id]),
      },
    },
  ];

  cases.push(
    {
      name: 'GET public/projects/{id} (public)',
      readOnly: true,
      request: (w) => ['GET', path(endpoints.publicProjects.get.path, w.published.id)],
      expect: everyone(200),
      anonymousWithLink: 200,
    },
    {
      name: 'GET public/projects/{id}/document (public)',
      readOnly: true,
      request: (w) => ['GET', path(endpoints.publicProjects.document.path, w.published.id)],
      expect: everyone(200),
      anonymousWithLink: 200,
    },
    {
      name: 'GET public/projects/{id} (private P: even its owner)',
      readOnly: true,
      request: (w) => ['GET', path(endpoints.publicProjects.get.path, w.project.id)],
      expect: everyone(404),
      anonymousWithLink: 404,
    },
    {
      name: 'GET public/projects/{id}/document (private P)',
      readOnly: true,
      request: (w) => ['GET', path(endpoints.publicProjects.document.path, w.project.id)],
      expect: everyone(404),
      anonymousWithLink: 404,
    },
  );

  it('answers every project, folder and sharing call for each role as §6 says (0 mismatches)', async () => {
    const mismatches: Array<{ call: string; role: Role; status: number; expected: number }> = [];
    for (const c of cases) {
      const shared = c.readOnly ? await world() : null;
      for (const role of ROLES) {
        const expected =
          role === 'anonymousWithLink' ? (c.anonymousWithLink ?? 401) : c.expect[role];
        const w = shared ?? (await world());
        const [method, url, body] = c.request(w);
        const checked = c.refusal?.roles.includes(role) ? c.refusal : null;
        const before = checked ? JSON.stringify(await checked.unchanged(w)) : null;
        const answer = await (await w.call(role))<{ error?: string }>(method, url, body);
        if (answer.status !== expected)
          mismatches.push({ call: c.name, role, status: answer.status, expected });
        if (checked) {
          assert.equal(answer.body.error, checked.error, `${c.name} as ${role}: the text`);
          assert.equal(
            JSON.stringify(await checked.unchanged(w)),
            before,
            `${c.name} as ${role}: the database changed`,
          );
        }
      }
    }
    if (mismatches.length > 0) console.table(mismatches);
    assert.equal(
      mismatches.length,
      0,
      `mismatches:\n${mismatches.map((m) => `${m.call} as ${m.role}: ${m.status}, expected ${m.expected}`).join('\n')}`,
    );
  });
});
