import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dashboardLabels,
  dashboardNotices,
  dashboardTexts,
  DEFAULT_PAGE_SIZE,
  projectMessages,
  PROJECT_SORT_LABELS,
} from '@animata/contracts';
import type { Page } from 'playwright-core';
import { SCREENSHOTS_WANTED, snackbar, useBrowserTest } from '../support/browser.js';
import {
  cardTitles,
  openCardMenu,
  openFolderMenu,
  seedFolder,
  seedProjects,
  shot,
  signedIn,
} from './dashboard-support.js';

/**
 * The projects dashboard without JavaScript (issue 17): the list, search, sort and pages are a
 * GET form and links; folders, rename, move, delete and duplicate are plain forms posting an
 * intent, their dialogs addresses (`?dialog=`), every success a redirect with a notice.
 */
describe('the projects dashboard in Chromium (JavaScript off)', () => {
  const t = useBrowserTest();
  const main = (page: Page) => page.getByRole('main');
  const open = (path: string, cookies: Record<string, string>, phone = false) =>
    t.open(path, { cookies, javaScript: false, ...(phone ? { viewport: 'phone' as const } : {}) });

  it('lists, pages, searches and sorts through the address', async () => {
    const { customer, cookies } = await signedIn(t);
    const titles = Array.from({ length: DEFAULT_PAGE_SIZE + 2 }, (_, index) =>
      index === 0
        ? 'Ball one'
        : index === 1
          ? 'Ball two'
          : `Project ${String(index).padStart(2, '0')}`,
    );
    await seedProjects(t, customer.id, titles);
    const page = await open('/', cookies);
    assert.equal((await cardTitles(page)).length, DEFAULT_PAGE_SIZE);
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Page 2' })
      .click();
    await page.waitForURL(/page=2/);
    assert.deepEqual(await cardTitles(page), ['Ball two', 'Ball one']);

    await page.getByRole('searchbox').fill('ball');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'ball');
    assert.deepEqual(await cardTitles(page), ['Ball two', 'Ball one']);

    // Without JavaScript a sort applies through its own labelled button (issue 29).
    await page.getByLabel('Sort by').selectOption({ label: PROJECT_SORT_LABELS.title_asc });
    await page.getByRole('button', { name: dashboardLabels.apply }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'title_asc');
    assert.deepEqual(await cardTitles(page), ['Ball one', 'Ball two']);
  });

  it('pages with one size from page to page; a page past the end shows the last (issue 29)', async () => {
    const { customer, cookies } = await signedIn(t);
    const titles = Array.from(
      { length: 24 },
      (_, index) => `P${String(index + 1).padStart(2, '0')}`,
    );
    await seedProjects(t, customer.id, titles);
    const newestFirst = [...titles].reverse();
    // Six a page, as a 1280 × 800 window with JavaScript measured it.
    const page = await open('/', { ...cookies, animata_grid_rows: '6' });
    assert.deepEqual(await cardTitles(page), newestFirst.slice(0, 6));
    // Another window of this browser remembers ten meanwhile: the pages go on with six.
    await page.context().addCookies([{ name: 'animata_grid_rows', value: '10', url: t.app.url }]);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    assert.deepEqual(await cardTitles(page), newestFirst.slice(6, 12));
    await pages.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    assert.deepEqual(await cardTitles(page), newestFirst.slice(12, 18));

    await page.goto('/?page=999');
    assert.equal(new URL(page.url()).search, '?page=3');
    assert.deepEqual(await cardTitles(page), newestFirst.slice(20));
    await pages.getByRole('link', { name: 'Page 1' }).waitFor();
  });

  it('moves and deletes the projects ticked, through the confirming dialogs (issue 29)', async () => {
    const { customer, cookies } = await signedIn(t);
    await seedFolder(t, customer.id, 'Drafts');
    await seedProjects(
      t,
      customer.id,
      Array.from({ length: 8 }, (_, index) => `P${index + 1}`),
    );
    const all = { ...cookies, animata_grid_rows: '6' };
    const page = await open('/', all);
    const selection = page.getByRole('form', { name: dashboardLabels.selectedProjects });
    await shot(t, page, 'selection-no-javascript-1280');

    // Nothing ticked: the dialog says so and offers nothing to confirm.
    await selection.getByRole('button', { name: dashboardTexts.deleteSelected }).click();
    let dialog = page.getByRole('dialog', { name: 'Delete' });
    await dialog.getByText(projectMessages.projectsRequired).waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Delete' }).count(), 0);
    await dialog.getByRole('link', { name: 'Cancel' }).click();

    await page.getByRole('checkbox', { name: 'Select P8' }).check();
    await page.getByRole('checkbox', { name: 'Select P6' }).check();
    await selection.getByRole('button', { name: dashboardTexts.moveSelected }).click();
    dialog = page.getByRole('dialog', { name: 'Move to folder: 2 projects' });
    await dialog.getByLabel('Drafts', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await snackbar(page, dashboardNotices.projectsMoved(2));
    const counted = (await t.app.runtime.dataSource.query(
      "SELECT count(*)::int AS count FROM projects p JOIN labels l ON l.id = p.label_id WHERE l.title = 'Drafts' AND p.owner_id = $1 AND p.title IN ('P8', 'P6')",
      [customer.id],
    )) as Array<{ count: number }>;
    assert.equal(counted[0]?.count, 2);

    // Everything on the last page deleted: the last page left, with the notice.
    await page.goto('/?page=2');
    assert.deepEqual(await cardTitles(page), ['P2', 'P1']);
    await page.getByRole('checkbox', { name: 'Select P2' }).check();
    await page.getByRole('checkbox', { name: 'Select P1' }).check();
    await selection.getByRole('button', { name: dashboardTexts.deleteSelected }).click();
    dialog = page.getByRole('dialog', { name: 'Delete' });
    await dialog.getByText('Delete 2 projects? This cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await snackbar(page, dashboardNotices.projectsDeleted(2));
    assert.equal(new URL(page.url()).search, '');
    assert.deepEqual(await cardTitles(page), ['P8', 'P7', 'P6', 'P5', 'P4', 'P3']);
    assert.equal(await main(page).getByRole('navigation', { name: 'Pages' }).count(), 0);

    if (SCREENSHOTS_WANTED) {
      const phone = await open('/', all, true);
      await phone.getByRole('checkbox', { name: 'Select P7' }).check();
      await shot(t, phone, 'selection-no-javascript-375');
    }
  });

  it('creates, renames, moves and deletes folders with plain forms', async () => {
    const { cookies } = await signedIn(t);
    const page = await open('/', cookies);
    const menu = page.getByRole('navigation', { name: 'Projects' });
    for (const title of ['Clients', 'Archive']) {
      await main(page).getByRole('link', { name: dashboardTexts.createFolder }).click();
      const dialog = page.getByRole('dialog', { name: dashboardTexts.createFolder });
      await dialog.getByLabel('Folder name').fill(title);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await snackbar(page, dashboardNotices.folderCreated);
      await menu.getByRole('link', { name: title }).waitFor();
    }
    let folderMenu = await openFolderMenu(page, 'Clients');
    await folderMenu.getByRole('link', { name: 'Rename folder' }).click();
    let dialog = page.getByRole('dialog', { name: 'Rename folder' });
    await dialog.getByLabel('Folder name').fill('Customers');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, dashboardNotices.folderRenamed);

    folderMenu = await openFolderMenu(page, 'Archive');
    await folderMenu.getByRole('link', { name: 'Move folder' }).click();
    dialog = page.getByRole('dialog', { name: 'Move folder Archive' });
    await dialog.getByLabel('Customers', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await snackbar(page, dashboardNotices.folderMoved);

    // Without JavaScript the way down the tree is opening a folder.
    await menu.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await menu.getByRole('link', { name: 'Archive' }).waitFor();

    folderMenu = await openFolderMenu(page, 'Customers');
    await folderMenu.getByRole('link', { name: 'Delete folder' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete folder' });
    await dialog
      .getByText('Its 1 sub-folder will be removed too. No projects are inside.', { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await snackbar(page, dashboardNotices.folderDeleted(2, 0));
    await page.waitForURL(`${t.app.url}/`);
    assert.equal(await menu.getByRole('link', { name: 'Customers' }).count(), 0);
  });

  it('renames, duplicates, moves and deletes a project; the same folder is refused', async () => {
    const { customer, cookies } = await signedIn(t);
    const folder = await seedFolder(t, customer.id, 'Drafts');
    await seedProjects(t, customer.id, ['Logo']);
    const page = await open('/', cookies);
    t.allowConsoleError(page, /status of 422/);

    let menu = await openCardMenu(page, 'Logo');
    await menu.getByRole('link', { name: 'Rename' }).click();
    let dialog = page.getByRole('dialog', { name: 'Rename project' });
    await dialog.getByLabel('Project name').fill('Logo (2)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, dashboardNotices.projectRenamed);

    menu = await openCardMenu(page, 'Logo (2)');
    await menu.getByRole('button', { name: 'Duplicate' }).click();
    await snackbar(page, dashboardNotices.projectDuplicated);
    await page.getByRole('article', { name: 'Logo (3)' }).waitFor();

    menu = await openCardMenu(page, 'Logo (3)');
    await menu.getByRole('link', { name: 'Move to folder' }).click();
    dialog = page.getByRole('dialog', { name: 'Move to folder' });
    await dialog.getByLabel('Drafts', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await snackbar(page, dashboardNotices.projectsMoved(1));

    await page.goto(`/folder/${folder.id}`);
    assert.deepEqual(await cardTitles(page), ['Logo (3)']);
    menu = await openCardMenu(page, 'Logo (3)');
    await menu.getByRole('link', { name: 'Move to folder' }).click();
    dialog = page.getByRole('dialog', { name: 'Move to folder' });
    await dialog.getByRole('button', { name: 'Move' }).click();
    await dialog.getByText(projectMessages.sameFolder).waitFor();
    await dialog.getByRole('link', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    menu = await openCardMenu(page, 'Logo (3)');
    await menu.getByRole('link', { name: 'Delete' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete' });
    await dialog.getByText('Delete “Logo (3)”? This cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await snackbar(page, dashboardNotices.projectsDeleted(1));
    await main(page).getByRole('heading', { name: dashboardTexts.emptyProjects }).waitFor();
  });

  it('opens the drawer at 375 px through its link', async () => {
    const { cookies } = await signedIn(t);
    const page = await open('/', cookies, true);
    const drawer = page.locator('#dashboard-menu');
    assert.equal(await drawer.isVisible(), false);
    await page.getByRole('link', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Projects' })
      .getByRole('link', { name: dashboardTexts.sharedWithMe })
      .waitFor();
    await page.getByRole('link', { name: 'Close menu' }).click();
    await drawer.waitFor({ state: 'hidden' });
  });
});
