import type { Page } from 'playwright-core';
import { saveScreenshot } from '../support/browser.js';

/** A full-page screenshot of the pricing and billing pages, as screenshots/pricing/<name>.png. */
export function pricingShot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  return saveScreenshot(page, `pricing/${name}`, options);
}
