import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpoints, fillPath } from '@animata/contracts';
import type { CustomerEntity } from '../../src/modules/customers/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  newCustomer,
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
  'teamMember',
  'teamAdmin',
  'outsider',
  'anonymous',
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
 * editor (edit). Folder R (edit for the editor) holds R1, with project Q, and R2. An editor
 * moves only inside a folder whose edit grant reaches them: Q from R1 to R2, never P (its own
 * edit grant is on P, and F is not under G) to G.
 */
describe('sharing authorization matrix', () => {
  let app: TestApp;
  const db = () => app.runtime.dataSource;

  before(async () => {
    app = await startTestApp({ web: false });
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
    const folder = await newLabel(db(), who.owner.id);
    const other = await newLabel(db(), who.owner.id);
    const project = await newProject(db(), who.owner.id, { labelId: folder.id });
    await newShare(db(), { project: project.id, customer: who.editor.id, access: 'edit' });
    const viewerShare = await newShare(db(), { project: project.id, customer: who.viewer.id });
    const folderShare = await newShare(db(), {
      label: folder.id,
      customer: who.inheritedViewer.id,
    });
    await newShare(db(), { label: other.id, customer: who.editor.id, access: 'edit' });
    await shareWithTeam(db(), team.teamId, { projectId: project.id });
    // Folder R (edit for the editor) holds R1, with project Q, and R2: the editor's moves stay
    // inside R (decision sharing-access, editors' moves).
    const root = await newLabel(db(), who.owner.id);
    const [inside, beside] = await Promise.all([
      newLabel(db(), who.owner.id, { parentId: root.id }),
      newLabel(db(), who.owner.id, { parentId: root.id }),
    ]);
    const nested = await newProject(db(), who.owner.id, { labelId: inside.id });
    await newShare(db(), { label: root.id, customer: who.editor.id, access: 'edit' });
    const call = async (role: Role) =>
      cookieCaller(app, role === 'anonymous' ? '' : await newSessionCookie(app, who[role].id));
    return {
      who,
      team,
      folder,
      other,
      project,
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
    expect: Omit<Record<Role, number>, 'anonymous'>;
  };

  const readers = {
    editor: 200,
    viewer: 200,
    inheritedViewer: 200,
    teamMember: 200,
    teamAdmin: 200,
  };
  const refusedReaders = {
    editor: 403,
    viewer: 403,
    inheritedViewer: 403,
    teamMember: 403,
    teamAdmin: 403,
  };
  const strangers = {
    editor: 404,
    viewer: 404,
    inheritedViewer: 404,
    teamMember: 404,
    teamAdmin: 404,
  };

  const cases: Case[] = [
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
        teamMember: 201,
        teamAdmin: 201,
        outsider: 404,
      },
    },
    {
      name: 'PUT projects/{id} (rename)',
      request: (w) => ['PUT', path(p.update.path, w.project.id), { title: 'Renamed' }],
      expect: { owner: 200, ...refusedReaders, editor: 200, outsider: 404 },
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
      // it from F's grantees.
      expect: { owner: 200, ...refusedReaders, outsider: 404 },
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
    },
    {
      name: 'DELETE customer/projects (many)',
      request: (w) => ['DELETE', p.deleteMany.path, { projects: [w.project.id] }],
      expect: { owner: 200, ...refusedReaders, outsider: 404 },
    },
    // Folders: their owner's alone (decision sharing-access).
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
      expect: { owner: 200, ...strangers, inheritedViewer: 200, outsider: 404 },
    },
    {
      name: 'PUT sharing/project-customer/{viewer’s grant}',
      request: (w) => ['PUT', path(s.projectCustomer.path, w.viewerShare), { access: 'edit' }],
      expect: { owner: 200, ...refusedReaders, outsider: 404 },
    },
    {
      name: 'PUT sharing/label-customer/{F’s grant}',
      request: (w) => ['PUT', path(s.labelCustomer.path, w.folderShare), { access: 'edit' }],
      expect: { owner: 200, ...strangers, inheritedViewer: 403, outsider: 404 },
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
      expect: { owner: 200, ...strangers, inheritedViewer: 403, outsider: 404 },
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
      expect: { owner: 200, ...strangers, inheritedViewer: 403, outsider: 404 },
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
        teamMember: 422,
        teamAdmin: 422,
        outsider: 404,
      },
    },
    {
      name: 'POST sharing/remove-labels (own access to F)',
      request: (w) => ['POST', s.removeLabels.path, { ids: [w.folder.id] }],
      expect: { owner: 404, ...strangers, inheritedViewer: 200, outsider: 404 },
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
  ];

  it('answers every project, folder and sharing call for each role as §6 says (0 mismatches)', async () => {
    const mismatches: Array<{ call: string; role: Role; status: number; expected: number }> = [];
    for (const c of cases) {
      const shared = c.readOnly ? await world() : null;
      for (const role of ROLES) {
        const expected = role === 'anonymous' ? 401 : c.expect[role];
        const w = shared ?? (await world());
        const [method, url, body] = c.request(w);
        const answer = await (await w.call(role))(method, url, body);
        if (answer.status !== expected)
          mismatches.push({ call: c.name, role, status: answer.status, expected });
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
