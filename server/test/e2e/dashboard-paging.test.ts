import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dashboardTexts } from '@animata/contracts';
import { startTestApp, type TestApp } from '../support/app.js';
import { newCustomer, newLabel, newProject, newSessionCookie } from '../support/factories.js';

/** The cookie the grid writes with the page size it measured (web/app/components/dashboard). */
const GRID_ROWS_COOKIE = 'animata_grid_rows';

/**
 * The dashboard's pages over HTTP, as a browser without JavaScript sees them (issue 29, items 8
 * and 9; projects-dashboard §2, §9): a list is paged with one page size from its first page to
 * its last, whatever size another window of the same browser remembers meanwhile, and a page
 * past the end leads to the last page that exists.
 */
describe('the dashboard pages its projects over HTTP', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp();
  });
  after(async () => {
    await app?.stop();
  });

  /** A customer with `count` projects 'P01'…, a day apart: 'Last modified' lists the last first. */
  async function customerWith(count: number, labelId: (ownerId: string) => Promise<string | null>) {
    const customer = await newCustomer(app.runtime.dataSource);
    const label = await labelId(customer.id);
    const titles: string[] = [];
    for (let index = 1; index <= count; index++) {
      const title = `P${String(index).padStart(2, '0')}`;
      const project = await newProject(app.runtime.dataSource, customer.id, {
        title,
        labelId: label,
      });
      await app.runtime.dataSource.query(
        'UPDATE projects SET created_at = $1, updated_at = $1 WHERE id = $2',
        [new Date(Date.UTC(2026, 0, index, 12)), project.id],
      );
      titles.push(title);
    }
    return { session: await newSessionCookie(app, customer.id), titles: titles.reverse(), label };
  }

  const page = (path: string, cookie: string) =>
    fetch(`${app.url}${path}`, { headers: { cookie }, redirect: 'manual' });

  const decode = (text: string) =>
    text
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'");

  function cardTitlesOf(html: string): string[] {
    return [
      ...html.matchAll(/<article[^>]*aria-label="([^"]*)"[^>]*data-testid="project-card"/g),
    ].map((match) => decode(match[1]!));
  }

  function nextPageOf(html: string): string | null {
    const link = /<a [^>]*aria-label="Next page"[^>]*>/.exec(html)?.[0];
    const href = link ? /href="([^"]*)"/.exec(link)?.[1] : undefined;
    return href ? decode(href) : null;
  }

  it('shows every project once, page after page, though another window remembers another size', async () => {
    const { session, titles } = await customerWith(24, async () => null);
    // This window measured six a page (1280 × 800); another, larger, measures ten meanwhile.
    let path: string | null = '/';
    let cookieRows = 6;
    const seen: string[] = [];
    let pages = 0;
    while (path) {
      const response = await page(path, `${session}; ${GRID_ROWS_COOKIE}=${cookieRows}`);
      assert.equal(response.status, 200, path);
      const html = await response.text();
      seen.push(...cardTitlesOf(html));
      path = nextPageOf(html);
      cookieRows = cookieRows === 6 ? 10 : 6;
      pages += 1;
      assert.ok(pages <= 24, 'the pages end');
    }
    assert.deepEqual(seen, titles);
    assert.equal(pages, 4);
  });

  it('leads a page past the end to the last page, keeping search, sort and page size', async () => {
    const { session } = await customerWith(14, async () => null);
    const cookie = `${session}; ${GRID_ROWS_COOKIE}=6`;
    for (const [from, to] of [
      ['/?page=999', '/?page=3'],
      ['/?page=4&rows=6', '/?page=3&rows=6'],
      ['/?page=3&rows=10', '/?page=2&rows=10'],
      ['/?q=P0&sort=title_asc&page=5', '/?q=P0&sort=title_asc&page=2'],
      // A search with no match, and an empty list: page 1, where the empty state belongs.
      ['/?q=nothing&page=2', '/?q=nothing'],
    ] as const) {
      const response = await page(from, cookie);
      assert.equal(response.status, 302, from);
      assert.equal(response.headers.get('location'), to, from);
    }
    const last = await page('/?page=3', cookie);
    assert.deepEqual(cardTitlesOf(await last.text()), ['P02', 'P01']);
  });

  it('shows the empty state only when there really is nothing', async () => {
    const { session, label } = await customerWith(3, async (ownerId) => {
      return (await newLabel(app.runtime.dataSource, ownerId, { title: 'Drafts' })).id;
    });
    const redirected = await page(`/folder/${label}?page=2`, session);
    assert.equal(redirected.status, 302);
    assert.equal(redirected.headers.get('location'), `/folder/${label}`);
    const shown = await (await page(`/folder/${label}`, session)).text();
    assert.deepEqual(cardTitlesOf(shown), ['P03', 'P02', 'P01']);
    assert.doesNotMatch(shown, new RegExp(dashboardTexts.emptyProjects));

    const nobody = await customerWith(0, async () => null);
    const none = await page('/?page=7', nobody.session);
    assert.equal(none.status, 302);
    assert.equal(none.headers.get('location'), '/');
    assert.match(
      await (await page('/', nobody.session)).text(),
      new RegExp(dashboardTexts.emptyProjects),
    );
  });
});
