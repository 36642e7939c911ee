import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authTexts, endpoints, fillPath, sharingMessages } from '@animata/contracts';
import {
  linkIn,
  newCustomer,
  newProject,
  newSession,
  newSubscriptionRow,
  sessionCookieName,
  waitForMail,
} from '@animata/server/test-support';
import { snackbar, useBrowserTest, type BrowserTest } from '../support/browser.js';

const STRONG = 'Correct-Horse-7';

/**
 * Invites to a project (issue 31) in the browser: an invite to an address without an account is
 * accepted by signing up through the mailed link, and the project then opens for the new
 * customer (once with JavaScript, once without); an existing customer accepts through the
 * invitations dialog. The rules and texts are server/test/integration/share-invites.test.ts's.
 */
describe('share invites: the link page, sign-up through it, and the invitations dialog', () => {
  const t = useBrowserTest();
  const ds = () => t.app.runtime.dataSource;

  async function cookiesOf(customerId: string): Promise<Record<string, string>> {
    return { [sessionCookieName(t.app.config)]: await newSession(t.app, customerId) };
  }

  /** A pro owner's project, and an invite to `email` sent through the BFF (so it is mailed). */
  async function invite(email: string, title: string) {
    const owner = await newCustomer(ds(), { name: 'Olga Owner' });
    await newSubscriptionRow(ds(), owner.id, { planId: 'pro-monthly' });
    const project = await newProject(ds(), owner.id, { title });
    const token = await newSession(t.app, owner.id);
    const response = await fetch(
      `${t.app.url}${fillPath(endpoints.invites.project.path, { params: { id: project.id } })}`,
      {
        method: 'POST',
        headers: {
          cookie: `${sessionCookieName(t.app.config)}=${token}`,
          origin: t.app.url,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ recipientEmail: email }),
      },
    );
    assert.equal(response.status, 200);
    return { owner, project };
  }

  async function inviteLink(email: string, title: string): Promise<string> {
    const mail = await waitForMail(ds(), email, new RegExp(`shared ${title}`));
    return linkIn(mail, '/share-invite/').pathname;
  }

  async function signUpThroughLink(
    test: BrowserTest,
    javaScript: boolean,
    label: string,
  ): Promise<void> {
    const email = `${label}-${Date.now()}@example.test`;
    const title = `Logo ${label}`;
    const { project } = await invite(email, title);
    const page = await test.open(await inviteLink(email, title), { javaScript });
    await page.getByText(`Olga Owner shared the project ${title} with ${email}`).waitFor();
    await test.screenshot(page, `share-invite-signed-out-${label}`);
    await page.getByRole('link', { name: 'Sign up and accept' }).click();
    await page
      .getByRole('note')
      .getByText('To accept the invitation you were sent, sign up with your e-mail above.')
      .waitFor();
    await page.getByLabel('Name').fill('Nina Newcomer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG);
    await page.getByRole('button', { name: authTexts.createAccount }).click();
    await page.waitForURL(`${test.app.url}/${project.id}`);
    // The project opens for the new customer (the page's title is the project's).
    await page.getByText(title).first().waitFor();
    const grants: unknown[] = await ds().query(
      `SELECT 1 FROM project_shares ps JOIN customers c ON c.id = ps.customer_id
        WHERE ps.project_id = $1 AND c.email = $2`,
      [project.id, email],
    );
    assert.equal(grants.length, 1);
  }

  it('with JavaScript: a new address signs up through the link and the project opens', async () => {
    await signUpThroughLink(t, true, 'js');
  });

  it('without JavaScript: a new address signs up through the link and the project opens', async () => {
    await signUpThroughLink(t, false, 'nojs');
  });

  it('an existing customer accepts through the invitations dialog, or through the link', async () => {
    const guest = await newCustomer(ds(), { name: 'Gus Guest' });
    const { project } = await invite(guest.email, 'Spinning star');
    const cookies = await cookiesOf(guest.id);
    const page = await t.open('/account', { cookies });
    const dialog = page.getByRole('dialog', { name: 'Invitations' });
    const row = dialog
      .getByRole('listitem')
      .filter({ hasText: 'Olga Owner invited you to the project Spinning star' });
    await row.getByText('With view access').waitFor();
    await row.getByRole('button', { name: /^Confirm/ }).click();
    await dialog.getByText('No invitations left.', { exact: true }).waitFor();
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Escape');
    await reloaded;
    await page.goto(`/${project.id}`);
    await page.getByText('Spinning star').first().waitFor();

    // Another invite, opened through its link while signed in as someone else, says so.
    const { project: second } = await invite(guest.email, 'Second star');
    const link = await inviteLink(guest.email, 'Second star');
    const stranger = await newCustomer(ds());
    const other = await t.open(link, { cookies: await cookiesOf(stranger.id), javaScript: false });
    await other.getByText(sharingMessages.inviteForAnotherAddress(guest.email)).waitFor();
    await other.getByRole('button', { name: 'Log out' }).waitFor();
    // The recipient accepts through the link: the project, with the notice.
    const own = await t.open(link, { cookies });
    await own.getByRole('button', { name: 'Accept invitation' }).click();
    await own.waitForURL(`${t.app.url}/${second.id}`);
    await snackbar(own, sharingMessages.inviteAccepted('Second star'));
  });
});
