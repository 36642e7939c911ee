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
export const SCREENSHOT_DIR =
  process.env.SCREENSHOT_DIR || path.join(REPOSITORY_ROOT, 'screenshots');

/**
 * Whether this run takes the pictures. `npm run screenshots` sets SCREENSHOTS=1; `npm test` does
 * not: no test asserts on a picture, and each costs Chromium about a second of CPU.
 */
export const SCREENSHOTS_WANTED = process.env.SCREENSHOTS === '1';

/**
 * Saves a PNG of the page as screenshots/<name>.png (a name may hold a folder, 'pricing/x') when
 * the run takes pictures; otherwise does nothing. Fonts and finite animations (a snackbar's
 * entrance) settle first; endless ones (a spinner) keep running.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  await page.screenshot({ path: file, fullPage });
}

export interface PageOptions {
  /** false opens the page with JavaScript disabled (javaScriptEnabled on the context). */
  javaScript?: boolean;
  viewport?: ViewportName;
  /** Cookies for the app's origin, set before the first request. */
  cookies?: Record<string, string>;
  /** The visitor's prefers-reduced-motion; default: the file's (BrowserTestOptions.motion). */
  motion?: Motion;
}

/**
 * prefers-reduced-motion of the test pages. 'reduce' by default: the decorative illustrations of
 * the home and sign-in pages then rest, as they do for a visitor who asks for less motion. Playing,
 * they keep software-rendered Chromium busy on a whole core for as long as the page is open
 * (docs/testing.md); a file about motion (the snackbar's) asks for 'no-preference'.
 */
export type Motion = 'reduce' | 'no-preference';

export interface BrowserTestOptions extends TestAppOptions {
  motion?: Motion;
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
  /** saveScreenshot: a full-page PNG as screenshots/<name>.png, when the run takes pictures. */
  screenshot(page: Page, name: string): Promise<void>;
}

interface Tracked {
  page: Page;
  context: BrowserContext;
  /** The idle pool the context goes back to after the test (its options' key). */
  poolKey: string;
  problems: string[];
  allowed: RegExp[];
}

/**
 * A used context made fresh for the next test: its pages closed, cookies, permissions, routes
 * and offline state cleared. What stays is what a returning browser would keep anyway: the HTTP
 * cache of our static assets. A context costs Chromium about a second of CPU to create on the
 * 2-core machine (docs/testing.md), more than most steps of a test.
 */
async function resetContext(context: BrowserContext): Promise<void> {
  await Promise.all(context.pages().map((page) => page.close()));
  await context.clearCookies();
  await context.clearPermissions();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

/**
 * Boots the app and one Chromium for the test file (call it inside `describe`). Every page
 * records console errors and uncaught page errors; after each test they fail it unless the
 * test allowed them, and every context the test opened is reset for the next test or closed.
 */
export function useBrowserTest({
  motion: fileMotion = 'reduce',
  ...options
}: BrowserTestOptions = {}): BrowserTest {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  let tracked: Tracked[] = [];
  /** Contexts between tests, by their options (JavaScript, viewport): see resetContext. */
  const idle = new Map<string, BrowserContext[]>();
  const closed = new WeakSet<BrowserContext>();
  /** Contexts a test changed in a way no reset undoes: their page clock was installed. */
  const spent = new WeakSet<BrowserContext>();

  async function release({ context, poolKey }: Tracked): Promise<void> {
    if (closed.has(context)) return;
    if (spent.has(context)) {
      await context.close().catch(() => undefined);
      return;
    }
    try {
      await resetContext(context);
      idle.set(poolKey, [...(idle.get(poolKey) ?? []), context]);
    } catch {
      await context.close().catch(() => undefined);
    }
  }

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
    await Promise.all(pages.map((entry) => release(entry)));
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

    async newPage({
      javaScript = true,
      viewport = 'desktop',
      cookies = {},
      motion = fileMotion,
    }: PageOptions = {}) {
      const poolKey = `${javaScript}:${viewport}:${motion}`;
      // Each page of a test has a context of its own (its own cookies), as before; a context a
      // finished test left behind is reused once reset.
      let context = idle.get(poolKey)?.pop();
      if (!context) {
        const phone = viewport === 'phone';
        const created = await harness.browser.newContext({
          baseURL: harness.app.url,
          javaScriptEnabled: javaScript,
          viewport: VIEWPORTS[viewport],
          reducedMotion: motion,
          ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
        });
        created.on('close', () => closed.add(created));
        // The page clock lives in the context's init scripts (page.clock is the context's).
        const install = created.clock.install.bind(created.clock);
        created.clock.install = (...args) => {
          spent.add(created);
          return install(...args);
        };
        context = created;
      }
      const entries = Object.entries(cookies);
      if (entries.length > 0) {
        await context.addCookies(
          entries.map(([name, value]) => ({ name, value, url: harness.app.url })),
        );
      }
      const page = await context.newPage();
      const entry: Tracked = { page, context, poolKey, problems: [], allowed: [] };
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

    screenshot(page, name) {
      return saveScreenshot(page, name);
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
