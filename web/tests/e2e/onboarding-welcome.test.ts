import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dashboardTexts,
  DEMO_FOLDER_ID,
  TOUR_STEP_TEXTS,
  TOUR_STEPS,
  welcomeTexts,
} from '@animata/contracts';
import { waitUntil } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { overflowsHorizontally, useBrowserTest, waitForHydration } from '../support/browser.js';
import { shot, signedIn } from '../support/projects.js';

/**
 * The welcome screen and the 3-step tour (projects-dashboard §2 Dialogs, §4 Onboarding, §7, §9;
 * issue 17): shown while the customer's onboarding flag is set, a labelled modal dialog with
 * the focus inside; Escape and 'Continue to dashboard' cancel; 'Open a demo project' leads to the
 * demo folder and the tour, each step recorded; 'Start on my own' opens a new project; and the
 * same without JavaScript.
 */
describe('welcome screen and tour in Chromium', () => {
  const t = useBrowserTest();

  const onboardingOf = async (customerId: string) => {
    const rows = (await t.app.runtime.dataSource.query(
      'SELECT onboarding_projects, onboarding_step FROM customers WHERE id = $1',
      [customerId],
    )) as Array<{ onboarding_projects: boolean; onboarding_step: number }>;
    return { projects: rows[0]!.onboarding_projects, step: rows[0]!.onboarding_step };
  };

  async function waitForFlag(customerId: string, projects: boolean) {
    await waitUntil(
      async () => (await onboardingOf(customerId)).projects === projects,
      `onboarding.projects to become ${projects}`,
    );
  }

  const welcome = (page: Page) => page.getByRole('dialog', { name: welcomeTexts.title });
  const tourStep = (page: Page, step: number) =>
    page.getByRole('dialog', { name: TOUR_STEP_TEXTS[step - 1]!.title });

  async function newcomer(viewport: 'desktop' | 'phone' = 'desktop', javaScript = true) {
    const { customer, cookies } = await signedIn(t, { onboardingProjects: true });
    const page = await t.newPage({ cookies, viewport, javaScript });
    await page.goto('/');
    if (javaScript) await waitForHydration(page);
    return { customer, page };
  }

  it('shows a labelled modal welcome with the focus inside; Escape cancels it', async () => {
    const { customer, page } = await newcomer();
    const dialog = welcome(page);
    await dialog.waitFor();
    assert.equal(await dialog.evaluate((node) => node.matches(':modal')), true);
    for (const name of [
      dashboardTexts.welcomeStartOwn,
      dashboardTexts.welcomeOpenDemo,
      dashboardTexts.welcomeContinue,
    ]) {
      await dialog.getByRole('button', { name }).waitFor();
    }
    // Tab keeps to the dialog's buttons (the page behind is inert).
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const inside = await dialog.evaluate((node) => node.contains(document.activeElement));
      assert.equal(inside, true, `focus inside after ${i + 1} Tab`);
    }
    await shot(page, 'welcome-1280');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await waitForFlag(customer.id, false);
    assert.equal(new URL(page.url()).pathname, '/');
    // Gone for good: not shown again after a reload.
    await page.reload();
    await waitForHydration(page);
    assert.equal(await welcome(page).count(), 0);
  });

  it('fits a phone screen', async () => {
    const { page } = await newcomer('phone');
    await welcome(page).waitFor();
    assert.equal(await overflowsHorizontally(page), false);
    await shot(page, 'welcome-375');
  });

  it("'Continue to dashboard' cancels and stays on the page", async () => {
    const { customer, page } = await newcomer();
    await welcome(page).getByRole('button', { name: dashboardTexts.welcomeContinue }).click();
    await welcome(page).waitFor({ state: 'detached' });
    await waitForFlag(customer.id, false);
    assert.equal(new URL(page.url()).pathname, '/');
  });

  it("'Start on my own' cancels and opens a new project", async () => {
    const { customer, page } = await newcomer();
    await welcome(page).getByRole('button', { name: dashboardTexts.welcomeStartOwn }).click();
    await page.waitForURL((url) => /^\/[a-z0-9]{32}$/.test(url.pathname));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await waitForFlag(customer.id, false);
  });

  it("'Open a demo project' leads to the demo folder and a 3-step tour, each step recorded", async () => {
    const { customer, page } = await newcomer();
    await welcome(page).getByRole('button', { name: dashboardTexts.welcomeOpenDemo }).click();
    await page.waitForURL((url) => url.pathname === `/folder/${DEMO_FOLDER_ID}`);
    for (let step = 1; step <= TOUR_STEPS; step++) {
      const card = tourStep(page, step);
      await card.waitFor();
      await card.getByText(welcomeTexts.stepOf(step, TOUR_STEPS)).waitFor();
      await card.getByText(TOUR_STEP_TEXTS[step - 1]!.text).waitFor();
      assert.deepEqual(await onboardingOf(customer.id), { projects: true, step });
      // The welcome screen stays away while the tour runs.
      assert.equal(await welcome(page).count(), 0);
      if (step === 1) {
        await shot(page, 'tour-step-1280');
        const phone = await t.newPage({
          cookies: Object.fromEntries(
            (await page.context().cookies()).map((cookie) => [cookie.name, cookie.value]),
          ),
          viewport: 'phone',
        });
        await phone.goto(page.url());
        await waitForHydration(phone);
        await tourStep(phone, 1).waitFor();
        assert.equal(await overflowsHorizontally(phone), false);
        await shot(phone, 'tour-step-375');
        await phone.close();
      }
      if (step === 2) {
        // The step marks what it is about: the Upload file button.
        const marked = await page
          .getByRole('button', { name: dashboardTexts.uploadFile })
          .evaluate((node) => getComputedStyle(node).outlineStyle);
        assert.equal(marked, 'solid');
        await shot(page, 'tour-step-2-1280');
      }
      const next = step === TOUR_STEPS ? welcomeTexts.finish : welcomeTexts.next;
      await card.getByRole('button', { name: next }).click();
      if (step < TOUR_STEPS) await tourStep(page, step + 1).waitFor();
    }
    await tourStep(page, TOUR_STEPS).waitFor({ state: 'detached' });
    await waitForFlag(customer.id, false);
    assert.equal(new URL(page.url()).pathname, `/folder/${DEMO_FOLDER_ID}`);
    assert.equal(new URL(page.url()).search, '');

    // Over: an old address of a step shows no tour any more.
    await page.goto(`/folder/${DEMO_FOLDER_ID}?tour=2`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await tourStep(page, 2).count(), 0);
  });

  it('Escape during the tour ends it', async () => {
    const { customer, page } = await newcomer();
    await welcome(page).getByRole('button', { name: dashboardTexts.welcomeOpenDemo }).click();
    await tourStep(page, 1).getByRole('button', { name: welcomeTexts.next }).click();
    await tourStep(page, 2).waitFor();
    await page.keyboard.press('Escape');
    await tourStep(page, 2).waitFor({ state: 'detached' });
    await waitForFlag(customer.id, false);
    assert.equal(new URL(page.url()).pathname, `/folder/${DEMO_FOLDER_ID}`);
  });

  it('works without JavaScript: the welcome, the tour and its end are plain forms', async () => {
    const { customer, page } = await newcomer('desktop', false);
    await welcome(page).waitFor();
    await shot(page, 'welcome-1280-no-javascript');
    await welcome(page).getByRole('button', { name: dashboardTexts.welcomeOpenDemo }).click();
    await page.waitForURL((url) => url.pathname === `/folder/${DEMO_FOLDER_ID}`);
    await tourStep(page, 1).getByRole('button', { name: welcomeTexts.next }).click();
    await tourStep(page, 2).getByRole('button', { name: welcomeTexts.next }).click();
    assert.deepEqual(await onboardingOf(customer.id), { projects: true, step: 3 });
    await tourStep(page, 3).getByRole('button', { name: welcomeTexts.finish }).click();
    await page.waitForURL((url) => url.search === '');
    assert.equal((await onboardingOf(customer.id)).projects, false);
    assert.equal(await welcome(page).count(), 0);

    const other = await newcomer('desktop', false);
    await welcome(other.page).getByRole('button', { name: dashboardTexts.welcomeContinue }).click();
    await other.page.waitForURL(`${t.app.url}/`);
    assert.equal(await welcome(other.page).count(), 0);
    assert.equal((await onboardingOf(other.customer.id)).projects, false);
  });
});
