import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dashboardLabels,
  dashboardNotices,
  dashboardTexts,
  FREE_LIMITS,
  projectMessages,
  folderTitleMessages,
  PROJECT_SORT_LABELS,
} from '@animata/contracts';
import { newDemoProjects, TestClient, sessionCookieName } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import {
  overflowsHorizontally,
  snackbar,
  useBrowserTest,
  waitForHydration,
} from '../support/browser.js';
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
 * The projects dashboard with JavaScript (issue 17, projects-dashboard §2, §4, §6, §9): the
 * side menu, folders, search, sort, pages, selection and bulk actions, duplicate naming, the
 * demo folder, the drawer, and the routes that redirect.
 */
describe('the projects dashboard in Chromium (JavaScript on)', () => {
  const t = useBrowserTest();
  const main = (page: Page) => page.getByRole('main');

  it('shows an empty All projects with the side menu in the spec’s order', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.open('/', { cookies });
    await main(page).getByRole('heading', { name: dashboardTexts.emptyProjects }).waitFor();
    await page.getByRole('heading', { level: 1, name: dashboardTexts.allProjects }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Projects' });
    const links = await menu.getByRole('link').allInnerTexts();
    assert.deepEqual(links.map((text) => text.trim()).filter(Boolean), [
      dashboardTexts.allProjects,
      dashboardTexts.myRenders,
      dashboardTexts.sharedWithMe,
      dashboardTexts.demoProjects,
      dashboardTexts.createTeam,
      'Upgrade',
    ]);
    assert.equal(
      await menu.getByRole('link', { name: dashboardTexts.createTeam }).getAttribute('href'),
      '/pricing',
    );
    await menu.getByText('0 KB of 100 MB used').waitFor();
    assert.equal(
      await page.getByRole('searchbox').getAttribute('placeholder'),
      dashboardTexts.searchAll,
    );
    await shot(t, page, 'empty-1280');
  });

  it('creates, renames, moves and deletes folders; a refusal stays in its dialog', async () => {
    const { customer, cookies } = await signedIn(t);
    const page = await t.open('/', { cookies });
    // The refused sub-folder answers 422; Chromium logs that as a failed resource.
    t.allowConsoleError(page, /status of 422/);
    const menu = page.getByRole('navigation', { name: 'Projects' });

    await main(page).getByRole('link', { name: dashboardTexts.createFolder }).click();
    let dialog = page.getByRole('dialog', { name: dashboardTexts.createFolder });
    // The contracts' title rule, before anything is sent.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText(folderTitleMessages.required).waitFor();
    await dialog.getByLabel('Folder name').fill('Clients');
    await dialog.getByText(folderTitleMessages.required).waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await snackbar(page, dashboardNotices.folderCreated);
    await menu.getByRole('link', { name: 'Clients' }).waitFor();
    assert.equal(await dialog.count(), 0);

    // The side menu's own create action (top level).
    await menu.getByRole('link', { name: dashboardTexts.createFolder }).click();
    dialog = page.getByRole('dialog', { name: dashboardTexts.createFolder });
    await dialog.getByLabel('Folder name').fill('Archive');
    await dialog.getByLabel('Folder name').press('Enter');
    await menu.getByRole('link', { name: 'Archive' }).waitFor();

    let folderMenu = await openFolderMenu(page, 'Clients');
    await folderMenu.getByRole('link', { name: 'Rename folder' }).click();
    dialog = page.getByRole('dialog', { name: 'Rename folder' });
    await dialog.getByLabel('Folder name').fill('Customers');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, dashboardNotices.folderRenamed);
    await menu.getByRole('link', { name: 'Customers' }).waitFor();

    folderMenu = await openFolderMenu(page, 'Archive');
    await folderMenu.getByRole('link', { name: 'Move folder' }).click();
    dialog = page.getByRole('dialog', { name: 'Move folder Archive' });
    await dialog.getByLabel('Customers', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await snackbar(page, dashboardNotices.folderMoved);
    // Nested now: hidden until its parent is expanded.
    const expand = menu.getByRole('button', { name: 'Expand Customers' });
    await expand.click();
    await menu.getByRole('link', { name: 'Archive' }).waitFor();
    await menu.getByRole('button', { name: 'Collapse Customers' }).click();
    await menu.getByRole('link', { name: 'Archive' }).waitFor({ state: 'hidden' });

    // Five levels deep is the limit: the server's refusal shows in the dialog, which stays.
    const [customers] = await t.app.runtime.dataSource.query(
      "SELECT id FROM labels WHERE owner_id = $1 AND title = 'Customers'",
      [customer.id],
    );
    let parent = (customers as { id: string }).id;
    for (const title of ['L2', 'L3', 'L4', 'L5']) {
      parent = (await seedFolder(t, customer.id, title, parent)).id;
    }
    await page.goto(`/folder/${parent}`);
    await page.getByRole('heading', { level: 1, name: 'L5' }).waitFor();
    await main(page).getByRole('link', { name: dashboardTexts.createFolder }).click();
    dialog = page.getByRole('dialog', { name: `${dashboardTexts.createFolder} in L5` });
    await dialog.getByLabel('Folder name').fill('Too deep');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText(projectMessages.folderTooDeep).waitFor();
    assert.equal(await dialog.isVisible(), true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Deleting says what happens to what is inside, and the notice gives the server's numbers.
    const customersFolder = (customers as { id: string }).id;
    await seedProjects(t, customer.id, ['Inside'], customersFolder);
    await page.goto(`/folder/${customersFolder}`);
    folderMenu = await openFolderMenu(page, 'Customers');
    await folderMenu.getByRole('link', { name: 'Delete folder' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete folder' });
    await dialog
      .getByText(
        'Delete the folder “Customers”? Its 5 sub-folders will be removed too. The 1 project inside will move to All projects.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await snackbar(page, dashboardNotices.folderDeleted(6, 1));
    await page.waitForURL(`${t.app.url}/`);
    assert.deepEqual(await cardTitles(page), ['Inside']);
    assert.equal(await menu.getByRole('link', { name: 'Customers' }).count(), 0);
  });

  it('searches after a pause or at Enter, sorts four ways and pages through the list', async () => {
    const { customer, cookies } = await signedIn(t);
    // Nov 1 … Nov 8: 'Hotel' is the newest.
    await seedProjects(t, customer.id, [
      'Alpha ball',
      'Bravo',
      'Charlie ball',
      'Delta',
      'Echo',
      'Foxtrot',
      'Golf',
      'Hotel',
    ]);
    const page = await t.open('/', { cookies });
    // 1280 × 800: three columns of 290 px, two rows: six a page. The first visit is read with
    // the default ten and follows the window's measure at once (issue 29).
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="project-card"]').length === 6,
    );
    assert.deepEqual(await cardTitles(page), [
      'Hotel',
      'Golf',
      'Foxtrot',
      'Echo',
      'Delta',
      'Charlie ball',
    ]);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="project-card"]').length === 2,
    );
    assert.deepEqual(await cardTitles(page), ['Bravo', 'Alpha ball']);
    // Placeholders fill the last row of three.
    assert.equal(await page.locator('.project-grid__placeholder').count(), 1);
    await shot(t, page, 'all-projects-page-2-1280');

    // With JavaScript a sort applies as it is chosen: no Apply button (issue 29).
    assert.equal(await main(page).getByRole('button', { name: dashboardLabels.apply }).count(), 0);
    for (const [sort, first] of [
      ['title_asc', 'Alpha ball'],
      ['title_desc', 'Hotel'],
      ['date_asc', 'Alpha ball'],
      ['date_desc', 'Hotel'],
    ] as const) {
      await page.getByLabel('Sort by').selectOption({ label: PROJECT_SORT_LABELS[sort] });
      await page.waitForURL((url) => url.searchParams.get('sort') === sort);
      await page.waitForFunction(
        (title) =>
          document.querySelector('[data-testid="project-card"] .project-card__title')
            ?.textContent === title,
        first,
      );
      // A new sort starts again at page 1.
      assert.equal(new URL(page.url()).searchParams.get('page'), null);
    }

    const search = page.getByRole('searchbox');
    await search.fill('ball');
    await page.waitForURL((url) => url.searchParams.get('q') === 'ball');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="project-card"]').length === 2,
    );
    assert.equal(await pages.count(), 0);
    await search.fill('Golf');
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Golf');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="project-card"]').length === 1,
    );
    await search.fill('nothing like it');
    await search.press('Enter');
    await main(page).getByRole('heading', { name: 'No projects match your search' }).waitFor();
  });

  it('pages with this window’s page size though another window remembered another (issue 29)', async () => {
    const { customer, cookies } = await signedIn(t);
    const titles = Array.from(
      { length: 24 },
      (_, index) => `P${String(index + 1).padStart(2, '0')}`,
    );
    await seedProjects(t, customer.id, titles);
    const newestFirst = [...titles].reverse();
    // A 1280 × 800 window of this browser remembered six a page; this one is 1920 × 1080.
    const page = await t.newPage({ cookies: { ...cookies, animata_grid_rows: '6' } });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/');
    await waitForHydration(page);
    // Five columns, two rows: ten a page, no placeholder.
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="project-card"]').length === 10,
    );
    assert.deepEqual(await cardTitles(page), newestFirst.slice(0, 10));
    assert.equal(await page.locator('.project-grid__placeholder').count(), 0);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.waitForFunction(
      (first) =>
        document.querySelector('[data-testid="project-card"] .project-card__title')?.textContent ===
        first,
      newestFirst[10]!,
    );
    assert.deepEqual(await cardTitles(page), newestFirst.slice(10, 20));
    // The other window measures again meanwhile: page 3 goes on with ten a page.
    await page.context().addCookies([{ name: 'animata_grid_rows', value: '6', url: t.app.url }]);
    await pages.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="project-card"]').length === 4,
    );
    assert.deepEqual(await cardTitles(page), newestFirst.slice(20));
  });

  it('while selecting, a click or Enter or Space on a card toggles it and never opens it (issue 29)', async () => {
    const { customer, cookies } = await signedIn(t);
    // Demos are everyone's: titles of this test's own.
    await newDemoProjects(t.app.runtime.dataSource, ['Demo ball', 'Demo logo', 'Demo dots']);
    const page = await t.open('/folder/demo', { cookies });
    const bar = page.getByRole('toolbar', { name: 'Selected projects' });
    await page.getByRole('checkbox', { name: 'Select Demo dots' }).check();
    await bar.getByText('1 selected').waitFor();
    // A demo original's title and thumbnail open it through a post that copies it: not now.
    const ball = page.getByRole('article', { name: 'Demo ball', exact: true });
    await ball.getByRole('button', { name: 'Demo ball', exact: true }).click();
    await bar.getByText('2 selected').waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'Select Demo ball' }).isChecked(), true);
    await ball.locator('.project-card__thumb button').click();
    await bar.getByText('1 selected').waitFor();
    // The keyboard does the same on the focused card.
    const logo = page.getByRole('article', { name: 'Demo logo', exact: true });
    await logo.getByRole('button', { name: 'Demo logo', exact: true }).focus();
    await page.keyboard.press('Enter');
    await bar.getByText('2 selected').waitFor();
    await page.keyboard.press('Space');
    await bar.getByText('1 selected').waitFor();
    assert.equal(new URL(page.url()).pathname, '/folder/demo');
    const counted = (await t.app.runtime.dataSource.query(
      'SELECT count(*)::int AS count FROM projects WHERE owner_id = $1',
      [customer.id],
    )) as Array<{ count: number }>;
    assert.equal(counted[0]?.count, 0, 'no demo was copied');

    // An own project's title is a link to it; while selecting it toggles too.
    await seedProjects(t, customer.id, ['One', 'Two']);
    await page.goto('/');
    await page.getByRole('checkbox', { name: 'Select One' }).check();
    const two = page.getByRole('article', { name: 'Two' }).getByRole('link', { name: 'Two' });
    await two.click();
    await bar.getByText('2 selected').waitFor();
    await two.press('Space');
    await bar.getByText('1 selected').waitFor();
    await two.press('Enter');
    await bar.getByText('2 selected').waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    await shot(t, page, 'selecting-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(t, page, 'selecting-375');
    // With nothing selected a click opens the project again.
    await bar.getByRole('button', { name: dashboardLabels.deselectAll }).click();
    await two.click();
    await page.waitForURL((url) => /^\/[a-z0-9]{32}$/.test(url.pathname));
  });

  it('deletes everything on the last page and lands on the last page left (issue 29)', async () => {
    const { customer, cookies } = await signedIn(t);
    const titles = Array.from({ length: 8 }, (_, index) => `P${index + 1}`);
    await seedProjects(t, customer.id, titles);
    // Six a page (as this 1280 × 800 window measures); a page past the end goes to the last
    // page that exists.
    const page = await t.open('/?page=999', { cookies: { ...cookies, animata_grid_rows: '6' } });
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="project-card"]').length === 2,
    );
    assert.deepEqual(await cardTitles(page), ['P2', 'P1']);
    await page.getByRole('checkbox', { name: 'Select P2' }).check();
    const bar = page.getByRole('toolbar', { name: 'Selected projects' });
    await bar.getByRole('button', { name: dashboardTexts.selectAll, exact: true }).click();
    await bar.getByRole('link', { name: dashboardTexts.deleteSelected }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete' });
    await dialog.getByText('Delete 2 projects? This cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await snackbar(page, dashboardNotices.projectsDeleted(2));
    await page.waitForURL((url) => url.searchParams.get('page') === null);
    assert.deepEqual(await cardTitles(page), ['P8', 'P7', 'P6', 'P5', 'P4', 'P3']);
    assert.equal(
      await main(page).getByRole('heading', { name: dashboardTexts.emptyProjects }).count(),
      0,
    );
  });

  it('moves and deletes a selection after confirming; the same folder is refused', async () => {
    const { customer, cookies } = await signedIn(t);
    const folder = await seedFolder(t, customer.id, 'Drafts');
    await seedProjects(t, customer.id, ['One', 'Two', 'Three']);
    const page = await t.open('/', { cookies });
    await page.getByRole('checkbox', { name: 'Select One' }).check();
    // With a selection a click on a card toggles it instead of opening it.
    await page.getByRole('article', { name: 'Two' }).locator('.project-card__date').click();
    const bar = page.getByRole('toolbar', { name: 'Selected projects' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: dashboardTexts.selectAll, exact: true }).click();
    await bar.getByText('3 selected').waitFor();
    await page.getByRole('checkbox', { name: 'Select Three' }).uncheck();
    await bar.getByText('2 selected').waitFor();

    await bar.getByRole('link', { name: dashboardTexts.moveSelected }).click();
    let dialog = page.getByRole('dialog', { name: 'Move to folder: 2 projects' });
    await shot(t, page, 'move-dialog-1280');
    await dialog.getByLabel('Drafts', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await snackbar(page, dashboardNotices.projectsMoved(2));
    // All projects lists every folder's projects; the selection is gone after the reload.
    assert.equal(await bar.count(), 0);

    await page.goto(`/folder/${folder.id}`);
    await page.getByRole('heading', { level: 1, name: 'Drafts' }).waitFor();
    assert.deepEqual(await cardTitles(page), ['Two', 'One']);
    assert.equal(
      await page.getByRole('searchbox').getAttribute('placeholder'),
      dashboardTexts.searchFolder,
    );
    await shot(t, page, 'folder-1280');
    const menu = await openCardMenu(page, 'One');
    const move = menu.getByRole('link', { name: 'Move to folder' });
    await move.click();
    t.allowConsoleError(page, /status of 422/);
    dialog = page.getByRole('dialog', { name: 'Move to folder' });
    await dialog.getByLabel('Drafts', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await dialog.getByText(projectMessages.sameFolder).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus returns to the card's menu button (the menu closed behind the dialog).
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Actions for One',
    );

    await page.getByRole('checkbox', { name: 'Select One' }).check();
    await page.getByRole('checkbox', { name: 'Select Two' }).check();
    await page
      .getByRole('toolbar', { name: 'Selected projects' })
      .getByRole('link', { name: dashboardTexts.deleteSelected })
      .click();
    dialog = page.getByRole('dialog', { name: 'Delete' });
    await dialog.getByText('Delete 2 projects? This cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await snackbar(page, dashboardNotices.projectsDeleted(2));
    await main(page).getByRole('heading', { name: dashboardTexts.emptyProjects }).waitFor();
  });

  it('duplicates as “(2)”, then “(3)”, and renames on the card', async () => {
    const { customer, cookies } = await signedIn(t);
    await seedProjects(t, customer.id, ['Logo']);
    const page = await t.open('/', { cookies });
    let menu = await openCardMenu(page, 'Logo');
    await menu.getByRole('button', { name: 'Duplicate' }).click();
    await snackbar(page, dashboardNotices.projectDuplicated);
    await page.getByRole('article', { name: 'Logo (2)' }).waitFor();
    menu = await openCardMenu(page, 'Logo (2)');
    await menu.getByRole('button', { name: 'Duplicate' }).click();
    await page.getByRole('article', { name: 'Logo (3)' }).waitFor();

    // Escape restores the old name; Enter saves.
    menu = await openCardMenu(page, 'Logo');
    await menu.getByRole('link', { name: 'Rename' }).click();
    const field = page.getByLabel('Project name');
    await field.fill('Something else');
    await field.press('Escape');
    await page.getByRole('article', { name: 'Logo', exact: true }).waitFor();
    assert.equal(await field.count(), 0);
    menu = await openCardMenu(page, 'Logo');
    await menu.getByRole('link', { name: 'Rename' }).click();
    await field.fill('Brand mark');
    await field.press('Enter');
    await snackbar(page, dashboardNotices.projectRenamed);
    await page.getByRole('article', { name: 'Brand mark' }).waitFor();
    await shot(t, page, 'all-projects-1280');
  });

  it('creates a project and opens it; with every file slot used it counts them and refuses', async () => {
    const { customer, cookies } = await signedIn(t);
    await seedProjects(
      t,
      customer.id,
      Array.from({ length: FREE_LIMITS.fileSlots - 1 }, (_, index) => `Project ${index + 1}`),
    );
    const page = await t.open('/', { cookies });
    const slots = page.getByTestId('slot-counter');
    assert.equal(await slots.count(), 0);
    await main(page).getByRole('button', { name: dashboardTexts.newProject }).click();
    await page.waitForURL((url) => /^\/[a-z0-9]{32}$/.test(url.pathname));

    await page.goto('/');
    await slots
      .getByText(`File slots: ${FREE_LIMITS.fileSlots} / ${FREE_LIMITS.fileSlots}`)
      .waitFor();
    await main(page).getByRole('button', { name: dashboardTexts.newProject }).click();
    await snackbar(page, projectMessages.fileSlotsFull);
    assert.equal(new URL(page.url()).pathname, '/');
  });

  it('lists the demo folder read-only and resets a changed demo', async () => {
    const { customer, cookies } = await signedIn(t);
    const { projects } = await newDemoProjects(t.app.runtime.dataSource, [
      'Bouncing ball',
      'Spinning logo',
    ]);
    // Opening a demo makes the customer's own copy.
    const client = new TestClient(t.app.url);
    client.setCookie(sessionCookieName(t.app.config), Object.values(cookies)[0]!);
    const opened = await client.post(`/api/animata/projects/${projects[0]!.id}/open-demo`);
    assert.equal(opened.status < 300, true);
    void customer;

    const page = await t.open('/folder/demo', { cookies });
    await page.getByRole('heading', { level: 1, name: dashboardTexts.demoProjects }).waitFor();
    const original = await openCardMenu(page, 'Spinning logo');
    assert.deepEqual(
      (await original.locator('a, button').allInnerTexts()).map((text) => text.trim()),
      ['Open'],
    );
    await page.keyboard.press('Escape');
    const changed = await openCardMenu(page, 'Bouncing ball');
    assert.deepEqual(
      (await changed.locator('a, button').allInnerTexts()).map((text) => text.trim()),
      ['Open', 'Reset'],
    );
    await changed.getByRole('link', { name: 'Reset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset' });
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await snackbar(page, dashboardNotices.demosReset(1));
    const after = await openCardMenu(page, 'Bouncing ball');
    assert.deepEqual(
      (await after.locator('a, button').allInnerTexts()).map((text) => text.trim()),
      ['Open'],
    );
  });

  it('redirects /label, /gifs, /videos and unknown paths, and shows the empty sections', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.open('/shared-with-me', { cookies });
    await main(page).getByRole('heading', { name: dashboardTexts.emptyShared }).waitFor();
    // No toolbar in shared-with-me and team views (§2).
    assert.equal(
      await main(page).getByRole('button', { name: dashboardTexts.newProject }).count(),
      0,
    );
    // An unknown team (or someone else's) is a 404 since teams exist (issue 30); a team's own
    // empty view is walked in teams.test.ts.
    t.allowConsoleError(page, /status of 404/);
    await page.goto('/team/some-team');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.goto('/team/some-team/some-folder');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.goto('/gifs/');
    await page.waitForURL(`${t.app.url}/renders/`);
    await main(page).getByRole('heading', { name: dashboardTexts.renderJobs }).waitFor();
    await main(page).getByRole('heading', { name: dashboardTexts.completedRenders }).waitFor();
    await main(page).getByRole('heading', { name: dashboardTexts.emptyRenders }).waitFor();
    await page.goto('/videos/');
    await page.waitForURL(`${t.app.url}/renders/`);
    await page.goto('/label/demo');
    await page.waitForURL(`${t.app.url}/folder/demo`);
    await page.goto('/no/such/page');
    await page.waitForURL(`${t.app.url}/`);
    await page.getByRole('heading', { level: 1, name: dashboardTexts.allProjects }).waitFor();

    // Someone else's folder (or none) answers 404 inside the dashboard, the side menu around it.
    const other = await seedFolder(t, (await signedIn(t)).customer.id, 'Not yours');
    t.allowConsoleError(page, /status of 404/);
    await page.goto(`/folder/${other.id}`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Projects' })
      .getByRole('link', { name: dashboardTexts.allProjects })
      .waitFor();

    // A visitor is asked to log in first, and comes back.
    const visitor = await t.open('/folder/demo');
    await visitor.waitForURL(`${t.app.url}/auth/login?url=%2Ffolder%2Fdemo`);
  });

  it('opens the side menu as a drawer at 375 px; Escape closes it and focus returns', async () => {
    const { customer, cookies } = await signedIn(t);
    await seedFolder(t, customer.id, 'Clients');
    await seedProjects(t, customer.id, ['Bouncing ball', 'Logo reveal', 'Wave text']);
    const page = await t.open('/', { cookies, viewport: 'phone' });
    const drawer = page.locator('#dashboard-menu');
    const toggle = page.getByRole('button', { name: 'Menu' });
    assert.equal(await drawer.isVisible(), false);
    assert.equal(await overflowsHorizontally(page), false);
    await shot(t, page, 'all-projects-375');
    await toggle.click();
    await page
      .getByRole('navigation', { name: 'Projects' })
      .getByRole('link', { name: 'Clients' })
      .waitFor();
    // Slid in all the way (a short transition) before it is measured and pictured.
    await page.waitForFunction(
      () => document.querySelector('#dashboard-menu')?.getBoundingClientRect().left === 0,
    );
    assert.equal(await drawer.evaluate((node) => node.getBoundingClientRect().width), 291);
    // The section behind the open drawer is out of reach.
    assert.equal(await main(page).evaluate((node) => node.closest('[inert]') !== null), true);
    await shot(t, page, 'drawer-375');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    assert.equal(await toggle.evaluate((node) => node === document.activeElement), true);

    await toggle.click();
    await page
      .getByRole('navigation', { name: 'Projects' })
      .getByRole('link', { name: 'Clients' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    assert.equal(await overflowsHorizontally(page), false);
    await shot(t, page, 'empty-folder-375');

    await page.goto('/');
    await openCardMenu(page, 'Wave text').then((menu) =>
      menu.getByRole('link', { name: 'Move to folder' }).click(),
    );
    await page.getByRole('dialog', { name: 'Move to folder' }).waitFor();
    assert.equal(await overflowsHorizontally(page), false);
    await shot(t, page, 'move-dialog-375');
  });
});
