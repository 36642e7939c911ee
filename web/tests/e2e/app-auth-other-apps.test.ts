import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  accountTabs,
  appsErrorNotice,
  appsTexts,
  catalogueMessages,
  pagePaths,
} from '@animata/contracts';
import { newApp, newCustomer, newSession, sessionCookieName } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { overflowsHorizontally, snackbar, useBrowserTest } from '../support/browser.js';

/**
 * The 3rd Party Apps page (billing-teams-apps §2, §6; decision 82): App name, Granted At (GMT),
 * Last used ('Never'), sortable headers, Revoke with a confirmation, the tab only while an app
 * has access, with JavaScript on and off.
 */
describe('the 3rd Party Apps page in Chromium', () => {
  const t = useBrowserTest();

  /** A customer who authorized three apps, granted a day apart; the middle one was used. */
  async function customerWithApps() {
    const db = t.app.runtime.dataSource;
    const customer = await newCustomer(db);
    const developer = await newCustomer(db);
    const grants: Array<[string, string, string | null]> = [
      ['Alpha Sync', '2026-03-01T10:00:00Z', null],
      ['Gamma Export', '2026-03-02T11:30:00Z', '2026-03-05T08:15:00Z'],
      ['Beta Backup', '2026-03-03T12:45:00Z', null],
    ];
    for (const [name, created, lastUsed] of grants) {
      const app = await newApp(db, developer.id, { name });
      await db.query(
        `INSERT INTO app_authorizations (app_id, customer_id, scope, created_at, last_used_at)
         VALUES ($1, $2, 'account:read projects:read', $3, $4)`,
        [app.id, customer.id, created, lastUsed],
      );
    }
    const token = await newSession(t.app, customer.id);
    return { customer, cookies: { [sessionCookieName(t.app.config)]: token } };
  }

  const names = (page: Page) =>
    page.locator('table.other-apps tbody th[scope="row"]').allTextContents();

  /** The rows' names once they read `expected` (a client navigation renders a moment later). */
  async function expectNames(page: Page, expected: string[]): Promise<void> {
    const read = (wanted: string) =>
      JSON.stringify(
        Array.from(document.querySelectorAll('table.other-apps tbody th[scope="row"]')).map(
          (cell) => cell.textContent,
        ),
      ) === wanted;
    await page.waitForFunction(read, JSON.stringify(expected), { timeout: 5_000 }).catch(() => {});
    assert.deepEqual(await names(page), expected);
  }

  it('sends a customer without authorized apps to /account, without the tab', async () => {
    const customer = await newCustomer(t.app.runtime.dataSource);
    const token = await newSession(t.app, customer.id);
    const page = await t.open(pagePaths.otherApps, {
      cookies: { [sessionCookieName(t.app.config)]: token },
    });
    assert.equal(new URL(page.url()).pathname, pagePaths.account);
    assert.equal(await page.getByRole('link', { name: accountTabs.otherApps }).count(), 0);
  });

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`lists the apps newest grant first, sorts by the headers and revokes after confirming (${mode})`, async () => {
      const { cookies } = await customerWithApps();
      const page = await t.open(pagePaths.otherApps, { cookies, javaScript });
      await page.getByRole('heading', { name: appsTexts.otherAppsTitle }).waitFor();
      await page.getByRole('link', { name: accountTabs.otherApps }).waitFor();
      await expectNames(page, ['Beta Backup', 'Gamma Export', 'Alpha Sync']);
      for (const column of Object.values({
        a: appsTexts.columns.appName,
        b: appsTexts.columns.granted,
        c: appsTexts.columns.lastUsed,
      })) {
        await page.getByRole('columnheader', { name: column }).waitFor();
      }
      const gamma = page.getByRole('row', { name: /Gamma Export/ });
      await gamma.getByText('Mar 2, 2026, 11:30 GMT').waitFor();
      await gamma.getByText('Mar 5, 2026, 08:15 GMT').waitFor();
      await page
        .getByRole('row', { name: /Alpha Sync/ })
        .getByText(appsTexts.neverUsed)
        .waitFor();

      await page.getByRole('link', { name: appsTexts.columns.appName }).click();
      await page.waitForURL(/sort=name/);
      await page.getByRole('columnheader', { name: appsTexts.columns.appName }).waitFor();
      await expectNames(page, ['Gamma Export', 'Beta Backup', 'Alpha Sync']);
      await page.getByRole('link', { name: appsTexts.columns.appName }).click();
      await page.waitForURL(/order=asc/);
      await expectNames(page, ['Alpha Sync', 'Beta Backup', 'Gamma Export']);

      // Revoke asks first; Cancel keeps the app.
      await page.getByRole('link', { name: `${appsTexts.revoke} Beta Backup` }).click();
      const dialog = page.getByRole('dialog', { name: appsTexts.revokeTitle });
      await dialog.getByText(appsTexts.revokeText('Beta Backup')).waitFor();
      await dialog.getByRole('link', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.equal((await names(page)).length, 3);

      await page.getByRole('link', { name: `${appsTexts.revoke} Beta Backup` }).click();
      await dialog.getByRole('button', { name: appsTexts.revoke }).click();
      await snackbar(page, appsTexts.revoked('Beta Backup'));
      await expectNames(page, ['Alpha Sync', 'Gamma Export']);
      assert.match(page.url(), /sort=name&order=asc/);
    });
  }

  it('revoking the last app leaves the page and the tab (JavaScript off)', async () => {
    const db = t.app.runtime.dataSource;
    const { customer, cookies } = await customerWithApps();
    await db.query(
      `DELETE FROM app_authorizations WHERE customer_id = $1 AND app_id IN
         (SELECT id FROM apps WHERE name <> 'Alpha Sync')`,
      [customer.id],
    );
    const page = await t.open(pagePaths.otherApps, { cookies, javaScript: false });
    await page.getByRole('link', { name: `${appsTexts.revoke} Alpha Sync` }).click();
    await page
      .getByRole('dialog', { name: appsTexts.revokeTitle })
      .getByRole('button', { name: appsTexts.revoke })
      .click();
    await page.waitForURL((url) => url.pathname === pagePaths.account);
    await snackbar(page, appsTexts.revoked('Alpha Sync'));
    assert.equal(await page.getByRole('link', { name: accountTabs.otherApps }).count(), 0);
  });

  it("says 'Error occurred' with the reason when the app was revoked meanwhile", async () => {
    const { customer, cookies } = await customerWithApps();
    const page = await t.open(pagePaths.otherApps, { cookies });
    await page.getByRole('link', { name: `${appsTexts.revoke} Gamma Export` }).click();
    const dialog = page.getByRole('dialog', { name: appsTexts.revokeTitle });
    await dialog.waitFor();
    // Another tab revoked it first.
    await t.app.runtime.dataSource.query(
      `DELETE FROM app_authorizations WHERE customer_id = $1 AND app_id IN
         (SELECT id FROM apps WHERE name = 'Gamma Export')`,
      [customer.id],
    );
    await dialog.getByRole('button', { name: appsTexts.revoke }).click();
    await snackbar(page, appsErrorNotice([catalogueMessages.notFound]));
    await expectNames(page, ['Beta Backup', 'Alpha Sync']);
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    const width = viewport === 'desktop' ? 1280 : 375;
    it(`screenshots the list and the confirmation at ${width} px`, async () => {
      const { cookies } = await customerWithApps();
      const page = await t.open(pagePaths.otherApps, { cookies, viewport });
      await page.getByRole('heading', { name: appsTexts.otherAppsTitle }).waitFor();
      assert.equal(await overflowsHorizontally(page), false);
      await t.screenshot(page, `other-apps-${width}`);
      await page.getByRole('link', { name: `${appsTexts.revoke} Alpha Sync` }).click();
      await page.getByRole('dialog', { name: appsTexts.revokeTitle }).waitFor();
      await t.screenshot(page, `other-apps-revoke-${width}`);
    });
  }
});
