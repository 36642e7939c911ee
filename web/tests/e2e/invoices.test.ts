import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { dateRangeTexts, invoiceTexts, presetRange } from '@animata/contracts';
import {
  newCustomer,
  newInvoiceRow,
  newSession,
  pdfPlainText,
  sessionCookieName,
} from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { useBrowserTest } from '../support/browser.js';

/**
 * The invoices tab (issue 30, billing-teams-apps §2): the table, the date range picker filtering
 * it by a preset, and a PDF downloaded and read, once with JavaScript and once without. The
 * range rules are unit tests (contracts), the list's filter and the PDF's access integration
 * tests (server/test/integration/invoices.test.ts).
 */
describe('the invoices page in Chromium', () => {
  const t = useBrowserTest();

  async function customerWithInvoices() {
    const db = t.app.runtime.dataSource;
    const customer = await newCustomer(db);
    const now = new Date();
    const yesterdayNoon = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 12),
    );
    const recent = await newInvoiceRow(db, customer.id, {
      paidAt: yesterdayNoon,
      totalCents: 144000,
      planId: 'team-annual',
      billingName: 'Lovelace Analytical Engines Ltd',
      lines: [
        { kind: 'plan', description: 'Team plan (annual)', quantity: 1, amountCents: 108000 },
        { kind: 'seats', description: 'Extra seats (annual)', quantity: 1, amountCents: 36000 },
      ],
    });
    const old = await newInvoiceRow(db, customer.id, {
      paidAt: new Date(now.getTime() - 400 * 86_400_000),
      totalCents: 2975,
    });
    const token = await newSession(t.app, customer.id);
    return { recent, old, cookies: { [sessionCookieName(t.app.config)]: token } };
  }

  const rowNames = async (page: Page) =>
    page.locator('table.invoices tbody th[scope="row"]').allInnerTexts();

  async function downloadAndRead(page: Page, invoiceId: string) {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: invoiceTexts.downloadLabel(invoiceId) }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), `Invoice-${invoiceId}.pdf`);
    const text = pdfPlainText(await readFile((await file.path())!));
    for (const expected of [
      `Invoice ID: ${invoiceId}`,
      '$1,440.00',
      'Lovelace Analytical Engines Ltd',
    ])
      assert.ok(text.includes(expected), `${expected} in:\n${text}`);
  }

  it('with JavaScript: lists the invoices, filters by a preset chosen with the keyboard, downloads a PDF', async () => {
    const { recent, old, cookies } = await customerWithInvoices();
    const page = await t.open('/invoices', { cookies });
    await page.getByRole('heading', { name: invoiceTexts.title }).waitFor();
    for (const column of [invoiceTexts.invoiceId, invoiceTexts.date, invoiceTexts.paid])
      await page.getByRole('columnheader', { name: column }).waitFor();
    assert.deepEqual(await rowNames(page), [recent.number, old.number]);

    const picker = page.getByRole('button', { name: dateRangeTexts.anyInterval });
    await picker.click();
    const presets = page.getByRole('listbox', { name: dateRangeTexts.presetLabel });
    await presets.waitFor();
    assert.deepEqual(await presets.getByRole('option').allInnerTexts(), [
      'Today',
      'Yesterday',
      'This week',
      'Last week',
      'Last month',
      'Last 2 months',
      'This Year',
      'Last Year',
      'Unset',
    ]);
    await t.screenshot(page, 'invoices-picker-open');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const yesterday = presetRange('yesterday', new Date());
    await page.waitForURL(`**/invoices?from=${yesterday.from}&to=${yesterday.to}`);
    await page.getByRole('button', { name: 'Yesterday' }).waitFor();
    assert.deepEqual(await rowNames(page), [recent.number]);

    // Escape closes the popover and gives the focus back to its button.
    await page.getByRole('button', { name: 'Yesterday' }).click();
    await presets.waitFor();
    await page.keyboard.press('Escape');
    await presets.waitFor({ state: 'detached' });
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup')),
      'dialog',
    );

    await downloadAndRead(page, recent.number);
  });

  it('without JavaScript: the plain form filters by a preset and by swapped dates, and the PDF downloads', async () => {
    const { recent, old, cookies } = await customerWithInvoices();
    const page = await t.open('/invoices', { cookies, javaScript: false });
    assert.deepEqual(await rowNames(page), [recent.number, old.number]);
    await t.screenshot(page, 'invoices-no-javascript');

    await page.getByLabel(dateRangeTexts.presetLabel).selectOption({ label: 'Yesterday' });
    await page.getByRole('button', { name: dateRangeTexts.apply }).click();
    const yesterday = presetRange('yesterday', new Date());
    await page.waitForURL(`**/invoices?from=${yesterday.from}&to=${yesterday.to}`);
    assert.deepEqual(await rowNames(page), [recent.number]);
    assert.equal(await page.getByLabel(dateRangeTexts.presetLabel).inputValue(), 'yesterday');

    // New dates under the shown preset are kept; a start after the end is swapped.
    await page.getByLabel(dateRangeTexts.from, { exact: true }).fill('2001-01-31');
    await page.getByLabel(dateRangeTexts.to, { exact: true }).fill('2001-01-01');
    await page.getByRole('button', { name: dateRangeTexts.apply }).click();
    await page.waitForURL('**/invoices?from=2001-01-01&to=2001-01-31');
    await page.getByText(invoiceTexts.emptyInRange).waitFor();
    await page.getByRole('link', { name: invoiceTexts.showAll }).click();
    await page.waitForURL(/\/invoices$/);

    await downloadAndRead(page, recent.number);
  });

  it("says 'You have no invoices' to a customer without any", async () => {
    const customer = await newCustomer(t.app.runtime.dataSource);
    const token = await newSession(t.app, customer.id);
    const page = await t.open('/invoices', {
      cookies: { [sessionCookieName(t.app.config)]: token },
      javaScript: false,
    });
    await page.getByText(invoiceTexts.empty, { exact: true }).waitFor();
    assert.equal(await page.locator('table.invoices').count(), 0);
  });
});
