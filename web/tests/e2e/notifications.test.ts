import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Notification } from '@animata/contracts';
import { newCustomer, newSession, sessionCookieName } from '@animata/server/test-support';
import { useBrowserTest, waitForHydration } from '../support/browser.js';
import { notificationCookie } from '../support/notification.js';

/** Long enough that no notification hides itself during a test, even on a busy machine. */
const STAYS_MS = 600_000;

describe('the one-time notification cookie in Chromium', () => {
  const t = useBrowserTest();

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`shows a success message as a status once, and not after a reload (${mode})`, async () => {
      const page = await t.open('/', {
        javaScript,
        cookies: notificationCookie({
          type: 'success',
          message: 'Account info saved',
          timeout: STAYS_MS,
        }),
      });
      const status = page.getByRole('status');
      await status.getByText('Account info saved', { exact: true }).waitFor();
      assert.equal(await page.getByRole('alert').textContent(), '');

      await page.reload();
      if (javaScript) await waitForHydration(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await page.getByTestId('snackbar').count(), 0);
      assert.equal(await status.textContent(), '');
    });

    it(`shows the notification on the 404 page as well (${mode})`, async () => {
      // Unknown paths redirect home now (projects-dashboard §2); a folder that is not the
      // customer's is still a 404.
      const customer = await newCustomer(t.app.runtime.dataSource);
      const page = await t.newPage({
        javaScript,
        cookies: {
          ...notificationCookie({
            type: 'error',
            message: 'Could not remove your avatar',
            timeout: STAYS_MS,
          }),
          [sessionCookieName(t.app.config)]: await newSession(t.app, customer.id),
        },
      });
      t.allowConsoleError(page, /status of 404/);
      await page.goto(`/folder/${randomUUID()}`);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await page
        .getByRole('alert')
        .getByText('Could not remove your avatar', { exact: true })
        .waitFor();
    });

    it(`offers the notification's button as a link (${mode})`, async () => {
      const page = await t.open('/', {
        javaScript,
        cookies: notificationCookie({
          type: 'info',
          message: 'Your plan changed',
          timeout: STAYS_MS,
          button: { label: 'See plans', href: '/auth/login' },
        }),
      });
      const link = page
        .getByTestId('snackbar')
        .getByRole('link', { name: 'See plans', exact: true });
      assert.equal(await link.getAttribute('href'), '/auth/login');
      await link.click();
      await page.waitForURL(`${t.app.url}/auth/login`);
    });
  }

  // The roles are in the server's markup, the same with JavaScript on or off.
  it('shows an error and a warning as alerts, and any other type as a status', async () => {
    for (const [type, role] of [
      ['error', 'alert'],
      ['warning', 'alert'],
      ['info', 'status'],
      ['banana', 'status'],
    ] as const) {
      const message = `Something happened (${type})`;
      const page = await t.open('/', {
        javaScript: false,
        cookies: notificationCookie({
          type: type as Notification['type'],
          message,
          timeout: STAYS_MS,
        }),
      });
      await page.getByRole(role).getByText(message, { exact: true }).waitFor();
      const other = role === 'alert' ? 'status' : 'alert';
      assert.equal(await page.getByRole(other).textContent(), '', `${type} is a ${role}`);
    }
  });

  it('ignores an unreadable cookie and clears it', async () => {
    const page = await t.open('/', { javaScript: false, cookies: { animata_notification: '%%%' } });
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await page.getByTestId('snackbar').count(), 0);
    const cookies = await page.context().cookies();
    assert.equal(
      cookies.some((cookie) => cookie.name === 'animata_notification'),
      false,
    );
  });
});
