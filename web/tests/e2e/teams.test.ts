import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authTexts, billingMessages, dashboardTexts, teamMessages } from '@animata/contracts';
import {
  linkIn,
  newCustomer,
  newTeam,
  turnTeamCycles,
  newSession,
  sessionCookieName,
  waitForMail,
  waitUntil,
} from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { snackbar, useBrowserTest, type BrowserTest } from '../support/browser.js';
import { dialog, fillCard, signedIn } from './checkout-support.js';

const VISA = '4242 4242 4242 4242';
const STRONG = 'Correct-Horse-7';
const LEAVING = 'Leaves the team at the next billing date (not enough seats)';

async function cookiesOf(t: BrowserTest, customerId: string): Promise<Record<string, string>> {
  return { [sessionCookieName(t.app.config)]: await newSession(t.app, customerId) };
}

/** The invite link mailed to `email` (its path: /team-invite/{token}). */
async function inviteLink(t: BrowserTest, email: string): Promise<string> {
  const mail = await waitForMail(t.app.runtime.dataSource, email, /invit/i);
  return linkIn(mail, '/team-invite/').pathname;
}

function manageDialog(page: Page, name: string = dashboardTexts.manageTeam) {
  return page.getByRole('dialog', { name });
}

function row(page: Page, text: string) {
  return page.locator('.team-row', { hasText: text });
}

/**
 * Teams in the web app (billing-teams-apps §2, §4, §5, §6; projects-dashboard §2, §6, §8): the
 * team plan bought with an extra seat, the manage-team dialog on /team and on the team's view,
 * invites answered through the e-mailed link (one refused, one signed up through it), seats
 * reduced below the members (the clock, then removal when the cycle turns), reordering, leaving,
 * and the role rules as the page shows them. Once with JavaScript, once without.
 */
describe('teams: the team page, the manage-team dialog and the invite link', () => {
  const t = useBrowserTest();
  const ds = () => t.app.runtime.dataSource;

  it('with JavaScript: buys a team of 4 seats, invites, answers, reduces seats, reorders and leaves', async () => {
    const { customer: owner, cookies } = await signedIn(t);
    const page = await t.open('/pay/annual/team?extraSlots=1', { cookies });
    const checkout = dialog(page, billingMessages.checkoutTitle);
    await checkout.getByText('3 seats included').waitFor();
    const card = await fillCard(page, VISA);
    await card.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/payment=success/);

    await page.goto('/team');
    await page.getByText('4 seats').waitFor();
    await page.getByRole('link', { name: dashboardTexts.manageTeam }).click();
    const manage = manageDialog(page);
    await manage.waitFor();
    const teamId = new URL(page.url()).searchParams.get('manage') ?? '';
    await row(page, owner.email).getByText(teamMessages.owner).waitFor();
    // The owner is never removable and cannot leave.
    assert.equal(await row(page, owner.email).getByRole('link').count(), 0);

    // §5: not an address → the message, and nothing is sent.
    const field = manage.getByLabel('Invite by e-mail');
    await field.fill('not-an-address');
    await manage.getByRole('button', { name: 'Invite', exact: true }).click();
    await manage.getByText(teamMessages.invalidEmail).waitFor();

    const [a, b, c] = await Promise.all([newCustomer(ds()), newCustomer(ds()), newCustomer(ds())]);
    for (const email of [a.email, b.email]) {
      await manage.getByLabel('Invite by e-mail').fill(email);
      await manage.getByRole('button', { name: 'Invite', exact: true }).click();
      await row(page, email).getByText(teamMessages.pending).waitFor();
      // The field is empty again after an invite.
      assert.equal(await manage.getByLabel('Invite by e-mail').inputValue(), '');
    }
    await manage.getByLabel('Invite by e-mail').fill(c.email);
    await manage.getByRole('button', { name: 'Invite', exact: true }).click();
    // 4 seats: the owner and 3 invites; no fifth.
    await manage.getByText(teamMessages.noFreeSeat).waitFor();

    // B declines and A accepts through the e-mailed link, signed in.
    const declining = await t.open(await inviteLink(t, b.email), {
      cookies: await cookiesOf(t, b.id),
    });
    await t.screenshot(declining, 'team-invite-desktop');
    await declining.getByRole('button', { name: 'Decline' }).click();
    await declining.waitForURL(`${t.app.url}/`);
    for (const member of [a, c]) {
      const accepting = await t.open(await inviteLink(t, member.email), {
        cookies: await cookiesOf(t, member.id),
      });
      await accepting.getByRole('button', { name: 'Accept invitation' }).click();
      await accepting.waitForURL(`${t.app.url}/team/${teamId}`);
    }
    await page.reload();
    await row(page, b.email).getByText(teamMessages.rejected).waitFor();

    // The refused invite frees its seat: D, who has no account, signs up through the link.
    await page.goto(`/team?manage=${teamId}`);
    await manage.getByRole('button', { name: `Remove invite: ${b.email}` }).click();
    await row(page, b.email).waitFor({ state: 'detached' });
    const dEmail = `dora-${Date.now()}@example.test`;
    await manage.getByLabel('Invite by e-mail').fill(dEmail);
    await manage.getByRole('button', { name: 'Invite', exact: true }).click();
    await row(page, dEmail).waitFor();
    const newcomer = await t.open(await inviteLink(t, dEmail));
    await t.screenshot(newcomer, 'team-invite-signed-out-desktop');
    await newcomer.getByRole('link', { name: 'Sign up and join' }).click();
    // No social sign-up here: it would drop the invite.
    await newcomer
      .getByRole('note')
      .getByText(/sign up with your e-mail above/)
      .waitFor();
    assert.equal(await newcomer.locator('.social').count(), 0);
    await newcomer.getByLabel('Name').fill('Dora Newcomer');
    await newcomer.getByLabel('Email').fill(dEmail);
    await newcomer.getByLabel('Password', { exact: true }).fill(STRONG);
    await newcomer.getByRole('button', { name: authTexts.createAccount }).click();
    await newcomer.waitForURL(`${t.app.url}/team/${teamId}`);
    await newcomer.getByText(dashboardTexts.emptyTeam).waitFor();

    // Reorder with the keyboard way: D moves up above C, and it is announced.
    await page.reload();
    await manage.getByRole('button', { name: 'Move Dora Newcomer up' }).click();
    await page.getByRole('status').getByText('Dora Newcomer moved to position').waitFor();
    await page.reload();
    // The reloaded dialog is rendered again once the page hydrates: read the rows once settled.
    const memberEmails = () =>
      manage.getByTestId('team-member').locator('.team-row__email').allInnerTexts();
    await waitUntil(async () => (await memberEmails()).length === 4, 'the four members');
    assert.deepEqual(await memberEmails(), [owner.email, a.email, dEmail, c.email]);

    // Seats below the members: 3 seats for 4 members marks the last one, with the clock.
    await manage.getByLabel(/Extra seats/).fill('0');
    await manage.getByRole('button', { name: 'Update seats' }).click();
    await row(page, c.email).getByText(LEAVING).waitFor();
    await t.screenshot(page, 'team-dialog-leaving-desktop');
    // The cycle turns: C is removed.
    await turnTeamCycles(t.app, new Date(Date.now() + 400 * 86_400_000));
    await page.reload();
    await row(page, c.email).waitFor({ state: 'detached' });

    // A member leaves, after the question.
    const member = await t.open('/team', { cookies: await cookiesOf(t, a.id) });
    await member.getByRole('link', { name: 'Members' }).click();
    await manageDialog(member, 'Members').getByRole('link', { name: 'Leave team' }).click();
    const question = member.getByRole('dialog', { name: teamMessages.confirmLeave });
    await question.getByRole('button', { name: 'Leave team' }).click();
    await snackbar(member, teamMessages.teamLeft);
    await member.getByText(teamMessages.noTeam).waitFor();
  });

  it('without JavaScript: the dialog as a page, every step a form post', async () => {
    const [owner, admin, other, first, second] = await Promise.all([
      newCustomer(ds(), { name: 'Olga Owner' }),
      newCustomer(ds(), { name: 'Adam Admin' }),
      newCustomer(ds(), { name: 'Ada Other' }),
      newCustomer(ds(), { name: 'Fay First' }),
      newCustomer(ds(), { name: 'Sam Second' }),
    ]);
    const { teamId } = await newTeam(ds(), {
      owner,
      members: [
        { customer: admin, role: 'administrator' },
        { customer: other, role: 'administrator' },
        { customer: first },
        { customer: second },
      ],
      extraSlots: 3,
    });
    const page = await t.open('/team', {
      cookies: await cookiesOf(t, owner.id),
      javaScript: false,
    });
    await page.getByRole('link', { name: dashboardTexts.manageTeam }).click();
    const manage = manageDialog(page);
    await manage.waitFor();
    await row(page, admin.email).getByText(teamMessages.administrator).waitFor();
    // Administrators are not moved; members are, with forms.
    assert.equal(await row(page, admin.email).getByRole('button', { name: /^Move/ }).count(), 0);
    await manage.getByRole('button', { name: 'Move Fay First down' }).click();
    await snackbar(page, teamMessages.orderSaved);
    const emails = await manage
      .getByTestId('team-member')
      .locator('.team-row__email')
      .allInnerTexts();
    assert.deepEqual(emails, [owner.email, admin.email, other.email, second.email, first.email]);

    // The server's message for what is not an address, and the invite after it.
    const refused = manage.getByLabel('Invite by e-mail');
    t.allowConsoleError(page, /status of 422/);
    await refused.fill('nobody at example');
    await manage.getByRole('button', { name: 'Invite', exact: true }).click();
    await manage.getByText(teamMessages.invalidEmail).waitFor();
    const guest = `guest-${Date.now()}@example.test`;
    await manage.getByLabel('Invite by e-mail').fill(guest);
    await manage.getByRole('button', { name: 'Invite', exact: true }).click();
    await row(page, guest).getByText(teamMessages.pending).waitFor();

    // §6: an administrator is removed only while another remains; the owner never.
    assert.equal(await row(page, owner.email).getByRole('link').count(), 0);
    await row(page, admin.email).getByRole('link', { name: 'Remove Adam Admin' }).click();
    const question = page.getByRole('dialog', { name: teamMessages.confirmRemove });
    await question.getByText(admin.email).waitFor();
    await question.getByRole('button', { name: 'Remove' }).click();
    await snackbar(page, teamMessages.memberRemoved);
    await row(page, admin.email).waitFor({ state: 'detached' });
    await row(page, other.email).getByText(teamMessages.administrator).waitFor();
    assert.equal(
      await row(page, other.email)
        .getByRole('link', { name: /^Remove/ })
        .count(),
      0,
    );

    // The team's own view: its name, 'Manage Team' for the owner, 'Members' for a member, who
    // leaves after the question.
    const view = await t.open(`/team/${teamId}`, {
      cookies: await cookiesOf(t, second.id),
      javaScript: false,
    });
    await view.getByText(dashboardTexts.emptyTeam).waitFor();
    await view.getByRole('link', { name: 'Members' }).click();
    const members = manageDialog(view, 'Members');
    await members.waitFor();
    assert.equal(await members.getByRole('link', { name: /^Remove/ }).count(), 0);
    await members.getByRole('link', { name: 'Leave team' }).click();
    await view
      .getByRole('dialog', { name: teamMessages.confirmLeave })
      .getByRole('button', { name: 'Leave team' })
      .click();
    await snackbar(view, teamMessages.teamLeft);
    await view.waitForURL(`${t.app.url}/`);

    // Someone else's team is a 404.
    const outsider = await t.open(`/team/${teamId}`, {
      cookies: await cookiesOf(t, (await newCustomer(ds())).id),
      javaScript: false,
    });
    t.allowConsoleError(outsider, /status of 404/);
    await outsider.getByRole('heading', { name: /not found/i }).waitFor();
  });
});
