import type { CardPayRequest, CustomerResponse, PayResponse } from '@animata/contracts';
import { newCustomer, newSession, sessionCookieName } from '@animata/server/test-support';
import type { Page } from 'playwright-core';
import { saveScreenshot, type BrowserTest, type ViewportName } from '../support/browser.js';

/** A signed-in customer (two-factor on when asked) and the cookies of their session. */
export async function signedIn(
  t: BrowserTest,
  options: { twoFactor?: boolean } = {},
): Promise<{ customer: { id: string; email: string }; cookies: Record<string, string> }> {
  const customer = await newCustomer(t.app.runtime.dataSource, {
    ...(options.twoFactor ? { twoFactorEnabled: true } : {}),
  });
  const token = await newSession(t.app, customer.id);
  return { customer, cookies: { [sessionCookieName(t.app.config)]: token } };
}

/** The customer object as the BFF answers it to the page's session. */
export async function customerOf(page: Page): Promise<CustomerResponse['customer']> {
  const response = await page.request.get('/api/animata/customer');
  const body = (await response.json()) as CustomerResponse;
  return body.customer;
}

/** Pays through the card API alone (as scripts do), with a sandbox test payment-method id. */
export async function payByApi(
  t: BrowserTest,
  page: Page,
  body: Omit<CardPayRequest, 'payment'> & { payment?: number },
): Promise<PayResponse> {
  const preview = await page.request.post('/api/animata/stripe/preview-cost', {
    data: { plan: body.plan, product: body.product, extraSlots: body.extraSlots ?? 0 },
    headers: { origin: t.app.url },
  });
  const amount = ((await preview.json()) as { payment: { amount: number } }).payment.amount;
  const response = await page.request.post('/api/animata/stripe/pay', {
    data: { payment: amount, extraSlots: 0, ...body },
    headers: { origin: t.app.url },
  });
  if (!response.ok())
    throw new Error(`pay answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as PayResponse;
}

/** Fills the sandbox card form. */
export async function fillCard(page: Page, number: string, expiry = '12 / 34', cvc = '123') {
  const form = page.getByRole('form', { name: 'Card' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM / YY)').fill(expiry);
  await form.getByLabel('CVC').fill(cvc);
  return form;
}

/** The checkout or upgrade dialog by its title. */
export function dialog(page: Page, title: string) {
  return page.getByRole('dialog', { name: title });
}

/**
 * A screenshot of what the viewport shows (a modal dialog is as tall as the viewport), as
 * screenshots/checkout-<name>-<viewport>.png (saveScreenshot).
 */
export function shot(_t: BrowserTest, page: Page, name: string, viewport: ViewportName) {
  return saveScreenshot(page, `checkout-${name}-${viewport}`, { fullPage: false });
}

/** The /billing page's Subscription value (e.g. 'Pro Active Annual'), whitespace collapsed. */
export async function billingSubscription(page: Page): Promise<string> {
  await page.goto('/billing');
  const row = page.locator('.billing-row', {
    has: page.locator('.account-row__label', { hasText: 'Subscription' }),
  });
  const text = await row.locator('.account-row__value').innerText();
  return text.replace(/\s+/g, ' ').trim();
}

/** The tracking events recorded for the customer, oldest first: name and data. */
export async function trackedEvents(
  t: BrowserTest,
  customerId: string,
): Promise<Array<{ name: string; data: Record<string, unknown> }>> {
  const rows: Array<{ event_name: string; event_data: Record<string, unknown> }> =
    await t.app.runtime.dataSource.query(
      'SELECT event_name, event_data FROM tracking_events WHERE customer_id = $1 ORDER BY id',
      [customerId],
    );
  return rows.map((row) => ({ name: row.event_name, data: row.event_data }));
}
