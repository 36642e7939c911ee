import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dashboardLabels, dashboardTexts, sharingMessages } from '@animata/contracts';
import { newCustomer, newShare, newTeam } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { snackbar, useBrowserTest, type BrowserTest } from '../support/browser.js';
import { listProjects } from '../support/projects.js';
import { cardTitles, openCardMenu, seedFolder, seedProjects } from './dashboard-support.js';
import { cookiesOf, sendSharingChanged } from './shared-with-me-support.js';

/**
 * Shared with me (projects-dashboard §2, §6; issue 31): an owner shares a folder with a member
 * of their team (edit) and with an outsider (view), the grants made as an accepted invite leaves
 * them (the share dialog has its own test). Both find the project in Shared with me with the
 * actions of their role: the editor opens and renames, the viewer has View project; both may
 * edit a copy; Remove drops a project shared with them directly. A grant made while the
 * outsider's dashboard is open shows there without a reload (live channel). Once with
 * JavaScript and once without.
 */
describe('Shared with me in Chromium', () => {
  const t = useBrowserTest();
  const ds = () => t.app.runtime.dataSource;

  async function scene(t: BrowserTest) {
    const owner = await newCustomer(ds(), { name: 'Olive Owner' });
    const editor = await newCustomer(ds(), { name: 'Eddie Editor' });
    const viewer = await newCustomer(ds(), { name: 'Vera Viewer' });
    await newTeam(ds(), { owner, members: [{ customer: editor }] });
    const folder = await seedFolder(t, owner.id, 'Storyboards');
    const inner = await seedFolder(t, owner.id, 'Act one', folder.id);
    const [shared] = await seedProjects(t, owner.id, ['Opening scene'], inner.id);
    const [direct] = await seedProjects(t, owner.id, ['Credits roll']);
    await seedProjects(t, owner.id, ['Private notes']);
    await newShare(ds(), { label: folder.id, customer: editor.id, access: 'edit' });
    await newShare(ds(), { label: folder.id, customer: viewer.id, access: 'view' });
    return { owner, editor, viewer, folder, shared: shared!, direct: direct! };
  }

  const menuItems = async (page: Page, title: string) => {
    const menu = await openCardMenu(page, title);
    const items = await menu.locator('a, button').allInnerTexts();
    // Closed again by its summary (a details element: with or without JavaScript).
    await page.getByRole('article', { name: title, exact: true }).locator('summary').click();
    return items.map((item) => item.trim());
  };

  it('with JavaScript: the actions by role, edit as a copy, a live grant and Remove', async () => {
    const s = await scene(t);

    // The editor (a member of the owner's team): open and rename, no delete or move.
    const editorPage = await t.open('/shared-with-me', {
      cookies: await cookiesOf(t, s.editor.id),
    });
    assert.deepEqual(await cardTitles(editorPage), ['Opening scene']);
    const editorItems = await menuItems(editorPage, 'Opening scene');
    assert.deepEqual(editorItems, [
      dashboardLabels.open,
      dashboardLabels.rename,
      sharingMessages.share,
      dashboardTexts.editAsCopy,
      dashboardTexts.removeShared,
    ]);
    const menu = await openCardMenu(editorPage, 'Opening scene');
    await menu.getByRole('link', { name: dashboardLabels.rename }).click();
    const field = editorPage.getByRole('textbox', { name: dashboardLabels.projectName });
    await field.fill('Opening scene, take 2');
    await field.press('Enter');
    await editorPage.getByRole('article', { name: 'Opening scene, take 2' }).waitFor();

    // The outsider: View project, no rename; their dashboard stays open for the live grant.
    const viewerPage = await t.open('/shared-with-me', {
      cookies: await cookiesOf(t, s.viewer.id),
    });
    await viewerPage.waitForFunction(() => document.documentElement.dataset.live === 'ready');
    assert.deepEqual(await menuItems(viewerPage, 'Opening scene, take 2'), [
      dashboardTexts.viewProject,
      sharingMessages.share,
      dashboardTexts.editAsCopy,
      dashboardTexts.removeShared,
    ]);
    let reloaded = false;
    viewerPage.on('framenavigated', (frame) => {
      if (frame === viewerPage.mainFrame()) reloaded = true;
    });
    await newShare(ds(), { project: s.direct.id, customer: s.viewer.id, access: 'view' });
    sendSharingChanged(t, s.viewer.id, s.direct.id);
    await viewerPage.getByRole('article', { name: 'Credits roll' }).waitFor({ timeout: 15_000 });
    assert.equal(reloaded, false);
    assert.deepEqual((await cardTitles(viewerPage)).sort(), [
      'Credits roll',
      'Opening scene, take 2',
    ]);

    // Remove drops the project shared directly.
    const removeMenu = await openCardMenu(viewerPage, 'Credits roll');
    await removeMenu.getByRole('button', { name: dashboardTexts.removeShared }).click();
    await snackbar(viewerPage, sharingMessages.removedOwnAccess(1));
    await viewerPage.getByRole('article', { name: 'Credits roll' }).waitFor({ state: 'detached' });

    // Edit as a copy: the viewer's own copy opens.
    const copyMenu = await openCardMenu(viewerPage, 'Opening scene, take 2');
    await copyMenu.getByRole('button', { name: dashboardTexts.editAsCopy }).click();
    await viewerPage.waitForURL((url) => /^\/[a-z0-9]{32}$/.test(url.pathname));
    const own = await listProjects(viewerPage);
    assert.deepEqual(
      own.data.map((p) => [p.title, p.owner.id]),
      [['Opening scene, take 2 (2)', s.viewer.id]],
    );
  });

  it('without JavaScript: the same actions as links and forms, Remove and Edit as a copy post', async () => {
    const s = await scene(t);
    await newShare(ds(), { project: s.direct.id, customer: s.viewer.id, access: 'view' });
    const open = async (customerId: string) =>
      t.open('/shared-with-me', { cookies: await cookiesOf(t, customerId), javaScript: false });

    const editorPage = await open(s.editor.id);
    assert.deepEqual(await menuItems(editorPage, 'Opening scene'), [
      dashboardLabels.open,
      dashboardLabels.rename,
      sharingMessages.share,
      dashboardTexts.editAsCopy,
      dashboardTexts.removeShared,
    ]);
    // Rename through its dialog (a link and a form).
    await (
      await openCardMenu(editorPage, 'Opening scene')
    )
      .getByRole('link', { name: dashboardLabels.rename })
      .click();
    const dialog = editorPage.getByRole('dialog', { name: dashboardLabels.renameProject });
    await dialog.getByRole('textbox', { name: dashboardLabels.projectName }).fill('Scene one');
    await dialog.getByRole('button', { name: dashboardLabels.save }).click();
    await editorPage.getByRole('article', { name: 'Scene one' }).waitFor();

    const viewerPage = await open(s.viewer.id);
    assert.deepEqual((await cardTitles(viewerPage)).sort(), ['Credits roll', 'Scene one']);
    assert.deepEqual(await menuItems(viewerPage, 'Scene one'), [
      dashboardTexts.viewProject,
      sharingMessages.share,
      dashboardTexts.editAsCopy,
      dashboardTexts.removeShared,
    ]);
    await (
      await openCardMenu(viewerPage, 'Credits roll')
    )
      .getByRole('button', { name: dashboardTexts.removeShared })
      .click();
    await snackbar(viewerPage, sharingMessages.removedOwnAccess(1));
    assert.deepEqual(await cardTitles(viewerPage), ['Scene one']);

    await (
      await openCardMenu(viewerPage, 'Scene one')
    )
      .getByRole('button', { name: dashboardTexts.editAsCopy })
      .click();
    await viewerPage.waitForURL((url) => /^\/[a-z0-9]{32}$/.test(url.pathname));
    const copies: Array<{ title: string }> = await ds().query(
      `SELECT title FROM projects WHERE owner_id = $1`,
      [s.viewer.id],
    );
    assert.deepEqual(
      copies.map((p) => p.title),
      ['Scene one (2)'],
    );
  });
});
