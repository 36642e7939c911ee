import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dashboardTexts,
  renderMessages,
  renderPageTexts,
  renderTexts,
  RENDER_SORT_LABELS,
} from '@animata/contracts';
import { newProject, newRender } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { snackbar, useBrowserTest, type BrowserTest } from '../support/browser.js';
import { animatedData, signedIn } from '../support/projects.js';

const DAY = 24 * 60 * 60 * 1000;

async function projectOf(t: BrowserTest, customerId: string, title: string) {
  return newProject(t.app.runtime.dataSource, customerId, { title, data: animatedData() });
}

/** The titles of a section's cards, in order. */
function titles(page: Page, section: string): Promise<string[]> {
  return page
    .getByRole('region', { name: section })
    .getByRole('article')
    .getByRole('heading', { level: 3 })
    .allTextContents();
}

/**
 * The renders pages (projects-dashboard §2 Renders screen, §3 Export, §4, §6, §9; issue 32),
 * each flow walked once with JavaScript and once without: the Export dialog from the project
 * page and a card's menu (the server's reason beside its field without JavaScript, the same rule
 * live with it), and the renders screen (its sections, the details dialog hiding the codec of a
 * gif, abort after the confirmation, delete, the sorts and the search in the address).
 */
describe('renders pages', () => {
  const t = useBrowserTest();

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'with JavaScript' : 'without JavaScript';

    it(`exports a project through the Export dialog, ${mode}`, async () => {
      const { customer, cookies } = await signedIn(t);
      const project = await projectOf(t, customer.id, 'Logo sting');
      const page = await t.open(`/${project.id}`, { javaScript, cookies });
      // Without JavaScript the refused post is the page itself, answered 422.
      t.allowConsoleError(page, /status of 422/);
      await page.getByRole('link', { name: 'Export', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `${renderTexts.exportTitle} Logo sting` });
      await dialog.waitFor();
      assert.equal(new URL(page.url()).searchParams.get('export'), project.id);
      // Free plan: the watermark note (billing-teams-apps §1).
      await dialog.getByText(renderTexts.watermarkNote).waitFor();

      const fps = dialog.getByLabel(renderTexts.fields.framerate);
      await fps.fill('120');
      if (javaScript) {
        // Live: the rule shows as it is typed, before anything is sent.
        await dialog.getByRole('alert').getByText(renderMessages.invalidFramerate(60)).waitFor();
        // Codecs follow the format, and an animated image has none.
        await dialog.getByLabel(renderTexts.fields.extension).selectOption('gif');
        assert.equal(await dialog.getByLabel(renderTexts.fields.codec).count(), 0);
        await dialog.getByRole('alert').getByText(renderMessages.invalidFramerate(30)).waitFor();
        await dialog.getByLabel(renderTexts.fields.extension).selectOption('mp4');
        assert.deepEqual(
          await dialog.getByLabel(renderTexts.fields.codec).locator('option').allTextContents(),
          ['H264', 'H265'],
        );
        // Width and height keep the project's aspect ratio (320 × 180).
        await dialog.getByLabel(renderTexts.fields.width).fill('640');
        assert.equal(await dialog.getByLabel(renderTexts.fields.height).inputValue(), '360');
      } else {
        await dialog.getByRole('button', { name: renderTexts.exportSubmit }).click();
        // The server's reason beside its field, the form kept as typed.
        const again = page.getByRole('dialog', { name: `${renderTexts.exportTitle} Logo sting` });
        await again.getByRole('alert').getByText(renderMessages.invalidFramerate(60)).waitFor();
        assert.equal(await again.getByLabel(renderTexts.fields.framerate).inputValue(), '120');
      }
      await page.getByLabel(renderTexts.fields.framerate).fill('30');
      await page.getByRole('button', { name: renderTexts.exportSubmit }).click();
      await page.waitForURL((url) => url.pathname === '/renders/');
      await snackbar(page, renderTexts.renderStarted);
      const card = page.getByRole('article', { name: 'Logo sting' });
      await card.waitFor();
    });

    it(`opens the Export dialog from a card's menu, ${mode}`, async () => {
      const { customer, cookies } = await signedIn(t);
      await projectOf(t, customer.id, 'Card export');
      const page = await t.open('/', { javaScript, cookies });
      t.allowConsoleError(page, /status of 422/);
      const card = page.getByRole('article').filter({ hasText: 'Card export' });
      await card.locator('summary[aria-label="Actions for Card export"]').click();
      await card.getByRole('link', { name: 'Export', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `${renderTexts.exportTitle} Card export` });
      await dialog.waitFor();
      await dialog.getByLabel(renderTexts.fields.duration).fill('10');
      if (!javaScript) await dialog.getByRole('button', { name: renderTexts.exportSubmit }).click();
      else await dialog.getByLabel(renderTexts.fields.duration).blur();
      await page.getByRole('alert').getByText(renderMessages.invalidOffset).waitFor();
    });

    it(`shows, details, aborts, deletes, sorts and searches renders, ${mode}`, async () => {
      const { customer, cookies } = await signedIn(t);
      const ds = t.app.runtime.dataSource;
      const project = await projectOf(t, customer.id, 'Intro');
      const now = Date.now();
      await newRender(ds, {
        customer,
        project,
        title: 'Loop gif',
        extension: 'gif',
        sizeBytes: 512 * 1024,
        createdAt: new Date(now - 3 * DAY),
        deleteAt: new Date(now + 3 * DAY),
      });
      await newRender(ds, {
        customer,
        project,
        title: 'Promo mp4',
        extension: 'mp4',
        sizeBytes: 3 * 1024 * 1024,
        createdAt: new Date(now - 2 * DAY),
        deleteAt: new Date(now + 40 * DAY),
      });
      const running = await newRender(ds, {
        customer,
        project,
        title: 'Running webm',
        extension: 'webm',
        status: 'progress',
      });
      await ds.query('UPDATE renders SET percent = 45, eta_seconds = 30 WHERE id = $1', [
        running.id,
      ]);
      await newRender(ds, {
        customer,
        project,
        title: 'Broken gif',
        extension: 'gif',
        status: 'failed',
        error: 'Chromium crashed.',
      });

      const page = await t.open('/renders/', { javaScript, cookies });
      await page.getByRole('heading', { level: 1, name: dashboardTexts.myRenders }).waitFor();
      assert.deepEqual(await titles(page, dashboardTexts.renderJobs), [
        'Broken gif',
        'Running webm',
      ]);
      assert.deepEqual(await titles(page, dashboardTexts.completedRenders), [
        'Promo mp4',
        'Loop gif',
      ]);
      const bar = page.getByRole('progressbar', {
        name: renderPageTexts.progressLabel('Running webm'),
      });
      assert.equal(await bar.getAttribute('aria-valuenow'), '45');
      const runningCard = page.getByRole('article', { name: 'Running webm' });
      await runningCard.getByText('45%').waitFor();
      await runningCard.getByText(renderTexts.remaining('30 s')).waitFor();
      await page.getByText(renderPageTexts.failedReason('Chromium crashed.')).waitFor();
      const gif = page.getByRole('article', { name: 'Loop gif' });
      assert.equal(
        await gif.getByText(renderTexts.daysLeft(3)).getAttribute('data-warning'),
        'true',
      );
      const mp4 = page.getByRole('article', { name: 'Promo mp4' });
      assert.equal(
        await mp4.getByText(renderTexts.daysLeft(40)).getAttribute('data-warning'),
        null,
      );
      await mp4.getByText('3 MB').waitFor();

      // Details: the codec is hidden for a gif (§9), shown for an mp4; max width 600 px (§2).
      await gif.getByRole('link', { name: renderTexts.details }).click();
      const details = page.getByRole('dialog', { name: renderPageTexts.detailsTitle('Loop gif') });
      await details.getByText('512 KB').waitFor();
      assert.equal(
        await details.getByText(renderPageTexts.detailLabels.codec, { exact: true }).count(),
        0,
      );
      const width = await details.evaluate((node) => node.getBoundingClientRect().width);
      assert.ok(width <= 600, `details dialog ${width}px wide`);
      await details.getByRole('link', { name: renderPageTexts.close }).click();
      await details.waitFor({ state: 'hidden' });
      await mp4.getByRole('link', { name: renderTexts.details }).click();
      const mp4Details = page.getByRole('dialog', {
        name: renderPageTexts.detailsTitle('Promo mp4'),
      });
      await mp4Details.getByText('H264').waitFor();
      await mp4Details.getByRole('link', { name: renderPageTexts.close }).click();
      await mp4Details.waitFor({ state: 'hidden' });

      // Delete through the selection and its confirmation (§6: delete offered, move not).
      await gif.getByRole('checkbox', { name: renderPageTexts.select('Loop gif') }).check();
      assert.equal(await page.getByRole('button', { name: /move/i }).count(), 0);
      await page
        .getByRole(javaScript ? 'link' : 'button', { name: renderPageTexts.deleteSelected })
        .click();
      const remove = page.getByRole('dialog', { name: renderPageTexts.deleteTitle });
      await remove.getByText(renderTexts.deleteConfirm).waitFor();
      await remove.getByRole('button', { name: renderTexts.delete }).click();
      await snackbar(page, renderTexts.rendersDeleted);
      await page.getByRole('article', { name: 'Loop gif' }).waitFor({ state: 'detached' });

      // Sorts and search live in the address.
      await newRender(ds, {
        customer,
        project,
        title: 'Small gif',
        extension: 'gif',
        sizeBytes: 1000,
      });
      await page.goto('/renders/?sort=size_asc');
      assert.deepEqual(await titles(page, dashboardTexts.completedRenders), [
        'Small gif',
        'Promo mp4',
      ]);
      assert.equal(
        await page.getByLabel('Sort by').locator('option:checked').textContent(),
        RENDER_SORT_LABELS.size_asc,
      );
      assert.equal(await page.getByLabel('Sort by').locator('option').count(), 6);
      await page.goto('/renders/?q=Promo');
      assert.deepEqual(await titles(page, dashboardTexts.completedRenders), ['Promo mp4']);
      await page.goto('/renders/?q=nothing-like-it');
      await page.getByText(renderPageTexts.noResults).waitFor();

      // Abort after the confirmation (§4).
      await page.goto('/renders/');
      await runningCard.getByRole('link', { name: renderTexts.abort }).click();
      const abort = page.getByRole('dialog', { name: renderPageTexts.abortTitle });
      await abort.getByText(renderTexts.abortConfirm).waitFor();
      await abort.getByRole('button', { name: renderTexts.abort }).click();
      await snackbar(page, renderTexts.renderAborted);
      await page.getByRole('article', { name: 'Running webm' }).waitFor({ state: 'detached' });
    });
  }

  it('shows the empty state and refreshes itself without JavaScript only while jobs run', async () => {
    const { customer, cookies } = await signedIn(t);
    const page = await t.open('/renders/', { javaScript: false, cookies });
    await page.getByRole('heading', { name: dashboardTexts.emptyRenders }).waitFor();
    assert.equal(await page.locator('meta[http-equiv="refresh"]').count(), 0);
    const project = await projectOf(t, customer.id, 'Waiting');
    await newRender(t.app.runtime.dataSource, { customer, project, status: 'queued' });
    await page.reload();
    await page.getByRole('article').getByText(renderTexts.pending).waitFor();
    assert.equal(await page.locator('meta[http-equiv="refresh"]').count(), 1);
  });
});
