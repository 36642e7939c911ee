import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import {
  accountTexts,
  billingMessages,
  dashboardLabels,
  dashboardNotices,
  dashboardQuestions,
  dashboardTexts,
  DEMO_FOLDER_ID,
  endpoints,
  fillPath,
  formatCardDate,
  formatDuration,
  formatSizeMb,
  PROJECT_FILE_FORMAT,
  projectPageTexts,
  projectViewerTexts,
  renderPageTexts,
  type ProjectFile,
} from '@animata/contracts';
import {
  newDemoProjects,
  newLabel,
  newProject,
  newSubscriptionRow,
} from '@animata/server/test-support';
import type { Locator, Page } from 'playwright-core';
import {
  overflowsHorizontally,
  snackbar,
  useBrowserTest,
  waitForHydration,
} from '../support/browser.js';
import {
  animatedData,
  ANIMATED_SVG,
  createByApi,
  HOSTILE_SVG,
  importByApi,
  listProjects,
  MIME,
  projectById,
  shot,
  signedIn,
  watchForMischief,
} from '../support/projects.js';

/**
 * An animation that would set a link's address after the page's guard looked at it, under a
 * prefix of the document's own naming (the browser resolves it to xlink:href).
 */
const PREFIXED_HREF_ANIMATION = `<a href="#top" xmlns:x="http://www.w3.org/1999/xlink"><set attributeName="x:href" to="javascript:alert('set')" begin="0s"/><circle cx="20" cy="20" r="10"/></a>`;

/**
 * The project page `/{id}` (issues 17, 29): until the editor comes it is where a project opens,
 * a viewer: the animation playing at its size with play/pause and a timeline, its details, the
 * dashboard's Rename, Duplicate, Delete and Export, the top bar's Upgrade as on the dashboard,
 * the way back. Someone else's project is the 404 page; a demo original opens read-only and
 * 'Make a copy to edit' makes one copy.
 */
describe('the project page in Chromium', () => {
  const t = useBrowserTest();

  const documentPath = (id: string) =>
    fillPath(endpoints.projects.document.path, { params: { id } });

  async function openProject(page: Page, id: string, javaScript = true) {
    await page.goto(`/${id}`);
    if (javaScript) await waitForHydration(page);
  }

  /** The dt/dd pairs of the details. */
  function detailsOf(page: Page): Promise<Array<[string, string]>> {
    return page
      .getByRole('region', { name: projectViewerTexts.details })
      .evaluate((region) =>
        Array.from(region.querySelectorAll('dt')).map(
          (term) =>
            [term.textContent ?? '', term.nextElementSibling?.textContent ?? ''] as [
              string,
              string,
            ],
        ),
      );
  }

  /** What the inline document's clocks say: SMIL's and each CSS animation's. */
  function clocks(canvas: Locator) {
    return canvas.evaluate((host) => {
      const svg = host.shadowRoot?.querySelector('svg');
      if (!svg) throw new Error('no inline document');
      return {
        smil: svg.getCurrentTime(),
        smilPaused: svg.animationsPaused(),
        css: svg.getAnimations({ subtree: true }).map((animation) => ({
          time: Number(animation.currentTime),
          state: animation.playState,
        })),
      };
    });
  }

  /** Where the timeline is, in ms of the 2 s animation (its steps are frames). */
  const timelineValue = (page: Page) =>
    page.getByRole('slider', { name: projectViewerTexts.timeline }).evaluate((node) => {
      const input = node as HTMLInputElement;
      return (input.valueAsNumber / Number(input.max)) * 2000;
    });

  it('plays the project at its size with play/pause and a timeline, its details and Upgrade', async () => {
    const { customer, cookies } = await signedIn(t);
    const folder = await newLabel(t.app.runtime.dataSource, customer.id, { title: 'Client work' });
    const page = await t.newPage({ cookies });
    const { project } = await createByApi(t, page, {
      title: 'Spinning square',
      data: animatedData(),
      label: folder.id,
    });
    await openProject(page, project.id);

    assert.equal(await page.title(), 'Spinning square · Animata');
    await page.getByRole('heading', { level: 1, name: 'Spinning square' }).waitFor();
    // Item 16: the top bar's Upgrade, as the dashboard shows it to a free customer.
    assert.equal(
      await page
        .getByRole('banner')
        .getByRole('link', { name: accountTexts.upgrade, exact: true })
        .getAttribute('href'),
      '/pricing',
    );
    assert.equal(await page.getByText(/later release/).count(), 0);

    // The document inline (its own tree), at its size.
    const canvas = page.getByRole('img', { name: 'Spinning square' });
    await page.waitForFunction(() => document.querySelector('[data-viewer-ready]') !== null);
    assert.equal(await canvas.evaluate((host) => host.getBoundingClientRect().width), 320);

    // The test pages ask for reduced motion: the player waits at the start for Play.
    const timeline = page.getByRole('slider', { name: projectViewerTexts.timeline });
    assert.equal(await timelineValue(page), 0);
    assert.equal(await timeline.getAttribute('aria-valuetext'), '0:00.0 of 0:02.0');
    let now = await clocks(canvas);
    assert.equal(now.smilPaused, true);
    assert.equal(now.smil, 0);
    assert.deepEqual(now.css, [{ time: 0, state: 'paused' }]);

    await page.getByRole('button', { name: projectViewerTexts.play }).click();
    const pause = page.getByRole('button', { name: projectViewerTexts.pause });
    await pause.waitFor();
    await page.waitForFunction(() => {
      const input = document.querySelector('input[type="range"]') as HTMLInputElement;
      return input.valueAsNumber / Number(input.max) > 0.15;
    });
    now = await clocks(canvas);
    assert.equal(now.smilPaused, false);
    assert.ok(now.smil > 0.25, `SMIL at ${now.smil} s`);
    assert.equal(now.css[0]?.state, 'running');

    await pause.click();
    await page.getByRole('button', { name: projectViewerTexts.play }).waitFor();
    const stopped = await clocks(canvas);
    const at = await timelineValue(page);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 150)));
    assert.deepEqual(await clocks(canvas), stopped);
    assert.equal(await timelineValue(page), at);
    assert.ok(Math.abs(stopped.smil * 1000 - at) < 1, `SMIL ${stopped.smil} s, timeline ${at}`);
    assert.ok(Math.abs(stopped.css[0]!.time - at) < 1);

    // The timeline by keyboard: End, Home, a step; the document follows.
    await timeline.focus();
    await page.keyboard.press('End');
    assert.equal(await timelineValue(page), 2000);
    assert.equal(await timeline.getAttribute('aria-valuetext'), '0:02.0 of 0:02.0');
    assert.equal((await clocks(canvas)).smil, 2);
    await page.keyboard.press('Home');
    await page.keyboard.press('PageUp');
    const stepped = await timelineValue(page);
    assert.ok(stepped > 0 && stepped < 2000, `PageUp to ${stepped}`);
    now = await clocks(canvas);
    assert.ok(Math.abs(now.smil * 1000 - stepped) < 1);
    assert.ok(Math.abs(now.css[0]!.time - stepped) < 1);

    // Play by keyboard from the end: the animation starts over and loops.
    await page.keyboard.press('End');
    await page.getByRole('button', { name: projectViewerTexts.play }).focus();
    await page.keyboard.press('Space');
    await pause.waitFor();
    await page.waitForFunction(() => {
      const input = document.querySelector('input[type="range"]') as HTMLInputElement;
      const share = input.valueAsNumber / Number(input.max);
      return share > 0 && share < 0.75;
    });
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: projectViewerTexts.play }).waitFor();

    assert.deepEqual(await detailsOf(page), [
      [projectViewerTexts.dimensions, '320 × 180 px'],
      [projectViewerTexts.duration, formatDuration(2000)],
      [projectViewerTexts.fileSize, formatSizeMb(project.size / 1024 / 1024)],
      [projectViewerTexts.created, formatCardDate(project.createdAt)],
      [projectViewerTexts.updated, formatCardDate(project.updatedAt)],
      [projectViewerTexts.folder, 'Client work'],
      [projectViewerTexts.owner, projectViewerTexts.ownerYou],
    ]);
    assert.equal(
      await page
        .getByRole('region', { name: projectViewerTexts.details })
        .getByRole('link', { name: 'Client work' })
        .getAttribute('href'),
      `/folder/${folder.id}`,
    );
    assert.equal(
      await page.getByRole('link', { name: projectPageTexts.backToDashboard }).getAttribute('href'),
      `/folder/${folder.id}`,
    );
    await shot(page, 'project-page-1280');

    const phone = await t.newPage({ cookies, viewport: 'phone' });
    await openProject(phone, project.id);
    await phone.waitForFunction(() => document.querySelector('[data-viewer-ready]') !== null);
    const shown = await phone
      .getByRole('img', { name: 'Spinning square' })
      .evaluate((node) => node.getBoundingClientRect().width);
    assert.ok(shown < 375, `scaled to fit: ${shown}px`);
    assert.equal(await overflowsHorizontally(phone), false);
    await phone.getByRole('button', { name: projectViewerTexts.play }).waitFor();
    await shot(phone, 'project-page-375');
  });

  it('scales a wide project down to fit; one without a duration that moves gets the player too', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.newPage({ cookies, viewport: 'phone' });
    const wide = ANIMATED_SVG.replace('width="320" height="180"', 'width="1600" height="900"');
    // No duration in the data (an SVG animated by CSS imports so), but its document moves.
    const data = { ...animatedData(wide, 1600, 900) };
    data.options = { ...data.options, duration: 0 };
    const { project } = await createByApi(t, page, { title: 'Wide', data });
    await openProject(page, project.id);
    await page.waitForFunction(() => document.querySelector('[data-viewer-ready]') !== null);
    const box = await page
      .getByRole('img', { name: 'Wide' })
      .evaluate((node) => node.getBoundingClientRect());
    assert.ok(box.width <= 375 && box.width > 200, `width ${box.width}`);
    assert.ok(Math.abs(box.width / box.height - 16 / 9) < 0.05);
    assert.equal(await overflowsHorizontally(page), false);

    // Its 2 s animations measured: a player of 2 s, and the details say so.
    await page.getByRole('button', { name: projectViewerTexts.play }).waitFor();
    assert.equal(
      await page
        .getByRole('slider', { name: projectViewerTexts.timeline })
        .getAttribute('aria-valuetext'),
      '0:00.0 of 0:02.0',
    );
    const duration = (await detailsOf(page)).find(([term]) => term === projectViewerTexts.duration);
    assert.deepEqual(duration, [projectViewerTexts.duration, formatDuration(2000)]);
  });

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';
    it(`renames, duplicates and deletes the project from its page (${mode})`, async () => {
      const { customer, cookies } = await signedIn(t);
      const db = t.app.runtime.dataSource;
      // Without JavaScript a Pro customer: no Upgrade, the dashboard's rule (item 16).
      if (!javaScript) await newSubscriptionRow(db, customer.id, { planId: 'pro-monthly' });
      const folder = await newLabel(db, customer.id, { title: 'Drafts' });
      const project = await newProject(db, customer.id, {
        title: 'Logo sting',
        labelId: folder.id,
        data: animatedData(),
      });
      const page = await t.newPage({ cookies, javaScript });
      await openProject(page, project.id, javaScript);
      assert.equal(
        await page.getByRole('link', { name: accountTexts.upgrade, exact: true }).count(),
        javaScript ? 1 : 0,
      );
      if (!javaScript) {
        // The animation plays as an image; the player needs JavaScript.
        const image = page.getByRole('img', { name: 'Logo sting' });
        assert.equal(await image.getAttribute('src'), documentPath(project.id));
        assert.equal(await image.evaluate((node: HTMLImageElement) => node.naturalWidth), 320);
        assert.equal(await page.getByRole('button', { name: projectViewerTexts.play }).count(), 0);
        await shot(page, 'project-page-1280-no-javascript');
      }
      assert.equal(
        await page
          .getByRole('link', { name: renderPageTexts.downloadProjectFile })
          .getAttribute('href'),
        fillPath(endpoints.projects.export.path, { params: { id: project.id } }),
      );

      await page.getByRole('link', { name: dashboardLabels.rename }).click();
      const rename = page.getByRole('dialog', { name: dashboardLabels.renameProject });
      await rename.getByLabel(dashboardLabels.projectName).fill('Logo sting v2');
      await rename.getByRole('button', { name: dashboardLabels.save }).click();
      await snackbar(page, dashboardNotices.projectRenamed);
      await page.getByRole('heading', { level: 1, name: 'Logo sting v2' }).waitFor();
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, `/${project.id}`);

      // Duplicate opens the copy, in the same folder.
      await page.getByRole('button', { name: dashboardLabels.duplicate }).click();
      await page.waitForURL((url) => url.pathname !== `/${project.id}`);
      await snackbar(page, dashboardNotices.projectDuplicated);
      await page.getByRole('heading', { level: 1, name: 'Logo sting v2 (2)' }).waitFor();
      const copyId = new URL(page.url()).pathname.slice(1);
      assert.equal((await projectById(t, page, copyId)).label, folder.id);

      // Delete asks first, then goes back to the folder the copy was in.
      await page.getByRole('link', { name: dashboardLabels.delete }).click();
      const confirm = page.getByRole('dialog', { name: dashboardLabels.delete });
      await confirm.getByText(dashboardQuestions.deleteProjects(1, 'Logo sting v2 (2)')).waitFor();
      await confirm.getByRole('button', { name: dashboardLabels.delete }).click();
      await page.waitForURL((url) => url.pathname === `/folder/${folder.id}`);
      await snackbar(page, dashboardNotices.projectsDeleted(1));
      const left = await listProjects(page, { label: folder.id });
      assert.deepEqual(
        left.data.map((entry) => entry.title),
        ['Logo sting v2'],
      );
    });
  }

  it('opens New project in the viewer; Open the editor and Go to editor lead to the dashboard', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.open('/', { cookies });
    await page
      .getByRole('main')
      .getByRole('button', { name: dashboardTexts.newProject })
      .first()
      .click();
    await page.waitForURL((url) => /^\/[a-z0-9]{32}$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Untitled' }).waitFor();
    // A blank project: a still image, nothing to play, no sentence about a later release.
    assert.equal(await page.getByText(/later release/).count(), 0);
    assert.deepEqual((await detailsOf(page)).slice(0, 2), [
      [projectViewerTexts.dimensions, '1920 × 1080 px'],
      [projectViewerTexts.duration, projectViewerTexts.stillImage],
    ]);
    assert.equal(await page.getByRole('button', { name: projectViewerTexts.play }).count(), 0);

    // The links name the configured editor address (this site's /editor#/ by default); the
    // tests' app runs on another port than the configured origin, so its path is followed.
    const follow = async (link: Locator) => {
      const href = new URL((await link.getAttribute('href'))!, t.app.url);
      assert.equal(href.pathname, '/editor');
      await page.goto(href.pathname + href.hash);
      assert.equal(new URL(page.url()).pathname, '/');
      await page.getByRole('heading', { level: 1, name: dashboardTexts.allProjects }).waitFor();
    };
    await page.goto('/account');
    await follow(page.getByRole('link', { name: accountTexts.editor }));
    await page.goto('/pricing');
    await follow(page.getByRole('link', { name: billingMessages.goToEditor }).first());
  });

  it('downloads the export, and importing that file makes the same project again', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.newPage({ cookies });
    const { project } = await importByApi(t, page, {
      name: 'Round trip.svg',
      mimeType: MIME.svg,
      buffer: Buffer.from(ANIMATED_SVG),
    });
    await openProject(page, project.id);
    const download = page.waitForEvent('download');
    // Export renders a video now (issue 32); the project's file is its own action.
    await page.getByRole('link', { name: renderPageTexts.downloadProjectFile }).click();
    const file = await download;
    const text = await readFile((await file.path())!, 'utf8');
    const exported = JSON.parse(text) as ProjectFile;
    assert.equal(exported.format, PROJECT_FILE_FORMAT);
    assert.equal(exported.title, 'Round trip');

    const { project: again } = await importByApi(t, page, {
      name: file.suggestedFilename(),
      mimeType: MIME.json,
      buffer: Buffer.from(text),
    });
    assert.notEqual(again.id, project.id);
    const [first, second] = await Promise.all([
      projectById(t, page, project.id),
      projectById(t, page, again.id),
    ]);
    assert.deepEqual(second.data, first.data);
    assert.deepEqual(second.dimension, { width: 320, height: 180 });
  });

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';
    it(`runs nothing of a document the sanitiser never saw (${mode})`, async () => {
      const { customer, cookies } = await signedIn(t);
      // Written straight to the database, past the BFF's cleaning: the page is the last line.
      const raw = await newProject(t.app.runtime.dataSource, customer.id, {
        title: 'Unsanitised',
        data: animatedData(
          HOSTILE_SVG.replace('</svg>', PREFIXED_HREF_ANIMATION + '</svg>'),
          200,
          100,
        ),
      });
      const page = await t.newPage({ cookies, javaScript });
      // Chromium logs what the page's Content-Security-Policy refuses (the document's event
      // handlers, its outside stylesheet): the last line holding, not an error of the page.
      t.allowConsoleError(page, /Content Security Policy/);
      const mischief = await watchForMischief(page);
      await openProject(page, raw.id, javaScript);
      const shown = page.getByRole('img', { name: 'Unsanitised' });
      if (javaScript) {
        await page.waitForFunction(() => document.querySelector('[data-viewer-ready]') !== null);
        const inline = await shown.evaluate((host) => {
          const tree = host.shadowRoot!;
          const elements = Array.from(tree.querySelectorAll('*'));
          return {
            scripts: tree.querySelectorAll('script, foreignObject').length,
            handlers: elements.flatMap((element) =>
              element.getAttributeNames().filter((name: string) => /^on/i.test(name)),
            ),
            links: elements
              .flatMap((element) => [
                element.getAttribute('href'),
                element.getAttribute('xlink:href'),
              ])
              .filter((value) => value !== null && !value.startsWith('#')),
            hrefAnimations: elements
              .map((element) => element.getAttribute('attributeName') ?? '')
              .filter((name) => /href/i.test(name)),
          };
        });
        assert.deepEqual(inline, { scripts: 0, handlers: [], links: [], hrefAnimations: [] });
        await shown.click();
        await shown.locator('circle').first().click({ force: true });
      } else {
        await shown.click();
        assert.equal(await shown.evaluate((node: HTMLImageElement) => node.naturalWidth), 200);
        // Decoded: whatever the document could fetch or run as an image has had its chance.
        await shown.evaluate((node: HTMLImageElement) => node.decode());
      }
      assert.equal(await page.locator('main script').count(), 0);
      assert.deepEqual(mischief.dialogs, []);
      assert.deepEqual(mischief.requests, []);
    });
  }

  it("answers another customer's project with the 404 page", async () => {
    const owner = await signedIn(t);
    const ownerPage = await t.newPage({ cookies: owner.cookies });
    const { project } = await createByApi(t, ownerPage, { title: 'Private', data: animatedData() });

    const { cookies } = await signedIn(t);
    const page = await t.newPage({ cookies });
    t.allowConsoleError(page, /status of 404/);
    const response = await page.goto(`/${project.id}`);
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    assert.equal(await page.getByText('Private').count(), 0);
  });

  it('sends a single path segment that is not a project id to the dashboard', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.newPage({ cookies });
    for (const path of ['/not-a-project', `/${'A'.repeat(32)}`, `/${'a'.repeat(31)}`]) {
      await page.goto(path);
      assert.equal(new URL(page.url()).pathname, '/', path);
    }
  });

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';
    it(`opens a demo original read-only and makes one copy to edit (${mode})`, async () => {
      const { customer, cookies } = await signedIn(t);
      const page = await t.newPage({ cookies, javaScript });
      const { projects } = await newDemoProjects(t.app.runtime.dataSource, [`Demo ${mode}`]);
      const demos = await listProjects(page, { label: DEMO_FOLDER_ID, rows: '100' });
      const original = demos.data.find((entry) => entry.id === projects[0]!.id);
      assert.ok(original && original.isDemo && original.fromId === null, 'listed as a demo');

      await openProject(page, original.id, javaScript);
      await page.getByText(projectPageTexts.demoNotice).waitFor();
      assert.equal(
        await page
          .getByRole('link', { name: projectPageTexts.backToDashboard })
          .getAttribute('href'),
        `/folder/${DEMO_FOLDER_ID}`,
      );
      // Read-only: nothing that changes or removes it.
      for (const name of [dashboardLabels.rename, dashboardLabels.delete])
        assert.equal(await page.getByRole('link', { name }).count(), 0, name);
      const owner = (await detailsOf(page)).find(([term]) => term === projectViewerTexts.owner);
      assert.deepEqual(owner, [projectViewerTexts.owner, projectViewerTexts.ownerDemo]);
      if (!javaScript) await shot(page, 'project-demo-1280-no-javascript');
      await page.getByRole('button', { name: projectPageTexts.makeCopy }).click();
      await page.waitForURL((url) => url.pathname !== `/${original.id}`);
      const copyId = new URL(page.url()).pathname.slice(1);
      const copy = await projectById(t, page, copyId);
      assert.equal(copy.fromId, original.id);
      assert.equal(copy.owner.id, customer.id);
      await page.getByRole('heading', { level: 1, name: copy.title }).waitFor();
      assert.equal(await page.getByRole('button', { name: projectPageTexts.makeCopy }).count(), 0);

      // Made once: the original again leads to the same copy.
      await openProject(page, original.id, javaScript);
      await page.getByRole('button', { name: projectPageTexts.makeCopy }).click();
      await page.waitForURL((url) => url.pathname === `/${copyId}`);

      // The changed demo is reset, not deleted (§6): back to the demo folder.
      assert.equal(await page.getByRole('link', { name: dashboardLabels.delete }).count(), 0);
      await page.getByRole('link', { name: dashboardLabels.reset }).click();
      const confirm = page.getByRole('dialog', { name: dashboardLabels.reset });
      await confirm.getByRole('button', { name: dashboardLabels.reset }).click();
      await page.waitForURL((url) => url.pathname === `/folder/${DEMO_FOLDER_ID}`);
      await snackbar(page, dashboardNotices.demosReset(1));
    });
  }
});
