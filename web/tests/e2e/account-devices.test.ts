import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { catalogueMessages, devicesTexts } from '@animata/contracts';
import { newCustomer, newSession, sessionCookieName } from '@animata/server/test-support';
import { overflowsHorizontally, useBrowserTest } from '../support/browser.js';

const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A session's id as the BFF stores it: the SHA-256 of the cookie's token. */
const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * 'Where you're signed in' (issue 16): the names and times each session shows, and signing out
 * a device that has already gone. Signing out one and all others is in account-settings.test.ts.
 */
describe("'Where you're signed in' in Chromium", () => {
  const t = useBrowserTest();

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`names each browser and system and says when it was last used, this device first marked (${mode})`, async () => {
      const customer = await newCustomer(t.app.runtime.dataSource);
      const here = await newSession(t.app, customer.id);
      const firefox = await newSession(t.app, customer.id, { userAgent: FIREFOX_ON_WINDOWS });
      const safari = await newSession(t.app, customer.id, { userAgent: SAFARI_ON_IPHONE });
      const unknown = await newSession(t.app, customer.id, { userAgent: 'curl/8.5.0' });
      await t.app.runtime.dataSource.query(
        `UPDATE sessions SET last_seen_at = now() - CASE id
           WHEN $1 THEN interval '3 hours' WHEN $2 THEN interval '2 days'
           ELSE interval '20 minutes' END,
           created_at = CASE id WHEN $1 THEN timestamptz '2026-11-20T10:00:00Z' ELSE created_at END
         WHERE id = ANY($3::text[])`,
        [sessionId(firefox), sessionId(safari), [firefox, safari, unknown].map(sessionId)],
      );

      const page = await t.open('/account', {
        javaScript,
        cookies: { [sessionCookieName(t.app.config)]: here },
      });
      const devices = page.getByRole('region', { name: devicesTexts.title });
      const items = devices.getByRole('listitem');
      assert.equal(await items.count(), 4);
      // Most recently active first: this device, then the others by their last activity.
      const texts = await items.allInnerTexts();
      assert.match(texts[0]!, /This device/);
      assert.match(texts[0]!, /Active now/);
      assert.match(texts[1]!, /^Unknown browser\s/);
      assert.match(texts[1]!, /Last active 20 minutes ago/);
      assert.match(texts[2]!, /^Firefox 128 on Windows\s/);
      assert.match(texts[2]!, /Last active 3 hours ago/);
      // The day reads as the dashboard's cards read it (issue 29: one format per kind).
      assert.match(texts[2]!, /Signed in Nov 20, 2026/);
      assert.match(texts[3]!, /^Safari 17 on iOS\s/);
      assert.match(texts[3]!, /Last active 2 days ago/);
      assert.equal(await devices.getByText(devicesTexts.thisDevice).count(), 1);
      // This device has no Sign out of its own (Log out is in the user menu); each other has one.
      assert.equal(await devices.getByRole('button', { name: /^Sign out:/ }).count(), 3);
      await devices
        .getByRole('button', { name: 'Sign out: Firefox 128 on Windows, Last active 3 hours ago' })
        .waitFor();
    });

    if (javaScript) {
      it('fits a desktop and a phone with several devices', async () => {
        const customer = await newCustomer(t.app.runtime.dataSource);
        const here = await newSession(t.app, customer.id);
        await newSession(t.app, customer.id, { userAgent: FIREFOX_ON_WINDOWS });
        await newSession(t.app, customer.id, { userAgent: SAFARI_ON_IPHONE });
        for (const viewport of ['desktop', 'phone'] as const) {
          const page = await t.open('/account', {
            viewport,
            cookies: { [sessionCookieName(t.app.config)]: here },
          });
          const devices = page.getByRole('region', { name: devicesTexts.title });
          await devices.getByRole('button', { name: devicesTexts.signOutOthers }).waitFor();
          assert.equal(await overflowsHorizontally(page), false, `the list fits (${viewport})`);
          // This device first, though the others were signed in after it.
          assert.match(
            (await devices.getByRole('listitem').first().innerText()) ?? '',
            /This device/,
          );
          await t.screenshot(page, `account-devices-${viewport}`);
        }
      });
    }

    it(`says "not found" when the device was signed out meanwhile, and lists what is left (${mode})`, async () => {
      const customer = await newCustomer(t.app.runtime.dataSource);
      const here = await newSession(t.app, customer.id);
      const gone = await newSession(t.app, customer.id, { userAgent: FIREFOX_ON_WINDOWS });
      const page = await t.open('/account', {
        javaScript,
        cookies: { [sessionCookieName(t.app.config)]: here },
      });
      const devices = page.getByRole('region', { name: devicesTexts.title });
      await devices.getByText('Firefox 128 on Windows').waitFor();
      // Another tab (or the password change) ended it after this page was shown.
      await t.app.runtime.dataSource.query('DELETE FROM sessions WHERE id = $1', [sessionId(gone)]);
      await devices.getByRole('button', { name: /^Sign out: Firefox 128 on Windows/ }).click();
      await page
        .getByTestId('snackbar')
        .filter({ hasText: catalogueMessages.notFound })
        .first()
        .waitFor();
      await devices.getByText(devicesTexts.noOthers).waitFor();
      assert.equal(await devices.getByRole('listitem').count(), 1);
    });
  }
});
