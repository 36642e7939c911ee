import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { catalogueMessages } from '@animata/contracts';
import { newCustomer, newSession, sessionCookieName } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import {
  overflowsHorizontally,
  useBrowserTest,
  VIEWPORTS,
  type ViewportName,
} from '../support/browser.js';

/**
 * Every page of the shell at desktop (1280x800) and phone (375x812) width: nothing wider than
 * the screen. The pictures land in screenshots/ (gitignored) for a person to look at.
 */
describe('the pages fit desktop and phone screens', () => {
  const t = useBrowserTest();

  async function signedIn() {
    const customer = await newCustomer(t.app.runtime.dataSource);
    return { [sessionCookieName(t.app.config)]: await newSession(t.app, customer.id) };
  }

  /** A session cookie whose session has ended: the login page then says so. */
  async function endedSession() {
    const customer = await newCustomer(t.app.runtime.dataSource);
    const cookies = { [sessionCookieName(t.app.config)]: await newSession(t.app, customer.id) };
    await t.app.runtime.dataSource.query('DELETE FROM sessions WHERE customer_id = $1', [
      customer.id,
    ]);
    return cookies;
  }

  const screens: Array<{
    name: string;
    path: string;
    cookies?: () => Promise<Record<string, string>>;
    ready: (page: Page) => Promise<unknown>;
    /** A second picture of the same page after an action (an open menu). */
    then?: { name: string; act: (page: Page) => Promise<unknown> };
    expectedConsoleError?: RegExp;
  }> = [
    {
      name: 'home',
      path: '/',
      ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      name: 'login',
      path: '/auth/login',
      ready: (page) => page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor(),
    },
    {
      name: 'login-logged-out-notice',
      path: '/account',
      cookies: endedSession,
      ready: (page) => page.getByText(catalogueMessages.loggedOut).waitFor(),
    },
    {
      name: 'account',
      path: '/account',
      cookies: signedIn,
      ready: (page) => page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor(),
      then: {
        name: 'account-menu-open',
        act: async (page) => {
          await page.locator('summary', { hasText: 'Account menu' }).click();
          await page.getByRole('link', { name: 'Account settings' }).waitFor();
        },
      },
    },
    {
      name: 'not-found',
      // Unknown paths redirect home (projects-dashboard §2); a folder not the customer's is 404.
      path: `/folder/${randomUUID()}`,
      cookies: signedIn,
      ready: (page) => page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor(),
      expectedConsoleError: /status of 404/,
    },
  ];

  for (const screen of screens) {
    it(`${screen.name} fits at desktop and phone width`, async () => {
      for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
        const cookies = screen.cookies ? await screen.cookies() : {};
        const page = await t.newPage({ viewport, cookies });
        if (screen.expectedConsoleError) t.allowConsoleError(page, screen.expectedConsoleError);
        await page.goto(screen.path);
        await screen.ready(page);
        assert.equal(await overflowsHorizontally(page), false, `${screen.name} on ${viewport}`);
        await t.screenshot(page, `${screen.name}-${viewport}`);
        if (screen.then) {
          await screen.then.act(page);
          assert.equal(
            await overflowsHorizontally(page),
            false,
            `${screen.then.name} on ${viewport}`,
          );
          await t.screenshot(page, `${screen.then.name}-${viewport}`);
        }
      }
    });
  }
});
