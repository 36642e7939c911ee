import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { billingMessages } from '@animata/contracts';
import {
  newCustomer,
  newSession,
  newSubscriptionRow,
  sessionCookieName,
  type SubscriptionRowOptions,
} from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { overflowsHorizontally, useBrowserTest, type ViewportName } from '../support/browser.js';
import { pricingShot } from './pricing-support.js';

/**
 * The pricing page (issue 18, billing-teams-apps §2, §4, §9): columns, prices and savings, the
 * §2 buttons for a visitor, a free, a pro monthly and a team customer, the period switch, the
 * coupon, the failure text, the comparison table, the chat and the phone layout, with
 * JavaScript on and off.
 */
describe('the pricing page in Chromium', () => {
  const t = useBrowserTest();

  async function signedIn(subscription?: SubscriptionRowOptions, name?: string) {
    const customer = await newCustomer(t.app.runtime.dataSource, name ? { name } : {});
    if (subscription) await newSubscriptionRow(t.app.runtime.dataSource, customer.id, subscription);
    const token = await newSession(t.app, customer.id);
    return { customer, cookies: { [sessionCookieName(t.app.config)]: token } };
  }

  const column = (page: Page, product: string) => page.locator(`.plan[data-product="${product}"]`);
  const columnButton = (page: Page, product: string) =>
    column(page, product).locator('.plan__action a');
  /** Each column's button as 'editor', the href of an Upgrade, or 'none'. */
  async function buttons(page: Page): Promise<string[]> {
    const result: string[] = [];
    for (const product of ['free', 'starter', 'pro', 'team']) {
      const button = columnButton(page, product);
      if ((await button.count()) === 0) {
        result.push('none');
        continue;
      }
      const text = (await button.textContent())?.trim();
      const href = (await button.getAttribute('href')) ?? '';
      result.push(text === billingMessages.goToEditor ? `editor ${href}` : `${text} ${href}`);
    }
    return result;
  }

  for (const javaScript of [true, false]) {
    const mode = javaScript ? 'JavaScript on' : 'JavaScript off';

    it(`shows a visitor the four plans, annual first, and Upgrade through the login (${mode})`, async () => {
      const page = await t.open('/pricing', { javaScript });
      await page.getByRole('heading', { name: billingMessages.pricingHeading }).waitFor();
      await page.getByText(billingMessages.saveUpTo).waitFor();
      assert.equal(
        await page.getByRole('link', { name: 'Annual' }).getAttribute('aria-current'),
        'true',
      );
      assert.deepEqual(await page.locator('.plan .plan__title').allTextContents(), [
        'Free',
        'Starter',
        'Pro',
        'Team',
      ]);
      const pro = column(page, 'pro');
      assert.equal(await pro.locator('.plan__amount').textContent(), '$20.00');
      assert.equal(await pro.locator('.plan__unit').textContent(), '/mo');
      assert.equal(await pro.locator('.plan__billing').textContent(), 'Billed yearly');
      assert.match((await pro.locator('.plan__saving').textContent()) ?? '', /^Save \$180\/year/);
      assert.match((await pro.locator('.plan__saving').textContent()) ?? '', /42% off/);
      const team = column(page, 'team');
      assert.equal(await team.locator('.plan__amount').textContent(), '$30.00');
      assert.equal(await team.locator('.plan__unit').textContent(), '/seat/mo');
      assert.equal(
        await team.locator('.plan__billing').textContent(),
        'Billed yearly, incl. 3 seats',
      );
      assert.equal(await team.locator('.plan__saving').textContent(), 'Save $540/year');
      assert.equal(await column(page, 'starter').locator('.plan__amount').textContent(), '$9.00');
      assert.deepEqual(await buttons(page), [
        'none',
        'Upgrade /auth/login?url=%2Fpay%2Fannual%2Fstarter',
        'Upgrade /auth/login?url=%2Fpay%2Fannual%2Fpro',
        'Upgrade /auth/login?url=%2Fpay%2Fannual%2Fteam',
      ]);
      // No 'Upgrade' in the top bar on the pricing page (§2).
      assert.equal(await page.locator('.top-bar__upgrade').count(), 0);

      await columnButton(page, 'pro').click();
      await page.waitForURL((url) => url.pathname === '/auth/login');
      assert.equal(new URL(page.url()).searchParams.get('url'), '/pay/annual/pro');
    });

    it(`switches Monthly/Annual and keeps the coupon in the address (${mode})`, async () => {
      const page = await t.open('/pricing?coupon=NOPE', { javaScript });
      if (javaScript) await page.evaluate(() => Object.assign(window, { stayed: true }));
      await page.getByRole('link', { name: 'Monthly' }).click();
      await page.waitForURL((url) => url.searchParams.get('plan') === 'monthly');
      assert.equal(new URL(page.url()).searchParams.get('coupon'), 'NOPE');
      const pro = column(page, 'pro');
      await pro.locator('.plan__amount', { hasText: '$35.00' }).waitFor();
      assert.equal(await pro.locator('.plan__billing').textContent(), 'Billed monthly');
      assert.equal(await pro.locator('.plan__saving').textContent(), '');
      assert.equal(
        await column(page, 'team').locator('.plan__billing').textContent(),
        'Billed monthly, incl. 3 seats',
      );
      assert.equal(await column(page, 'team').locator('.plan__amount').textContent(), '$45.00');
      assert.equal(
        await page.getByRole('link', { name: 'Monthly' }).getAttribute('aria-current'),
        'true',
      );
      assert.equal(
        await columnButton(page, 'pro').getAttribute('href'),
        '/auth/login?url=%2Fpay%2Fmonthly%2Fpro%3Fcoupon%3DNOPE',
      );
      if (javaScript) {
        // A toggle: the page was not reloaded.
        assert.equal(await page.evaluate(() => (window as { stayed?: boolean }).stayed), true);
      }
      await page.getByRole('link', { name: 'Annual' }).click();
      await pro.locator('.plan__amount', { hasText: '$20.00' }).waitFor();
      assert.equal(new URL(page.url()).searchParams.get('plan'), 'annual');
    });

    it(`gives a free customer Go to editor on free and /pay on the paid plans (${mode})`, async () => {
      const { cookies } = await signedIn();
      const page = await t.open('/pricing', { javaScript, cookies });
      await column(page, 'free').locator('.plan__current').waitFor();
      const shown = await buttons(page);
      assert.match(shown[0]!, /^editor http:\/\/[^ ]+\/editor#\/$/);
      assert.deepEqual(shown.slice(1), [
        'Upgrade /pay/annual/starter',
        'Upgrade /pay/annual/pro',
        'Upgrade /pay/annual/team',
      ]);
    });
  }

  it('gives a pro monthly card customer monthly first, editor on pro, upgrades to team and to annual', async () => {
    const { cookies } = await signedIn({ planId: 'pro-monthly' });
    const page = await t.open('/pricing', { cookies });
    assert.equal(
      await page.getByRole('link', { name: 'Monthly' }).getAttribute('aria-current'),
      'true',
    );
    const shown = await buttons(page);
    assert.deepEqual(shown.slice(0, 2), ['none', 'none']);
    assert.match(shown[2]!, /^editor .*#\/$/);
    assert.equal(shown[3], 'Upgrade /upgrade/card/monthly/team');
    await page.getByRole('link', { name: 'Annual' }).click();
    await page.waitForURL((url) => url.searchParams.get('plan') === 'annual');
    assert.deepEqual(await buttons(page), [
      'none',
      'none',
      'Upgrade /upgrade/card/annual/pro',
      'Upgrade /upgrade/card/annual/team',
    ]);
    await pricingShot(page, 'pricing-pro-monthly-1280');
    const phone = await t.open('/pricing', { cookies, viewport: 'phone' });
    assert.match((await buttons(phone))[2]!, /^editor /);
    await pricingShot(phone, 'pricing-pro-monthly-375');
  });

  it('gives a pro annual customer nothing on the monthly plans', async () => {
    const { cookies } = await signedIn({ planId: 'pro-annual', paymentMethod: 'paypal' });
    const page = await t.open('/pricing?plan=monthly', { javaScript: false, cookies });
    assert.deepEqual(await buttons(page), ['none', 'none', 'none', 'none']);
    const annual = await t.open('/pricing', { javaScript: false, cookies });
    const shown = await buttons(annual);
    assert.match(shown[2]!, /^editor /);
    assert.equal(shown[3], 'Upgrade /upgrade/paypal/annual/team');
  });

  it('gives a team customer Go to editor on team and no other button', async () => {
    const { cookies } = await signedIn({ planId: 'team-annual' });
    for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
      const page = await t.open('/pricing', { cookies, viewport });
      const shown = await buttons(page);
      assert.deepEqual(shown.slice(0, 3), ['none', 'none', 'none']);
      assert.match(shown[3]!, /^editor .*#\/$/);
      await pricingShot(page, `pricing-team-${viewport === 'desktop' ? 1280 : 375}`);
    }
  });

  it('passes the coupon on: ribbons, prices, Upgrade addresses and the promo banner', async () => {
    const db = t.app.runtime.dataSource;
    await db.query(
      `INSERT INTO coupons (code, type, discount, expires_at, limitation, custom_design, is_site_coupon)
       VALUES ('BLACKFRIDAY', 'percent', 20, now() + interval '7 days', NULL, 'black-friday-promo', true),
              ('CYBER36', 'amount', 3600, now() + interval '7 days', 'pro', 'cyber-monday-promo', false),
              ('OLD50', 'percent', 50, '2026-01-15T12:00:00Z', NULL, NULL, false)`,
    );
    try {
      const { cookies } = await signedIn();
      for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
        const page = await t.open('/pricing?coupon=BLACKFRIDAY', { cookies, viewport });
        const pro = column(page, 'pro');
        assert.equal(await pro.locator('.plan__ribbon').textContent(), 'Save 20%');
        assert.equal(await pro.locator('.plan__amount').textContent(), '$16.00');
        assert.equal(await pro.locator('.plan__before').textContent(), '$20.00');
        assert.equal(await column(page, 'free').locator('.plan__ribbon').count(), 0);
        assert.equal(
          await columnButton(page, 'pro').getAttribute('href'),
          '/pay/annual/pro?coupon=BLACKFRIDAY',
        );
        const banner = page.getByRole('complementary', { name: 'Offer' });
        assert.equal(await banner.getAttribute('data-design'), 'black-friday-promo');
        assert.match((await banner.textContent()) ?? '', /20% OFF/);
        await pricingShot(page, `pricing-coupon-${viewport === 'desktop' ? 1280 : 375}`);
      }

      // A coupon that takes nothing off says why next to the price: for another plan (JavaScript
      // off), expired (on).
      const cyber = await t.open('/pricing?coupon=CYBER36', { javaScript: false });
      assert.equal(await column(cyber, 'pro').locator('.plan__ribbon').textContent(), 'Save $36');
      assert.equal(await column(cyber, 'team').locator('.plan__ribbon').count(), 0);
      assert.equal(await column(cyber, 'pro').locator('.coupon-refusal').count(), 0);
      assert.equal(
        await column(cyber, 'team').locator('.coupon-refusal').textContent(),
        'The coupon CYBER36 is for the Pro plan only and is not applied to this plan.',
      );
      assert.equal(await column(cyber, 'free').locator('.coupon-refusal').count(), 0);
      const old = await t.open('/pricing?coupon=OLD50', { cookies, javaScript: true });
      assert.equal(
        await column(old, 'pro').locator('.coupon-refusal').textContent(),
        'The coupon OLD50 expired on January 15, 2026 and is not applied.',
      );
      // The running site coupon applies in its place.
      assert.equal(await column(old, 'pro').locator('.plan__amount').textContent(), '$16.00');
    } finally {
      await db.query(`DELETE FROM coupons WHERE code IN ('BLACKFRIDAY', 'CYBER36', 'OLD50')`);
    }
  });

  it("says 'Sorry, our system had an issue.' when the prices cannot be listed", async () => {
    const db = t.app.runtime.dataSource;
    await db.query('ALTER TABLE billing_products RENAME TO billing_products_away');
    try {
      for (const javaScript of [true, false]) {
        const page = await t.open('/pricing', { javaScript });
        if (javaScript) t.allowConsoleError(page, /status of 5\d\d/);
        const alert = page
          .getByRole('alert')
          .filter({ hasText: billingMessages.pricingPageFailed });
        await alert.waitFor();
        assert.equal(await alert.textContent(), 'Sorry, our system had an issue.');
        assert.equal(await page.locator('.plan').count(), 0);
      }
    } finally {
      await db.query('ALTER TABLE billing_products_away RENAME TO billing_products');
    }
  });

  it('drops a plan or product it does not know, keeping the coupon', async () => {
    const page = await t.open('/pricing?coupon=SPRING&plan=weekly&product=pro', {
      javaScript: false,
    });
    const url = new URL(page.url());
    assert.equal(url.pathname + url.search, '/pricing?coupon=SPRING&product=pro');
    assert.equal(await column(page, 'pro').getAttribute('data-chosen'), 'true');
  });

  it('shows the comparison with its sections, cell values and a header that stays on scroll', async () => {
    const page = await t.open('/pricing');
    const table = page.locator('.comparison__table');
    for (const section of ['Create', 'Export', 'Collaboration', 'Support and billing']) {
      await table.getByRole('columnheader', { name: section }).waitFor();
    }
    const row = (title: string) =>
      table.locator('tr', { has: page.getByRole('rowheader', { name: title, exact: false }) });
    assert.deepEqual(
      (await row('No watermark').locator('td').allTextContents()).map((text) => text.trim()),
      ['—Not included', 'SVG only', 'Included', 'Included'],
    );
    assert.deepEqual(
      (await row('Export features').locator('td').allTextContents()).map((text) => text.trim()),
      ['Watermarked', 'Watermarked', 'Included', 'Included'],
    );
    await page.locator('.comparison__section').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    const header = page.locator('.comparison__table thead');
    const box = await header.locator('th').last().boundingBox();
    assert.ok(box, 'the comparison header is drawn');
    assert.ok(box.y >= 60 && box.y <= 70, `the header sticks under the top bar (y ${box.y})`);
    assert.equal(
      (await header.getByRole('link', { name: 'Upgrade' }).count()) >= 3,
      true,
      'the header carries the Upgrade buttons',
    );

    // On a phone the header (a block of its own there) sticks under the top bar too.
    const phone = await t.open('/pricing', { viewport: 'phone' });
    await phone.locator('.comparison__section').nth(2).scrollIntoViewIfNeeded();
    await phone.mouse.wheel(0, 300);
    const phoneHeader = await phone.locator('.comparison__table thead').boundingBox();
    assert.ok(phoneHeader && phoneHeader.y >= 60 && phoneHeader.y <= 70, `y ${phoneHeader?.y}`);
    await pricingShot(phone, 'pricing-sticky-header-375', { fullPage: false });

    // Back to plans scrolls to the top.
    await page.getByRole('link', { name: billingMessages.backToPlans }).click();
    await page.waitForFunction(() => window.scrollY === 0);
  });

  it("opens the chat from 'Got questions? Let's chat!' and the floating icon, prefilled", async () => {
    const { customer, cookies } = await signedIn(undefined, 'Ada Lovelace');
    const page = await t.open('/pricing', { cookies });
    const chat = page.getByRole('dialog', { name: 'Chat with us' });
    assert.equal(await chat.isVisible(), false);
    await page.getByRole('link', { name: billingMessages.chat }).click();
    await chat.waitFor();
    assert.equal(await chat.getByLabel('Name').inputValue(), 'Ada Lovelace');
    assert.equal(await chat.getByLabel('Email').inputValue(), customer.email);
    await chat.getByLabel('Message').fill('Do you offer invoices?');
    const href = (await chat.getByRole('link', { name: 'Write to support' }).getAttribute('href'))!;
    assert.match(href, /^mailto:support@animata\.app\?/);
    const mail = new URL(href);
    assert.equal(
      mail.searchParams.get('subject'),
      `Question about plans from Ada Lovelace <${customer.email}>`,
    );
    assert.match(mail.searchParams.get('body') ?? '', /^Do you offer invoices\?/);
    await page.keyboard.press('Escape');
    await chat.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Open chat' }).click();
    await chat.waitFor();

    const plain = await t.open('/pricing', { cookies, javaScript: false });
    await plain.getByRole('link', { name: 'Open chat' }).click();
    const panel = plain.getByRole('dialog', { name: 'Chat with us' });
    await panel.waitFor();
    assert.equal(await panel.getByLabel('Email').inputValue(), customer.email);
  });

  it("leaves the plans' coupon ribbons uncovered by the chat icon at 375 and 320 px, at any scroll", async () => {
    const db = t.app.runtime.dataSource;
    await db.query(
      `INSERT INTO coupons (code, type, discount, expires_at)
       VALUES ('RIBBON15', 'percent', 15, now() + interval '7 days')`,
    );
    try {
      const { cookies } = await signedIn();
      for (const [width, javaScript] of [
        [375, true],
        [320, false],
      ] as const) {
        const page = await t.open('/pricing?coupon=RIBBON15', {
          cookies,
          viewport: 'phone',
          javaScript,
        });
        await page.setViewportSize({ width, height: 640 });
        assert.equal(
          await column(page, 'starter').locator('.plan__ribbon').textContent(),
          'Save 15%',
        );
        // Every scroll position, 20 px apart: no ribbon's box meets the chat icon's.
        const covered = await page.evaluate(() => {
          const fab = document.querySelector('.chat-fab');
          const ribbons = Array.from(document.querySelectorAll('.plan__ribbon'));
          const found: string[] = [];
          if (!fab || ribbons.length === 0) return ['nothing to check'];
          const end = document.documentElement.scrollHeight - window.innerHeight;
          for (let y = 0; y <= end + 20; y += 20) {
            window.scrollTo({ top: y, behavior: 'instant' });
            const a = fab.getBoundingClientRect();
            for (const ribbon of ribbons) {
              const b = ribbon.getBoundingClientRect();
              const meet =
                a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
              if (meet) found.push(`${ribbon.textContent} at scroll ${y}`);
            }
          }
          return found;
        });
        assert.deepEqual(covered, [], `${width} px`);
        // The icon is still there to open the chat.
        await page.getByRole('link', { name: 'Open chat' }).click();
        await page.getByRole('dialog', { name: 'Chat with us' }).waitFor();
        await pricingShot(page, `pricing-ribbon-${width}`, { fullPage: false });
      }
    } finally {
      await db.query(`DELETE FROM coupons WHERE code = 'RIBBON15'`);
    }
  });

  it('stacks the plans on a phone (767 px or less) without a horizontal scrollbar', async () => {
    const { cookies } = await signedIn();
    for (const javaScript of [true, false]) {
      const page = await t.open('/pricing', { cookies, viewport: 'phone', javaScript });
      const boxes = await Promise.all(
        ['free', 'starter', 'pro', 'team'].map((product) => column(page, product).boundingBox()),
      );
      assert.ok(boxes.every((box) => box && Math.abs(box.x - boxes[0]!.x) < 1));
      assert.ok(boxes.every((box, index) => index === 0 || box!.y > boxes[index - 1]!.y));
      assert.equal(await overflowsHorizontally(page), false);
      if (javaScript) await pricingShot(page, 'pricing-free-375');
    }
    const wide = await t.open('/pricing', { cookies, viewport: 'desktop' });
    const [free, team] = await Promise.all([
      column(wide, 'free').boundingBox(),
      column(wide, 'team').boundingBox(),
    ]);
    assert.ok(free && team && Math.abs(free.y - team.y) < 1, 'one row of columns at 1280 px');
    await pricingShot(wide, 'pricing-free-1280');
    const visitor = await t.open('/pricing', { viewport: 'phone' });
    await pricingShot(visitor, 'pricing-visitor-375');
  });

  it('shows a spinner until the products arrive on a client navigation', async () => {
    const { cookies } = await signedIn();
    const page = await t.open('/account', { cookies });
    // The pricing route's own data request (its clientLoader asks for it alone), held back
    // until the spinner has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) =>
        url.pathname === '/pricing.data' && url.searchParams.get('_routes') === 'routes/pricing',
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.getByRole('link', { name: 'Upgrade' }).click();
    await page.getByRole('status').filter({ hasText: 'Loading plans' }).waitFor();
    release();
    await column(page, 'pro').waitFor();
    assert.equal(await page.getByRole('status').filter({ hasText: 'Loading plans' }).count(), 0);
  });
});
