import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, afterEach, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startTestApp, type TestApp, type TestAppOptions } from '@animata/server/test-support';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, driven by playwright-core (no downloaded browser). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** web/dist-tests/support -> the repository root; screenshots go to <root>/screenshots. */
const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SCREENSHOT_DIR = path.join(REPOSITORY_ROOT, 'screenshots');

export interface PageOptions {
  /** false opens the page with JavaScript disabled (javaScriptEnabled on the context). */
  javaScript?: boolean;
  viewport?: ViewportName;
  /** Cookies for the app's origin, set before the first request. */
  cookies?: Record<string, string>;
}

export interface BrowserTest {
  /** The booted product (own database), shared by the tests of the file. */
  readonly app: TestApp;
  readonly browser: Browser;
  /** A page in a fresh context (own cookies), not yet navigated. */
  newPage(options?: PageOptions): Promise<Page>;
  /**
   * A fresh page at `pathname`. With JavaScript on it waits until React has hydrated the
   * page, so a click or a key press reaches its handlers.
   */
  open(pathname: string, options?: PageOptions): Promise<Page>;
  /** Lets the current test see console errors matching `pattern` on this page. */
  allowConsoleError(page: Page, pattern: RegExp): void;
  /** Saves a full-page PNG as screenshots/<name>.png. */
  screenshot(page: Page, name: string): Promise<string>;
}

interface Tracked {
  page: Page;
  context: BrowserContext;
  problems: string[];
  allowed: RegExp[];
}

/**
 * Boots the app and one Chromium for the test file (call it inside `describe`). Every page
 * records console errors and uncaught page errors; after each test they fail it unless the
 * test allowed them, and every context the test opened is closed.
 */
export function useBrowserTest(options: TestAppOptions = {}): BrowserTest {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  let tracked: Tracked[] = [];

  before(async () => {
    // Settled one by one, so a browser that fails to start still lets `after` stop the app
    // (with Promise.all the started app was lost, and its open handles held the file until the
    // runner's timeout).
    const [started, launched] = await Promise.allSettled([
      startTestApp({ web: true, ...options }),
      chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }),
    ]);
    if (started.status === 'fulfilled') app = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  afterEach(async () => {
    const pages = tracked;
    tracked = [];
    const problems = pages.flatMap(({ problems: found, allowed }) =>
      found.filter((problem) => !allowed.some((pattern) => pattern.test(problem))),
    );
    await Promise.all(pages.map(({ context }) => context.close().catch(() => undefined)));
    if (problems.length > 0) {
      throw new Error(`Unexpected errors in the browser:\n  ${problems.join('\n  ')}`);
    }
  });

  const harness: BrowserTest = {
    get app() {
      if (!app) throw new Error('The app has not started (use the harness inside a test).');
      return app;
    },
    get browser() {
      if (!browser) throw new Error('The browser has not started (use the harness inside a test).');
      return browser;
    },

    async newPage({ javaScript = true, viewport = 'desktop', cookies = {} }: PageOptions = {}) {
      const phone = viewport === 'phone';
      const context = await harness.browser.newContext({
        baseURL: harness.app.url,
        javaScriptEnabled: javaScript,
        viewport: VIEWPORTS[viewport],
        ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
      });
      const entries = Object.entries(cookies);
      if (entries.length > 0) {
        await context.addCookies(
          entries.map(([name, value]) => ({ name, value, url: harness.app.url })),
        );
      }
      const page = await context.newPage();
      const entry: Tracked = { page, context, problems: [], allowed: [] };
      page.on('console', (message) => {
        if (message.type() === 'error') entry.problems.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => entry.problems.push(`page error: ${error.message}`));
      tracked.push(entry);
      return page;
    },

    async open(pathname, pageOptions = {}) {
      const page = await harness.newPage(pageOptions);
      await page.goto(pathname);
      if (pageOptions.javaScript !== false) await waitForHydration(page);
      return page;
    },

    allowConsoleError(page, pattern) {
      const entry = tracked.find((candidate) => candidate.page === page);
      if (!entry) throw new Error('allowConsoleError: the page was not opened by this harness.');
      entry.allowed.push(pattern);
    },

    async screenshot(page, name) {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      // Fonts settle before the picture. Animations keep running: freezing them would
      // fast-forward the snackbar's hide animation and leave it out of the picture.
      await page.evaluate(async () => {
        await document.fonts.ready;
      });
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
  };
  return harness;
}

/**
 * Waits until React has hydrated the document (its props sit on the DOM nodes it claimed) and
 * its effects have run (one frame and one task later).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const node = document.querySelector('main') ?? document.body.firstElementChild;
    return node !== null && Object.keys(node).some((key) => key.startsWith('__reactProps'));
  });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

/** Whether the page is wider than its viewport (a horizontal scrollbar on a phone). */
export function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

/** Waits for the snackbar to show `text` (the shared notification, §2.1). */
export async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByTestId('snackbar').filter({ hasText: text }).first().waitFor();
}

/** The path and query of the `${path}?token=` link in a mail's text. */
export function pathOfLink(text: string, path: string): string {
  const match = new RegExp(
    `https?://[^\\s]*${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_%-]+`,
  ).exec(text);
  if (!match) throw new Error(`No ${path} link in ${text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}
