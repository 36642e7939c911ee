import {
  newCustomer,
  newLabel,
  newProject,
  newSession,
  sessionCookieName,
} from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import type { BrowserTest } from '../support/browser.js';

/** A signed-in customer and the cookies of their session. */
export async function signedIn(
  t: BrowserTest,
): Promise<{ customer: { id: string; name: string }; cookies: Record<string, string> }> {
  const customer = await newCustomer(t.app.runtime.dataSource);
  const token = await newSession(t.app, customer.id);
  return { customer, cookies: { [sessionCookieName(t.app.config)]: token } };
}

/** Projects of the customer, created one after another (so 'Last modified' orders them). */
export async function seedProjects(
  t: BrowserTest,
  ownerId: string,
  titles: string[],
  labelId: string | null = null,
): Promise<Array<{ id: string; title: string }>> {
  const projects: Array<{ id: string; title: string }> = [];
  for (const [index, title] of titles.entries()) {
    const at = new Date(Date.UTC(2026, 10, 1 + index, 12));
    const project = await newProject(t.app.runtime.dataSource, ownerId, { title, labelId });
    // A day apart, so the date sorts have one answer.
    await t.app.runtime.dataSource.query(
      'UPDATE projects SET created_at = $1, updated_at = $1 WHERE id = $2',
      [at, project.id],
    );
    projects.push(project);
  }
  return projects;
}

export function seedFolder(
  t: BrowserTest,
  ownerId: string,
  title: string,
  parentId: string | null = null,
): Promise<{ id: string; title: string }> {
  return newLabel(t.app.runtime.dataSource, ownerId, { title, parentId });
}

/** The titles of the cards, in the grid's order. */
export function cardTitles(page: Page): Promise<string[]> {
  return page.locator('[data-testid="project-card"] .project-card__title').allInnerTexts();
}

/** A card's hover menu, opened. */
export async function openCardMenu(page: Page, title: string) {
  const card = page.getByRole('article', { name: title, exact: true });
  await card.locator('summary').click();
  return card.locator('.menu-popover__panel');
}

/** A folder's menu in the side menu, opened. */
export async function openFolderMenu(page: Page, title: string) {
  // The side menu's (a folder's page has the same menu by its title).
  await page.locator(`summary[aria-label="Folder actions for ${title}"]`).first().click();
  return page.locator('details[open] .menu-popover__panel');
}

/** A full-page screenshot as screenshots/dashboard-<name>.png (saveScreenshot). */
export function shot(t: BrowserTest, page: Page, name: string): Promise<void> {
  return t.screenshot(page, `dashboard-${name}`);
}
