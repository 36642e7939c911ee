import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dashboardTexts, uploadTexts } from '@animata/contracts';
import type { Page } from 'playwright-core';
import { useBrowserTest, waitForHydration } from '../support/browser.js';
import { ANIMATED_SVG, listProjects, MIME, signedIn } from '../support/projects.js';

/**
 * Live thumbnails (projects-dashboard §2 Project grid, §4 Live updates, §7; issue 17): the
 * dashboard opens the live channel when it mounts, and a `thumbnail-ready` reloads the list, so
 * a new project's preview appears without a reload, in the tab that imported it and in another
 * tab of the same customer, which did nothing at all.
 */
describe('live thumbnails in Chromium', () => {
  const t = useBrowserTest();

  async function liveDashboard(cookies: Record<string, string>) {
    const page = await t.newPage({ cookies });
    await page.goto('/');
    await waitForHydration(page);
    await page.waitForFunction(() => document.documentElement.dataset.live === 'ready');
    return page;
  }

  const previews = (page: Page) => page.locator('img[src*="/preview"]');

  it('shows a new preview in the importing tab and in a second tab, without a reload', async () => {
    const { cookies } = await signedIn(t);
    const first = await liveDashboard(cookies);
    const second = await liveDashboard(cookies);
    assert.equal(await previews(second).count(), 0);
    let secondReloaded = false;
    second.on('framenavigated', (frame) => {
      if (frame === second.mainFrame()) secondReloaded = true;
    });

    const chooser = first.waitForEvent('filechooser');
    await first.getByRole('button', { name: dashboardTexts.uploadFile }).click();
    await (
      await chooser
    ).setFiles([{ name: 'Live.svg', mimeType: MIME.svg, buffer: Buffer.from(ANIMATED_SVG) }]);
    await first
      .getByRole('status')
      .filter({ hasText: uploadTexts.imported(1) })
      .waitFor();

    // The second tab learns of the project only through the live channel.
    await previews(second).first().waitFor({ timeout: 15_000 });
    await previews(first).first().waitFor({ timeout: 15_000 });
    assert.equal(secondReloaded, false);
    const [project] = (await listProjects(second)).data;
    assert.equal(project?.pendingPreview, false);
    assert.ok(
      ((await previews(second).first().getAttribute('src')) ?? '').includes(
        `/projects/${project!.id}/preview`,
      ),
    );
  });

  it('does not open the live channel for a signed-out visitor', async () => {
    const page = await t.newPage();
    await page.goto('/');
    // The live channel would open in an effect: hydrated and its effects run, it has not.
    await waitForHydration(page);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.live), undefined);
  });
});
