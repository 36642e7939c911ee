import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dashboardTexts,
  DEMO_FOLDER_ID,
  endpoints,
  fillPath,
  FREE_LIMITS,
  projectMessages,
  SNACKBAR_CLOSE_LABEL,
  uploadTexts,
  type LabelResponse,
} from '@animata/contracts';
import { newProject } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { snackbar, useBrowserTest, waitForHydration } from '../support/browser.js';
import { notificationCookie } from '../support/notification.js';
import {
  ANIMATED_SVG,
  EVIL_HOST,
  HOSTILE_SVG,
  importByApi,
  listProjects,
  MIME,
  picture,
  previewReady,
  projectById,
  shot,
  signedIn,
  watchForMischief,
  type TestFile,
} from '../support/projects.js';

/**
 * Import from the dashboard (projects-dashboard §2 Toolbar, §5, §8; issue 17): every accepted
 * type through 'Upload file', several at once with a progress bar of the bytes sent, dropped
 * files, the refusal texts word for word, a hostile SVG that comes back inert on the project
 * page and in its served preview, and the plain form without JavaScript.
 */
/** A name a browser percent-encodes in the multipart body (issue 29, item 11). */
const QUOTED = 'Résumé & bold "quotes"';

/** 'Too many imports. Please wait … and try again.' whatever the wait (issue 29, item 10). */
const TOO_MANY = new RegExp(
  projectMessages
    .importsTooMany(60_000)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('a minute', '(?:a minute|\\d+ minutes|an hour)'),
);

const HOURLY_IMPORTS = 10;

describe('import in Chromium', () => {
  // Ten accepted imports an hour per customer here: the limit the rate-limit tests reach (no
  // other test imports more than eight).
  const t = useBrowserTest({ env: { RATE_LIMIT_IMPORT: `${HOURLY_IMPORTS}/3600` } });

  /** A signed-in customer with all but two of the hour's imports used (through the API). */
  async function nearTheLimit(javaScript: boolean) {
    const { cookies } = await signedIn(t);
    const page = await dashboard(cookies, javaScript);
    for (let i = 0; i < HOURLY_IMPORTS - 2; i++)
      await importByApi(t, page, {
        name: `Earlier ${i}.svg`,
        mimeType: MIME.svg,
        buffer: Buffer.from(ANIMATED_SVG),
      });
    return page;
  }

  /** A noisy PNG (does not compress), big enough for the progress bar to be seen. */
  async function noisyPng(width: number, height: number): Promise<Buffer> {
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 5) * 104729) % 251;
    return sharp(pixels, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  }

  async function dashboard(cookies: Record<string, string>, javaScript = true) {
    const page = await t.newPage({ cookies, javaScript });
    await page.goto('/');
    if (javaScript) await waitForHydration(page);
    return page;
  }

  async function choose(page: Page, files: TestFile[]) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: dashboardTexts.uploadFile }).click();
    const picked = await chooser;
    assert.equal(picked.isMultiple(), true);
    await picked.setFiles(files);
  }

  /** Records every value the progress bar shows (it may come and go between two polls). */
  async function recordProgress(page: Page) {
    await page.evaluate(() => {
      const seen: Array<{ value: number; max: number; label: string }> = [];
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      const look = () => {
        const bar = document.querySelector('progress');
        if (!bar) return;
        const labelId = bar.getAttribute('aria-labelledby');
        const label = labelId ? (document.getElementById(labelId)?.textContent ?? '') : '';
        seen.push({ value: bar.value, max: bar.max, label });
      };
      new MutationObserver(look).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    return () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              progressSeen: Array<{ value: number; max: number; label: string }>;
            }
          ).progressSeen,
      );
  }

  /** Slows the page's uploads, so the bar stays on screen long enough to be seen; undo after. */
  async function slowUploads(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const throttle = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: uploadThroughput > 0 ? 20 : 0,
        downloadThroughput: -1,
        uploadThroughput,
      });
    await throttle(256 * 1024);
    return () => throttle(-1);
  }

  async function exportedFile(page: Page, id: string): Promise<TestFile> {
    const response = await page.request.get(
      fillPath(endpoints.projects.export.path, { params: { id } }),
    );
    assert.equal(response.status(), 200);
    return { name: 'Exported.animata.json', mimeType: MIME.json, buffer: await response.body() };
  }

  it('imports each file type chosen at once, with a progress bar of the bytes sent', async () => {
    const { cookies } = await signedIn(t);
    const page = await dashboard(cookies);
    const source = await importByApi(t, page, {
      name: 'Source.svg',
      mimeType: MIME.svg,
      buffer: Buffer.from(ANIMATED_SVG),
    });
    const files: TestFile[] = [
      { name: `${QUOTED}.svg`, mimeType: MIME.svg, buffer: Buffer.from(ANIMATED_SVG) },
      { name: 'Photo.png', mimeType: MIME.png, buffer: await picture('png') },
      { name: 'Photo.jpg', mimeType: MIME.jpeg, buffer: await picture('jpeg') },
      { name: 'Photo.gif', mimeType: MIME.gif, buffer: await picture('gif') },
      { name: 'Photo.webp', mimeType: MIME.webp, buffer: await picture('webp') },
      await exportedFile(page, source.project.id),
      { name: 'Noise.png', mimeType: MIME.png, buffer: await noisyPng(360, 360) },
    ];
    const total = files.reduce((sum, file) => sum + file.buffer.length, 0);
    const progress = await recordProgress(page);
    const fast = await slowUploads(page);

    await choose(page, files);
    // The last and largest file, part way through.
    await page.getByRole('progressbar', { name: uploadTexts.uploading(7, 7) }).waitFor();
    await page.waitForFunction(() => {
      const bar = document.querySelector('progress');
      return bar !== null && bar.value > bar.max * 0.6;
    });
    await shot(page, 'upload-progress-1280');
    await page
      .getByRole('status')
      .filter({ hasText: uploadTexts.imported(7) })
      .waitFor({
        timeout: 30_000,
      });
    await fast();

    const seen = await progress();
    assert.ok(seen.length > 0, 'the progress bar was shown');
    assert.ok(
      seen.every((entry) => entry.max === total),
      'its maximum is the bytes of all files',
    );
    const values = seen.map((entry) => entry.value);
    assert.ok(
      values.some((value) => value > 0 && value < total),
      'partial progress shown',
    );
    for (let i = 1; i < values.length; i++) assert.ok(values[i]! >= values[i - 1]!, 'never back');
    assert.deepEqual(
      [...new Set(seen.map((entry) => entry.label))],
      [1, 2, 3, 4, 5, 6, 7].map((index) => uploadTexts.uploading(index, 7)),
    );

    const list = await listProjects(page, { rows: '50' });
    const titles = list.data.map((project) => project.title).sort();
    // The name's quotes and accents come through as they are (not '%22quotes%22').
    for (const title of [QUOTED, 'Photo', 'Noise']) assert.ok(titles.includes(title), title);
    assert.equal(titles.filter((title) => title === 'Photo').length, 4);
    assert.equal(list.pagination.totalFiles, 8);
    // Raster images keep their size; the list shows the new projects without a reload.
    const photo = list.data.find((project) => project.title === 'Photo')!;
    assert.deepEqual(photo.dimension, { width: 240, height: 160 });
    await page.getByText('Noise', { exact: true }).first().waitFor();
  });

  it('shows the progress on a phone too', async () => {
    const { cookies } = await signedIn(t);
    const page = await t.newPage({ cookies, viewport: 'phone' });
    await page.goto('/');
    await waitForHydration(page);
    const fast = await slowUploads(page);
    await choose(page, [{ name: 'Big.png', mimeType: MIME.png, buffer: await noisyPng(360, 360) }]);
    await page.getByRole('progressbar', { name: uploadTexts.uploading(1, 1) }).waitFor();
    await page.waitForFunction(() => {
      const bar = document.querySelector('progress');
      return bar !== null && bar.value > bar.max * 0.4;
    });
    await shot(page, 'upload-progress-375');
    await page
      .getByRole('status')
      .filter({ hasText: uploadTexts.imported(1) })
      .waitFor({
        timeout: 30_000,
      });
    await fast();
  });

  it('imports into the folder on screen; from the demo folder into All projects', async () => {
    const { cookies } = await signedIn(t);
    const page = await dashboard(cookies);
    const created = await page.request.post(endpoints.labels.create.path, {
      headers: { origin: new URL(t.app.url).origin },
      data: { title: 'Imports' },
    });
    assert.ok(created.ok(), await created.text());
    const { label } = (await created.json()) as LabelResponse;
    await page.goto(`/folder/${label.id}`);
    await waitForHydration(page);
    await choose(page, [
      { name: 'Filed.svg', mimeType: MIME.svg, buffer: Buffer.from(ANIMATED_SVG) },
    ]);
    await page
      .getByRole('status')
      .filter({ hasText: uploadTexts.imported(1) })
      .waitFor();
    const inFolder = await listProjects(page, { label: label.id });
    assert.deepEqual(
      inFolder.data.map((project) => project.title),
      ['Filed'],
    );

    await page.goto(`/folder/${DEMO_FOLDER_ID}`);
    await waitForHydration(page);
    await choose(page, [
      { name: 'From demo.svg', mimeType: MIME.svg, buffer: Buffer.from(ANIMATED_SVG) },
    ]);
    await page
      .getByRole('status')
      .filter({ hasText: uploadTexts.imported(1) })
      .waitFor();
    const all = await listProjects(page);
    const fromDemo = all.data.find((project) => project.title === 'From demo');
    assert.equal(fromDemo?.label, null);
  });

  it('imports files dropped onto the dashboard', async () => {
    const { cookies } = await signedIn(t);
    const page = await dashboard(cookies);
    const svg = ANIMATED_SVG;
    await page.evaluate(async (text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'Dropped.svg', { type: 'image/svg+xml' }));
      const init = { bubbles: true, cancelable: true, dataTransfer: transfer };
      document.body.dispatchEvent(new DragEvent('dragenter', init));
      document.body.dispatchEvent(new DragEvent('dragover', init));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      document.body.dispatchEvent(new DragEvent('drop', init));
    }, svg);
    await page
      .getByRole('status')
      .filter({ hasText: uploadTexts.imported(1) })
      .waitFor();
    const list = await listProjects(page);
    assert.deepEqual(
      list.data.map((project) => project.title),
      ['Dropped'],
    );
  });

  it('shows the refusal texts word for word, file by file', async () => {
    const { cookies } = await signedIn(t);
    const page = await dashboard(cookies);
    const nested = `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(5000)}${'</g>'.repeat(5000)}</svg>`;
    await choose(page, [
      // The bytes decide, not the name: text called .svg, a PNG called .txt.
      { name: 'Not really.svg', mimeType: MIME.svg, buffer: Buffer.from('hello, world') },
      { name: 'Notes.txt', mimeType: 'text/plain', buffer: await picture('png') },
      { name: 'Deep.svg', mimeType: MIME.svg, buffer: Buffer.from(nested) },
      { name: 'Fine.svg', mimeType: MIME.svg, buffer: Buffer.from(ANIMATED_SVG) },
    ]);
    await page
      .getByRole('status')
      .filter({ hasText: uploadTexts.imported(1) })
      .waitFor();
    const alert = page.getByRole('alert').filter({ hasText: 'Not really.svg' });
    const messageOf = async (name: string) =>
      (await alert.locator(`li[data-file="${name}"] .upload__error-message`).textContent()) ?? '';
    assert.equal(await messageOf('Not really.svg'), projectMessages.invalidFileType);
    assert.equal(await messageOf('Notes.txt'), projectMessages.invalidFileType);
    assert.equal(await messageOf('Deep.svg'), projectMessages.tooComplex);
    await shot(page, 'upload-refusals-1280');
    await alert.getByRole('button', { name: SNACKBAR_CLOSE_LABEL }).click();
    assert.equal(await page.locator('li[data-file]').count(), 0);

    // Anything else (here the connection dropping): 'Failed to create project.'
    t.allowConsoleError(page, /ERR_CONNECTION_RESET/);
    await page.route('**/projects/import', (route) => route.abort('connectionreset'));
    await choose(page, [
      { name: 'Lost.svg', mimeType: MIME.svg, buffer: Buffer.from(ANIMATED_SVG) },
    ]);
    await page
      .locator('li[data-file="Lost.svg"] .upload__error-message')
      .filter({ hasText: projectMessages.createFailed })
      .waitFor();
  });

  it("shows the server's message when the file slots are used up", async () => {
    const { cookies } = await signedIn(t);
    const page = await dashboard(cookies);
    const origin = new URL(t.app.url).origin;
    for (let i = 0; i < FREE_LIMITS.fileSlots; i++) {
      const response = await page.request.post(endpoints.projects.create.path, {
        headers: { origin },
        data: { title: `Slot ${i + 1}` },
      });
      assert.ok(response.ok(), await response.text());
    }
    await choose(page, [
      { name: 'One more.svg', mimeType: MIME.svg, buffer: Buffer.from(ANIMATED_SVG) },
      { name: 'And another.svg', mimeType: MIME.svg, buffer: Buffer.from(ANIMATED_SVG) },
    ]);
    for (const name of ['One more.svg', 'And another.svg']) {
      await page
        .locator(`li[data-file="${name}"] .upload__error-message`)
        .filter({ hasText: projectMessages.fileSlotsFull })
        .waitFor();
    }
    assert.equal((await listProjects(page)).pagination.totalFiles, FREE_LIMITS.fileSlots);
  });

  it('keeps a hostile SVG inert: on the project page and in its served preview', async () => {
    const { cookies } = await signedIn(t);
    const page = await dashboard(cookies);
    const mischief = await watchForMischief(page);
    await choose(page, [
      { name: 'Hostile.svg', mimeType: MIME.svg, buffer: Buffer.from(HOSTILE_SVG) },
    ]);
    await page
      .getByRole('status')
      .filter({ hasText: uploadTexts.imported(1) })
      .waitFor();
    const [listed] = (await listProjects(page)).data;
    assert.ok(listed);

    const stored = await projectById(t, page, listed.id);
    for (const banned of [
      /<script/i,
      /\bon[a-z]+\s*=/i,
      /javascript:/i,
      /foreignObject/i,
      new RegExp(EVIL_HOST),
    ]) {
      assert.doesNotMatch(stored.data.document, banned);
    }

    await page.goto(`/${listed.id}`);
    await waitForHydration(page);
    await page.getByRole('img', { name: 'Hostile' }).click();

    const ready = await previewReady(t, page, listed.id);
    const preview = await page.request.get(ready.preview_uri!);
    assert.equal(preview.status(), 200);
    const text = await preview.text();
    for (const banned of [
      /<script/i,
      /\bon[a-z]+\s*=/i,
      /javascript:/i,
      /foreignObject/i,
      new RegExp(EVIL_HOST),
    ]) {
      assert.doesNotMatch(text, banned);
    }
    assert.match(preview.headers()['content-security-policy'] ?? '', /default-src 'none'/);
    assert.equal(preview.headers()['x-content-type-options'], 'nosniff');
    // Opened on its own, as a document: still nothing runs and nothing is fetched.
    await page.goto(ready.preview_uri!);
    await page.locator('svg').first().click({ force: true });
    // The preview document's load event (page.goto waits for it) covers its fetches and scripts.
    await page.goto('/');
    await waitForHydration(page);
    assert.deepEqual(mischief.dialogs, []);
    assert.deepEqual(mischief.requests, []);
  });

  it('imports through the plain form without JavaScript, with a notification', async () => {
    const { cookies } = await signedIn(t);
    const page = await dashboard(cookies, false);
    await page.getByLabel(dashboardTexts.uploadFile).setInputFiles([
      { name: `${QUOTED}.svg`, mimeType: MIME.svg, buffer: Buffer.from(ANIMATED_SVG) },
      { name: 'Plain photo.png', mimeType: MIME.png, buffer: await picture('png') },
    ]);
    await shot(page, 'upload-no-javascript-1280');
    await page.getByRole('button', { name: uploadTexts.submit, exact: true }).click();
    await page.waitForURL(`${t.app.url}/`);
    await snackbar(page, uploadTexts.imported(2));
    const titles = (await listProjects(page)).data.map((project) => project.title).sort();
    assert.deepEqual(titles, ['Plain photo', QUOTED].sort());

    await page
      .getByLabel(dashboardTexts.uploadFile)
      .setInputFiles([{ name: 'Fake.png', mimeType: MIME.png, buffer: Buffer.from('not a png') }]);
    await page.getByRole('button', { name: uploadTexts.submit, exact: true }).click();
    await snackbar(page, projectMessages.invalidFileType);
  });

  it("shows the server's message past the import limit, file by file, the rest not sent (JavaScript on)", async () => {
    const page = await nearTheLimit(true);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/projects/import'))
        sent.push(request.url());
    });
    const svg = (name: string) => ({ name, mimeType: MIME.svg, buffer: Buffer.from(ANIMATED_SVG) });
    await choose(page, [svg('One.svg'), svg('Two.svg'), svg('Three.svg'), svg('Four.svg')]);
    await page
      .getByRole('status')
      .filter({ hasText: uploadTexts.imported(2) })
      .waitFor();
    const message = (name: string) =>
      page.locator(`li[data-file="${name}"] .upload__error-message`).textContent();
    const third = (await message('Three.svg')) ?? '';
    assert.match(third, TOO_MANY);
    assert.notEqual(third, projectMessages.createFailed);
    // The fourth gets the same answer without being sent.
    assert.equal(await message('Four.svg'), third);
    assert.equal(sent.length, 3);
    await shot(page, 'upload-limit-1280');
  });

  it("shows the server's message past the import limit (JavaScript off)", async () => {
    const page = await nearTheLimit(false);
    await page.reload();
    const svg = (name: string) => ({ name, mimeType: MIME.svg, buffer: Buffer.from(ANIMATED_SVG) });
    await page
      .getByLabel(dashboardTexts.uploadFile)
      .setInputFiles([svg('One.svg'), svg('Two.svg'), svg('Three.svg')]);
    await page.getByRole('button', { name: uploadTexts.submit, exact: true }).click();
    await page.waitForURL(`${t.app.url}/`);
    const text = (await page.getByTestId('snackbar').textContent()) ?? '';
    assert.match(
      text,
      new RegExp(
        `^${uploadTexts.imported(2).replace('.', '\\.')} · Three\\.svg: ${TOO_MANY.source}$`,
      ),
    );
    assert.equal((await listProjects(page)).pagination.totalFiles, HOURLY_IMPORTS);
  });

  /**
   * The notices on screen, found by what they show rather than how they are built: the page's
   * notification, and the painted box around the upload's refused files. Their boxes and looks,
   * and which of `elements` they overlap.
   */
  async function notices(page: Page, elements: string) {
    return page.evaluate((selector) => {
      const painted = (start: Element | null) => {
        for (let node = start; node; node = node.parentElement) {
          if (getComputedStyle(node).backgroundColor !== 'rgba(0, 0, 0, 0)') return node;
        }
        return null;
      };
      const cards = [
        document.querySelector('[data-testid="snackbar"]'),
        painted(document.querySelector('li[data-file]')),
      ].filter((card): card is Element => card !== null);
      const boxes = cards.map((card) => card.getBoundingClientRect());
      const hit: string[] = [];
      for (const element of Array.from(document.querySelectorAll(selector))) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        for (const card of boxes) {
          if (
            box.left < card.right &&
            card.left < box.right &&
            box.top < card.bottom &&
            card.top < box.bottom
          )
            hit.push(`${element.tagName} ${element.textContent?.trim().slice(0, 30)}`);
        }
      }
      const looks = cards.map((card) => {
        const style = getComputedStyle(card);
        return `${style.backgroundColor} ${style.color} ${style.borderRadius} ${style.width}`;
      });
      const [notice, upload] = boxes.map(({ x, y, height }) => ({ x, y, height }));
      return { count: cards.length, hit, looks, notice, upload };
    }, elements);
  }

  const CONTROLS = '#main a, #main button, #main input, #main select, #main .project-card';

  it('shows every notice in one snackbar style, stacked upward, over no control (1280 and 375 px)', async () => {
    const { customer, cookies } = await signedIn(t);
    for (let i = 0; i < 14; i++)
      await newProject(t.app.runtime.dataSource, customer.id, { title: `Project ${i + 1}` });
    const notice = notificationCookie({
      type: 'success',
      message: 'Folder was created',
      timeout: 0,
    });
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await t.open('/', { cookies: { ...cookies, ...notice }, viewport });
      await waitForHydration(page);
      await page.getByTestId('snackbar').waitFor();
      // Refused by their names, without being sent.
      await choose(page, [
        { name: 'Notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') },
        { name: 'Report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') },
      ]);
      await page.getByRole('alert').filter({ hasText: 'Notes.txt' }).waitFor();

      const shown = await notices(page, CONTROLS);
      // One style: the page's notification and the upload's card look the same.
      assert.equal(shown.count, 2);
      assert.equal(new Set(shown.looks).size, 1, shown.looks.join(' | '));
      // Stacked upward: the newer card under the older, at the left edge.
      const { notice: noticeBox, upload: uploadBox } = shown;
      assert.ok(noticeBox && uploadBox);
      assert.ok(uploadBox.y >= noticeBox.y + noticeBox.height, 'the newer card is below');
      assert.ok(noticeBox.x < 40, `at the left edge: ${noticeBox.x}`);

      if (viewport === 'desktop') {
        // Nothing in the main area is under a notice, and the side menu ends above them.
        assert.deepEqual(shown.hit, []);
        const menu = await page.getByRole('navigation', { name: 'Projects' }).boundingBox();
        assert.ok(menu && menu.y + menu.height <= noticeBox.y, 'the side menu ends above');
        await shot(page, 'notices-1280');
      } else {
        // The page keeps room for them at its end: scrolled down, the pagination is clear.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const pages = page.getByRole('navigation', { name: 'Pages' });
        await pages.waitFor();
        assert.deepEqual((await notices(page, '#main nav a')).hit, []);
        await shot(page, 'notices-375');
      }
    }
  });

  it('keeps the pagination clear of the notice at the end of the page (JavaScript off)', async () => {
    const { customer, cookies } = await signedIn(t);
    for (let i = 0; i < 14; i++)
      await newProject(t.app.runtime.dataSource, customer.id, { title: `Project ${i + 1}` });
    const notice = notificationCookie({ type: 'error', message: 'Invalid File Type', timeout: 0 });
    const page = await t.open('/', {
      cookies: { ...cookies, ...notice },
      viewport: 'phone',
      javaScript: false,
    });
    await page.getByTestId('snackbar').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('navigation', { name: 'Pages' }).waitFor();
    const { count, hit } = await notices(page, '#main nav a');
    assert.equal(count, 1);
    assert.deepEqual(hit, []);
  });
});
