import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { billingMessages } from '@animata/contracts';
import { randomBytes } from 'node:crypto';
import {
  newCustomer,
  newSession,
  newSubscriptionRow,
  sessionCookieName,
  waitUntil,
} from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { snackbar, useBrowserTest } from '../support/browser.js';

/**
 * The seasonal popups (billing-teams-apps §2, §4, §9; issue 30): the invitations dialog (confirm,
 * refuse, a failure, the reload after an accept) and the coupon dialog of the site coupon's
 * design shown once (its `PopinDialog-` cookie) and never on /pricing, with JavaScript on and off. The selection's every branch and the amounts are unit-tested in
 * libs/contracts/src/popups.
 */
describe('seasonal popups in Chromium', () => {
  const t = useBrowserTest();
  const db = () => t.app.runtime.dataSource;

  before(async () => {
    await db().query('DELETE FROM coupons');
    await db().query(
      `INSERT INTO coupons (code, type, discount, expires_at, custom_design, is_site_coupon)
       VALUES ('BF2027', 'percent', 20, '2027-11-30T12:00:00Z', 'black-friday-promo', true)`,
    );
  });

  async function signedIn() {
    const customer = await newCustomer(db());
    const token = await newSession(t.app, customer.id);
    return { customer, cookies: { [sessionCookieName(t.app.config)]: token } };
  }

  const popupCookie = async (page: Page) =>
    (await page.context().cookies()).find((c) => c.name === 'PopinDialog-black-friday-promo');

  async function assertBlackFriday(page: Page) {
    const dialog = page.getByRole('dialog', { name: 'Black Friday' });
    await dialog.getByText('20% OFF for one year', { exact: true }).waitFor();
    await dialog.getByText('Annual sale: save up to $48.', { exact: true }).waitFor();
    await dialog.getByText('Offer ends November 30, 2027', { exact: true }).waitFor();
    return dialog;
  }

  /** A team owned by a new customer named `owner`, with a pending invite to `email`. */
  async function invitedTo(title: string, owner: string, email: string) {
    const ownerRow = await newCustomer(db(), { name: owner });
    const subscription = await newSubscriptionRow(db(), ownerRow.id, { planId: 'team-annual' });
    const [team] = (await db().query(
      `INSERT INTO teams (subscription_id, owner_id, title) VALUES ($1, $2, $3) RETURNING id`,
      [subscription, ownerRow.id, title],
    )) as Array<{ id: string }>;
    await db().query(
      `INSERT INTO team_members (team_id, customer_id, role) VALUES ($1, $2, 'owner')`,
      [team!.id, ownerRow.id],
    );
    const [invite] = (await db().query(
      `INSERT INTO team_invites (team_id, inviter_id, recipient_email, token_hash)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [team!.id, ownerRow.id, email, randomBytes(32).toString('hex')],
    )) as Array<{ id: string }>;
    return { teamId: team!.id, inviteId: invite!.id };
  }
  const memberOf = async (teamId: string, customerId: string) =>
    (
      await db().query(`SELECT 1 FROM team_members WHERE team_id = $1 AND customer_id = $2`, [
        teamId,
        customerId,
      ])
    ).length === 1;
  const inviteStatus = async (inviteId: string) =>
    (
      (await db().query(`SELECT status FROM team_invites WHERE id = $1`, [inviteId])) as Array<{
        status: string;
      }>
    )[0]?.status ?? 'gone';

  it('answers invitations in the modal dialog: a failure closes it, an accept reloads on close (JavaScript on)', async () => {
    const { customer, cookies } = await signedIn();
    const studio = await invitedTo('Studio A', 'Ada Owner', customer.email);
    const agency = await invitedTo('Agency B', 'Bob Owner', customer.email);
    const lost = await invitedTo('Lost C', 'Cy Owner', customer.email);

    const page = await t.open('/account', { cookies });
    t.allowConsoleError(page, /status of 422/);
    let dialog = page.getByRole('dialog', { name: 'Invitations' });
    const row = (text: string) => dialog.getByRole('listitem').filter({ hasText: text });
    await row('Ada Owner invited you to join the team Studio A').getByText('As a member').waitFor();
    assert.equal(await dialog.evaluate((element) => element.matches(':modal')), true);
    assert.equal(await dialog.getByRole('listitem').count(), 3);
    await t.screenshot(page, 'popup-invitations-desktop');

    // The invite went away meanwhile: the answer fails, the dialog closes, nothing recorded.
    await db().query(`DELETE FROM team_invites WHERE id = $1`, [lost.inviteId]);
    await row('Cy Owner invited you to join the team Lost C')
      .getByRole('button', { name: /^Refuse/ })
      .click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => sessionStorage.getItem('PopinDialog-closed')), null);

    // So the next page asks again, with what is left.
    await page.reload();
    dialog = page.getByRole('dialog', { name: 'Invitations' });
    await row('Bob Owner invited you to join the team Agency B')
      .getByRole('button', { name: /^Refuse/ })
      .click();
    await row('Bob Owner').waitFor({ state: 'detached' });
    assert.equal(await inviteStatus(agency.inviteId), 'refused');
    await row('Ada Owner invited you to join the team Studio A')
      .getByRole('button', { name: /^Confirm/ })
      .click();
    await dialog.getByText('No invitations left.', { exact: true }).waitFor();
    assert.equal(await memberOf(studio.teamId, customer.id), true);

    // Closing after an accept (here with Escape) reloads the page; the site coupon's popup
    // comes next.
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Escape');
    await reloaded;
    await assertBlackFriday(page);
    assert.equal(await page.getByRole('dialog', { name: 'Invitations' }).count(), 0);
  });

  it('answers invitations in the panel, each post coming back with its message (JavaScript off)', async () => {
    const { customer, cookies } = await signedIn();
    const studio = await invitedTo('Studio D', 'Dee Owner', customer.email);
    const agency = await invitedTo('Agency E', 'Eve Owner', customer.email);

    const page = await t.open('/', { cookies, javaScript: false });
    const panel = page.getByRole('dialog', { name: 'Invitations' });
    const row = (text: string) => panel.getByRole('listitem').filter({ hasText: text });
    await row('Dee Owner invited you to join the team Studio D')
      .getByRole('button', { name: /^Confirm/ })
      .click();
    await snackbar(page, 'You have joined Studio D');
    assert.equal(await memberOf(studio.teamId, customer.id), true);
    await row('Eve Owner invited you to join the team Agency E').getByText('As a member').waitFor();
    assert.equal(await panel.getByRole('listitem').count(), 1);
    await row('Eve Owner')
      .getByRole('button', { name: /^Refuse/ })
      .click();
    await snackbar(page, 'Invitation declined');
    assert.equal(await inviteStatus(agency.inviteId), 'refused');
    // No invitation left: the site coupon's popup is next.
    await assertBlackFriday(page);
    assert.equal(await page.getByRole('dialog', { name: 'Invitations' }).count(), 0);
  });

  const events = (customerId: string) =>
    db()
      .query(
        `SELECT event_name, event_data->>'popup' AS popup FROM tracking_events
         WHERE customer_id = $1 AND event_name LIKE 'Popup%' ORDER BY created_at, event_name`,
        [customerId],
      )
      .then((rows: Array<{ event_name: string; popup: string }>) =>
        rows.map((row) => `${row.event_name} ${row.popup}`).sort(),
      );

  it('shows the Black Friday popup once, as a modal, and records its close (JavaScript on)', async () => {
    const { customer, cookies } = await signedIn();
    const pricing = await t.open('/pricing', { cookies });
    await pricing
      .getByRole('heading', { level: 1, name: billingMessages.pricingHeading })
      .waitFor();
    assert.equal(await pricing.locator('.popup').count(), 0, 'never on /pricing');

    const page = await t.newPage({ cookies });
    const shown = page.waitForResponse((response) => response.url().endsWith('/tracking/track'));
    await page.goto('/account');
    assert.equal((await shown).status(), 200);
    const dialog = await assertBlackFriday(page);
    assert.equal(await dialog.evaluate((element) => element.matches(':modal')), true);
    await t.screenshot(page, 'popup-black-friday-desktop');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await popupCookie(page))?.value, '1');
    assert.deepEqual(
      await page.evaluate(() => JSON.parse(sessionStorage.getItem('PopinDialog-closed') ?? '[]')),
      ['black-friday-promo'],
    );
    await waitUntil(
      async () => (await events(customer.id)).length === 2,
      'the shown and closed events',
    );
    assert.deepEqual(
      await events(customer.id),
      ['PopupClosed black-friday-promo', 'PopupShown black-friday-promo'].sort(),
    );

    // Shown once: the dashboard no longer shows it either.
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await page.locator('.popup').count(), 0);
  });

  it('takes the offer to the pricing page with the coupon (JavaScript on)', async () => {
    const { cookies } = await signedIn();
    const page = await t.open('/', { cookies });
    const dialog = await assertBlackFriday(page);
    await dialog.getByRole('button', { name: 'Get the offer' }).click();
    await page.waitForURL(`${t.app.url}/pricing?coupon=BF2027`);
    await page.getByRole('heading', { level: 1, name: billingMessages.pricingHeading }).waitFor();
    assert.equal(await page.locator('.popup').count(), 0);
    assert.equal((await popupCookie(page))?.value, '1');
  });

  it('shows the popup as a panel whose buttons post, once, never on /pricing (JavaScript off)', async () => {
    const { customer, cookies } = await signedIn();
    const page = await t.open('/', { cookies, javaScript: false });
    const dialog = await assertBlackFriday(page);
    await t.screenshot(page, 'popup-black-friday-no-javascript');
    await dialog.getByRole('button', { name: 'No thanks' }).click();
    await page.waitForURL(`${t.app.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await page.locator('.popup').count(), 0);
    assert.equal((await popupCookie(page))?.value, '1');
    assert.deepEqual(await events(customer.id), ['PopupClosed black-friday-promo']);

    // Another customer takes the offer: the pricing page with the coupon, the popup recorded.
    const other = await signedIn();
    const offer = await t.open('/account', { cookies: other.cookies, javaScript: false });
    await (await assertBlackFriday(offer)).getByRole('button', { name: 'Get the offer' }).click();
    await offer.waitForURL(`${t.app.url}/pricing?coupon=BF2027`);
    await offer.getByRole('heading', { level: 1, name: billingMessages.pricingHeading }).waitFor();
    assert.equal(await offer.locator('.popup').count(), 0, 'never on /pricing');
    assert.equal((await popupCookie(offer))?.value, '1');
    assert.deepEqual(await events(other.customer.id), ['PopupClicked black-friday-promo']);
  });
});
