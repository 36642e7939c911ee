import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dashboardLabels,
  dashboardTexts,
  folderTitleMessages,
  projectTitleMessages,
  TITLE_MAX_LENGTH,
} from '@animata/contracts';
import type { Locator, Page } from 'playwright-core';
import { useBrowserTest } from '../support/browser.js';
import { seedFolder, seedProjects, shot, signedIn } from './dashboard-support.js';

/** The longest folder names there are (64 characters): with spaces, and one unbroken word. */
const LONG = 'Quarterly marketing campaign assets for the northern region 2026';
const UNBROKEN = 'W'.repeat(TITLE_MAX_LENGTH);

interface NameRow {
  name: string;
  /** The row's icon (the folder's, or All projects'). */
  icon: { width: number; height: number; left: number };
  /** The row's own box (link or label). */
  box: { height: number };
  /** The name's text is wider than its box (it shows cut). */
  cut: boolean;
  /** The name keeps to one line and ends in an ellipsis when cut. */
  oneLine: boolean;
  title: string | null;
}

/**
 * Every row of `rows` (a CSS selector): its icon's box, its height, and how its name
 * (`name` inside it) is drawn.
 */
function rowsOf(page: Page, rows: string, name: string): Promise<NameRow[]> {
  return page.evaluate(
    ({ rows, name }) =>
      Array.from(document.querySelectorAll<HTMLElement>(rows)).map((row) => {
        const text = row.querySelector<HTMLElement>(name)!;
        const icon = row.querySelector('svg')!.getBoundingClientRect();
        const style = getComputedStyle(text);
        return {
          name: text.textContent ?? '',
          icon: { width: icon.width, height: icon.height, left: icon.left },
          box: { height: row.getBoundingClientRect().height },
          cut: text.scrollWidth > text.clientWidth,
          oneLine: style.whiteSpace === 'nowrap' && style.textOverflow === 'ellipsis',
          title: row.getAttribute('title'),
        };
      }),
    { rows, name },
  );
}

/** Whether the element's name shows in full (not cut) while it has the keyboard focus. */
async function fullWhileFocused(target: Locator, name: string): Promise<boolean> {
  await target.focus();
  return target.evaluate((element, name) => {
    const row = element.closest('a, label')!;
    const text = Array.from(row.querySelectorAll<HTMLElement>('span')).find(
      (span) => span.textContent === name,
    )!;
    return element.matches(':focus-visible') && text.scrollWidth <= text.clientWidth;
  }, name);
}

/**
 * Long folder names (issue 29, item 13) in the side menu's tree and the move dialog: the icon
 * keeps its size, the name is cut on one line, and the whole name shows on hover (title) and
 * on keyboard focus. And the folder and project dialogs' messages name their field (item 15).
 */
describe('folder names in Chromium', () => {
  const t = useBrowserTest();

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`keeps a 64-character folder name on one line beside a whole icon, full on hover and focus (${mode})`, async () => {
      const { customer, cookies } = await signedIn(t);
      const long = await seedFolder(t, customer.id, LONG);
      const short = await seedFolder(t, customer.id, 'Short');
      await seedFolder(t, customer.id, UNBROKEN, short.id);
      const [project] = await seedProjects(t, customer.id, ['Poster'], long.id);

      // The side menu's tree, the path to the sub-folder open.
      const page = await t.open(`/folder/${short.id}`, { cookies, javaScript });
      const menu = page.getByRole('navigation', { name: 'Projects' });
      const tree = await rowsOf(page, '.folder-tree__link', '.side-menu__text');
      assert.deepEqual(
        tree.map((row) => row.name),
        [LONG, 'Short', UNBROKEN],
      );
      for (const row of tree) {
        assert.deepEqual([row.icon.width, row.icon.height], [20, 20], `${row.name}: icon`);
        assert.ok(row.oneLine, `${row.name}: one line, an ellipsis`);
        assert.equal(row.box.height, tree[1]!.box.height, `${row.name}: row height`);
        assert.equal(row.title, row.name, `${row.name}: the whole name on hover`);
      }
      assert.ok(tree[0]!.cut && tree[2]!.cut && !tree[1]!.cut, 'the long names are cut');
      assert.equal(tree[0]!.icon.left, tree[1]!.icon.left, 'top-level icons in one column');
      // The link's name is the whole name (what a screen reader says), and a keyboard focus
      // shows it whole.
      const link = menu.getByRole('link', { name: LONG, exact: true });
      assert.equal(await link.count(), 1);
      assert.ok(await fullWhileFocused(link, LONG), 'the whole name while focused');
      await shot(t, page, `long-folder-names-1280${javaScript ? '' : '-no-javascript'}`);

      // The move dialog lists the same folders.
      await page.goto(`/?dialog=move&target=${project!.id}`);
      const move = page.getByRole('dialog', { name: dashboardLabels.moveToFolder });
      await move.waitFor();
      // (With JavaScript the modal dialog focuses its first choice, whose name then shows whole.)
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const choices = await rowsOf(page, '.folder-choices__row', 'span');
      assert.deepEqual(
        choices.map((row) => row.name),
        [dashboardTexts.allProjects, LONG, 'Short', UNBROKEN],
      );
      for (const row of choices) {
        assert.deepEqual([row.icon.width, row.icon.height], [20, 20], `${row.name}: icon`);
        assert.ok(row.oneLine, `${row.name}: one line, an ellipsis`);
        assert.equal(row.box.height, choices[0]!.box.height, `${row.name}: row height`);
      }
      assert.ok(choices[1]!.cut && choices[3]!.cut, 'the long names are cut');
      assert.equal(choices[1]!.title, LONG);
      assert.equal(
        await move.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth),
        true,
        'nothing sticks out of the dialog',
      );
      const radio = move.getByRole('radio', { name: LONG, exact: true });
      assert.ok(await fullWhileFocused(radio, LONG), 'the whole name while focused');
      await shot(t, page, `long-folder-names-move-1280${javaScript ? '' : '-no-javascript'}`);
    });

    it(`names the field in the folder and project dialogs' messages (${mode})`, async () => {
      const { customer, cookies } = await signedIn(t);
      const [project] = await seedProjects(t, customer.id, ['Poster']);
      const page = await t.open(`/?dialog=create-folder`, { cookies, javaScript });
      // Without JavaScript a refused post answers 422 (the dialog again, with the message).
      t.allowConsoleError(page, /status of 422/);
      const create = page.getByRole('dialog', { name: dashboardTexts.createFolder });
      // Spaces pass the browser's own required check; the rule (live, or the server's) does not.
      await create.getByLabel(dashboardLabels.folderName).fill('   ');
      await create.getByRole('button', { name: dashboardLabels.create }).click();
      await create.getByText(folderTitleMessages.required, { exact: true }).waitFor();
      assert.equal(folderTitleMessages.required, 'Folder name is required');

      await page.goto(`/?dialog=rename&target=${project!.id}`);
      const rename = page.getByRole('dialog', { name: dashboardLabels.renameProject });
      await rename.getByLabel(dashboardLabels.projectName).fill('  ');
      await rename.getByRole('button', { name: dashboardLabels.save }).click();
      await rename.getByText(projectTitleMessages.required, { exact: true }).waitFor();
      assert.equal(projectTitleMessages.required, 'Project name is required');
    });
  }
});
