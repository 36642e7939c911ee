import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Notification } from '@animata/contracts';
import type { Page } from 'playwright-core';
import { useBrowserTest } from '../support/browser.js';
import { notificationCookie } from '../support/notification.js';

/** A generous bound for the snackbar to hide by itself: a wait, never a timing assertion. */
const SETTLE_MS = 20_000;

describe('the snackbar hides and closes, with JavaScript on and off', () => {
  // The snackbar's entrance and hide animations are what these tests watch.
  const t = useBrowserTest({ motion: 'no-preference' });

  const snackbar = (page: Page) => page.getByTestId('snackbar');
  const openWith = (notification: Partial<Notification> & { message: string }, javaScript = true) =>
    t.open('/', { javaScript, cookies: notificationCookie(notification) });

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`hides itself once its timeout has run (${mode})`, async () => {
      // A short timeout instead of the 6000 ms default keeps the test quick.
      const page = await t.newPage({
        javaScript,
        cookies: notificationCookie({ type: 'success', message: 'Avatar uploaded', timeout: 1500 }),
      });
      const response = await page.goto('/');
      // It was there (in the page as served), however quickly it goes on a busy machine.
      assert.match((await response?.text()) ?? '', /Avatar uploaded/);
      // With JavaScript the element goes away; without it the CSS animation hides it.
      await snackbar(page).waitFor({
        state: javaScript ? 'detached' : 'hidden',
        timeout: SETTLE_MS,
      });
    });

    it(`closes with its close button (${mode})`, async () => {
      const page = await openWith(
        { type: 'error', message: 'File not supported', timeout: 0 },
        javaScript,
      );
      await snackbar(page).waitFor({ state: 'visible' });
      await snackbar(page).getByRole('button', { name: 'Close notification' }).click();
      await snackbar(page).waitFor({ state: javaScript ? 'detached' : 'hidden' });
      // Closing is local: the page stays where it was.
      assert.equal(page.url(), `${t.app.url}/`);
    });
  }

  it('closes with Escape (JavaScript on)', async () => {
    const page = await openWith({ type: 'warning', message: 'Avatar removed', timeout: 0 });
    await snackbar(page).waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await snackbar(page).waitFor({ state: 'detached' });
  });

  it('runs no hide animation for a notification without a timeout', async () => {
    const page = await openWith(
      { type: 'info', message: 'Nothing expires here', timeout: 0 },
      false,
    );
    await snackbar(page).waitFor({ state: 'visible' });
    const animations = await snackbar(page).evaluate((node) =>
      node.getAnimations().map((animation) => (animation as CSSAnimation).animationName),
    );
    assert.equal(animations.includes('snackbar-hide'), false);
  });
});
