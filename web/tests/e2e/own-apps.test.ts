import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  appsErrorNotice,
  appsMessages,
  appsTexts,
  APP_KEY_LENGTH,
  displayAppId,
  maskedSecret,
  ownAppsTexts,
  redirectUriProblem,
} from '@animata/contracts';
import { newApp, newCustomer, newSession, sessionCookieName } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { overflowsHorizontally, snackbar, useBrowserTest } from '../support/browser.js';

/**
 * The own apps page (billing-teams-apps §2, §5, §6; decisions 80, 81, 84), with JavaScript and
 * without: the same forms, links and texts.
 */
describe('own apps page in Chromium', () => {
  const t = useBrowserTest();
  const db = () => t.app.runtime.dataSource;

  async function developer(options: { developer?: boolean } = {}) {
    const customer = await newCustomer(db(), {
      developerSince: options.developer === false ? null : new Date(),
    });
    const cookies = { [sessionCookieName(t.app.config)]: await newSession(t.app, customer.id) };
    return { customer, cookies };
  }
  const row = (page: Page, name: string) =>
    page.locator('tr.own-apps-table__row', { hasText: name });
  const names = (page: Page) => page.locator('.own-apps-table__name').allInnerTexts();

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`creates an app: its secret key shown once, masked after a reload (${mode})`, async () => {
      const { cookies } = await developer();
      const page = await t.open('/own-apps', { javaScript, cookies });
      await page.getByText(appsTexts.noOwnApps).waitFor();
      if (javaScript) {
        await t.screenshot(page, 'own-apps-empty-desktop');
        const phone = await t.open('/own-apps', { viewport: 'phone', cookies });
        await phone.getByText(appsTexts.noOwnApps).waitFor();
        assert.equal(await overflowsHorizontally(phone), false);
        await t.screenshot(phone, 'own-apps-empty-phone');
      }
      await page.getByLabel(ownAppsTexts.newAppName).fill('Weather widget');
      await page.getByRole('button', { name: appsTexts.createApp }).click();
      const fresh = page.getByRole('status').filter({ hasText: ownAppsTexts.secretOnce });
      await fresh.getByText(ownAppsTexts.created('Weather widget')).waitFor();
      const secret = await page.getByLabel(ownAppsTexts.secretLabel('Weather widget')).inputValue();
      assert.match(secret, /^sk_[a-z0-9]{29}$/);
      assert.equal(secret.length, APP_KEY_LENGTH);
      const created = row(page, 'Weather widget');
      const cell = created.getByTestId('secret-key');
      assert.equal(await cell.innerText(), maskedSecret(secret.slice(-4)));
      const appId = await created.locator('.own-app-id').innerText();
      assert.match(appId, /^ai_[a-z0-9]{29}$/);
      assert.equal(await created.getByRole('cell', { name: appsTexts.roles.admin }).count(), 1);
      if (javaScript) {
        const eye = created.getByRole('button', { name: ownAppsTexts.showSecret });
        await eye.click();
        assert.equal(await cell.innerText(), secret);
        await created.getByRole('button', { name: ownAppsTexts.hideSecret }).click();
        assert.equal(await cell.innerText(), maskedSecret(secret.slice(-4)));
        await page.getByRole('button', { name: ownAppsTexts.copy }).waitFor();
        await t.screenshot(page, 'own-apps-created-desktop');
      }
      // The secret is nowhere in the address or a cookie.
      assert.ok(!page.url().includes(secret));
      const cookiesAfter = await page.context().cookies();
      assert.ok(cookiesAfter.every((cookie) => !decodeURIComponent(cookie.value).includes(secret)));

      await page.goto('/own-apps');
      await row(page, 'Weather widget').waitFor();
      assert.equal(await page.getByText(ownAppsTexts.secretOnce).count(), 0);
      assert.equal(
        await row(page, 'Weather widget').getByTestId('secret-key').innerText(),
        maskedSecret(secret.slice(-4)),
      );
      assert.equal(await page.getByRole('button', { name: ownAppsTexts.showSecret }).count(), 0);
      assert.equal(await page.content().then((html) => html.includes(secret)), false);
    });

    it(`refuses a whitespace-only and a 256-character name with the spec's texts (${mode})`, async () => {
      const { cookies } = await developer();
      const page = await t.open('/own-apps', { javaScript, cookies });
      t.allowConsoleError(page, /status of 422/);
      const field = page.getByLabel(ownAppsTexts.newAppName);
      const create = page.getByRole('button', { name: appsTexts.createApp });
      await field.fill('   ');
      if (!javaScript) await create.click();
      await page
        .getByRole('alert')
        .filter({ hasText: appsMessages.nameOnlyWhitespace })
        .first()
        .waitFor();
      await t.open('/own-apps', { javaScript, cookies }).then(async (again) => {
        t.allowConsoleError(again, /status of 422/);
        await again.getByLabel(ownAppsTexts.newAppName).fill('x'.repeat(256));
        if (!javaScript) await again.getByRole('button', { name: appsTexts.createApp }).click();
        await again.getByText(appsMessages.nameMaxLength, { exact: true }).first().waitFor();
        if (javaScript) {
          // Submitting with the rule broken posts nothing.
          await again.getByRole('button', { name: appsTexts.createApp }).click();
          assert.equal(await again.getByText(appsTexts.noOwnApps).count(), 1);
        }
      });
      if (javaScript) {
        // An empty submit gets the whitespace alert too.
        await field.fill('');
        await create.click();
        await page.getByText(appsMessages.nameOnlyWhitespace, { exact: true }).waitFor();
      }
    });

    it(`renames inline: Update saves, Cancel and an unchanged name cancel (${mode})`, async () => {
      const { customer, cookies } = await developer();
      await newApp(db(), customer.id, { name: 'Old name' });
      const page = await t.open('/own-apps', { javaScript, cookies });
      await page.getByRole('link', { name: `${ownAppsTexts.edit}: Old name` }).click();
      const input = page.getByLabel(ownAppsTexts.appName, { exact: true });
      await input.waitFor();
      if (javaScript) {
        await t.screenshot(page, 'own-apps-editing-desktop');
        await input.press('Escape');
        await input.waitFor({ state: 'detached' });
        await page.getByRole('link', { name: `${ownAppsTexts.edit}: Old name` }).click();
        // Unchanged: Update just closes the field, nothing is saved.
        await page.getByRole('button', { name: ownAppsTexts.update }).click();
        await input.waitFor({ state: 'detached' });
        await page.getByRole('link', { name: `${ownAppsTexts.edit}: Old name` }).click();
        await input.fill('y'.repeat(256));
        await page.getByText(appsMessages.nameMaxLength, { exact: true }).waitFor();
      } else {
        await page.getByRole('link', { name: ownAppsTexts.cancel }).first().click();
        await input.waitFor({ state: 'detached' });
        await page.getByRole('link', { name: `${ownAppsTexts.edit}: Old name` }).click();
      }
      await input.fill('New name');
      await page.getByRole('button', { name: ownAppsTexts.update }).click();
      await snackbar(page, ownAppsTexts.renamed);
      await row(page, 'New name').waitFor();
      assert.equal(await row(page, 'Old name').count(), 0);
    });

    it(`adds a manager, who sees the app as Manager without edit or delete; the last admin stays (${mode})`, async () => {
      const admin = await developer();
      const manager = await developer({ developer: false });
      await newApp(db(), admin.customer.id, { name: 'Shared app' });
      const page = await t.open('/own-apps', { javaScript, cookies: admin.cookies });
      t.allowConsoleError(page, /status of 422/);
      const shared = row(page, 'Shared app');
      await shared.getByRole('link', { name: `${appsTexts.addManager}: Shared app` }).click();
      const form = page.getByRole('form', { name: `${appsTexts.addManager}: Shared app` });
      await form.getByLabel(ownAppsTexts.managerEmail).fill(`  ${manager.customer.email} `);
      await form.getByLabel(ownAppsTexts.managerRole).selectOption('manager');
      if (javaScript) await t.screenshot(page, 'own-apps-managers-desktop');
      await form.getByRole('button', { name: ownAppsTexts.add }).click();
      await snackbar(page, ownAppsTexts.managerSaved);
      await shared.getByText(manager.customer.email).waitFor();
      assert.match(await shared.innerText(), new RegExp(`${manager.customer.email}\\s+Manager`));
      // The admin's own e-mail is not in the list (the manager list hides the current user).
      assert.equal(await shared.getByText(admin.customer.email).count(), 0);

      // Demoting oneself, the only admin, is refused with the spec's text.
      await shared.getByRole('link', { name: `${appsTexts.addManager}: Shared app` }).click();
      await form.getByLabel(ownAppsTexts.managerEmail).fill(admin.customer.email);
      await form.getByLabel(ownAppsTexts.managerRole).selectOption('manager');
      await form.getByRole('button', { name: ownAppsTexts.add }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: appsErrorNotice([appsMessages.lastAdmin]) })
        .waitFor();
      assert.equal(
        await page.locator('.form-notice').innerText(),
        'Error occurred: The last admin cannot be deleted',
      );

      // An e-mail of nobody.
      await page.goto('/own-apps');
      await shared.getByRole('link', { name: `${appsTexts.addManager}: Shared app` }).click();
      await form.getByLabel(ownAppsTexts.managerEmail).fill('nobody-here@example.test');
      await form.getByRole('button', { name: ownAppsTexts.add }).click();
      await form.getByText(appsMessages.noSuchCustomer, { exact: true }).waitFor();

      const theirs = await t.open('/own-apps', { javaScript, cookies: manager.cookies });
      const seen = row(theirs, 'Shared app');
      await seen.waitFor();
      assert.equal(
        await seen.getByRole('cell', { name: appsTexts.roles.manager, exact: true }).count(),
        1,
      );
      assert.equal(await seen.getByRole('link', { name: /^Edit/ }).count(), 0);
      assert.equal(await seen.getByRole('link', { name: /^Delete/ }).count(), 0);
      assert.equal(await seen.getByRole('link', { name: /^Add manager/ }).count(), 0);
      assert.equal(await seen.getByRole('button', { name: /^Remove/ }).count(), 0);
      assert.match(await seen.innerText(), new RegExp(`${admin.customer.email}\\s+Admin`));
      assert.equal(await seen.getByText(manager.customer.email).count(), 0);
      // Without the developer grant the manager cannot create apps: the page says so where the
      // create field would be, instead of refusing only after a submit.
      await theirs.getByRole('note').filter({ hasText: appsMessages.notADeveloper }).waitFor();
      assert.equal(await theirs.getByLabel(ownAppsTexts.newAppName).count(), 0);
      assert.equal(await theirs.getByRole('button', { name: appsTexts.createApp }).count(), 0);

      // The admin removes the manager.
      await page.goto('/own-apps');
      await shared
        .getByRole('button', { name: ownAppsTexts.removeManager(manager.customer.email) })
        .click();
      await snackbar(page, ownAppsTexts.managerRemoved);
      await shared.getByText(manager.customer.email).waitFor({ state: 'detached' });
    });

    it(`deletes and regenerates after a confirmation (${mode})`, async () => {
      const { customer, cookies } = await developer();
      const doomed = await newApp(db(), customer.id, { name: 'Doomed app' });
      await newApp(db(), customer.id, { name: 'Kept app' });
      const page = await t.open('/own-apps', { javaScript, cookies });

      await page.getByRole('link', { name: `${ownAppsTexts.delete}: Doomed app` }).click();
      const dialog = page.getByRole('dialog', { name: ownAppsTexts.deleteTitle('Doomed app') });
      await dialog.waitFor();
      await dialog.getByRole('link', { name: ownAppsTexts.cancel }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await row(page, 'Doomed app').count(), 1);
      await page.getByRole('link', { name: `${ownAppsTexts.delete}: Doomed app` }).click();
      await dialog.getByRole('button', { name: ownAppsTexts.delete }).click();
      await snackbar(page, ownAppsTexts.deleted);
      await row(page, 'Doomed app').waitFor({ state: 'detached' });
      const left = await db().query(`SELECT 1 FROM apps WHERE id = $1`, [doomed.id]);
      assert.equal(left.length, 0);

      await page.getByRole('link', { name: `${ownAppsTexts.regenerate}: Kept app` }).click();
      const regenerate = page.getByRole('dialog', {
        name: ownAppsTexts.regenerateTitle('Kept app'),
      });
      await regenerate.getByText(ownAppsTexts.regenerateText).waitFor();
      await regenerate.getByRole('button', { name: ownAppsTexts.regenerate }).click();
      await page.getByText(ownAppsTexts.regenerated('Kept app')).waitFor();
      const secret = await page.getByLabel(ownAppsTexts.secretLabel('Kept app')).inputValue();
      assert.match(secret, /^sk_[a-z0-9]{29}$/);
      const [stored] = await db().query(
        `SELECT secret_hash = encode(sha256(convert_to($2, 'UTF8')), 'hex') AS shown
           FROM apps WHERE name = 'Kept app' AND id IN
             (SELECT app_id FROM app_members WHERE customer_id = $1)`,
        [customer.id, secret],
      );
      assert.equal(stored.shown, true, 'the key shown is the one that works');
      assert.equal(
        await row(page, 'Kept app').getByTestId('secret-key').innerText(),
        maskedSecret(secret.slice(-4)),
      );
    });

    it(`registers redirect URIs and origins, with the server's messages (${mode})`, async () => {
      const { customer, cookies } = await developer();
      const made = await newApp(db(), customer.id, { name: 'Redirecting app' });
      const page = await t.open('/own-apps', { javaScript, cookies });
      t.allowConsoleError(page, /status of 422/);
      await page.getByRole('link', { name: `${ownAppsTexts.redirects}: Redirecting app` }).click();
      const form = page.getByRole('form', {
        name: ownAppsTexts.redirectsTitle('Redirecting app'),
      });
      await form
        .getByLabel(ownAppsTexts.redirectUris)
        .fill('https://app.example/cb\nhttp://example.com/cb');
      await form.getByRole('button', { name: ownAppsTexts.save }).click();
      await form.getByText(redirectUriProblem('http://example.com/cb')!, { exact: true }).waitFor();
      if (javaScript) await t.screenshot(page, 'own-apps-redirects-desktop');
      await form
        .getByLabel(ownAppsTexts.redirectUris)
        .fill('https://app.example/cb\n\nhttp://127.0.0.1:8080/cb\n');
      await form.getByLabel(ownAppsTexts.origins).fill('https://app.example');
      await form.getByRole('button', { name: ownAppsTexts.save }).click();
      await snackbar(page, ownAppsTexts.redirectsSaved);
      const stored = await db().query(`SELECT redirect_uris, origins FROM apps WHERE id = $1`, [
        made.id,
      ]);
      assert.deepEqual(stored[0].redirect_uris, [
        'https://app.example/cb',
        'http://127.0.0.1:8080/cb',
      ]);
      assert.deepEqual(stored[0].origins, ['https://app.example']);
      await page.getByRole('link', { name: `${ownAppsTexts.redirects}: Redirecting app` }).click();
      assert.equal(
        await form.getByLabel(ownAppsTexts.redirectUris).inputValue(),
        'https://app.example/cb\nhttp://127.0.0.1:8080/cb',
      );
    });

    it(`sorts by the column headers, newest first by default (${mode})`, async () => {
      const { customer, cookies } = await developer();
      for (const [name, age] of [
        ['Beta', 3],
        ['alpha', 2],
        ['Gamma', 1],
      ] as const) {
        const made = await newApp(db(), customer.id, { name });
        await db().query(
          `UPDATE apps SET created_at = now() - make_interval(days => $2) WHERE id = $1`,
          [made.id, age],
        );
      }
      const page = await t.open('/own-apps', { javaScript, cookies });
      assert.deepEqual(await names(page), ['Gamma', 'alpha', 'Beta']);
      const created = page.getByRole('columnheader', { name: appsTexts.columns.created });
      assert.equal(await created.getAttribute('aria-sort'), 'descending');
      await page.getByRole('link', { name: appsTexts.columns.name }).click();
      await page.waitForURL(/sort=name&dir=asc/);
      await page.waitForFunction(
        () => document.querySelector('.own-apps-table__name')?.textContent === 'alpha',
      );
      assert.deepEqual(await names(page), ['alpha', 'Beta', 'Gamma']);
      assert.equal(
        await page
          .getByRole('columnheader', { name: appsTexts.columns.name })
          .getAttribute('aria-sort'),
        'ascending',
      );
      await page.getByRole('link', { name: appsTexts.columns.name }).click();
      await page.waitForURL(/sort=name&dir=desc/);
      await page.waitForFunction(
        () => document.querySelector('.own-apps-table__name')?.textContent === 'Gamma',
      );
      assert.deepEqual(await names(page), ['Gamma', 'Beta', 'alpha']);
    });
  }

  it('sends a customer without the grant or a role back to the settings', async () => {
    const { cookies } = await developer({ developer: false });
    const page = await t.open('/own-apps', { cookies });
    await page.waitForURL(/\/account$/);
  });

  it('asks a signed-out visitor to log in', async () => {
    const page = await t.open('/own-apps', { javaScript: false });
    await page.waitForURL(/\/auth\/login\?url=%2Fown-apps/);
  });

  it('fits a desktop and a phone: the table, a card per app on the phone, the forms open', async () => {
    const admin = await developer();
    const other = await developer({ developer: false });
    const first = await newApp(db(), admin.customer.id, {
      name: 'Storefront integration',
      members: [{ customerId: other.customer.id, role: 'manager' }],
      redirectUris: ['https://store.example/callback'],
      origins: ['https://store.example'],
    });
    await db().query(`UPDATE apps SET secret_last_used_at = now() WHERE id = $1`, [first.id]);
    await newApp(db(), admin.customer.id, { name: 'Reporting bot' });
    const theirs = await newApp(db(), other.customer.id, {
      name: 'Partner dashboard',
      members: [{ customerId: admin.customer.id, role: 'manager' }],
    });
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await t.open('/own-apps', { viewport, cookies: admin.cookies });
      await row(page, 'Partner dashboard').waitFor();
      assert.equal(await overflowsHorizontally(page), false, `the table fits (${viewport})`);
      assert.ok((await page.content()).includes(displayAppId(theirs.id)));
      await t.screenshot(page, `own-apps-${viewport}`);
      if (viewport === 'phone') {
        for (const [state, name] of [
          [`edit=${first.id}`, 'editing'],
          [`add=${first.id}`, 'managers'],
          [`redirects=${first.id}`, 'redirects'],
        ] as const) {
          const open = await t.open(`/own-apps?${state}`, { viewport, cookies: admin.cookies });
          await row(open, 'Reporting bot').waitFor();
          assert.equal(await overflowsHorizontally(open), false, `${name} fits the phone`);
          await t.screenshot(open, `own-apps-${name}-phone`);
        }
      }
    }
  });
});
