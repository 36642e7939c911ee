import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR } from '../support/browser.js';

/** Where the pricing and billing screenshots go to be looked at (issue 18). */
export const PRICING_SHOTS = process.env.PRICING_SHOTS_DIR || path.join(SCREENSHOT_DIR, 'pricing');

/** A full-page PNG of the page under PRICING_SHOTS, fonts settled. */
export async function pricingShot(page: Page, name: string): Promise<string> {
  await mkdir(PRICING_SHOTS, { recursive: true });
  const file = path.join(PRICING_SHOTS, `${name}.png`);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
