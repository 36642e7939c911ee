import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import {
  DEMO_FOLDER_ID,
  endpoints,
  fillPath,
  PROJECT_FILE_FORMAT,
  projectPageTexts,
  type ProjectFile,
} from '@animata/contracts';
import { newDemoProjects, newProject } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { overflowsHorizontally, useBrowserTest, waitForHydration } from '../support/browser.js';
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
 * The project page `/{id}` (issue 17): the animation at its size and scaled down on a phone,
 * title, Export (a file that imports back), Share's note, the way back; someone else's project
 * is the 404 page; a demo original opens read-only and 'Make a copy to edit' makes one copy.
 */
describe('the project page in Chromium', () => {
  const t = useBrowserTest();

  const svgFile = (name: string) => ({
    name,
    mimeType: MIME.svg,
    buffer: Buffer.from(ANIMATED_SVG),
  });

  async function openProject(page: Page, id: string, javaScript = true) {
    await page.goto(`/${id}`);
    if (javaScript) await waitForHydration(page);
  }

  it('plays the project at its size with its title, Export, Share and the way back', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.newPage({ cookies });
    const { project } = await createByApi(t, page, {
      title: 'Spinning square',
      data: animatedData(),
    });
    await openProject(page, project.id);

    assert.equal(await page.title(), 'Spinning square · Animata');
    await page.getByRole('heading', { level: 1, name: 'Spinning square' }).waitFor();
    const image = page.getByRole('img', { name: 'Spinning square' });
    assert.match((await image.getAttribute('src')) ?? '', /^data:image\/svg\+xml;base64,/);
    const size = await image.evaluate((node: HTMLImageElement) => ({
      natural: node.naturalWidth,
      shown: node.getBoundingClientRect().width,
    }));
    assert.deepEqual(size, { natural: 320, shown: 320 });

    assert.equal(
      await page.getByRole('link', { name: projectPageTexts.export }).getAttribute('href'),
      fillPath(endpoints.projects.export.path, { params: { id: project.id } }),
    );
    assert.equal(
      await page.getByRole('link', { name: projectPageTexts.backToDashboard }).getAttribute('href'),
      '/',
    );
    await page.getByText(projectPageTexts.share, { exact: true }).click();
    await page.getByText(projectPageTexts.shareLater).waitFor();
    await shot(page, 'project-page-1280');

    const phone = await t.newPage({ cookies, viewport: 'phone' });
    await openProject(phone, project.id);
    const shown = await phone
      .getByRole('img', { name: 'Spinning square' })
      .evaluate((node) => node.getBoundingClientRect().width);
    assert.ok(shown < 375, `scaled to fit: ${shown}px`);
    assert.equal(await overflowsHorizontally(phone), false);
    await shot(phone, 'project-page-375');
  });

  it('scales a project wider than the screen down to fit', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.newPage({ cookies, viewport: 'phone' });
    const wide = ANIMATED_SVG.replace('width="320" height="180"', 'width="1600" height="900"');
    const { project } = await createByApi(t, page, {
      title: 'Wide',
      data: animatedData(wide, 1600, 900),
    });
    await openProject(page, project.id);
    const box = await page
      .getByRole('img', { name: 'Wide' })
      .evaluate((node) => node.getBoundingClientRect());
    assert.ok(box.width <= 375 && box.width > 200, `width ${box.width}`);
    // The aspect ratio is kept.
    assert.ok(Math.abs(box.width / box.height - 16 / 9) < 0.05);
    assert.equal(await overflowsHorizontally(page), false);
  });

  it('downloads the export, and importing that file makes the same project again', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.newPage({ cookies });
    const { project } = await importByApi(t, page, svgFile('Round trip.svg'));
    await openProject(page, project.id);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: projectPageTexts.export }).click();
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
    await openProject(page, again.id);
    await page.getByRole('img', { name: again.title }).waitFor();
  });

  it('runs nothing of a document the sanitiser never saw: the page shows it as an image', async () => {
    const { customer, cookies } = await signedIn(t);
    // Written straight to the database, past the BFF's cleaning: the page is the last line.
    const raw = await newProject(t.app.runtime.dataSource, customer.id, {
      title: 'Unsanitised',
      data: animatedData(HOSTILE_SVG, 200, 100),
    });
    const page = await t.newPage({ cookies });
    const mischief = await watchForMischief(page);
    await openProject(page, raw.id);
    const image = page.getByRole('img', { name: 'Unsanitised' });
    await image.click();
    assert.equal(await image.evaluate((node: HTMLImageElement) => node.naturalWidth), 200);
    assert.equal(await page.locator('main script, main svg script').count(), 0);
    // Decoded: whatever the document could fetch or run as an image has had its chance.
    await image.evaluate((node: HTMLImageElement) => node.decode());
    assert.deepEqual(mischief.dialogs, []);
    assert.deepEqual(mischief.requests, []);
  });

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
    });
  }
});
