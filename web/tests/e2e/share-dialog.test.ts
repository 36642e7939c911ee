import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sharingMessages, welcomeTexts } from '@animata/contracts';
import {
  newCustomer,
  newLabel,
  newProject,
  newSession,
  newShare,
  newShareInvite,
  newSubscriptionRow,
  newTeam,
  sessionCookieName,
  shareWithTeam,
} from '@animata/server/test-support';
import type { Locator, Page } from 'playwright-core';
import {
  snackbar,
  useBrowserTest,
  waitForHydration,
  type BrowserTest,
} from '../support/browser.js';

async function cookiesOf(t: BrowserTest, customerId: string): Promise<Record<string, string>> {
  return { [sessionCookieName(t.app.config)]: await newSession(t.app, customerId) };
}

function shareDialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: `${sharingMessages.share} “${title}”` });
}

function row(dialog: Locator, text: string): Locator {
  return dialog.getByTestId('share-row').filter({ hasText: text });
}

/** With JavaScript the dialog's notes show in the dialog (the page behind it is inert). */
async function note(dialog: Locator, text: string): Promise<void> {
  await dialog.getByRole('status').getByText(text).waitFor();
}

/** A failure shows in the dialog's alert. */
async function failure(dialog: Locator, text: string): Promise<void> {
  await dialog.getByRole('alert').getByText(text).waitFor();
}

/** The control keeps the focus through its post (a disabled control would drop it). */
async function keepsFocus(page: Page, control: Locator): Promise<void> {
  const handle = await control.elementHandle();
  await page.waitForFunction((element) => element === document.activeElement, handle);
}

/** After a removal or a revoke the focus is on the 'People with access' heading. */
async function focusOnPeople(page: Page): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.textContent === 'People with access');
}

/**
 * The share dialog (projects-dashboard §2, §4-§6, §8; issue 31) for a folder and a project: from
 * the folder menu, a card's menu and the project page; invites (a team member with edit, an
 * outsider whose edit is disabled), Pending, revoking, changing and removing access after the
 * question, the team switch, the public link and its copy; the Premium chip for a free customer
 * and the read-only dialog of a viewer. Once with JavaScript (fetchers, notes in the dialog),
 * once without (plain forms, redirects and the page's notification).
 */
describe('the share dialog', () => {
  const t = useBrowserTest();
  const ds = () => t.app.runtime.dataSource;

  it('with JavaScript: shares a folder from its menu and a project from its page', async () => {
    const [owner, member, colleague, stranger] = await Promise.all([
      newCustomer(ds(), { name: 'Olga Owner' }),
      newCustomer(ds(), { name: 'Mia Member' }),
      newCustomer(ds(), { name: 'Cole Colleague' }),
      newCustomer(ds(), { name: 'Sid Stranger' }),
    ]);
    await newTeam(ds(), {
      owner,
      title: 'Studio',
      members: [{ customer: member }, { customer: colleague }],
    });
    const folder = await newLabel(ds(), owner.id, { title: 'Client work' });
    const project = await newProject(ds(), owner.id, {
      title: 'Spinning square',
      labelId: folder.id,
    });
    await ds().query(
      `INSERT INTO label_shares (label_id, customer_id, access) VALUES ($1, $2, 'view')`,
      [folder.id, colleague.id],
    );
    await newShare(ds(), { label: folder.id, customer: stranger.id });
    const page = await t.open('/', { cookies: await cookiesOf(t, owner.id) });
    await page.locator('summary[aria-label="Folder actions for Client work"]').click();
    await page.getByRole('link', { name: sharingMessages.share, exact: true }).click();
    const dialog = shareDialog(page, 'Client work');
    await dialog.waitFor();
    assert.match(page.url(), /share=label%3A/);

    // The team members are suggested while the field has focus; the keyboard picks one.
    const field = dialog.getByRole('combobox', { name: 'Invite by e-mail' });
    await field.fill('mia');
    await dialog.getByRole('option', { name: new RegExp(member.email) }).waitFor();
    await field.press('ArrowDown');
    await field.press('Enter');
    assert.equal(await field.inputValue(), member.email);
    const grant = dialog.getByLabel('Access', { exact: true });
    await grant.selectOption('edit');
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await note(dialog, sharingMessages.inviteSent);
    await row(dialog, member.email).getByText(sharingMessages.pending).waitFor();
    await row(dialog, member.email).getByText(sharingMessages.edit, { exact: true }).waitFor();
    // §4: the field is empty again, the access view.
    assert.equal(await field.inputValue(), '');
    assert.equal(await grant.inputValue(), 'view');

    // §5: not an address → the message, nothing sent.
    await field.fill('not-an-address');
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByText(sharingMessages.invalidEmail).waitFor();

    // An outsider: edit is offered only for team members.
    const outsider = `outsider-${Date.now()}@example.test`;
    await field.fill(outsider);
    const edit = grant.getByRole('option', { name: sharingMessages.editOnlyForTeamMembers });
    assert.equal(await edit.isDisabled(), true);
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await note(dialog, sharingMessages.inviteSent);
    await row(dialog, outsider).getByText(sharingMessages.pending).waitFor();
    await row(dialog, outsider).getByText(sharingMessages.view, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: `Remove invite: ${outsider}` }).click();
    await note(dialog, sharingMessages.inviteRemoved);
    await row(dialog, outsider).waitFor({ state: 'detached' });
    await focusOnPeople(page);
    // Revoked meanwhile elsewhere: the stale dialog's revoke fails (§8).
    t.allowConsoleError(page, /status of 404/);
    await ds().query(`DELETE FROM share_invites WHERE lower(recipient_email) = lower($1)`, [
      member.email,
    ]);
    await dialog.getByRole('button', { name: `Remove invite: ${member.email}` }).click();
    await failure(dialog, sharingMessages.revokeInviteFailed);

    // A granted customer outside the owner's teams: edit is not offered (§4).
    const strangerAccess = dialog.getByLabel(`Access for ${stranger.email}`, { exact: true });
    const strangerEdit = strangerAccess.getByRole('option', {
      name: sharingMessages.editOnlyForTeamMembers,
    });
    assert.equal(await strangerEdit.isDisabled(), true);
    // Removed meanwhile elsewhere: the stale dialog's removal fails (§8).
    await ds().query(`DELETE FROM label_shares WHERE label_id = $1 AND customer_id = $2`, [
      folder.id,
      stranger.id,
    ]);
    await dialog.getByRole('button', { name: `Remove access for ${stranger.email}` }).click();
    await page
      .getByRole('dialog', { name: sharingMessages.confirmRemoveAccess(stranger.email) })
      .getByRole('button', { name: 'Remove' })
      .click();
    await failure(dialog, sharingMessages.revokeAccessFailed);
    await row(dialog, stranger.email).waitFor({ state: 'detached' });

    // An existing grant: its access changed, then removed after the question.
    const colleagueAccess = dialog.getByLabel(`Access for ${colleague.email}`, { exact: true });
    await colleagueAccess.focus();
    await colleagueAccess.selectOption('edit');
    await note(dialog, sharingMessages.accessUpdated);
    await keepsFocus(page, colleagueAccess);
    await dialog.getByRole('button', { name: `Remove access for ${colleague.email}` }).click();
    const question = page.getByRole('dialog', {
      name: sharingMessages.confirmRemoveAccess(colleague.email),
    });
    await question.getByRole('button', { name: 'Remove' }).click();
    await note(dialog, sharingMessages.customerRemoved);
    await row(dialog, colleague.email).waitFor({ state: 'detached' });
    await focusOnPeople(page);

    // The team switch: on grants view. The customer's own team says so (§6).
    await dialog.getByTestId('share-team').getByText(sharingMessages.yourTeam).waitFor();
    const studio = dialog.getByRole('switch', { name: 'Share with Studio' });
    await studio.check();
    await note(dialog, sharingMessages.accessUpdated);
    await keepsFocus(page, studio);
    assert.equal(
      await dialog.getByLabel('Access for Studio', { exact: true }).inputValue(),
      'view',
    );
    await t.screenshot(page, 'share/folder-dialog-desktop');

    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('share'));
    await dialog.waitFor({ state: 'detached' });

    // The project page's Share: the public link, copied.
    await page.goto(`/${project.id}`);
    await waitForHydration(page);
    await page.getByRole('link', { name: sharingMessages.share, exact: true }).click();
    const projectDialog = shareDialog(page, 'Spinning square');
    await projectDialog.waitFor();
    const publicRadio = projectDialog.getByRole('radio', {
      name: new RegExp(sharingMessages.public),
    });
    await publicRadio.check();
    await note(projectDialog, sharingMessages.publicLinkSaved);
    await keepsFocus(page, publicRadio);
    const link = projectDialog.getByLabel('Public link');
    await link.waitFor();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: t.app.url,
    });
    await projectDialog.getByRole('button', { name: 'Copy link' }).click();
    await note(projectDialog, sharingMessages.linkCopied);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, await link.inputValue());
    await t.screenshot(page, 'share/project-dialog-desktop');
  });

  it('without JavaScript: every change is a form post and comes back to the dialog', async () => {
    const [owner, viewer] = await Promise.all([
      newCustomer(ds(), { name: 'Nora Owner' }),
      newCustomer(ds(), { name: 'Vic Viewer' }),
    ]);
    await newTeam(ds(), { owner, title: 'Crew', members: [{ customer: viewer }] });
    const project = await newProject(ds(), owner.id, { title: 'Bouncing ball' });
    await ds().query(
      `INSERT INTO project_shares (project_id, customer_id, access) VALUES ($1, $2, 'view')`,
      [project.id, viewer.id],
    );
    const page = await t.open('/', { cookies: await cookiesOf(t, owner.id), javaScript: false });
    await page.locator('summary[aria-label="Actions for Bouncing ball"]').click();
    await page
      .getByTestId('project-card')
      .getByRole('link', { name: sharingMessages.share, exact: true })
      .click();
    const dialog = shareDialog(page, 'Bouncing ball');
    await dialog.waitFor();

    const field = dialog.getByLabel('Invite by e-mail');
    t.allowConsoleError(page, /status of 422/);
    await field.fill('nobody at example');
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByText(sharingMessages.invalidEmail).waitFor();
    const outsider = `plain-${Date.now()}@example.test`;
    await dialog.getByLabel('Invite by e-mail').fill(outsider);
    // The address is not known when the page is drawn: Edit is selectable, and the server's
    // note says that it became view.
    await dialog.getByLabel('Access', { exact: true }).selectOption('edit');
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await snackbar(page, sharingMessages.inviteSentAsView);
    await row(dialog, outsider).getByText(sharingMessages.pending).waitFor();
    await row(dialog, outsider).getByText(sharingMessages.view, { exact: true }).waitFor();
    assert.equal(await dialog.getByLabel('Invite by e-mail').inputValue(), '');

    await dialog.getByLabel(`Access for ${viewer.email}`, { exact: true }).selectOption('edit');
    await dialog.getByRole('button', { name: `Change access for ${viewer.email}` }).click();
    await snackbar(page, sharingMessages.accessUpdated);
    assert.equal(
      await dialog.getByLabel(`Access for ${viewer.email}`, { exact: true }).inputValue(),
      'edit',
    );

    await dialog.getByRole('button', { name: `Remove invite: ${outsider}` }).click();
    await snackbar(page, sharingMessages.inviteRemoved);

    await dialog.getByRole('link', { name: `Remove access for ${viewer.email}` }).click();
    const question = page.getByRole('dialog', {
      name: sharingMessages.confirmRemoveAccess(viewer.email),
    });
    await question.getByRole('button', { name: 'Remove' }).click();
    await snackbar(page, sharingMessages.customerRemoved);
    await row(dialog, viewer.email).waitFor({ state: 'detached' });

    await dialog.getByRole('radio', { name: new RegExp(sharingMessages.public) }).check();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await snackbar(page, sharingMessages.publicLinkSaved);
    await dialog.getByLabel('Public link').waitFor();

    // The team switch and its access list, saved by a plain post.
    await dialog.getByRole('switch', { name: 'Share with Crew' }).check();
    await dialog.getByLabel('Access for Crew', { exact: true }).selectOption('edit');
    await dialog.getByRole('button', { name: 'Save sharing with Crew' }).click();
    await snackbar(page, sharingMessages.accessUpdated);
    assert.equal(await dialog.getByRole('switch', { name: 'Share with Crew' }).isChecked(), true);

    // The link's expiry day and password (a disclosure, no script needed).
    await dialog.getByText('Link settings', { exact: true }).click();
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Expires on (optional)').fill(day);
    await dialog.getByLabel('Password (optional)').fill('open sesame');
    await dialog.getByRole('button', { name: 'Save link settings' }).click();
    await snackbar(page, sharingMessages.publicLinkSaved);
    const [saved] = await ds().query<
      Array<{ access: string; expires: string | null; password: boolean }>
    >(
      `SELECT (SELECT access FROM team_shares WHERE project_id = p.id) AS access,
              to_char(p.public_expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS expires,
              p.public_password_hash IS NOT NULL AS password
         FROM projects p WHERE p.id = $1`,
      [project.id],
    );
    assert.deepEqual(saved, { access: 'edit', expires: day, password: true });
    await t.screenshot(page, 'share/project-dialog-no-javascript');
  });

  it('a free customer sees the Premium chip; a viewer sees the dialog read-only', async () => {
    const [free, owner, viewer] = await Promise.all([
      newCustomer(ds()),
      newCustomer(ds(), { name: 'Pat Pro' }),
      // A first visit: the welcome screen waits while the address opens the share dialog.
      newCustomer(ds(), { name: 'Val Viewer', onboardingProjects: true }),
    ]);
    const own = await newProject(ds(), free.id, { title: 'Free sketch' });
    const page = await t.open(`/${own.id}?share=1`, { cookies: await cookiesOf(t, free.id) });
    const dialog = shareDialog(page, 'Free sketch');
    const chip = dialog.getByText(sharingMessages.premium, { exact: true });
    await chip.hover();
    await dialog.getByRole('tooltip', { name: sharingMessages.premiumTooltip }).waitFor();
    await dialog.getByText(sharingMessages.upgradeToShare).waitFor();
    assert.equal(await dialog.getByLabel('Invite by e-mail').count(), 0);

    await newSubscriptionRow(ds(), owner.id, { planId: 'pro-monthly' });
    const shared = await newProject(ds(), owner.id, { title: 'Shared reel' });
    await ds().query(
      `INSERT INTO project_shares (project_id, customer_id, access) VALUES ($1, $2, 'view')`,
      [shared.id, viewer.id],
    );
    const phone = await t.open(`/?share=project:${shared.id}`, {
      cookies: await cookiesOf(t, viewer.id),
      viewport: 'phone',
    });
    const readOnly = shareDialog(phone, 'Shared reel');
    await readOnly.getByText(sharingMessages.readOnly).waitFor();
    assert.equal(await phone.getByRole('dialog', { name: welcomeTexts.title }).count(), 0);
    assert.equal(await readOnly.getByText(sharingMessages.teamOwnerReactivate).count(), 0);
    await row(readOnly, owner.email).getByText(sharingMessages.owner).waitFor();
    assert.equal(await readOnly.getByLabel('Invite by e-mail').count(), 0);
    assert.equal(await readOnly.getByRole('combobox').count(), 0);
    // Remove is a link (a button once hydrated): neither is offered to a viewer.
    assert.equal(await readOnly.getByRole('link', { name: /^Remove access/ }).count(), 0);
    assert.equal(await readOnly.getByRole('button', { name: /^Remove/ }).count(), 0);
    for (const name of [sharingMessages.private, sharingMessages.public]) {
      assert.equal(
        await readOnly.getByRole('radio', { name: new RegExp(name) }).isDisabled(),
        true,
      );
    }
    await t.screenshot(phone, 'share/read-only-phone');

    // An owner whose (team) plan lapsed may still stop sharing: remove a customer, revoke an
    // invite, switch the team off and make the link private; nothing new can be granted.
    const [lapsed, guest, crewMate] = await Promise.all([
      newCustomer(ds(), { name: 'Lee Lapsed' }),
      newCustomer(ds(), { name: 'Gus Guest' }),
      newCustomer(ds(), { name: 'Cam Crew' }),
    ]);
    const crew = await newTeam(ds(), {
      owner: lapsed,
      title: 'Old crew',
      members: [{ customer: crewMate }],
      expired: true,
    });
    const reel = await newProject(ds(), lapsed.id, { title: 'Old reel', isPublic: true });
    await newShare(ds(), { project: reel.id, customer: guest.id });
    await shareWithTeam(ds(), crew.teamId, { projectId: reel.id });
    const gone = `gone-${Date.now()}@example.test`;
    await newShareInvite(ds(), {
      target: { projectId: reel.id },
      inviterId: lapsed.id,
      email: gone,
    });
    const lapsedPage = await t.open(`/${reel.id}?share=1`, {
      cookies: await cookiesOf(t, lapsed.id),
    });
    await waitForHydration(lapsedPage);
    const stop = shareDialog(lapsedPage, 'Old reel');
    await stop.getByText(sharingMessages.upgradeToShare).waitFor();
    await stop.getByText(sharingMessages.teamOwnerReactivate).waitFor();
    assert.equal(await stop.getByLabel('Invite by e-mail').count(), 0);
    assert.equal(
      await stop.getByRole('radio', { name: new RegExp(sharingMessages.public) }).isDisabled(),
      true,
    );
    await stop.getByRole('button', { name: `Remove access for ${guest.email}` }).click();
    await lapsedPage
      .getByRole('dialog', { name: sharingMessages.confirmRemoveAccess(guest.email) })
      .getByRole('button', { name: 'Remove' })
      .click();
    await note(stop, sharingMessages.customerRemoved);
    await row(stop, guest.email).waitFor({ state: 'detached' });
    await stop.getByRole('button', { name: `Remove invite: ${gone}` }).click();
    await note(stop, sharingMessages.inviteRemoved);
    await row(stop, gone).waitFor({ state: 'detached' });
    await stop.getByRole('switch', { name: 'Share with Old crew' }).uncheck();
    await note(stop, sharingMessages.accessUpdated);
    await stop.getByRole('radio', { name: new RegExp(sharingMessages.private) }).check();
    await note(stop, sharingMessages.publicLinkSaved);
    await stop.getByLabel('Public link').waitFor({ state: 'detached' });
    const [left] = await ds().query<Array<{ is_public: boolean; shares: number }>>(
      `SELECT p.is_public,
              (SELECT count(*)::int FROM project_shares WHERE project_id = p.id)
            + (SELECT count(*)::int FROM team_shares WHERE project_id = p.id)
            + (SELECT count(*)::int FROM share_invites WHERE project_id = p.id) AS shares
         FROM projects p WHERE p.id = $1`,
      [reel.id],
    );
    assert.deepEqual(left, { is_public: false, shares: 0 });
  });
});
