import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  endpoints,
  fillPath,
  pagePaths,
  publicProjectTexts,
  sharingMessages,
  type PublicProjectInfo,
} from '@animata/contracts';
import { newProject, newSubscriptionRow } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { useBrowserTest } from '../support/browser.js';
import { animatedData, shot, signedIn } from '../support/projects.js';

/**
 * A project's public link /p/{id} (issue 31): it plays for anyone in a fresh browser (no
 * session), with its title and nothing of an account; made private, or past its expiry, it is
 * the 404 page; with a password it asks for it, refuses a wrong one and plays after the right
 * one. Each flow once with JavaScript and once without. The rules are in the integration test
 * server/test/integration/public-links.test.ts.
 */
describe('public links in Chromium', () => {
  const t = useBrowserTest();

  const publicPath = (id: string) => fillPath(pagePaths.publicProject, { params: { id } });
  const linkPath = (id: string) => fillPath(endpoints.sharing.publicLink.path, { params: { id } });

  /** A pro owner's animated project, and a page holding the owner's session for API calls. */
  async function ownersProject(title: string) {
    const owner = await signedIn(t);
    await newSubscriptionRow(t.app.runtime.dataSource, owner.customer.id, {
      planId: 'pro-monthly',
    });
    const project = await newProject(t.app.runtime.dataSource, owner.customer.id, {
      title,
      data: animatedData(),
    });
    const ownerPage = await t.newPage({ cookies: owner.cookies, javaScript: false });
    const setLink = async (body: Record<string, unknown>) => {
      const response = await ownerPage.request.put(linkPath(project.id), {
        headers: { origin: t.app.url },
        data: body,
      });
      assert.equal(response.status(), 200, await response.text());
    };
    return { project, setLink, owner: owner.customer };
  }

  /** The animation is on the page: inline in the player with JavaScript, an image without. */
  async function assertPlays(page: Page, title: string, javaScript: boolean) {
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    if (javaScript) {
      await page.waitForFunction(() => document.querySelector('[data-viewer-ready]') !== null);
      const circle = await page
        .locator('.project-viewer__canvas')
        .evaluate((host) => host.shadowRoot?.querySelector('svg circle')?.getAttribute('r'));
      assert.equal(circle, '16');
    } else {
      const image = page.getByRole('img', { name: title });
      await page.waitForFunction(
        () => (document.querySelector('img.project-viewer__image') as HTMLImageElement)?.complete,
      );
      assert.equal(await image.evaluate((node: HTMLImageElement) => node.naturalWidth), 320);
    }
  }

  async function assertNotFound(page: Page, path: string) {
    const response = await page.goto(path);
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  }

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'with JavaScript' : 'without JavaScript';

    it(`plays a public link in a fresh browser, and answers 404 once it is made private (${mode})`, async () => {
      const title = `Public sting ${javaScript ? 'js' : 'plain'}`;
      const { project, setLink, owner } = await ownersProject(title);
      await setLink({ isPublic: true });

      const visitor = await t.open(publicPath(project.id), { javaScript });
      t.allowConsoleError(visitor, /status of 404/);
      await assertPlays(visitor, title, javaScript);
      assert.equal(
        await visitor.locator('meta[name="robots"]').getAttribute('content'),
        'noindex, nofollow',
      );
      // The page itself: never indexed, never kept by a cache.
      const answer = await visitor.request.get(publicPath(project.id));
      assert.equal(answer.headers()['x-robots-tag'], 'noindex, nofollow');
      assert.equal(answer.headers()['cache-control'], 'private, no-store');
      // Nothing of an account: no user menu, no Log in, no Upgrade.
      assert.equal(await visitor.getByRole('navigation', { name: 'User menu' }).count(), 0);
      assert.equal(await visitor.getByRole('link', { name: 'Log in' }).count(), 0);
      if (javaScript) await shot(visitor, 'public-link-1280');
      // Nothing of the owner either.
      const [account] = await t.app.runtime.dataSource.query<
        Array<{ name: string; email: string }>
      >(`SELECT name, email FROM customers WHERE id = $1`, [owner.id]);
      assert.ok(account?.name && account.email);
      const html = await visitor.content();
      assert.equal(html.includes(account.name), false);
      assert.equal(html.includes(account.email), false);
      const info = await visitor.request.get(
        fillPath(endpoints.publicProjects.get.path, { params: { id: project.id } }),
      );
      const { documentUrl } = (await info.json()) as PublicProjectInfo;
      assert.equal((await visitor.request.get(documentUrl)).status(), 200);

      await setLink({ isPublic: false });
      await assertNotFound(visitor, publicPath(project.id));
      // The document's address is gone too, and no cache keeps it.
      const gone = await visitor.request.get(documentUrl);
      assert.equal(gone.status(), 404);
      assert.match(gone.headers()['cache-control'] ?? '', /no-store/);
    });

    it(`answers 404 for an expired public link (${mode})`, async () => {
      const { project, setLink } = await ownersProject('Expiring sting');
      await setLink({ isPublic: true, expiresAt: new Date(Date.now() + 60_000).toISOString() });
      await t.app.runtime.dataSource.query(
        `UPDATE projects SET public_expires_at = now() - interval '1 second' WHERE id = $1`,
        [project.id],
      );
      const visitor = await t.newPage({ javaScript });
      t.allowConsoleError(visitor, /status of 404/);
      await assertNotFound(visitor, publicPath(project.id));
    });

    it(`asks for the password of a protected link, refuses a wrong one, plays after the right one (${mode})`, async () => {
      const title = `Secret sting ${javaScript ? 'js' : 'plain'}`;
      const { project, setLink } = await ownersProject(title);
      await setLink({ isPublic: true, password: 'open sesame' });

      const visitor = await t.open(publicPath(project.id), { javaScript });
      t.allowConsoleError(visitor, /status of 422/);
      await visitor
        .getByRole('heading', { level: 1, name: publicProjectTexts.passwordTitle })
        .waitFor();
      await visitor.getByText(sharingMessages.passwordRequired).waitFor();
      assert.equal(await visitor.getByRole('heading', { name: title }).count(), 0);
      if (javaScript) await shot(visitor, 'public-link-password-1280');

      const field = visitor.getByLabel(publicProjectTexts.passwordLabel, { exact: true });
      await field.fill('open says me');
      await visitor.getByRole('button', { name: publicProjectTexts.unlock }).click();
      await visitor.getByText(sharingMessages.wrongPassword).waitFor();
      assert.equal(await visitor.getByRole('heading', { name: title }).count(), 0);

      await visitor
        .getByLabel(publicProjectTexts.passwordLabel, { exact: true })
        .fill('open sesame');
      await visitor.getByRole('button', { name: publicProjectTexts.unlock }).click();
      await assertPlays(visitor, title, javaScript);
      assert.equal(new URL(visitor.url()).pathname, publicPath(project.id));
    });
  }
});
