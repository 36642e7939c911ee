import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { emailChangeMessages, endpoints } from '@animata/contracts';
import {
  newCustomer,
  newSession,
  passwordHashFor,
  sessionCookieName,
  startSmtpReceiver,
} from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { overflowsHorizontally, pathOfLink, useBrowserTest } from '../support/browser.js';

const smtp = await startSmtpReceiver();
const STRONG = 'Correct-Horse-9-battery';

/**
 * The e-mail row's own rules and the confirmation page's refusals (issue 16, account-and-auth
 * §4.1, §5), with JavaScript on and off. The full change through the mail is in
 * account-settings.test.ts.
 */
describe('the e-mail change in Chromium: field rules and the confirmation page', () => {
  const t = useBrowserTest({ env: { SMTP_URL: smtp.url, RATE_LIMIT_RECOVERY: '1000/60' } });
  after(async () => {
    await smtp.close();
  });

  async function signedIn() {
    const customer = await newCustomer(t.app.runtime.dataSource, {
      passwordHash: await passwordHashFor(STRONG),
    });
    const token = await newSession(t.app, customer.id);
    return { customer, token, cookies: { [sessionCookieName(t.app.config)]: token } };
  }
  const pendingCount = async (customerId: string) =>
    (
      (await t.app.runtime.dataSource.query(
        'SELECT count(*)::int AS n FROM email_changes WHERE customer_id = $1',
        [customerId],
      )) as Array<{ n: number }>
    )[0]!.n;
  /** Asks for a change through the BFF, as the row does; returns the mailed link's path. */
  async function requestChange(token: string, newEmail: string): Promise<string> {
    const mark = smtp.received.length;
    const requested = await fetch(`${t.app.url}${endpoints.account.changeEmail.path}`, {
      method: 'POST',
      headers: {
        cookie: `${sessionCookieName(t.app.config)}=${token}`,
        origin: t.app.url,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ newEmail, password: STRONG }),
    });
    assert.equal(requested.status, 200);
    return pathOfLink(
      await smtp.textOfMailTo(newEmail, /Confirm your new email/, mark),
      '/auth/confirm-email-change',
    );
  }
  /** A refused post answers 422; Chromium logs that as a failed resource. */
  const allowRefusals = (page: Page) => t.allowConsoleError(page, /status of 422/);

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`puts the §5 texts on the address and password fields, and sends nothing (${mode})`, async () => {
      const { customer, cookies } = await signedIn();
      const page = await t.open('/account?edit=email', { javaScript, cookies });
      allowRefusals(page);
      const row = page.getByRole('region', { name: 'Account email' });
      const email = () => row.getByLabel('Account email', { exact: true });
      const password = () => row.getByLabel('Password', { exact: true });
      const update = () => row.getByRole('button', { name: 'Update' });
      const mailsBefore = smtp.received.length;

      await email().fill('');
      await update().click();
      await row.getByRole('alert').filter({ hasText: 'Account email is required' }).waitFor();
      await row.getByRole('alert').filter({ hasText: 'Password is required' }).waitFor();
      assert.equal(await email().getAttribute('aria-invalid'), 'true');
      assert.equal(await password().getAttribute('aria-invalid'), 'true');

      await email().fill('not-an-address');
      await password().fill('abc');
      await update().click();
      await row
        .getByRole('alert')
        .filter({ hasText: 'Account email is not a valid email' })
        .waitFor();
      await row
        .getByRole('alert')
        .filter({ hasText: 'Password should have at least 6 characters' })
        .waitFor();
      assert.equal(await email().inputValue(), 'not-an-address', 'what was typed stays');
      assert.equal(await pendingCount(customer.id), 0);
      assert.equal(smtp.received.length, mailsBefore);
    });

    it(`just closes the row for an unchanged address, without asking for the password (${mode})`, async () => {
      const { customer, cookies } = await signedIn();
      const page = await t.open('/account?edit=email', { javaScript, cookies });
      const row = page.getByRole('region', { name: 'Account email' });
      assert.equal(
        await row.getByLabel('Account email', { exact: true }).inputValue(),
        customer.email,
      );
      await row.getByRole('button', { name: 'Update' }).click();
      await row.getByRole('link', { name: 'Edit Account email' }).waitFor();
      assert.equal(new URL(page.url()).search, '');
      assert.equal(await row.getByRole('alert').count(), 0);
      assert.equal(await pendingCount(customer.id), 0);
    });

    it(`reports a used link and a link without a token as soon as the page opens (${mode})`, async () => {
      const { customer, token } = await signedIn();
      const newEmail = `used-${Date.now()}-${javaScript ? 'js' : 'nojs'}@example.com`;
      const link = await requestChange(token, newEmail);

      const first = await t.open(link, { javaScript });
      // The page names the address the link confirms.
      await first.getByText(emailChangeMessages.confirmText(newEmail)).waitFor();
      await first.getByRole('button', { name: emailChangeMessages.confirmButton }).click();
      await first.waitForURL(/\/(account|auth\/login)/);
      const stored = (await t.app.runtime.dataSource.query(
        'SELECT email FROM customers WHERE id = $1',
        [customer.id],
      )) as Array<{ email: string }>;
      assert.equal(stored[0]!.email, newEmail);

      for (const path of [link, '/auth/confirm-email-change']) {
        const again = await t.open(path, { javaScript });
        await again
          .getByRole('heading', { level: 1, name: emailChangeMessages.confirmTitle })
          .waitFor();
        await again
          .getByRole('alert')
          .filter({ hasText: emailChangeMessages.linkInvalid })
          .waitFor();
        assert.equal(
          await again.getByRole('button', { name: emailChangeMessages.confirmButton }).count(),
          0,
          'nothing to confirm',
        );
        await again.getByRole('link', { name: emailChangeMessages.backToAccount }).waitFor();
      }
    });
  }

  it('shows a pending change and the confirmation page on a desktop and a phone', async () => {
    const { customer, token, cookies } = await signedIn();
    const newEmail = `a-rather-long-new-address-${Date.now()}@subdomain.example.com`;
    const link = await requestChange(token, newEmail);
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await t.open('/account', { cookies, viewport });
      const row = page.getByRole('region', { name: 'Account email' });
      await row.getByText(emailChangeMessages.pending(newEmail)).waitFor();
      assert.ok((await row.innerText()).includes(customer.email), 'the stored address stays');
      assert.equal(await overflowsHorizontally(page), false, `the pending row fits (${viewport})`);
      await t.screenshot(page, `account-email-pending-${viewport}`);

      const confirm = await t.open(link, { viewport });
      await confirm.getByText(emailChangeMessages.confirmText(newEmail)).waitFor();
      await confirm.getByRole('button', { name: emailChangeMessages.confirmButton }).waitFor();
      assert.equal(await overflowsHorizontally(confirm), false, `the page fits (${viewport})`);
      await t.screenshot(confirm, `confirm-email-change-${viewport}`);
    }
  });

  it('cancels the edit with Escape and keeps the stored address (JavaScript on)', async () => {
    const { customer, cookies } = await signedIn();
    const page = await t.open('/account?edit=email', { cookies });
    const row = page.getByRole('region', { name: 'Account email' });
    const field = row.getByLabel('Account email', { exact: true });
    await field.fill('somewhere-else@example.com');
    await field.press('Escape');
    await row.getByRole('link', { name: 'Edit Account email' }).waitFor();
    await row.getByText(customer.email, { exact: true }).waitFor();
    assert.equal(await pendingCount(customer.id), 0);
  });
});
